#!/usr/bin/env bash
# Remote execution needs action command lines without absolute paths. The
# analysis tests check rules_sycl's own actions; Bazel 4.2 does not expose C++
# actions' argv to them, so this checks every SYCL and C++ action of the
# examples through `bazel aquery`.
#   tests/integration/check_command_lines.sh [TARGET_PATTERN]
set -euo pipefail
pattern="${1:-//examples/...}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bazel aquery --output=text "mnemonic('Sycl.*|CppCompile|CppLink', deps($pattern))" >"$out" 2>/dev/null
actions="$(grep -c '^action' "$out" || true)"
bad="$(awk '/^action/{name=$0} /Command Line:/{c=1} c && /^$/{c=0} c{print name ": " $0}' "$out" |
  grep -E "(^|[ '=@(:])/(usr|bin|lib|etc|root|tmp|work|home|opt|var|proc)/" || true)"
if [ -n "$bad" ]; then
  echo "absolute paths on action command lines:" >&2
  printf '%s\n' "$bad" | head -20 >&2
  exit 1
fi
[ "$actions" -gt 0 ] || { echo "aquery found no actions for $pattern" >&2; exit 1; }
echo "command lines: $actions SYCL and C++ actions of $pattern, no absolute paths"
