#!/usr/bin/env bash
# Intel GPU ahead-of-time build figures (issue 39's "Performance") for the
# generated 50-TU program tests/hermetic/app50 built for
# spir64,intel_gpu_pvc,intel_gpu_bmg_g21,intel_gpu_lnl_m (per TU and
# architecture a device compile and the device-link pipeline, then one
# SyclAot action per image table and architecture: tools/foreach running
# tools/gpuaot, which runs ocloc 26.27, once per image). A benchmark: run by
# hand, never by tests.
#
#  1. clean build: wall and CPU time (the cgroup of the bazel command: its
#     server, workers and sandboxed processes; tests/bench/measure.sh) of
#     `bazel build` in an output base that has built rules_sycl's tools and
#     @rules_sycl_ocloc (a first build of //examples/vector_add for the same
#     targets), after a server restart, no cache, every output of the app50
#     package removed; per kind of action the summed action times from
#     --profile (tests/bench/intel_gpu/aot.py profile);
#  2. the AOT part: the server stopped, every SyclAot output removed, the
#     same build again: only the SyclAot actions run (checked from
#     --execution_log_json_file: every spawn a SyclAot one, as many as
#     aquery lists); its wall time (cold analysis included) and the span of
#     the SyclAot actions in its profile (first start to last end), against the same commands run one after another in the
#     execution root (aot.py serial: each action's tools/foreach with
#     -jobs=1 instead of -jobs=0, so its images' ocloc runs go one by one
#     as DPC++'s llvm-foreach runs them without --jobs; outputs moved to a
#     temporary directory). Goal: AOT part <= 0.55x serial on 2 cores;
#  3. one-TU edit (tests/bench/app50.sh's edit of tu7.cc): the rebuild's
#     wall time, its spawns per mnemonic, the SyclAot ones per device
#     target and TU (from the execution log); clean / edit (goal >= 15x);
#  4. ocloc's peak RSS per SyclAot action: /usr/bin/time's %M of each
#     serial action of 2 (the largest process of its tree, ocloc), max and
#     median;
#  5. (MAKE=1, the default) the whole clean build's commands (Bazel's own
#     command lines from aquery, param files inlined by aot.py inline) run
#     by `make -j2` (tests/bench/syclcpp/aquery_make.py): clean Bazel
#     build / make -j2.
# Environment: JOBS (bazel --jobs, default 2), MAKE (default 1; 0 skips 5),
# W (default 0: app50; W > 0: the heavier app50x<W>, tests/bench/app50.sh),
# OUTPUT_BASE (default: a new one under the work directory, removed at
# exit; an existing one keeps its tools between runs). The machine is
# shared: every figure comes with the load average before -> after it.
#   [OUTPUT_BASE=DIR] [MAKE=0] tests/bench/intel_gpu/run.sh
# Figures (docs/development.md's benchmark table), 2026-12-02 18:19-18:24
# UTC at 494f08e (the bfloat16 library linked into AOT images: app50 has
# no bfloat16, its actions are unchanged), the 2-core machine idle but for
# the bench (load 0.5 -> 2.1),
#   OUTPUT_BASE="$(bazel info output_base)" MAKE=0 tests/bench/intel_gpu/run.sh
#  - clean build 235.6 s wall, 458.1 s CPU (actions summed 438.1 s); the
#    device compiles (204: four per TU) and the host compiles dominate;
#  - AOT part: exactly the 153 SyclAot actions ran (execution log), their
#    span 6.9 s (the build 15.7 s, cold analysis after the restart
#    included) vs 7.6 s wall, 6.0 s CPU for the same commands one after
#    another (153 ocloc runs, 0.05 s each): 0.91x (goal <= 0.55x, not
#    met). The 153 actions sum to 12.7 s in the profile, 1.67x the serial
#    commands: a SyclAot action's own cost (worker request, the input and
#    output trees' digests, ~0.03 s on this machine) is most of an app50
#    image's ocloc run, so even perfect use of both cores gives 12.7 / 2 =
#    6.4 s, 0.84x; 0.55x needs an action cost under a tenth of the ocloc
#    run, i.e. images of real size. (At load ~8, 2026-12-02 03:13 UTC at
#    05781e4, the same figure was 8.2 s vs 10.7 s, 0.77x: the load slowed
#    the serial runs more than the parallel ones.)
#  - one-TU edit 7.0 s (47 spawns), 33.7x clean (goal >= 15x): 3 SyclAot
#    actions, one per GPU, all of tu6's table -- tu7's edited helper is
#    linked into tu6's kernel image by the device link; tu7's own split
#    reran and wrote the same image, so nothing after it ran;
#  - ocloc peak RSS per SyclAot action (one image each): max 72.1 MB,
#    median 72.0 MB;
#  - make -j2 of the same commands (section 5): not measured (MAKE=0).
# The same at 2026-12-02 22:02-22:13 UTC (this machine idle but for the
# bench, load ~2) with images of real size: app50x32 (W=32, environment:
# tests/hermetic/gen.sh 50 32, 32 unrolled helpers and 16 more kernels per
# TU; ocloc ~1.0 s CPU per image, 105 MB),
#   W=32 OUTPUT_BASE="$(bazel info output_base)" MAKE=0 tests/bench/intel_gpu/run.sh
#  - clean build 359.4 s wall, 701.2 s CPU;
#  - AOT part: exactly the 153 SyclAot actions ran, summed 153.0 s, span
#    77.8 s (build 87.4 s, cold analysis included) vs 145.5 s for the same
#    commands one after another: 0.53x span, 0.60x build (goal <= 0.55x:
#    met where ocloc's run is most of an action, as in real programs);
#  - one-TU edit 10.2 s, 35.2x clean; 3 SyclAot actions (tu6's, one per GPU);
#  - ocloc peak RSS per action max 105.5 MB, median 105.0 MB.
# The clean build's --profile holds 1374 action events for its 1906
# processes (Bazel 4.2.3 leaves some out: 44 of the 153 SyclAot actions),
# so its per-kind sums undercount; the AOT-only build's profile has all.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
here="$root/tests/bench/intel_gpu"
work="$(mktemp -d "${TMPDIR:-/tmp}/intel_gpu.XXXXXX")"
ob="${OUTPUT_BASE:-$work/ob}"
run_make="${MAKE:-1}"
cd "$root"
BENCH_NAME=intel_gpu
# shellcheck source=../measure.sh
. "$root/tests/bench/measure.sh"
targets=spir64,intel_gpu_pvc,intel_gpu_bmg_g21,intel_gpu_lnl_m
# In rules_sycl's own workspace (Bazel 4) the setting is //sycl:targets.
flags=(--disk_cache= --jobs="${JOBS:-2}" --symlink_prefix=/ "--//sycl:targets=$targets")
# shellcheck source=../app50.sh
. "$root/tests/bench/app50.sh"
echo "== uptime before: $(uptime)"
# The first build: rules_sycl's tools and ocloc, not app50's actions.
target=//examples/vector_add:vector_add app50_setup
aot() { python3 "$here/aot.py" "$@"; }

remove_outputs() {
  local d
  for d in "$execroot"/bazel-out/*/bin/"$pkg"; do
    [ -d "$d" ] || continue
    chmod -R u+w "$d"
    rm -rf "$d"
  done
}
ratio() { python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) / float(sys.argv[2])))' "$1" "$2"; }

echo "== 1. clean build of $target for $targets"
B shutdown
remove_outputs
measure clean bazel --output_base="$ob" build "${flags[@]}" --profile="$work/clean.profile.gz" "$target" >"$work/clean.log" 2>&1 || { tail -20 "$work/clean.log"; exit 1; }
clean_wall=$m_wall clean_cpu=$m_cpu clean_load=$m_load
echo "clean build: wall $m_wall s, CPU $m_cpu s (machine busy $m_busy s), load $m_load ($(processes "$work/clean.log"))"
aot profile "$work/clean.profile.gz" | tee "$work/clean.profile.txt"
clean_actions=$(sed -n 's/^all actions: [0-9]*, \([0-9.]*\) s summed$/\1/p' "$work/clean.profile.txt")

echo "== 2. the AOT part: only the SyclAot actions run"
B aquery "${flags[@]}" --include_param_files --output=jsonproto "mnemonic(\"SyclAot\", deps($target))" >"$work/aot.json" 2>"$work/aquery.log" || { tail -20 "$work/aquery.log"; exit 1; }
mapfile -t aot_outputs < <(aot outputs "$work/aot.json" SyclAot)
n_aot=${#aot_outputs[@]}
# After a server restart Bazel reads every output's metadata back: the
# removed trees rerun their actions, whose unchanged outputs leave every
# action after them an action-cache hit.
B shutdown
for o in "${aot_outputs[@]}"; do
  chmod -R u+w "$execroot/$o"
  rm -rf "${execroot:?}/$o"
done
measure aotonly bazel --output_base="$ob" build "${flags[@]}" --profile="$work/aotonly.profile.gz" --execution_log_json_file="$work/aotonly.exec.json" "$target" >"$work/aotonly.log" 2>&1 || { tail -20 "$work/aotonly.log"; exit 1; }
aot_wall=$m_wall aot_load=$m_load
echo "AOT-only build: wall $m_wall s, load $m_load ($(processes "$work/aotonly.log"))"
aot execlog "$work/aotonly.exec.json" | tee "$work/aotonly.execlog.txt"
aot profile "$work/aotonly.profile.gz" | grep '^SyclAot' | tee "$work/aotonly.profile.txt"
aot_span=$(sed -n 's/^SyclAot all: .* span \([0-9.]*\) s .*/\1/p' "$work/aotonly.profile.txt")
if grep -qx "executed (not cache hits): $n_aot, of them SyclAot: $n_aot" "$work/aotonly.execlog.txt"; then
  aot_check="exactly the $n_aot SyclAot actions ran"
else
  aot_check="NOT only the $n_aot SyclAot actions: $(tail -1 "$work/aotonly.execlog.txt")"
fi
echo "check: $aot_check"
echo "-- the same $n_aot actions' commands one after another, images one by one (foreach -jobs=1), load $(load)"
l0=$(load)
(cd "$execroot" && aot serial "$work/aot.json" "$work/serial") | tee "$work/serial.txt"
serial_load="$l0 -> $(load)"
serial_wall=$(sed -n 's/^serial total (every action, one after another): \([0-9.]*\) s wall$/\1/p' "$work/serial.txt")
echo "AOT part / serial: build $aot_wall / $serial_wall s = $(ratio "$aot_wall" "$serial_wall")x, SyclAot span $aot_span / $serial_wall s = $(ratio "$aot_span" "$serial_wall")x (goal <= 0.55x)"

echo "== 3. one-TU edit ($edited)"
edit_tu7
measure edit bazel --output_base="$ob" build "${flags[@]}" --profile="$work/edit.profile.gz" --execution_log_json_file="$work/edit.exec.json" "$target" >"$work/edit.log" 2>&1 || { tail -20 "$work/edit.log"; exit 1; }
edit_wall=$m_wall edit_load=$m_load
restore_tu7
echo "one-TU edit rebuild: wall $m_wall s, load $m_load ($(processes "$work/edit.log"))"
aot execlog "$work/edit.exec.json" | tee "$work/edit.execlog.txt"
edit_aot=$(sed -n 's/^SyclAot executed by device target: //p' "$work/edit.execlog.txt")
edit_units=$(sed -n 's/^SyclAot executed by TU: //p' "$work/edit.execlog.txt")
echo "clean / edit: $(ratio "$clean_wall" "$edit_wall")x (goal >= 15x)"

rss=$(sed -n 's/^serial all: .*; ocloc peak RSS \(.*\)$/\1/p' "$work/serial.txt")
cat <<EOF
== results ($(date -u), $(nproc) CPUs, $targets, --jobs=${JOBS:-2})
clean build           $clean_wall s wall, $clean_cpu s CPU (actions summed $clean_actions s), load $clean_load
AOT part (build)      $aot_wall s wall ($n_aot SyclAot actions; $aot_check), load $aot_load
AOT part (profile)    SyclAot span $aot_span s
serial ocloc          $serial_wall s wall, load $serial_load
AOT part / serial     $(ratio "$aot_wall" "$serial_wall")x build, $(ratio "$aot_span" "$serial_wall")x span (goal <= 0.55x)
one-TU edit           $edit_wall s wall, load $edit_load; SyclAot run: $edit_aot (TUs: $edit_units)
clean / edit          $(ratio "$clean_wall" "$edit_wall")x (goal >= 15x)
ocloc peak RSS        per SyclAot action: $rss
EOF
if [ "$run_make" = 1 ]; then
  echo "== 5. the clean build's commands by make -j2"
  B aquery "${flags[@]}" --include_param_files --output=jsonproto "deps($target)" 2>"$work/aquery.log" | aot inline >"$work/all.json" || { tail -20 "$work/aquery.log"; exit 1; }
  mapfile -t mnemonics < <(aot mnemonics "$work/all.json" "//$pkg:")
  python3 "$root/tests/bench/syclcpp/aquery_make.py" "$pkg/app50.bin" "//$pkg:" "${mnemonics[@]}" <"$work/all.json" >"$work/Makefile"
  echo "$(grep -c '^a[0-9]*:' "$work/Makefile") commands of ${mnemonics[*]}"
  for d in "$execroot"/bazel-out/*/bin/"$pkg"; do chmod -R u+w "$d"; done
  make -s -C "$execroot" -f "$work/Makefile" clean
  measure make make -s -j2 -C "$execroot" -f "$work/Makefile" >"$work/make.log" 2>&1 || { tail -20 "$work/make.log"; exit 1; }
  echo "make -j2               $m_wall s wall, $m_cpu s CPU, load $m_load; clean Bazel / make -j2: $(ratio "$clean_wall" "$m_wall")x wall$( [ "$m_cpu" = - ] || echo ", $(ratio "$clean_cpu" "$m_cpu")x CPU")"
fi

echo "== uptime after: $(uptime)"
