#!/usr/bin/env bash
# tools/cpuaot driven by tools/foreach, as the spir64_x86_64 SyclAot action
# runs it, over a table of SPIR-V images built by the rules (one good kernel,
# one that calls an undefined function), with only the CPU runtime's files
# the action declares (the runfiles hold nothing else of @oneapi_runtime).
#   cpuaot_test.sh FOREACH CPUAOT LIBINTELOCL SPIRV_TREE...
set -uo pipefail
foreach="$PWD/$1"
cpuaot="$PWD/$2"
runtime="$3"
shift 3

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

tmp="${TEST_TMPDIR:-$(mktemp -d)}/cpuaot"
rm -rf "$tmp"
mkdir -p "$tmp"

# The tree's table names images by their paths in the build
# (bazel-out/<config>/bin/...): here they are relative to the runfiles.
table=""
for d in "$@"; do
  for t in "$d"/*.table; do
    [ -f "$t" ] && table="$t"
  done
done
[ -n "$table" ] || fail "no file table in $*"
sed -E 's#(^|\|)bazel-out/[^/|]*/bin/#\1#g' "$table" >"$tmp/all.table"
rows="$(tail -n +2 "$tmp/all.table" | wc -l)"
[ "$rows" -eq 2 ] || fail "want 2 images in $table, found $rows"
good_row=""
bad_row=""
while IFS= read -r row; do
  # The SPIR-V names its entry points: the bad image is the one of uses_undefined.
  if grep -q uses_undefined "${row%%|*}"; then bad_row="$row"; else good_row="$row"; fi
done < <(tail -n +2 "$tmp/all.table")
[ -n "$good_row" ] && [ -n "$bad_row" ] || fail "cannot tell the good image from the bad one in $table"
{ head -1 "$tmp/all.table"; echo "$good_row"; } >"$tmp/good.table"
bad_image="${bad_row%%|*}"

aot() { # aot TABLE OUT_DIR [-march=...]
  local march="${3:--march=avx2}"
  "$foreach" -table "$1" -column Code -out-table "$2/out.table" -out-dir "$2" \
    -out-ext .bin -jobs=0 -- "$cpuaot" "-runtime=$runtime" "{in}" "{out}" "$march"
}

# 1. The good image, twice, and for every instruction-set class: an OpenCL
# program binary (ELF), byte-identical run after run.
for isa in avx2 sse4.2 avx avx512 spr; do
  aot "$tmp/good.table" "$tmp/$isa.1" "-march=$isa" >"$tmp/log" 2>&1 || fail "-march=$isa: $(cat "$tmp/log")"
  aot "$tmp/good.table" "$tmp/$isa.2" "-march=$isa" >"$tmp/log" 2>&1 || fail "-march=$isa (second run): $(cat "$tmp/log")"
  bin="$(ls "$tmp/$isa.1"/*.bin)"
  [ "$(head -c 4 "$bin" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] || fail "-march=$isa: $bin is not an ELF file"
  cmp "$bin" "$tmp/$isa.2/$(basename "$bin")" || fail "-march=$isa: two runs differ"
  grep -q "\.bin|" "$tmp/$isa.1/out.table" || fail "-march=$isa: the output table does not name the binary"
  echo "-march=$isa: $(basename "$bin") $(wc -c <"$bin") bytes, $(sha256sum "$bin" | cut -c1-16), same twice"
done
cmp -s "$tmp/avx2.1"/*.bin "$tmp/avx512.1"/*.bin && fail "-march=avx2 and -march=avx512 gave the same binary"

# 2. The whole table: the bad image fails the action, with one line that
# names it and carries the runtime's build log, and no output at all.
aot "$tmp/all.table" "$tmp/all" >"$tmp/out" 2>"$tmp/err"
rc=$?
cat "$tmp/err"
[ "$rc" -eq 1 ] || fail "a table with a bad image: exit status $rc, want 1"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "want one line of error, got $(wc -l <"$tmp/err")"
for want in "$bad_image: cpuaot failed" "$(basename "$bad_image"): the CPU runtime cannot build it for -march=avx2 (CL_BUILD_PROGRAM_FAILURE -11), build log:" "Symbols not found: [ undefined_helper ]"; do
  grep -qF -- "$want" "$tmp/err" || fail "the error lacks: $want"
done
[ ! -e "$tmp/all" ] || fail "a failed table left $(find "$tmp/all" | tr '\n' ' ')"

# 3. cpuaot alone on inputs it cannot build: exit 1, a message naming the
# input, no output file.
head -c 100 "${good_row%%|*}" >"$tmp/truncated.spv"
cp "$0" "$tmp/not_spirv.spv"
for case in "truncated.spv:the CPU runtime stopped while building it" "not_spirv.spv:not a SPIR-V module"; do
  in="$tmp/${case%%:*}"
  "$cpuaot" "-runtime=$runtime" "$in" "$tmp/x.bin" -march=avx2 >"$tmp/out" 2>&1
  rc=$?
  cat "$tmp/out"
  [ "$rc" -eq 1 ] || fail "$in: exit status $rc, want 1"
  grep -qF "cpuaot: $in: ${case#*:}" "$tmp/out" || fail "$in: the error lacks: cpuaot: $in: ${case#*:}"
  [ -z "$(ls "$tmp" | grep '^x\.bin')" ] || fail "$in: left $(ls "$tmp" | grep '^x\.bin')"
done
"$cpuaot" "-runtime=$runtime" "$bad_image" "$tmp/x.bin" -march=native >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 2 ] && grep -qF -- "-march=native: unknown instruction set" "$tmp/out" ||
  fail "-march=native: exit status $rc, $(cat "$tmp/out")"
echo "PASS"
