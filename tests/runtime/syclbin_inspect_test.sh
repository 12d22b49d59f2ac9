#!/usr/bin/env bash
# The Go reader (bundler inspect) reads the .syclbin that the C writer
# (syclbin_gen) produced: the other direction of syclbin_test's check.
#   syclbin_inspect_test.sh BUNDLER FILE.syclbin
set -uo pipefail
out="$("$1" inspect "$2" 2>&1)"
rc=$?
printf '%s\n' "$out"
[ "$rc" -eq 0 ] || { echo "FAIL: bundler inspect exited with $rc" >&2; exit 1; }
for want in \
  'SYCLBIN version 1' \
  'state executable, 2 abstract modules' \
  'abstract module 0: 1 IR modules, 0 native images' \
  'srt_test_iota  UINT32  1' \
  'srt_test_axpy  UINT32  1' \
  'abstract module 1: 1 IR modules, 1 native images' \
  'type spirv, target "spir64"' \
  'native image 0: arch "intel_gpu_pvc"'; do
  grep -qF -- "$want" <<<"$out" || { echo "FAIL: output lacks: $want" >&2; exit 1; }
done
echo PASS
