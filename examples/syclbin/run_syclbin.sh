#!/usr/bin/env bash
# Runs the syclbin example BINARY on FILE (runfiles paths: $(rootpath), so
# that it works wherever rules_sycl is, main repository or a dependency),
# prints its output, and exits 0 only if it exited with STATUS and printed
# every EXPECTED line.
#   run_syclbin.sh STATUS BINARY FILE EXPECTED...
set -uo pipefail
want_rc="$1" bin="$2" file="$3"
shift 3
out="$("$bin" "$file" 2>&1)"
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne "$want_rc" ]; then
  echo "FAIL: $bin $file exited with status $rc, want $want_rc" >&2
  exit 1
fi
for want in "$@"; do
  if ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL: output lacks: $want" >&2
    exit 1
  fi
done
echo "PASS: $bin $file (status $rc, ${#} expected lines found)"
