#!/usr/bin/env bash
# Incremental rebuild of the generated 50-TU program (tests/hermetic/app50) in
# per-TU image mode: clean build, edit one kernel body (tu7.cl), rebuild, and
# count from Bazel's execution log which actions re-ran. Baseline: the whole
# device pipeline of the same program as one sequential job (what one opaque
# `icpx -fsycl` link step does): compile and stamp all 50 TUs, link, split,
# translate, wrap. A benchmark: run by hand, not by tests.
#   tests/bench/incremental/run.sh [whole|per_tu]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
mode="${1:-per_tu}"
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
target=//tests/hermetic/app50:app50

"${B[@]}" build "${flags[@]}" //tools/splitter //tools/wrapper //tools/foreach //tools/moduleid >/dev/null 2>&1
t0=$(date +%s.%N)
"${B[@]}" build "${flags[@]}" --execution_log_json_file="$work/clean.json" "$target" >"$work/clean.log" 2>&1
t1=$(date +%s.%N)
sed -i 's/out\[gid\] = helper8((int)gid) + 7;/out[gid] = helper8((int)gid) + 1007;/' tests/hermetic/app50/tu7.cl
grep -q '+ 1007;' tests/hermetic/app50/tu7.cl
t2=$(date +%s.%N)
"${B[@]}" build "${flags[@]}" --execution_log_json_file="$work/inc.json" "$target" >"$work/inc.log" 2>&1
t3=$(date +%s.%N)

count() { grep -o '"mnemonic": *"[A-Za-z]*"' "$1" | sed 's/.*"\([A-Za-z]*\)"$/\1/' | sort | uniq -c | sort -rn; }
echo "device_link_mode=$mode"
echo "clean build (tools prebuilt): $(echo "$t1 - $t0" | bc) s; actions run:"
count "$work/clean.json" | sed 's/^/  /'
echo "after editing one kernel body (tu7.cl): $(echo "$t3 - $t2" | bc) s; actions re-run:"
count "$work/inc.json" | sed 's/^/  /'

# The same device pipeline as one sequential job.
bin="$("${B[@]}" info "${flags[@]}" bazel-bin 2>/dev/null)"
tools="$work/tools"
mkdir -p "$tools" "$work/seq"
cp "$bin/tools/splitter/splitter_/splitter" "$bin/tools/wrapper/wrapper_/wrapper" "$bin/tools/foreach/foreach_/foreach" "$bin/tools/moduleid/moduleid_/moduleid" "$tools/"
s0=$(date +%s.%N)
objs=()
for f in tests/hermetic/app50/tu*.cl; do
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
echo "whole device pipeline as one sequential job: $whole s"
echo "incremental rebuild vs whole pipeline: $(echo "scale=1; $whole / $inc" | bc)x faster"
