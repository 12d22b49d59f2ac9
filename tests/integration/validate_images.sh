#!/usr/bin/env bash
# Validates every device image a target produced: each split module (.bc)
# passes `opt -passes=verify` and translates with llvm-spirv, and each SPIR-V
# image (the pipeline's own and the re-translation) passes spirv-val.
# With --spirv-only (SYCL C++ images, which come out of their compile with
# no split modules), each SPIR-V image passes spirv-val and reads back
# with llvm-spirv -r.
#   validate_images.sh [--spirv-only] OPT LLVM_SPIRV SPIRV_VAL PATH...
# PATHs are files or directories (tree artifacts of the device_split and
# device_images output groups). Fails if nothing was validated.
set -euo pipefail
spirv_only=""
if [ "$1" = --spirv-only ]; then
  spirv_only=1
  shift
fi
opt="$1" llvm_spirv="$2" spirv_val="$3"
shift 3
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/validate.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

modules=0 spirv=0 failed=0
fail() {
  echo "FAIL: $*" >&2
  failed=$((failed + 1))
}
while IFS= read -r -d '' f; do
  case "$f" in
  *.bc)
    "$opt" -passes=verify -disable-output "$f" 2>"$tmp/err" || fail "$f: opt -passes=verify: $(head -3 "$tmp/err")"
    if "$llvm_spirv" "$f" -o "$tmp/m.spv" 2>"$tmp/err"; then
      "$spirv_val" "$tmp/m.spv" 2>"$tmp/err" || fail "$f: spirv-val of its translation: $(head -3 "$tmp/err")"
    else
      fail "$f: llvm-spirv: $(head -3 "$tmp/err")"
    fi
    modules=$((modules + 1))
    ;;
  *.spv)
    "$spirv_val" "$f" 2>"$tmp/err" || fail "$f: spirv-val: $(head -3 "$tmp/err")"
    if [ -n "$spirv_only" ]; then
      "$llvm_spirv" -r "$f" -o "$tmp/m.bc" 2>"$tmp/err" || fail "$f: llvm-spirv -r: $(head -3 "$tmp/err")"
    fi
    spirv=$((spirv + 1))
    ;;
  esac
done < <(find -L "$@" -type f \( -name '*.bc' -o -name '*.spv' \) -print0 | sort -z)

echo "validated $modules split modules and $spirv SPIR-V images, $failed failures"
[ "$failed" -eq 0 ] || exit 1
if [ -n "$spirv_only" ]; then
  [ "$modules" -eq 0 ] && [ "$spirv" -gt 0 ] && exit 0
  echo "FAIL: --spirv-only wants SPIR-V images and no split module, found $spirv and $modules under: $*" >&2
  exit 1
fi
[ "$modules" -gt 0 ] && [ "$spirv" -gt 0 ] || {
  echo "FAIL: no split module or no SPIR-V image found under: $*" >&2
  exit 1
}
