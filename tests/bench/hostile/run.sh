#!/usr/bin/env bash
# Peak RSS, exit status and error-line length of the tools on issue 44's
# hostile inputs (/dev/zero as each input, a spirv-val with 50 MB of
# stderr) and on large legitimate ones (a 300 MB integration header, a 50
# MB .prop value, a 150 MB work request), each tool built with the Go SDK
# Bazel uses and run under /usr/bin/time. The same refusals are tests
# (each tool's hostile_test.go / unbounded_test.go, under 100 MB); this
# prints the numbers. A benchmark: run by hand.
#   tests/bench/hostile/run.sh
# Measured (2-core machine, Go 1.19.13): every /dev/zero case, the FIFO and
# the 50 MB of stderr rc 1 (propdiff 2) in one line of 89-208 bytes (the
# stderr case 1,000: cut to the cap), 1.6-4.5 MB peak RSS (before: an
# out-of-memory dump at 1.4-2.3 GB, syclc -check hashing until killed, the
# FIFO blocking, 229 MB for the stderr); a 300 MB header refused at 2.5 MB,
# a 200 MB one read at 199.8 MB (1.0x); a 50 MB .prop value 89.2 MB (1.8x:
# the text and its decoded bytes; 134-138 MB while propset.Parse copied the
# line into a string and the decoded bytes again); a 150 MB
# work request 172.7 MB (1.15x; 377 MB before the worker read it into one
# buffer).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$root"
GO="$root/.offline/go_sdk/bin/go"
[ -x "$GO" ] || GO=go
export GOFLAGS=-mod=mod GOCACHE="${TMPDIR:-/tmp}/rules_sycl_hostile_gocache"
w="$(mktemp -d "${TMPDIR:-/tmp}/rules_sycl_hostile.XXXXXX")"
trap 'rm -rf "$w"' EXIT
for t in kernelinfo annotate propdiff spirvval syclc; do
  "$GO" build -o "$w/$t" "./tools/$t"
done

# run NAME CMD...: one row (stdin from $STDIN if set).
run() {
  local name="$1"; shift
  local rc=0
  # time's file starts with "Command exited with non-zero status N".
  /usr/bin/time -f '%M' -o "$w/rss" "$@" <"${STDIN:-/dev/null}" >/dev/null 2>"$w/err" || rc=$?
  local lines len
  lines="$(wc -l <"$w/err")"
  len="$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$w/err")"
  printf '%-46s rc=%-3s RSS=%6.1f MB  stderr: %s line(s), longest %s bytes\n' \
    "$name" "$rc" "$(tail -1 "$w/rss" | awk '{ print $1 / 1024 }')" "$lines" "$len"
}

h="$root/tools/internal/intheader/testdata/linked_kernels_main.h"
mkdir -p "$w/o"
printf '[Code|Properties|Symbols]\nx.spv|/dev/zero|%s\n' "$w/a.sym" >"$w/zprop.table"
printf '[Code|Properties|Symbols]\n/dev/zero|a.prop|a.sym\n' >"$w/zimg.table"
printf 'K\n' >"$w/a.sym"

echo "== /dev/zero and other unbounded inputs (must be < 100 MB, one line <= 1000 bytes)"
run "kernelinfo -header=/dev/zero" "$w/kernelinfo" -header=/dev/zero -o="$w/o/k.h"
run "kernelinfo -linked=/dev/zero" "$w/kernelinfo" -header="$h" -o="$w/o/k.h" -linked=/dev/zero
run "kernelinfo @/dev/zero" "$w/kernelinfo" @/dev/zero
run "annotate IN=/dev/zero" "$w/annotate" -table="$w/zprop.table" -S -o "$w/o/a.ll" /dev/zero
run "annotate .prop=/dev/zero" "$w/annotate" -table="$w/zprop.table" -S -o "$w/o/a.ll" "$h"
run "propdiff -ours=/dev/zero" "$w/propdiff" -ours=/dev/zero -theirs="$w/zprop.table"
run "propdiff .prop=/dev/zero" "$w/propdiff" -ours="$w/zprop.table" -theirs="$w/zprop.table"
run "spirvval -table=/dev/zero" "$w/spirvval" -validator=/bin/true -table=/dev/zero -o "$w/o/r"
run "spirvval image=/dev/zero" "$w/spirvval" -validator=/bin/true -table="$w/zimg.table" -o "$w/o/r"
run "syclc SRC=/dev/zero" "$w/syclc" -jit=/nonexistent -out-dir="$w/o" -table="$w/o/a.table" -int-header="$w/o/a.h" -int-footer="$w/o/a.f" -- /dev/zero
run "syclc -device-link /dev/zero" "$w/syclc" -device-link -llvm-link=llvm-link-22 -format=ptx -libdevice=/nonexistent -jit=/nonexistent -out-dir="$w/o" -table="$w/o/l.table" /dev/zero
run "syclc -check -jit=/dev/zero" "$w/syclc" -check -jit=/dev/zero -sha256=00 -o "$w/o/stamp"
printf '#!/bin/sh\ncat >/dev/null; head -c 50000000 /dev/zero | tr "\\0" x >&2; exit 1\n' >"$w/chatty"
chmod +x "$w/chatty"
printf '\x03\x02\x23\x07' >"$w/a.spv"
printf '[Code|Properties|Symbols]\n%s|a.prop|a.sym\n' "$w/a.spv" >"$w/img.table"
run "spirvval, 50 MB of spirv-val stderr" "$w/spirvval" -validator="$w/chatty" -table="$w/img.table" -o "$w/o/r"
mkfifo "$w/fifo.h"
run "kernelinfo -header=FIFO (no writer)" timeout 20 "$w/kernelinfo" -header="$w/fifo.h" -o="$w/o/k.h"

echo "== large legitimate inputs (proportional)"
# Integration headers are limited to 256 MiB (inputfile.IntegrationHeader;
# DPC++'s are KBs): 300 MB is refused unread, 200 MB read.
{ cat "$h"; head -c 300000000 /dev/zero | tr '\0' ' '; echo; } >"$w/big.h"
run "kernelinfo, 300 MB header (over the limit)" "$w/kernelinfo" -header="$h" -o="$w/o/k.h" -linked="$w/big.h"
{ cat "$h"; head -c 200000000 /dev/zero | tr '\0' ' '; echo; } >"$w/big.h"
run "kernelinfo, 200 MB header" "$w/kernelinfo" -header="$h" -o="$w/o/k.h" -linked="$w/big.h"
rm -f "$w/big.h"
python3 - "$w" <<'PY'
import sys
w = sys.argv[1]
with open(w + "/big.prop", "w") as f:
    f.write("[SYCL/misc properties]\nbig=2|" + "A" * 50_000_000 + "\n")
PY
printf '[Code|Properties|Symbols]\nx.spv|%s|%s\n' "$w/big.prop" "$w/a.sym" >"$w/bigprop.table"
printf 'define spir_kernel void @K() {\n  ret void\n}\n' >"$w/k.ll"
# Parsed whole (the annotation then refuses the unknown key: rc 1).
run "annotate, 50 MB .prop value" "$w/annotate" -table="$w/bigprop.table" -S -o "$w/o/a.ll" "$w/k.ll"
python3 - "$w" <<'PY'
import sys
def varint(n):
    out = bytearray()
    while True:
        b, n = n & 0x7f, n >> 7
        out.append(b | 0x80 if n else b)
        if not n:
            return bytes(out)
arg = b"-linked=/nonexistent/" + b"x" * 1000
one = b"\x0a" + varint(len(arg)) + arg
body = one * (150_000_000 // len(one)) + b"\x18\x01"
open(sys.argv[1] + "/req150.bin", "wb").write(varint(len(body)) + body)
PY
STDIN="$w/req150.bin" run "kernelinfo worker, 150 MB request" "$w/kernelinfo" --persistent_worker
