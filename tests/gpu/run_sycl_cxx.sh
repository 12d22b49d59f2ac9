#!/usr/bin/env bash
# Runs SYCL C++ programs packed by pack_sycl_cxx.sh on an NVIDIA GPU (no
# Bazel, no network there) through libsycl and the CUDA adapter
# (ONEAPI_DEVICE_SELECTOR=cuda:gpu): each program RUNS times from its cubins,
# then RUNS times with CUDA_FORCE_PTX_JIT=1 CUDA_CACHE_DISABLE=1 (the driver
# ignores the cubins and JIT-compiles the PTX, with no JIT cache), printing
# its output, its wall time and its exit status. Exits 1 if any run fails.
#   run_sycl_cxx.sh PACK_DIR [RUNS] [-- ARGS of vector_add_timing]
set -uo pipefail
dir=$(cd "$1" && pwd)
runs=${2:-1}
shift $(($# >= 2 ? 2 : 1))
[ "${1:-}" = "--" ] && shift
export LD_LIBRARY_PATH=$dir/lib ONEAPI_DEVICE_SELECTOR=cuda:gpu
echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "kernel: $(uname -r)"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory,clocks.max.sm --format=csv
status=0
for bin in "$dir"/*.bin; do
  name=$(basename "$bin" .bin)
  args=()
  [ "$name" = vector_add_timing ] && args=("$@")
  for mode in cubins "PTX JIT"; do
    for r in $(seq "$runs"); do
      echo "== $name: $mode, run $r"
      start=$(date +%s%N)
      if [ "$mode" = cubins ]; then
        "$bin" ${args[@]+"${args[@]}"} 2>&1
      else
        CUDA_FORCE_PTX_JIT=1 CUDA_CACHE_DISABLE=1 "$bin" ${args[@]+"${args[@]}"} 2>&1
      fi
      rc=$?
      end=$(date +%s%N)
      printf 'wall %d.%03d s rc %d\n' $(((end - start) / 1000000000)) $((((end - start) / 1000000) % 1000)) "$rc"
      [ "$rc" -eq 0 ] || status=1
    done
  done
done
exit "$status"
