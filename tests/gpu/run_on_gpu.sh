#!/usr/bin/env bash
# Packs the GPU harnesses for a machine with an NVIDIA GPU (no Bazel, no
# network there) and runs them there.
#
#   tests/gpu/run_on_gpu.sh pack DIR   (here) build with Bazel, copy into DIR:
#       default/    vector_add, multi_tu, shared_memory harnesses built with
#                   the default --@rules_sycl//sycl:cuda_archs (sm_80,sm_90)
#       sm_80_only/ vector_add built with cuda_archs=sm_80: on an sm_90 GPU
#                   the driver has no matching cubin and must JIT the PTX
#       run_on_gpu.sh  this script
#   DIR/run_on_gpu.sh run DIR          (there) for each harness: the registered
#       fat binaries listed by cuobjdump (when installed), then the kernels run
#       normally and with CUDA_FORCE_PTX_JIT=1 (the driver ignores cubins);
#       every line also goes to $OUT/gpu_run.log when OUT is set.
#
# Each harness carries its images in its own executable (the wrapper object
# of the example's sycl_binary), so DIR holds only small executables.
# Exit status: 0 when every run is exact.
set -euo pipefail

die() { echo "run_on_gpu.sh: $*" >&2; exit 1; }
EXAMPLES=(vector_add multi_tu shared_memory)

pack() {
  local dir=$1 root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  cd "$root"
  rm -rf "$dir"
  mkdir -p "$dir/default" "$dir/sm_80_only"
  local targets=()
  for e in "${EXAMPLES[@]}"; do targets+=("//tests/gpu:${e}_gpu"); done
  bazel build --jobs="${JOBS:-2}" "${targets[@]}"
  for e in "${EXAMPLES[@]}"; do cp "bazel-bin/tests/gpu/${e}_gpu" "$dir/default/"; done
  # Inside this repository the setting is spelled --//sycl:... (Bazel 4.2).
  bazel build --jobs="${JOBS:-2}" --//sycl:cuda_archs=sm_80 //tests/gpu:vector_add_gpu
  cp bazel-bin/tests/gpu/vector_add_gpu "$dir/sm_80_only/"
  cp tests/gpu/run_on_gpu.sh "$dir/"
  chmod -R u+w "$dir"
  echo "packed $(du -sh "$dir" | cut -f1) into $dir"
}

run() {
  local dir=$1 status=0 log=/dev/null
  [ -d "$dir/default" ] || die "$dir has no packed harnesses (run: run_on_gpu.sh pack $dir)"
  [ -n "${OUT:-}" ] && log=$OUT/gpu_run.log
  {
    echo "== $(date -u +%FT%TZ) $(uname -m)"
    nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader || true
    local tmp
    tmp=$(mktemp -d)
    for h in "$dir"/default/*_gpu "$dir"/sm_80_only/*_gpu; do
      local name=${h#"$dir"/}
      echo
      echo "== $name: registered images"
      mkdir -p "$tmp/$name"
      "$h" -dump "$tmp/$name" -no-run
      if command -v cuobjdump >/dev/null; then
        for f in "$tmp/$name"/*.fatbin; do cuobjdump --list-elf --list-ptx "$f" | sed 's/^/  /'; done
      fi
      echo "== $name"
      "$h" || status=1
      echo "== $name, CUDA_FORCE_PTX_JIT=1"
      CUDA_FORCE_PTX_JIT=1 "$h" || status=1
    done
    rm -rf "$tmp"
    echo
    [ $status -eq 0 ] && echo "GPU RUN: all harnesses exact" || echo "GPU RUN: FAILED"
  } 2>&1 | tee "$log"
  return $status
}

case "${1:-}" in
  pack) [ $# -eq 2 ] || die "usage: run_on_gpu.sh pack DIR"; pack "$(realpath -m "$2")" ;;
  run) [ $# -eq 2 ] || die "usage: run_on_gpu.sh run DIR"; run "$2" ;;
  *) die "usage: run_on_gpu.sh pack DIR | run DIR" ;;
esac
