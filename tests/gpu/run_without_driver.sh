#!/usr/bin/env bash
# Runs a program built for nvptx64 with ONEAPI_DEVICE_SELECTOR=cuda:gpu where
# no NVIDIA driver is installed: the wheel's loader finds the CUDA adapter in
# the program's runfiles (on the launcher's LD_LIBRARY_PATH) and cannot load
# it without libcuda.so.1, and the program reports libsycl's own error (no
# device for the selector) and exits 1. Where a driver is installed, the
# adapter must load instead (the program then runs on the GPU).
#   run_without_driver.sh PROGRAM
set -uo pipefail
prog=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(ONEAPI_DEVICE_SELECTOR=cuda:gpu SYCL_UR_TRACE=1 "$prog" 2>&1)
rc=$?
printf '%s\n' "$out"
if ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
  grep -q "loaded adapter .*libur_adapter_cuda.so.0" <<<"$out" || fail "the CUDA adapter did not load where the driver is installed"
  [ "$rc" = 0 ] || fail "exit status $rc on a machine with the NVIDIA driver"
  exit 0
fi
grep -qF "failed to load adapter 'libur_adapter_cuda.so.0' with error: libcuda.so.1: cannot open shared object file" <<<"$out" ||
  fail "the loader did not find the CUDA adapter (or failed for another reason)"
grep -qF "no device for ONEAPI_DEVICE_SELECTOR=cuda:gpu: No device of requested type available" <<<"$out" ||
  fail "no libsycl error naming the selector"
[ "$rc" = 1 ] || fail "exit status $rc, want 1"
echo "PASS: adapter found in the runfiles, no driver: libsycl's error"
