#!/usr/bin/env bash
# Runs examples/syclbin on FILE, prints its output, and exits 0 only if it
# failed with status 1 and printed every EXPECTED line.
#   expect_fail.sh FILE EXPECTED...
set -uo pipefail
file="$1"
shift
out="$(examples/syclbin/syclbin "$file" 2>&1)"
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 1 ]; then
  echo "FAIL: syclbin $file exited with status $rc, want 1" >&2
  exit 1
fi
for want in "$@"; do
  if ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL: output lacks: $want" >&2
    exit 1
  fi
done
