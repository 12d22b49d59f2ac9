#!/usr/bin/env bash
# Runs an example binary and checks that it exits 0 and prints every expected
# line (each argument after the binary is a fixed string its output must hold).
#   run_example.sh BINARY EXPECTED...
set -uo pipefail
bin="$1"
shift
out="$("$bin" 2>&1)"
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 0 ]; then
  echo "FAIL: $bin exited with status $rc" >&2
  exit 1
fi
for want in "$@"; do
  if ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL: output of $bin lacks: $want" >&2
    exit 1
  fi
done
echo "PASS: $bin (${#} expected lines found)"
