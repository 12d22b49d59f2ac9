#!/usr/bin/env bash
# Checks the nvptx64 images a GPU harness registers (the ones its sycl_binary
# registers): each is a fat binary (format native) holding exactly one cubin
# per requested architecture and one PTX for the PTX architecture, read back
# by NVIDIA's cuobjdump; the PTX entries are the expected kernels.
# With --sets, every image also carries each of the comma-separated
# property sets (read from the registered descriptor). With --bundler, HARNESS
# is a shared library (a sycl_shared_library's .so) whose own descriptor
# tools/bundler reads (inspect) and writes out (unwrap).
#   check_fatbin.sh [--sets SET,...] [--bundler BUNDLER] HARNESS CUOBJDUMP ARCHS PTX_ARCH KERNEL...
#   e.g. check_fatbin.sh vector_add_gpu cuobjdump sm_80,sm_90 sm_70 vector_add vector_scale
set -euo pipefail
sets= bundler=
while [ $# -gt 0 ]; do
  case "$1" in
    --sets) sets=$2 ;;
    --bundler) bundler=$2 ;;
    *) break ;;
  esac
  shift 2
done
harness=$1 cuobjdump=$2 archs=$3 ptx_arch=$4
shift 4
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/fatbin.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ -n "$bundler" ]; then
  "$bundler" inspect "$harness" >"$tmp/images.txt" || fail "$bundler inspect $harness failed"
  "$bundler" unwrap -output-dir="$tmp/unwrap" "$harness" || fail "$bundler unwrap $harness failed"
  image_re='^  image [0-9]+:' native='format 1 (native)' set_line='      [%s]'
  n=0
  # image-N.bin: a native image (format 1); other formats get other suffixes.
  for f in "$tmp"/unwrap/descriptor-*/image-*; do
    case "$f" in *.prop | *.sym) continue ;; esac
    [ "${f##*.}" = bin ] || fail "$(basename "$f"): not a native image"
    cp "$f" "$tmp/image_$n.fatbin"
    n=$((n + 1))
  done
else
  "$harness" -dump "$tmp" -no-run >"$tmp/images.txt" || fail "$harness -dump failed"
  image_re='^image' native='format 1,' set_line='  property set [%s]:'
fi
cat "$tmp/images.txt"
grep -qF "$native" "$tmp/images.txt" || fail "no nvptx64 image is native (format 1)"
! grep -E "$image_re" "$tmp/images.txt" | grep -vF "$native" | grep -q . || fail "an nvptx64 image is not a fat binary"
if [ -n "$sets" ]; then
  images=$(grep -cE "$image_re" "$tmp/images.txt")
  while IFS= read -r set; do
    # shellcheck disable=SC2059
    got=$(grep -cF "$(printf "$set_line" "$set")" "$tmp/images.txt" || true)
    [ "$got" = "$images" ] || fail "$got of $images images carry the property set [$set]"
  done < <(tr ',' '\n' <<<"$sets")
fi

want_elf=$(tr ',' '\n' <<<"$archs" | sort)
abs_cuobjdump=$(cd "$(dirname "$cuobjdump")" && pwd)/$(basename "$cuobjdump")
n=0
for f in "$tmp"/image_*.fatbin; do
  n=$((n + 1))
  list=$("$cuobjdump" --list-elf --list-ptx "$f") || fail "cuobjdump cannot read $f"
  got_elf=$(sed -n 's/^ELF file *[0-9]*: .*\.\(sm_[0-9]*[af]\{0,1\}\)\.cubin$/\1/p' <<<"$list" | sort)
  got_ptx=$(sed -n 's/^PTX file *[0-9]*: .*\.\(sm_[0-9]*[af]\{0,1\}\)\.ptx$/\1/p' <<<"$list")
  [ "$got_elf" = "$want_elf" ] || fail "$(basename "$f"): cubins for [$(echo $got_elf)], want [$(echo $want_elf)]"
  [ "$got_ptx" = "$ptx_arch" ] || fail "$(basename "$f"): PTX for [$(echo $got_ptx)], want [$ptx_arch]"
  mkdir "$tmp/ptx_$n"
  (cd "$tmp/ptx_$n" && "$abs_cuobjdump" -xptx all "$f" >/dev/null) || fail "cuobjdump -xptx $f"
done
[ "$n" -gt 0 ] || fail "no fat binaries"
for k in "$@"; do
  grep -lE "^\.(visible |weak )?\.entry $k\(" "$tmp"/ptx_*/*.ptx >/dev/null ||
    fail "no fat binary's PTX has an .entry for $k"
done
echo "PASS: $n fat binaries, cubins $(echo $want_elf) + PTX $ptx_arch, entries: $*"
