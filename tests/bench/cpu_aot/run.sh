#!/usr/bin/env bash
# CPU AOT start-up benchmark (run by hand, never by tests):
#   tests/bench/cpu_aot/run.sh
# Builds vector_add and app50 (50 device images, one per TU) three ways:
# spir64 (SPIR-V, JIT-compiled by the CPU OpenCL runtime when libsycl first
# builds each image), spir64_x86_64 (x86-64 images compiled ahead of time by
# tools/cpuaot, --@rules_sycl//sycl:cpu_aot_isa's default avx2) and both in
# one binary; app50 also with APP50_UPFRONT=1 (its main then builds one
# executable bundle of every kernel, so all 50 images, before the first
# kernel runs, as programs that prepare their kernels up front do). Then:
#  1. tests/bench/cpu_aot/timeline.py: per program, RUNS runs taking turns,
#     time to the first kernel's result (and, of it, from the first program
#     creation on), the whole run, and how many programs came from SPIR-V
#     and from binaries;
#  2. the build-time cost per AOT image: tools/cpuaot on each of app50's 50
#     SPIR-V images, one after another, as a SyclAot action runs it (wall
#     and CPU time per image), against the SPIR-V translation of the same
#     images for scale.
# Environment: RUNS (default 10). Figures depend on the machine's load: run
# it on a quiet machine, or compare the rows of one run only.
# Measured 2026-11-26 on the shared 2-core machine (load average 14-18),
# RUNS=10, medians (docs/device-targets.md, "Ahead-of-time images for the CPU", has the
# table): app50 first result 451 ms JIT / 382 ms AOT, whole run 2527 / 622;
# APP50_UPFRONT=1 first result 2436 / 432 (AOT 0.18 of JIT); vector_add
# 419 / 412. cpuaot: about 135 ms CPU per image.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
runs="${RUNS:-10}"
cd "$root"

programs=(
  vector_add=//examples/vector_add:vector_add
  vector_add_cpu_aot=//examples/vector_add:vector_add_cpu_aot
  vector_add_cpu_aot_both=//examples/vector_add:vector_add_cpu_aot_both
  app50=//tests/opencl/app50:app50
  app50_cpu_aot=//tests/opencl/app50:app50_cpu_aot
  app50_cpu_aot_both=//tests/opencl/app50:app50_cpu_aot_both
)
labels=("${programs[@]#*=}")
bazel build --jobs=2 "${labels[@]}" @local_config_sycl//:cpuaot >&2

execroot="$(bazel info execution_root 2>/dev/null)"
# Each binary's executable, in the output directory of its configuration.
path_of() {
  bazel cquery --output=starlark --starlark:expr='target.files_to_run.executable.path' "$1" 2>/dev/null
}
args=()
upfront=()
for p in "${programs[@]}"; do
  args+=("${p%%=*}=$execroot/$(path_of "${p#*=}")")
  case "$p" in app50*) upfront+=("${p%%=*}_upfront=APP50_UPFRONT=1 $execroot/$(path_of "${p#*=}")") ;; esac
done
args+=("${upfront[@]}")

echo "== start-up: $runs runs each, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/timeline.py" "$runs" "${args[@]}"

echo
echo "== build-time cost per AOT image (app50's 50 SPIR-V images, one at a time)"
cpuaot="$execroot/$(path_of @local_config_sycl//:cpuaot | head -1)"
runtime="$(bazel info output_base 2>/dev/null)/external/oneapi_runtime/lib/libintelocl.so"
aot_dir="$(dirname "$execroot/$(path_of //tests/opencl/app50:app50_cpu_aot)")/_sycl/app50_cpu_aot/spir64_x86_64"
mapfile -t images < <(find "$aot_dir" -path '*/spirv/*.spv' | LC_ALL=C sort)
[ "${#images[@]}" -eq 50 ] || { echo "found ${#images[@]} SPIR-V images under $aot_dir, want 50" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
python3 - "$cpuaot" "$runtime" "$out" "${images[@]}" <<'PY'
import os, resource, statistics, subprocess, sys, time
cpuaot, runtime, out, images = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
for isa in ["avx2", "sse4.2", "avx512"]:
    wall, cpu, size = [], [], 0
    for i, spv in enumerate(images):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.monotonic()
        subprocess.run([cpuaot, "-runtime=" + runtime, spv, "%s/%d.bin" % (out, i), "-march=" + isa], check=True)
        wall.append(time.monotonic() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        size += os.path.getsize("%s/%d.bin" % (out, i))
    spirv = sum(os.path.getsize(s) for s in images)
    print("-march=%-7s %d images: wall median %.0f ms (min %.0f), CPU median %.0f ms per image; %d bytes of SPIR-V -> %d bytes of x86-64 images" % (
        isa, len(images), 1000 * statistics.median(wall), 1000 * min(wall), 1000 * statistics.median(cpu), spirv, size))
PY
