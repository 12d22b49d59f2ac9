#!/usr/bin/env bash
# Splitter benchmark (run by hand, never by tests):
#   tests/bench/split/run.sh
# Builds tools/splitter, generates (or reuses) a linked SPIR module of
# 2,000 kernels / 20,200 helpers over 20 OpenCL C translation units
# (tests/bench/split/gen), and times:
#   - splitter -split=kernel -S (text images), best of $RUNS runs;
#   - splitter -split=kernel (bitcode images through llvm-as-15), one run;
#   - the LLVM-tool split baseline: opt-15 -passes=internalize,globaldce
#     -internalize-public-api-list=K -S for $SAMPLE random kernels (fixed
#     seed), extrapolated to all kernels; opt reads the bitcode module (the
#     faster input for it);
#   - the I/O floor: `cp -r` of the text images (hot in the page cache) into
#     a fresh directory, i.e. writing the same bytes to the same files;
#   - what bitcode output would cost with one assembler process instead of
#     one llvm-as per image: batch_as/batch_as.cpp (built with clang++-15
#     when llvm-15-dev is installed) on the text images, checked byte-identical
#     to the splitter's .bc files;
# peak RSS comes from /usr/bin/time -v. Environment:
#   BENCH_DIR   work/cache directory (default /tmp/rules_sycl_bench_split)
#   SPLITTER    splitter binary to measure instead of building one
#   RUNS        runs of the text split (default 3); SAMPLE (default 20)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
dir="${BENCH_DIR:-/tmp/rules_sycl_bench_split}"
runs="${RUNS:-3}"
sample="${SAMPLE:-20}"
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

# 1. The splitter.
if [ -n "${SPLITTER:-}" ]; then
  splitter="$SPLITTER"
else
  splitter="$dir/splitter"
  (cd "$root" && "$go" build -o "$splitter" ./tools/splitter)
fi

# 2. The module, regenerated when the generator or clang changes.
key="$( (cat "$here/gen/main.go"; clang-15 --version) | sha256sum | cut -c1-16)"
mod="$dir/module-$key"
if [ ! -s "$mod.ll" ]; then
  echo "generating the module (once) in $mod.*" >&2
  rm -rf "$mod.src" && mkdir -p "$mod.src"
  (cd "$root" && "$go" run ./tests/bench/split/gen -out "$mod.src")
  ls "$mod.src"/*.cl | xargs -P "$(nproc)" -I{} clang-15 -cl-std=CL3.0 -target spir64 -O1 -emit-llvm -c -Wno-missing-prototypes {} -o {}.bc
  llvm-link-15 "$mod.src"/*.cl.bc -o "$mod.bc.tmp" && mv "$mod.bc.tmp" "$mod.bc"
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

# 3. Per-kernel split, text images.
best=""
rss_text=0
for i in $(seq "$runs"); do
  rm -rf "$dir/out_text" && mkdir "$dir/out_text"
  sync
  timed "$splitter" -split=kernel -S -symbols -properties -o "$dir/out_text/m.table" "$mod.ll"
  if [ -z "$best" ] || awk "BEGIN{exit !($SECS < $best)}"; then best="$SECS"; cpu_text="$CPU"; fi
  [ "$RSS_KB" -gt "$rss_text" ] && rss_text="$RSS_KB"
done
t_text="$best"
out_files="$(find "$dir/out_text" -type f | wc -l)"
out_bytes="$(du -sb "$dir/out_text" | cut -f1)"

# 4. Per-kernel split, bitcode images.
rm -rf "$dir/out_bc" && mkdir "$dir/out_bc"
timed "$splitter" -split=kernel -symbols -properties -o "$dir/out_bc/m.table" "$mod.ll"
t_bc="$SECS"
cpu_bc="$CPU"
rss_bc="$RSS_KB"

# 5. I/O floor: the same bytes into the same number of fresh files.
cat "$dir"/out_text/* >/dev/null
best_io=""
for i in $(seq "$runs"); do
  rm -rf "$dir/out_copy"
  sync
  timed cp -r "$dir/out_text" "$dir/out_copy"
  if [ -z "$best_io" ] || awk "BEGIN{exit !($SECS < $best_io)}"; then best_io="$SECS"; cpu_io="$CPU"; fi
done
t_io="$best_io"
rm -rf "$dir/out_copy"

# 6. One-process assembly of all text images (if LLVM 15 headers exist).
t_batch=""
if [ -f /usr/lib/llvm-15/include/llvm/AsmParser/Parser.h ] && command -v clang++-15 >/dev/null; then
  if [ ! -x "$dir/batch_as" ] || [ "$here/batch_as/batch_as.cpp" -nt "$dir/batch_as" ]; then
    clang++-15 -O2 -std=c++17 -I/usr/lib/llvm-15/include "$here/batch_as/batch_as.cpp" \
      -L/usr/lib/llvm-15/lib -lLLVM-15 -o "$dir/batch_as"
  fi
  rm -rf "$dir/out_batch" && mkdir "$dir/out_batch"
  (cd "$dir/out_text" && ls -- *.ll) | awk -v i="$dir/out_text/" -v o="$dir/out_batch/" '{b=$0; sub(/\.ll$/, ".bc", b); print i $0; print o b}' >"$dir/batch_args.txt"
  timed xargs -a "$dir/batch_args.txt" -d '\n' -n 400 "$dir/batch_as"
  t_batch="$SECS"
  cpu_batch="$CPU"
  rss_batch="$RSS_KB"
  for f in "$dir"/out_batch/*_0.bc "$dir"/out_batch/*_1000.bc; do
    cmp -s "$f" "$dir/out_bc/$(basename "$f")" || { echo "run.sh: $f differs from the splitter's bitcode" >&2; exit 1; }
  done
fi

# 7. LLVM-tool baseline on a fixed random sample of kernels.
grep '^define .*spir_kernel' "$mod.ll" | sed 's/.*@\([A-Za-z0-9_.$]*\)(.*/\1/' |
  shuf -n "$sample" --random-source=<(yes 42) >"$dir/sample.txt"
rm -rf "$dir/out_opt" && mkdir "$dir/out_opt"
rss_opt=0
t_opt_sample=0
cpu_opt_sample=0
while read -r k; do
  timed opt-15 -passes=internalize,globaldce -internalize-public-api-list="$k" -S "$mod.bc" -o "$dir/out_opt/$k.ll"
  [ "$RSS_KB" -gt "$rss_opt" ] && rss_opt="$RSS_KB"
  t_opt_sample="$(awk "BEGIN{print $t_opt_sample + $SECS}")"
  cpu_opt_sample="$(awk "BEGIN{print $cpu_opt_sample + $CPU}")"
done <"$dir/sample.txt"
t_opt="$(awk "BEGIN{printf \"%.1f\", $t_opt_sample / $sample * $kernels}")"
cpu_opt="$(awk "BEGIN{printf \"%.1f\", $cpu_opt_sample / $sample * $kernels}")"

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (wall times suffer from other load; CPU = user+sys)"
awk -v inb="$in_bytes" -v k="$kernels" -v f="$funcs" -v of="$out_files" -v ob="$out_bytes" \
  -v tt="$t_text" -v ct="$cpu_text" -v rt="$rss_text" -v tb="$t_bc" -v cb="$cpu_bc" -v rb="$rss_bc" -v ti="$t_io" -v ci="$cpu_io" \
  -v to="$t_opt" -v co="$cpu_opt" -v n="$sample" -v ro="$rss_opt" -v runs="$runs" \
  -v tba="$t_batch" -v cba="${cpu_batch:-0}" -v rba="${rss_batch:-0}" 'BEGIN {
  printf "module: %.1f MB text, %d functions, %d kernels; text split writes %d files, %.1f MB\n\n", inb/1e6, f, k, of, ob/1e6
  printf "| %-52s | %9s | %9s | %13s | %-34s |\n", "step", "wall (s)", "CPU (s)", "peak RSS (MB)", "ratio"
  printf "|%s|%s|%s|%s|%s|\n", "------------------------------------------------------", "-----------", "-----------", "---------------", "------------------------------------"
  printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "splitter -split=kernel -S (best of " runs ")", tt, ct, rt/1024, sprintf("RSS = %.2fx input", rt*1024/inb)
  printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "splitter -split=kernel (bitcode via llvm-as-15)", tb, cb, rb/1024, sprintf("%.1fx the text split (wall)", tb/tt)
  if (tba != "") printf "| %-52s | %9.2f | %9.2f | %13.1f | %-34s |\n", "  vs. batch_as: all text images in one process", tba, cba, rba/1024, sprintf("%.1fx less CPU than llvm-as", (cb-ct)/cba)
  printf "| %-52s | %9.1f | %9.1f | %13.1f | %-34s |\n", "opt-15 internalize,globaldce, " n " sampled x " k, to, co, ro/1024, sprintf("%.0fx wall, %.0fx CPU of -S", to/tt, co/ct)
  printf "| %-52s | %9.2f | %9.2f | %13s | %-34s |\n", "I/O floor: cp -r of the text images (best of " runs ")", ti, ci, "-", sprintf("-S = %.1fx the floor (wall)", tt/ti)
  printf "\ngoals: >= 100x faster than opt (aim 300x): %s; within 10x of the I/O floor: %s; peak RSS < 2x input: %s\n", (to/tt >= 100 ? "yes" : "NO"), (tt/ti <= 10 ? "yes" : "NO"), (rt*1024 < 2*inb ? "yes" : "NO")
}'
