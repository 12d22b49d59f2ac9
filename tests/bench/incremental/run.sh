#!/usr/bin/env bash
# Incremental rebuild of a generated 50-TU OpenCL C program
# (tests/hermetic/gen.sh --opencl 50 W: W heavier helpers and W/2 more
# kernels per TU; W=0 is tests/opencl/app50)
# in per-TU image mode (the default): clean build, edit one kernel body
# (k7 in tu7.cl), rebuild, and count from Bazel's execution log which actions
# re-ran. Baseline: the whole device pipeline of the same program as one
# sequential job (what one opaque `icpx -fsycl` link step does): compile and
# stamp all 50 TUs, link, split, translate, wrap. A benchmark: run by hand,
# not by tests.
#   tests/bench/incremental/run.sh [whole|per_tu [W]]   (default: per_tu 64)
# Measured on the 2-core machine (shared, so +-30%): W=64 (38,800 lines,
# 1,650 kernels, 4.4 MB linked bitcode, 23.7 MB SPIR-V): per_tu rebuild 2.2 s
# (SyclDeviceLink 2: tu7's and tu6's, which imports from it; SyclSplit and
# SyclTranslate 1) vs 36.1 s sequential, 16.6x. W=24: 1.45 s vs 16.2 s, 11.1x;
# whole mode re-splits and re-translates everything: 5.3 s.
# 2026-11-24, after the splitter refactor (postlink + imagewriter), W=64, two
# runs at load 6-15: rebuild 10.49 s vs 146.8 s sequential (14.0x), and
# 8.14 s vs 94.5 s (11.6x); the same actions re-ran (SyclDeviceLink 2,
# SyclSplit/SyclTranslate/SyclWrap 1). Below the 20x goal in both; where
# the rebuild's time went under that load was not broken down (the
# splitter's own CPU time is unchanged: 0.84-0.95 s user for the
# 2,000-kernel -S split, old and new binaries).
# 2026-11-24, quiet machine (load < 2), W=64: rebuild 3.58 s vs 53.4 s
# sequential (14.9x); the same edit with --sandbox_base=/dev/shm 2.15 s
# (24.8x). The main of before this session's merges (d508d90) gave 13.4x
# in the same conditions (4.1 s vs 55.4 s): the ratio depends on load, not
# on those changes. From a --profile of the rebuild: sandbox creation is
# 0.56 s of the compile's 1.57 s, 0.22 s of each link's 0.34 s and 0.42 s
# of the wrap's 0.52 s.
# 2026-11-24, persistent workers for the Go tools (moduleid, devlink,
# splitter, foreach, wrapper) and OpenCL C compiles without the SYCL
# runtime's headers as inputs, W=64, load 1.5-2.2, one run each, rebuilds
# without the disk cache (earlier runs of this script shared .bazelrc.offline's
# disk cache, which can answer the edit's actions: a base run gave 0.72 s):
# base (0efff30) rebuild 2.50 s vs 52.6 s sequential (21.0x; /dev/shm 2.29 s);
# with workers 2.29 s vs 53.4 s (23.3x; /dev/shm 2.26 s). The workers start
# during the clean build, so the rebuild finds them warm. Repeated edits of
# the same tree (load 1.2, 3 runs each, /tmp/edit.sh-style): 1.95-2.03 s with
# workers, 2.15-2.22 s with --spawn_strategy=sandboxed. Critical path from
# --profile (ms, workers / sandboxed): SyclWrap 47-74 / 177-242,
# SyclDeviceLink 73-111 / 124-154, SyclModuleId 136-170 / 170-183 (its
# llvm-dis + llvm-as stay processes), SyclTranslate 94-100 / 103-113,
# SyclSplit 118-127 / 130-138; the device compile (clang, ~950 ms) and the
# host link (~200 ms) are most of what is left.
# Main after both merges (workers; the split reading textual IR), quiet
# machine (load < 1), two runs: rebuild 2.07 s vs 51.4 s sequential, 24.8x,
# and 2.13 s vs 53.7 s, 25.1x (goal >= 20x); 10 processes: 7 worker,
# 2 linux-sandbox (compile, host link), 1 internal.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
mode="${1:-per_tu}"
w="${2:-64}"
work="$(mktemp -d "${TMPDIR:-/tmp}/incremental.XXXXXX")"
ws="$work/ws"
trap '(cd "$ws" 2>/dev/null && bazel --output_base="$work/ob" shutdown >/dev/null 2>&1) || true; chmod -R u+w "$work"; rm -rf "$work"' EXIT
mkdir -p "$ws"
(cd "$root" && git ls-files --cached --others --exclude-standard -z | xargs -0 tar -cf - --no-recursion) | tar -xf - -C "$ws"
cp "$root/.bazelrc.offline" "$ws/"
cd "$ws"
B=(bazel --output_base="$work/ob")
# Inside the rules_sycl workspace itself, Bazel 4.2 wants --//sycl:... (users: --@rules_sycl//sycl:...).
flags=(--symlink_prefix=/ "--//sycl:device_link_mode=$mode")
app=app50
if ((w > 0)); then
  app="app50x$w"
  tests/hermetic/gen.sh --opencl 50 "$w" >/dev/null
fi
target="//tests/opencl/$app:$app"

"${B[@]}" build "${flags[@]}" //tools/splitter //tools/wrapper //tools/foreach //tools/moduleid //tools/devlink >/dev/null 2>&1
t0=$(date +%s.%N)
"${B[@]}" build "${flags[@]}" --execution_log_json_file="$work/clean.json" "$target" >"$work/clean.log" 2>&1 || { tail -20 "$work/clean.log" >&2; exit 1; }
t1=$(date +%s.%N)
sed -i 's/out\[gid\] = helper8((int)gid) + 7;/out[gid] = helper8((int)gid) + 1007;/' tests/opencl/$app/tu7.cl
grep -q '+ 1007;' tests/opencl/$app/tu7.cl
# The rebuilds run without the disk cache (.bazelrc.offline's, shared with
# earlier runs of this script and other checkouts): it may hold the edited
# TU's actions from a run before, and then the rebuild measures cache hits.
t2=$(date +%s.%N)
"${B[@]}" build "${flags[@]}" --disk_cache= --execution_log_json_file="$work/inc.json" "$target" >"$work/inc.log" 2>&1 || { tail -20 "$work/inc.log" >&2; exit 1; }
t3=$(date +%s.%N)
# The same edit again (another constant), the sandboxes on tmpfs: Bazel
# builds each sandbox's symlink tree per action, and on this machine's disk
# that setup is about a third of the rebuild.
shm=""
if [[ -d /dev/shm && -w /dev/shm ]]; then
  sed -i 's/out\[gid\] = helper8((int)gid) + 1007;/out[gid] = helper8((int)gid) + 2007;/' tests/opencl/$app/tu7.cl
  grep -q '+ 2007;' tests/opencl/$app/tu7.cl
  t4=$(date +%s.%N)
  "${B[@]}" build "${flags[@]}" --disk_cache= --sandbox_base=/dev/shm --execution_log_json_file="$work/inc_shm.json" "$target" >"$work/inc_shm.log" 2>&1 || { tail -20 "$work/inc_shm.log" >&2; exit 1; }
  t5=$(date +%s.%N)
  shm="$(echo "$t5 - $t4" | bc)"
fi

count() { grep -o '"mnemonic": *"[A-Za-z]*"' "$1" | sed 's/.*"\([A-Za-z]*\)"$/\1/' | sort | uniq -c | sort -rn; }
echo "device_link_mode=$mode, program tests/opencl/$app: 50 TUs, $(cat tests/opencl/$app/tu*.cl | wc -l) lines of OpenCL C, $(grep -c '^kernel' tests/opencl/$app/tu*.cl | awk -F: '{s += $2} END {print s}') kernels"
echo "clean build (includes the Go tools for the exec configuration): $(echo "$t1 - $t0" | bc) s; actions run:"
count "$work/clean.json" | sed 's/^/  /'
echo "after editing one kernel body (tu7.cl): $(echo "$t3 - $t2" | bc) s; $(grep -o '[0-9]* processes: .*' "$work/inc.log" | head -1); actions re-run:"
count "$work/inc.json" | sed 's/^/  /'

# The same device pipeline as one sequential job.
bin="$("${B[@]}" info "${flags[@]}" bazel-bin 2>/dev/null)"
tools="$work/tools"
mkdir -p "$tools" "$work/seq"
cp "$bin/tools/splitter/splitter_/splitter" "$bin/tools/wrapper/wrapper_/wrapper" "$bin/tools/foreach/foreach_/foreach" "$bin/tools/moduleid/moduleid_/moduleid" "$tools/"
s0=$(date +%s.%N)
objs=()
for f in tests/opencl/$app/tu*.cl; do
  b="$work/seq/$(basename "$f")"
  clang-15 -x cl -cl-std=CL3.0 -target spir64 -O2 -emit-llvm -c "$f" -o "$b.bc"
  "$tools/moduleid" -id="$f" -llvm-as=llvm-as-15 -llvm-dis=llvm-dis-15 -o "$b.id.bc" "$b.bc"
  objs+=("$b.id.bc")
done
llvm-link-15 "${objs[@]}" -o "$work/seq/app.bc"
mkdir -p "$work/seq/split" "$work/seq/spirv"
"$tools/splitter" -split=auto -symbols -properties -llvm-as=llvm-as-15 -llvm-dis=llvm-dis-15 -out-dir "$work/seq/split" -o "$work/seq/split/app.table" "$work/seq/app.bc"
"$tools/foreach" -table "$work/seq/split/app.table" -column Code -out-table "$work/seq/spirv/app.table" -out-dir "$work/seq/spirv" -out-ext .spv -- llvm-spirv-15 {in} -o {out}
"$tools/wrapper" -o "$work/seq/app.images.o" -host=x86_64-unknown-linux-gnu -kind=sycl -target=spir64 -format=spirv -batch "$work/seq/spirv/app.table"
s1=$(date +%s.%N)
whole=$(echo "$s1 - $s0" | bc)
inc=$(echo "$t3 - $t2" | bc)
echo "linked device module: $(stat -c %s "$work/seq/app.bc") bytes of bitcode; $(grep -c . "$work/seq/spirv/app.table" | awk '{print $1 - 1}') SPIR-V images, $(cat "$work"/seq/spirv/*.spv | wc -c) bytes"
echo "SyclTranslate actions re-run after the edit: $(grep -c '"mnemonic": *"SyclTranslate"' "$work/inc.json" || true)"
echo "whole device pipeline as one sequential job: $whole s"
echo "incremental rebuild vs whole pipeline: $(echo "scale=1; $whole / $inc" | bc)x faster"
if [[ -n "$shm" ]]; then
  echo "the same edit again with --sandbox_base=/dev/shm: $shm s, $(grep -c '"mnemonic"' "$work/inc_shm.json") actions; $(echo "scale=1; $whole / $shm" | bc)x faster"
fi
