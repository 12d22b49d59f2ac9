#!/usr/bin/env bash
# Runs a SYCL program on Intel's CPU OpenCL device under the Unified Runtime's
# call trace (SYCL_UR_TRACE=2) and libsycl's image dump (SYCL_DUMP_IMAGES),
# and checks how libsycl built its programs:
#   binary N  every program (exactly N) came from a binary image
#             (urProgramCreateWithBinary), none from SPIR-V
#             (urProgramCreateWithIL): no JIT compilation;
#   il N      the control: N programs from SPIR-V, none from a binary;
#   none      the program fails cleanly (exit status 1, not a signal) before
#             libsycl creates any program: no image of its kernels is for
#             this device (a program built for Intel GPUs only);
#   mixed B+I B programs from binary images and I from SPIR-V (libsycl
#             builds a kernel that reads specialization constants from
#             the spir64 image, whose constants are native, where one is
#             registered next to the spir64_x86_64 image);
#   refused   the program fails cleanly (exit status 1, not a signal) because
#             the CPU runtime refuses the binary image (CL_INVALID_BINARY:
#             built for an instruction set this CPU, or the one
#             CL_CONFIG_CPU_TARGET_ARCH makes it claim, lacks), and libsycl
#             creates no program from SPIR-V instead.
# TARGETS (comma-separated) are the target specs of the images the program
# registered, each at least once; EXPECTED are lines its output must hold.
#   check_cpu_aot.sh BINARY binary|il N | mixed B+I | none | refused  TARGETS  EXPECTED...
set -uo pipefail
bin="$1"
mode="$2"
shift 2
n=0
if [ "$mode" != refused ] && [ "$mode" != none ]; then
  n="$1"
  shift
fi
targets="$1"
shift

fail() {
  echo "FAIL: $bin: $*" >&2
  exit 1
}

[ -x "$bin" ] || fail "no such program"
tmp="${TEST_TMPDIR:-$(mktemp -d)}/check_cpu_aot"
rm -rf "$tmp"
mkdir -p "$tmp"
SYCL_UR_TRACE=2 SYCL_DUMP_IMAGES=1 SYCL_DUMP_IMAGES_PREFIX="$tmp/image_" \
  "$bin" >"$tmp/out" 2>&1
rc=$?
grep -v '^ *\(--->\|<---\)' "$tmp/out"

# The trace prints each call as "<--- urName(args) -> RESULT;" when it returns.
calls() { grep -c "^ *<--- $1(.*) -> $2;" "$tmp/out"; }
from_binary="$(calls urProgramCreateWithBinary UR_RESULT_SUCCESS)"
from_il="$(calls urProgramCreateWithIL 'UR_RESULT_[A-Z_]*')"
refused="$(calls urProgramCreateWithBinary UR_RESULT_ERROR_INVALID_BINARY)"
echo "programs from binaries: $from_binary, from SPIR-V: $from_il, binaries refused: $refused"
grep -m1 "<--- urProgramCreateWith\(Binary\|IL\)" "$tmp/out" | cut -c1-240

for t in ${targets//,/ }; do
  # SYCL_DUMP_IMAGES writes <prefix><target spec>[_N].<ext> per image.
  dumped="$(cd "$tmp" && ls)"
  grep -qE "^image_${t}(_[0-9]+)?\.[a-z]+\$" <<<"$dumped" ||
    fail "registered no $t image (dumped: $(tr '\n' ' ' <<<"$dumped"))"
done

case "$mode" in
binary | il | mixed)
  [ "$rc" -eq 0 ] || fail "exited with status $rc"
  for want in "$@"; do
    grep -qF -- "$want" "$tmp/out" || fail "output lacks: $want"
  done
  if [ "$mode" = mixed ]; then
    [ "$from_binary" -eq "${n%+*}" ] || fail "$from_binary programs created from binary images, want ${n%+*}"
    [ "$from_il" -eq "${n#*+}" ] || fail "$from_il programs created from SPIR-V, want ${n#*+}"
  elif [ "$mode" = binary ]; then
    [ "$from_binary" -eq "$n" ] || fail "$from_binary programs created from binary images, want $n"
    [ "$from_il" -eq 0 ] || fail "$from_il programs created from SPIR-V (JIT), want none"
  else
    [ "$from_il" -eq "$n" ] || fail "$from_il programs created from SPIR-V, want $n"
    [ "$from_binary" -eq 0 ] || fail "$from_binary programs created from binary images, want none"
  fi
  ;;
none)
  [ "$rc" -eq 1 ] || fail "exited with status $rc, want 1 (a clean error, no crash)"
  [ "$from_binary" -eq 0 ] && [ "$from_il" -eq 0 ] || fail "$from_binary programs from binaries, $from_il from SPIR-V, want none"
  for want in "$@"; do
    grep -qF -- "$want" "$tmp/out" || fail "output lacks: $want"
  done
  ;;
refused)
  [ "$rc" -eq 1 ] || fail "exited with status $rc, want 1 (a clean error, no crash)"
  [ "$refused" -ge 1 ] || fail "no binary image was refused"
  [ "$from_binary" -eq 0 ] || fail "$from_binary programs created from binary images, want none"
  [ "$from_il" -eq 0 ] || fail "$from_il programs created from SPIR-V, want none (libsycl does not fall back)"
  for want in "$@"; do
    grep -qF -- "$want" "$tmp/out" || fail "output lacks: $want"
  done
  ;;
*)
  fail "unknown mode $mode"
  ;;
esac
echo "PASS: $bin ($mode)"
