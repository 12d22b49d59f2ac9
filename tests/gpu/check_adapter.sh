#!/usr/bin/env bash
# Checks Unified Runtime's CUDA adapter as sycl_cuda_adapter builds it: its
# soname, the libraries it needs (UMF, and the NVIDIA driver's libcuda.so.1
# and libnvidia-ml.so.1 at run time), BIND_NOW, and exactly the 26
# urGet*ProcAddrTable entry points the loader calls, with upstream's version.
#   check_adapter.sh [LIBUR_ADAPTER_CUDA]   (default: the one in the test's runfiles,
#   which an nvptx64 program carries)
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
lib=${1:-$(find -L "${RUNFILES_DIR:-$0.runfiles}" -name libur_adapter_cuda.so.0 2>/dev/null | head -1)}
[ -n "$lib" ] || fail "no adapter was built: sycl_cuda_adapter found no source drop (SYCL_UR_CUDA_SOURCE) or library (SYCL_UR_CUDA_ADAPTER)"
dyn=$(readelf -dW "$lib") || fail "readelf cannot read $lib"
grep -q 'Library soname: \[libur_adapter_cuda.so.0\]' <<<"$dyn" || fail "soname is not libur_adapter_cuda.so.0"
for n in libumf.so.1 libcuda.so.1 libnvidia-ml.so.1; do
  grep -q "NEEDED.*\[$n\]" <<<"$dyn" || fail "$lib does not need $n"
done
grep -q 'Flags: NOW' <<<"$dyn" || fail "not linked with -z now"
exports=$(nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}')
tables=$(grep -c '^urGet.*ProcAddrTable@@LIBUR_ADAPTER_CUDA_0.0$' <<<"$exports" || true)
[ "$tables" = 26 ] || fail "$tables urGet*ProcAddrTable exports, want 26"
others=$(grep -v '^urGet.*ProcAddrTable@@' <<<"$exports" || true)
[ -z "$others" ] || fail "exports besides the proc address tables: $others"
echo "PASS: libur_adapter_cuda.so.0, 26 proc address tables, needs libumf.so.1 libcuda.so.1 libnvidia-ml.so.1"
