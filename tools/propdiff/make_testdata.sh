#!/bin/bash
# The by-hand recipe behind testdata/: both tables of one SYCL C++ program.
#
#   [FLAGS="-DNDEBUG ..."] tools/propdiff/make_testdata.sh OUT SRC...
#
# Run from the repository root after
#   bazel build //tools/syclc //tools/splitter //tools/moduleid //tools/devlink @oneapi_runtime//:sycl_jit
# Writes OUT/theirs.table (syclc -split=per_kernel of each SRC, the flags of
# the examples' SyclDeviceCompile) and OUT/ours.table (per TU: syclc
# -split=off, the image libsycl-jit returned before syclc lowers its spec
# constants, llvm-spirv-15 -r --spirv-target-env=SPV-IR, moduleid; then per
# TU devlink with the others and the splitter, as in
# ../shared/reference/sycl-device-link.md; no annotation step). Then:
#   bazel-bin/tools/propdiff/propdiff_/propdiff -ours=OUT/ours.table -theirs=OUT/theirs.table
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 OUT SRC..." >&2
  exit 2
fi
out=$1
shift
rm -rf "$out"
mkdir -p "$out"
rt=$(bazel info output_base 2>/dev/null)/external/oneapi_runtime
syclc=bazel-bin/tools/syclc/syclc_/syclc
jit=$rt/jit/lib/libsycl-jit.so.23.1
# shellcheck disable=SC2206 # FLAGS is a list of words, as a build's copts
flags=(-std=c++17 -O2 -I. -Ibazel-bin "-I$rt" "-I$rt/include" "-I$rt/include/sycl" ${FLAGS:-})
tools=(-llvm-as=/usr/bin/llvm-as-15 -llvm-dis=/usr/bin/llvm-dis-15)
# syclc lowers SYCL 2020 spec constants itself (spirvspec: llvm-spirv-15 -r
# first); this translator keeps a copy of the unlowered image it is given.
cat >"$out/keep_unlowered.sh" <<'EOF'
#!/bin/sh
if [ "$1" = "-r" ]; then cp "$2" "$CAPTURE"; fi
exec /usr/bin/llvm-spirv-15 "$@"
EOF
chmod +x "$out/keep_unlowered.sh"
echo "[Code|Properties|Symbols]" >"$out/theirs.table"
echo "[Code|Properties|Symbols]" >"$out/ours.table"
n=0
for src in "$@"; do
  n=$((n + 1))
  t=tu$n
  mkdir -p "$out/pk_$t" "$out/off_$t"
  "$syclc" "-jit=$jit" "-out-dir=$out/pk_$t" "-table=$out/pk_$t/$t.table" \
    "-int-header=$out/pk_$t/h.h" "-int-footer=$out/pk_$t/f.h" -split=per_kernel \
    -translator=/usr/bin/llvm-spirv-15 "${tools[@]}" -- "${flags[@]}" "-I$(dirname "$src")" "$src"
  tail -n +2 "$out/pk_$t/$t.table" >>"$out/theirs.table"
  CAPTURE=$out/off_$t/unlowered.spv "$syclc" "-jit=$jit" "-out-dir=$out/off_$t" "-table=$out/off_$t/$t.table" \
    "-int-header=$out/off_$t/h.h" "-int-footer=$out/off_$t/f.h" -split=off \
    "-translator=$out/keep_unlowered.sh" "${tools[@]}" -- "${flags[@]}" "-I$(dirname "$src")" "$src"
  spv=$out/off_$t/unlowered.spv
  if [ ! -f "$spv" ]; then spv=$out/off_$t/${t}_0.spv; fi
  llvm-spirv-15 -r --spirv-target-env=SPV-IR "$spv" -o "$out/$t.bc"
  bazel-bin/tools/moduleid/moduleid_/moduleid "-id=$src" -llvm-as=llvm-as-15 -llvm-dis=llvm-dis-15 -o "$out/$t.id.bc" "$out/$t.bc"
  bazel-bin/tools/devlink/devlink_/devlink -summarize -llvm-dis=llvm-dis-15 -o "$out/$t.summary" "$out/$t.id.bc"
done
for i in $(seq 1 $n); do
  others=()
  for j in $(seq 1 $n); do others+=("-object=$out/tu$j.id.bc" "-summary=$out/tu$j.summary"); done
  bazel-bin/tools/devlink/devlink_/devlink -linker=llvm-link-15 -S "-tu=$out/tu$i.id.bc" "-tu-summary=$out/tu$i.summary" \
    -o "$out/linked$i.ll" "-unused-inputs=$out/unused$i" "${others[@]}"
  mkdir -p "$out/split$i"
  bazel-bin/tools/splitter/splitter_/splitter -split=source -symbols -properties -spec-const=native -device-globals \
    -emit-only-kernels-as-entry-points -emit-param-info -emit-exported-symbols -emit-program-metadata -emit-kernel-names \
    -split-by-device-requirements -llvm-as=llvm-as-15 -llvm-dis=llvm-dis-15 \
    -out-dir "$out/split$i" -o "$out/split$i/p.table" "$out/linked$i.ll"
  tail -n +2 "$out/split$i/p.table" >>"$out/ours.table"
done
