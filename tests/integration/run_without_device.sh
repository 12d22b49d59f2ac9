#!/usr/bin/env bash
# Runs an example where no OpenCL device exists (OCL_ICD_VENDORS names an
# empty directory) and checks that it fails cleanly: exit status 1 (not a
# crash or signal), and its whole output is one line starting with the
# expected text.
#   run_without_device.sh BINARY EXPECTED_PREFIX
set -uo pipefail
bin="$1"
want="$2"
empty="${TEST_TMPDIR:-$(mktemp -d)}/no_vendors"
mkdir -p "$empty"
out="$(OCL_ICD_VENDORS="$empty" "$bin" 2>&1)"
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 1 ]; then
  echo "FAIL: $bin exited with status $rc, want 1" >&2
  exit 1
fi
if [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ]; then
  echo "FAIL: $bin printed more than one line" >&2
  exit 1
fi
case "$out" in
"$want"*) ;;
*)
  echo "FAIL: output of $bin does not start with: $want" >&2
  exit 1
  ;;
esac
echo "PASS: $bin fails with one line where no device exists"
