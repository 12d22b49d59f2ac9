#!/usr/bin/env bash
# Runs the bfloat16 example under the Unified Runtime's call trace
# (SYCL_UR_TRACE=2) and checks that libsycl linked a bfloat16
# device-library image into the kernels' program: a program created from
# SPIR-V of the size of one of the toolchain's two images (DEVICELIB_DIR:
# the binary's device_libraries output group; native or fallback, as the
# device supports) is one of the programs of a successful urProgramLink.
# (libsycl's SYCL_DUMP_IMAGES does not show these images: it dumps the
# images holding kernels only.)
#   check_devicelib.sh BINARY DEVICELIB_DIR EXPECTED...
set -uo pipefail
bin="$1"
libs="$2"
shift 2

fail() {
  echo "FAIL: $bin: $*" >&2
  exit 1
}

tmp="${TEST_TMPDIR:-$(mktemp -d)}/check_devicelib"
rm -rf "$tmp"
mkdir -p "$tmp"
SYCL_UR_TRACE=2 "$bin" >"$tmp/out" 2>&1
rc=$?
grep -v '^ *\(--->\|<---\)' "$tmp/out"
[ "$rc" -eq 0 ] || fail "exited with status $rc"
for want in "$@"; do
  grep -qF -- "$want" "$tmp/out" || fail "output lacks: $want"
done

# The trace prints each call as "<--- urName(args) -> RESULT;" when it
# returns; an output handle as ".phProgram = 0xWHERE (0xHANDLE)".
linked=""
for kind in native fallback; do
  lib="$libs/bfloat16_$kind.spv"
  [ -f "$lib" ] || fail "no $lib"
  size="$(stat -L -c %s "$lib")"
  for h in $(grep "<--- urProgramCreateWithIL(.*\.length = $size,.*-> UR_RESULT_SUCCESS;" "$tmp/out" |
    sed -n 's/.*\.phProgram = 0x[0-9a-f]* (\(0x[0-9a-f]*\)).*/\1/p'); do
    if grep -q "<--- urProgramLink(.*\.phPrograms = 0x[0-9a-f]* {[^}]*$h[,}].*-> UR_RESULT_SUCCESS;" "$tmp/out"; then
      linked="$kind"
      echo "linked the $kind bfloat16 device-library image ($size bytes, program $h) into the kernels' program"
    fi
  done
done
if [ -z "$linked" ]; then
  grep "<--- urProgram\(CreateWithIL\|Link\)(" "$tmp/out" | cut -c1-300 >&2
  fail "linked no bfloat16 device-library image (no urProgramLink of a program created from one)"
fi
echo "PASS: $bin"
