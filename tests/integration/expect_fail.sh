#!/usr/bin/env bash
# Runs BINARY on FILE, prints its output, and exits 0 only if it failed with
# status 1 and printed every EXPECTED line (fixed strings).
#   expect_fail.sh BINARY FILE EXPECTED...
set -uo pipefail
bin="$1"
file="$2"
shift 2
out="$("$bin" "$file" 2>&1)"
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 1 ]; then
  echo "FAIL: $bin $file exited with status $rc, want 1" >&2
  exit 1
fi
for want in "$@"; do
  if ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL: output lacks: $want" >&2
    exit 1
  fi
done
