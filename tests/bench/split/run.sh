#!/usr/bin/env bash
# Splitter benchmark (run by hand, never by tests):
#   tests/bench/split/run.sh
# Builds tools/splitter and, for each module shape of $SHAPES
# (tests/bench/split/gen -shape; default all three), generates (or reuses) a
# linked SPIR module (the first two over 20 OpenCL C translation units):
#   tu      2,000 kernels / 20,200 helpers, few helpers per kernel (the
#           original module);
#   device  2,000 kernels / 20,000 helpers (22,000 functions), each kernel
#           reaching ~10 helpers, some shared (issue 30's shape);
#   sycl    the device shape's call graph as SYCL C++ device code on the
#           device-link path (typed-pointer LLVM 15 IR written by gen
#           itself: mangled names, accessor-shaped kernel arguments,
#           __spirv builtins, TBAA, kernel-argument metadata, "sycl-module-id"
#           attribute groups, constant tables and counters per TU);
# and times, on each:
#   - SyclSplit: the splitter with the flags rules/private/actions/split.bzl
#     gives it for spir64 (per-kernel split, bitcode images through
#     imagec_as, one per CPU, as Bazel writes them) on the module's text
#     (the rules' device link writes .device.ll), best of $RUNS; also on
#     its bitcode (a .bc input costs an llvm-dis-15 first) and right after
#     deleting its previous outputs (see settle below);
#   - the same split with -S (text images), best of $RUNS runs;
#   - with PER_IMAGE_AS=1, bitcode through one llvm-as-15 per image, one run;
#   - the LLVM-tool split baseline: opt-15 -passes=internalize,globaldce
#     -internalize-public-api-list=K -S for $SAMPLE random kernels (fixed
#     seed; best of $OPT_RUNS per kernel), extrapolated to all kernels; opt
#     reads the bitcode module (the faster input for it);
#   - the I/O floor: `cp -r` of the text images (hot in the page cache) into
#     a fresh directory, i.e. writing the same bytes to the same files;
#   - what bitcode output costs with one assembler process instead of
#     one llvm-as per image: batch_as/batch_as.cpp (built with clang++-15
#     when llvm-15-dev is installed) on the text images, checked byte-identical
#     to the SyclSplit images;
# peak RSS comes from /usr/bin/time -v; load averages are printed before
# and after each shape (the machine is shared: compare rows of one run, or
# CPU times). Environment:
#   BENCH_DIR   work/cache directory (default /tmp/rules_sycl_bench_split)
#   SPLITTER    splitter binary to measure instead of building one
#   IMAGEC_AS   imagec_as binary (default: bazel-bin's, built with
#               `bazel build @local_config_sycl//:imagec_as` if missing)
#   SHAPES      module shapes (default "tu device sycl")
#   SETTLE      seconds to wait after deleting outputs (see settle)
#   RUNS        runs of each split (default 3); SAMPLE (default 20);
#   OPT_RUNS    runs of opt per sampled kernel (default 2)
# Measured 2026-11-28 on the shared 2-core machine (load 7-10), best of 3,
# opt best of 2 per kernel, SPLITTER= the tree before (b41a413) and after
# (5d236ee) the llvmir fast paths, images byte-identical (both shapes, -S
# and bitcode):
#   tu      (14.1 MB, 20.5 helpers per image): SyclSplit 12.25 s wall /
#           8.63 s CPU before, 9.20 / 8.26 after; -S 4.31 / 2.79 before,
#           2.22 / 1.11 after; opt 3851 s / 1091 s (before's run) and
#           1806 s / 1108 s (after's): 314x / 196x wall, 126x / 134x CPU;
#   device  (26.8 MB, 10.1 helpers per image): SyclSplit 7.82 / 4.59
#           before, 7.57 / 6.59 after; -S 3.40 / 1.58 before, 2.23 / 1.21
#           after; opt 4544 / 2133 s and 2448 / 1990 s: 581x / 323x wall,
#           465x / 302x CPU.
# With Writer.Function's direct appends too (d2fd42e, load 6-7): tu
# SyclSplit 7.23 / 7.43, -S 1.45 / 0.97, opt 1518 / 962 s: 210x wall, 129x
# CPU; device SyclSplit 6.77 / 4.67, -S 2.76 / 1.93, opt 2837 / 1812 s:
# 419x wall, 388x CPU. The Go hot path (split's BenchmarkSplitDevice)
# went from 48.7 to 14.6 ms/op; what is left of the splitter's own time
# is mostly creating the 6,000 staged files (openat) and parsing.
# The wall ratios move with the load more than with the splitter; the
# bitcode split's CPU is mostly imagec_as's LLVM (batch_as, the same
# assembly in one process, takes 3.5-6.2 s CPU of it).
# sycl shape, 2026-11-29, same machine, load 6-9, RUNS=3 SAMPLE=10
# OPT_RUNS=1 (26.9 MB text, 8.8 MB bitcode, 10.1 helpers per image, 6,001
# files): before (495a474, the script before fresh directories): SyclSplit
# 6.17 s wall / 4.73 s CPU, opt 2876 s / 1798 s: 466x wall, 380x CPU;
# this script at 6974873, SPLITTER= before (495a474) and after (6974873)
# one after the other, load 8-10: SyclSplit 7.12 / 5.68 -> 6.77 / 5.71,
# opt 3166 / 1938 and 4002 / 1946: 445x -> 591x wall, 341x CPU both; .bc
# 392x -> 437x; after deleting 776x -> 1124x (what moves is the load).
# After (07b4afd): SyclSplit 4.14 / 3.31 and 4.52 / 3.80 in two runs, opt
# 3778 / 1914 and 5752 / 2118: 913x / 578x and 1273x / 557x; on the .bc
# 6.15 / 4.30 (614x / 445x); right after deleting the previous outputs
# 6.12 / 3.65 (617x / 524x); -S 2.01 / 1.01; I/O floor 0.47 / 0.22; peak
# RSS 40.7 MB (1.59x the input; 174 MB with a .bc input: llvm-dis-15).
# What a run costs: imagec_as's LLVM ~2.1 s CPU (parse, verify, write
# bitcode: 2,000 contexts), the splitter's Go ~0.6 s (parse 0.36 s), file
# creation 0.5-2.5 s of system time depending on what was deleted nearby
# in the last 30 s (other users of the disk too), llvm-dis-15 ~1 s for a
# .bc input. opt's side is ~0.9-1.0 s CPU per kernel (it reads the whole
# module each time), so the ratio falls as the images' summed size grows
# against the module's: the tu shape's 20.5 helpers per image give ~2x
# less than the sycl shape's 10.1. gen -shape sycl -shared 50 (every kernel
# also calls a chain of 50 library helpers: 60.1 per image, 59.7 MB of
# outputs) split in 16.16 s wall / 10.9 s CPU before, 14.74 / 10.7 after
# (byte-identical), opt 0.91-0.95 s CPU per kernel (3 sampled): ~185x CPU,
# the rest of the split's CPU being imagec_as's LLVM.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
dir="${BENCH_DIR:-/tmp/rules_sycl_bench_split}"
runs="${RUNS:-3}"
sample="${SAMPLE:-20}"
opt_runs="${OPT_RUNS:-2}"
shapes="${SHAPES:-tu device sycl}"
mkdir -p "$dir"

for t in clang-15 llvm-link-15 llvm-dis-15 llvm-as-15 opt-15; do
  command -v "$t" >/dev/null || { echo "run.sh: $t not found (apt-get install clang-15 llvm-15)" >&2; exit 1; }
done
if [ ! -x /usr/bin/time ]; then
  echo "run.sh: /usr/bin/time missing, installing it" >&2
  apt-get install -y time >/dev/null
fi
go="${GO:-}"
if [ -z "$go" ]; then
  if [ -x "$root/.offline/go_sdk/bin/go" ]; then go="$root/.offline/go_sdk/bin/go"; else go=go; fi
fi

# 1. The splitter and the assembler SyclSplit runs.
if [ -n "${SPLITTER:-}" ]; then
  splitter="$SPLITTER"
else
  splitter="$dir/splitter"
  (cd "$root" && "$go" build -o "$splitter" ./tools/splitter)
fi
imagec_as="${IMAGEC_AS:-}"
if [ -z "$imagec_as" ]; then
  imagec_as="$root/bazel-bin/external/local_config_sycl/imagec_as"
  if [ ! -x "$imagec_as" ]; then
    (cd "$root" && bazel build --jobs=2 @local_config_sycl//:imagec_as >&2)
  fi
fi
[ -x "$imagec_as" ] || { echo "run.sh: no imagec_as at $imagec_as (set IMAGEC_AS)" >&2; exit 1; }
cp -f "$imagec_as" "$dir/imagec_as"
imagec_as="$dir/imagec_as"

# SyclSplit's command line for a spir64 JIT target (split.bzl's emit_split
# with post_link_flags), minus -out-dir/-o/input.
sycl_split=(-split=kernel -symbols -properties -spec-const=native -device-globals
  -emit-only-kernels-as-entry-points -emit-param-info -emit-exported-symbols
  -split-esimd -lower-esimd -split-by-device-requirements
  -llvm-as=llvm-as-15 "-imagec=$imagec_as" -llvm-dis=llvm-dis-15)
# The same split with text images (the same entry points: without
# -emit-only-kernels-as-entry-points, the sycl shape's SYCL_EXTERNAL
# helpers would get images of their own).
text_split=(-S "${sycl_split[@]:0:11}")

# timed CMD...: runs CMD under /usr/bin/time, sets SECS (wall), CPU
# (user+sys of it and its children, steadier than wall on a shared
# machine) and RSS_KB.
timed() {
  local tf u s
  tf="$(mktemp)"
  /usr/bin/time -f '%e %M %U %S' -o "$tf" "$@" >/dev/null
  read -r SECS RSS_KB u s <"$tf"
  CPU="$(awk "BEGIN{print $u + $s}")"
  rm -f "$tf"
}

# Output directories: every timed run writes into a directory never used
# before (runs/NAME.N), and nothing is deleted while timings run. This
# machine's ext4 has no journal: there, allocating an inode skips every
# inode of the block group freed less than vm.dirty_expire_centisecs ago
# (recently_deleted() in fs/ext4/ialloc.c, rescanned from the group's start
# for each new file), so 6,000 files created right after deleting 6,000
# others cost seconds of system time that no other step pays (perf: 55% of
# the -S split in find_get_block_common/recently_deleted under
# ext4_create). The "after deleting" row measures that case on purpose (an
# incremental Bazel build deletes the action's previous outputs just
# before it runs); settle waits the deletions out before the other rows.
runs_dir="$dir/runs"
settle() {
  if [ -d "$runs_dir" ]; then
    rm -rf "$runs_dir"
    sync
    sleep "${SETTLE:-$(($(cat /proc/sys/vm/dirty_expire_centisecs) / 100 + 1))}"
  fi
  mkdir -p "$runs_dir"
}
run_id=0

# best_of N NAME CMD...: runs CMD N times, each with @OUT@ in its arguments
# replaced by a fresh directory (see settle); sets BEST/BEST_CPU (the
# fastest run's wall and CPU), BEST_RSS (largest) and BEST_OUT (the last
# run's directory). With RM_BEFORE=1, each run first deletes the previous
# run's directory, the first one RM_FIRST (the "after deleting" case).
best_of() {
  local n="$1" name="$2" i out prev="${RM_FIRST:-}" args
  shift 2
  BEST="" BEST_RSS=0
  for i in $(seq "$n"); do
    run_id=$((run_id + 1))
    out="$runs_dir/$name.$run_id"
    mkdir "$out"
    if [ -n "${RM_BEFORE:-}" ] && [ -n "$prev" ]; then rm -rf "$prev"; fi
    sync
    args=("${@//@OUT@/$out}")
    timed "${args[@]}"
    if [ -z "$BEST" ] || awk "BEGIN{exit !($SECS < $BEST)}"; then BEST="$SECS"; BEST_CPU="$CPU"; fi
    if [ "$RSS_KB" -gt "$BEST_RSS" ]; then BEST_RSS="$RSS_KB"; fi
    prev="$out"
  done
  BEST_OUT="$out"
}

for shape in $shapes; do
settle
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
# 2. The module, regenerated when the generator or clang changes.
key="$( (cat "$here"/gen/*.go; echo "$shape"; clang-15 --version) | sha256sum | cut -c1-16)"
mod="$dir/module-$shape-$key"
if [ ! -s "$mod.ll" ]; then
  echo "generating the module (once) in $mod.*" >&2
  rm -rf "$mod.src" && mkdir -p "$mod.src"
  (cd "$root" && "$go" run ./tests/bench/split/gen -shape "$shape" -out "$mod.src")
  if [ -f "$mod.src/module.ll" ]; then
    # sycl: the generator writes the linked module's IR itself.
    llvm-as-15 -opaque-pointers=0 "$mod.src/module.ll" -o "$mod.bc.tmp" && mv "$mod.bc.tmp" "$mod.bc"
  else
    ls "$mod.src"/*.cl | xargs -P "$(nproc)" -I{} clang-15 -cl-std=CL3.0 -target spir64 -O1 -emit-llvm -c -Wno-missing-prototypes {} -o {}.bc
    llvm-link-15 "$mod.src"/*.cl.bc -o "$mod.bc.tmp" && mv "$mod.bc.tmp" "$mod.bc"
  fi
  llvm-dis-15 "$mod.bc" -o "$mod.ll.tmp" && mv "$mod.ll.tmp" "$mod.ll"
fi
in_bytes="$(stat -c %s "$mod.ll")"
kernels="$(grep -c '^define .*spir_kernel' "$mod.ll")"
funcs="$(grep -c '^define ' "$mod.ll")"

# timed CMD...: runs CMD under /usr/bin/time, sets SECS (wall), CPU
# (user+sys, steadier than wall on a shared machine) and RSS_KB.
timed() {
  local tf u s
  tf="$(mktemp)"
  /usr/bin/time -f '%e %M %U %S' -o "$tf" "$@" >/dev/null
  read -r SECS RSS_KB u s <"$tf"
  CPU="$(awk "BEGIN{print $u + $s}")"
  rm -f "$tf"
}

# 3. SyclSplit: per-kernel split, bitcode images through imagec_as; on
# the module's text, as Bazel's action gets it (the device link writes
# .device.ll), and on its bitcode (the splitter runs llvm-dis-15 first).
best_of "$runs" sycl "$splitter" "${sycl_split[@]}" -out-dir @OUT@ -o @OUT@/m.table "$mod.ll"
t_sycl="$BEST" cpu_sycl="$BEST_CPU" rss_sycl="$BEST_RSS" out_sycl="$BEST_OUT"
best_of "$runs" syclbc "$splitter" "${sycl_split[@]}" -out-dir @OUT@ -o @OUT@/m.table "$mod.bc"
t_syclbc="$BEST" cpu_syclbc="$BEST_CPU" rss_syclbc="$BEST_RSS"

# 4. Per-kernel split, text images; helpers per image counted on them.
best_of "$runs" text "$splitter" "${text_split[@]}" -out-dir @OUT@ -o @OUT@/m.table "$mod.ll"
t_text="$BEST" cpu_text="$BEST_CPU" rss_text="$BEST_RSS" out_text="$BEST_OUT"
out_files="$(find "$out_text" -type f | wc -l)"
out_bytes="$(du -sb "$out_text" | cut -f1)"
helpers_per_image="$(cat "$out_text"/*.ll | awk '/^define .*spir_kernel/{k++} /^define /{d++} END{printf "%.1f", (d-k)/k}')"

# 5. With PER_IMAGE_AS=1: bitcode through one llvm-as-15 per image.
t_bc="" cpu_bc=0 rss_bc=0
if [ -n "${PER_IMAGE_AS:-}" ]; then
  best_of 1 peras "$splitter" -split=kernel -symbols -properties -llvm-as=llvm-as-15 -o @OUT@/m.table "$mod.ll"
  t_bc="$BEST" cpu_bc="$BEST_CPU" rss_bc="$BEST_RSS"
fi

# 6. I/O floor: the same bytes into the same number of fresh files.
cat "$out_text"/* >/dev/null
best_of "$runs" copy cp -r "$out_text" @OUT@/copy
t_io="$BEST" cpu_io="$BEST_CPU"

# 7. One-process assembly of all text images (if LLVM 15 headers exist).
t_batch=""
if [ -f /usr/lib/llvm-15/include/llvm/AsmParser/Parser.h ] && command -v clang++-15 >/dev/null; then
  if [ ! -x "$dir/batch_as" ] || [ "$here/batch_as/batch_as.cpp" -nt "$dir/batch_as" ]; then
    clang++-15 -O2 -std=c++17 -I/usr/lib/llvm-15/include "$here/batch_as/batch_as.cpp" \
      -L/usr/lib/llvm-15/lib -lLLVM-15 -o "$dir/batch_as"
  fi
  out_batch="$runs_dir/batch"
  mkdir "$out_batch"
  (cd "$out_text" && ls -- *.ll) | awk -v i="$out_text/" -v o="$out_batch/" '{b=$0; sub(/\.ll$/, ".bc", b); print i $0; print o b}' >"$dir/batch_args.txt"
  timed xargs -a "$dir/batch_args.txt" -d '\n' -n 400 "$dir/batch_as"
  t_batch="$SECS"
  cpu_batch="$CPU"
  rss_batch="$RSS_KB"
  for f in "$out_batch"/*_0.bc "$out_batch"/*_1000.bc; do
    cmp -s "$f" "$out_sycl/$(basename "$f")" || { echo "run.sh: $f differs from the splitter's bitcode" >&2; exit 1; }
  done
fi

# 7b. SyclSplit right after deleting the previous run's outputs (as an
# incremental Bazel build does before it reruns the action): see settle.
RM_BEFORE=1 RM_FIRST="$out_sycl" best_of "$runs" rm "$splitter" "${sycl_split[@]}" -out-dir @OUT@ -o @OUT@/m.table "$mod.ll"
t_rm="$BEST" cpu_rm="$BEST_CPU"

# 8. LLVM-tool baseline on a fixed random sample of kernels.
grep '^define .*spir_kernel' "$mod.ll" | sed 's/.*@\([A-Za-z0-9_.$]*\)(.*/\1/' |
  shuf -n "$sample" --random-source=<(yes 42) >"$dir/sample.txt"
rm -rf "$dir/out_opt" && mkdir "$dir/out_opt"
rss_opt=0
t_opt_sample=0
cpu_opt_sample=0
while read -r k; do
  bk="" bc=""
  for i in $(seq "$opt_runs"); do
    timed opt-15 -passes=internalize,globaldce -internalize-public-api-list="$k" -S "$mod.bc" -o "$dir/out_opt/$k.ll"
    if [ "$RSS_KB" -gt "$rss_opt" ]; then rss_opt="$RSS_KB"; fi
    if [ -z "$bk" ] || awk "BEGIN{exit !($SECS < $bk)}"; then bk="$SECS"; fi
    if [ -z "$bc" ] || awk "BEGIN{exit !($CPU < $bc)}"; then bc="$CPU"; fi
  done
  t_opt_sample="$(awk "BEGIN{print $t_opt_sample + $bk}")"
  cpu_opt_sample="$(awk "BEGIN{print $cpu_opt_sample + $bc}")"
done <"$dir/sample.txt"
t_opt="$(awk "BEGIN{printf \"%.1f\", $t_opt_sample / $sample * $kernels}")"
cpu_opt="$(awk "BEGIN{printf \"%.1f\", $cpu_opt_sample / $sample * $kernels}")"

echo
echo "== shape $shape: load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after, on $(nproc) cores (wall times suffer from other load; CPU = user+sys of the process tree)"
awk -v inb="$in_bytes" -v k="$kernels" -v f="$funcs" -v of="$out_files" -v ob="$out_bytes" -v hpi="$helpers_per_image" \
  -v ts="$t_sycl" -v cs="$cpu_sycl" -v rs="$rss_sycl" \
  -v tt="$t_text" -v ct="$cpu_text" -v rt="$rss_text" -v tb="$t_bc" -v cb="$cpu_bc" -v rb="$rss_bc" -v ti="$t_io" -v ci="$cpu_io" \
  -v to="$t_opt" -v co="$cpu_opt" -v n="$sample" -v ro="$rss_opt" -v runs="$runs" -v oruns="$opt_runs" \
  -v tba="$t_batch" -v cba="${cpu_batch:-0}" -v rba="${rss_batch:-0}" \
  -v tsb="$t_syclbc" -v csb="$cpu_syclbc" -v rsb="$rss_syclbc" -v trm="$t_rm" -v crm="$cpu_rm" 'BEGIN {
  printf "module: %.1f MB text, %d functions, %d kernels, %s helpers per kernel image; text split writes %d files, %.1f MB\n\n", inb/1e6, f, k, hpi, of, ob/1e6
  printf "| %-52s | %9s | %9s | %13s | %-34s |\n", "step", "wall (s)", "CPU (s)", "peak RSS (MB)", "ratio"
  printf "|%s|%s|%s|%s|%s|\n", "------------------------------------------------------", "-----------", "-----------", "---------------", "------------------------------------"
  printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "SyclSplit: bitcode via imagec_as (best of " runs ")", ts, cs, rs/1024, sprintf("RSS = %.2fx input", rs*1024/inb)
  printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "  the same on the linked .bc (llvm-dis-15 inside)", tsb, csb, rsb/1024, sprintf("%.0fx wall, %.0fx CPU of opt", to/tsb, co/csb)
  printf "| %-52s | %9.2f | %9.2f | %13s | %-34s |\n", "  the same right after deleting its previous outputs", trm, crm, "-", sprintf("%.0fx wall, %.0fx CPU of opt", to/trm, co/crm)
  printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "the same split, text images (-S; best of " runs ")", tt, ct, rt/1024, sprintf("RSS = %.2fx input", rt*1024/inb)
  if (tb != "") printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "splitter -split=kernel (bitcode via llvm-as-15)", tb, cb, rb/1024, sprintf("%.1fx the text split (wall)", tb/tt)
  if (tba != "") printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "  vs. batch_as: all text images in one process", tba, cba, rba/1024, sprintf("%.1fx less CPU than SyclSplit", (cs-ct)/cba)
  printf "| %-52s | %9.1f | %9.1f | %13.1f | %-34s |\n", "opt-15 internalize,globaldce, " n " sampled x " k " (best of " oruns ")", to, co, ro/1024, sprintf("%.0fx wall, %.0fx CPU of SyclSplit", to/ts, co/cs)
  printf "| %-52s | %9.2f | %9.2f | %13s | %-34s |\n", "I/O floor: cp -r of the text images (best of " runs ")", ti, ci, "-", sprintf("-S = %.1fx the floor (wall)", tt/ti)
  printf "\ngoals: SyclSplit >= 100x faster than opt (wall): %s (%.0fx; on the .bc %.0fx; -S %.0fx); within 10x of the I/O floor: %s; peak RSS < 2x input: %s\n", (to/ts >= 100 && to/tsb >= 100 ? "yes" : "NO"), to/ts, to/tsb, to/tt, (tt/ti <= 10 ? "yes" : "NO"), (rs*1024 < 2*inb ? "yes" : "NO")
}'
done
