#!/usr/bin/env bash
# SYCL C++ build figures for the generated 50-TU program
# (tests/hermetic/app50: 50 single-source SYCL TUs, each a kernel and a
# SYCL_EXTERNAL helper the next TU's kernel calls, plus main). A benchmark:
# run by hand on a quiet machine, never by tests.
#
#  1. clean build: wall and CPU time of `bazel build` of the program in an
#     output base that has built rules_sycl's tools (a user's first build of
#     their program), after a server restart (cold analysis, cold workers),
#     without any cache;
#  2. one-TU edit: a kernel constant of tu7.cc changed, the rebuild's wall
#     time and the actions it ran (issue goal: clean / edit >= 15x);
#  3. peak RSS of one device compile (tools/syclc one-shot on tu0.cc, the
#     command line Bazel ran; goal <= 500 MB);
#  4. the same per-TU commands (Bazel's own command lines, from aquery) run
#     by `make -j2`: one process per command, no sandbox, no workers, no
#     cache (goal: clean Bazel build <= 1.2x make -j2).
# CPU times are the machine's busy time during the build (/proc/stat), so
# the machine must be otherwise idle.
#   tests/bench/syclcpp/run.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
here="$root/tests/bench/syclcpp"
target=//tests/hermetic/app50:app50
pkg=tests/hermetic/app50
work="$(mktemp -d "${TMPDIR:-/tmp}/syclcpp.XXXXXX")"
ob="$work/ob"
cd "$root"
B() { bazel --output_base="$ob" "$@"; }
edited="$pkg/tu7.cc"
cp "$edited" "$work/tu7.cc.orig"
trap 'cp "$work/tu7.cc.orig" "$root/$edited"; (cd "$root" && B shutdown >/dev/null 2>&1) || true; chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# Busy CPU seconds of the whole machine so far.
busy() { awk '/^cpu /{print ($2+$3+$4+$7+$8) / 100}' /proc/stat; }
now() { date +%s.%N; }
flags=(--disk_cache= --jobs=2 --symlink_prefix=/)

echo "== setup: rules_sycl's tools, external repositories and a first build"
B build "${flags[@]}" "$target" >"$work/first.log" 2>&1 || { tail -20 "$work/first.log"; exit 1; }
execroot="$(B info execution_root 2>/dev/null)"
bin="$(B info "${flags[@]}" bazel-bin 2>/dev/null)"

echo "== 1. clean build of $target"
B shutdown
chmod -R u+w "$bin/$pkg"
rm -rf "${bin:?}/$pkg"
c0=$(busy); t0=$(now)
B build "${flags[@]}" "$target" >"$work/clean.log" 2>&1 || { tail -20 "$work/clean.log"; exit 1; }
t1=$(now); c1=$(busy)
clean=$(echo "$t1 - $t0" | bc)
echo "clean build: wall $clean s, CPU $(echo "$c1 - $c0" | bc) s ($(grep -E '^INFO: [0-9]+ processes' "$work/clean.log" | tail -1 | sed 's/^INFO: //'))"

echo "== 2. one-TU edit ($edited)"
sed -i -E '0,/return x \* ([0-9]+) \+ ([0-9]+);/s//return x * \1 + \2 + 1;/' "$edited"
cmp -s "$edited" "$work/tu7.cc.orig" && { echo "the edit changed nothing" >&2; exit 1; }
t0=$(now)
B build "${flags[@]}" "$target" >"$work/edit.log" 2>&1 || { tail -20 "$work/edit.log"; exit 1; }
t1=$(now)
edit=$(echo "$t1 - $t0" | bc)
echo "one-TU edit rebuild: wall $edit s ($(grep -E '^INFO: [0-9]+ processes' "$work/edit.log" | tail -1 | sed 's/^INFO: //'))"
echo "clean / edit: $(echo "scale=1; $clean / $edit" | bc)x"
cp "$work/tu7.cc.orig" "$edited"

echo "== 3. peak RSS of one device compile (syclc one-shot, tu0.cc)"
B aquery "${flags[@]}" --output=jsonproto "mnemonic(\"SyclDeviceCompile\", deps($target))" 2>/dev/null >"$work/compile.json"
python3 - "$work/compile.json" "$work/rss" >"$work/rss.sh" <<'PY'
import json, shlex, sys
d = json.load(open(sys.argv[1]))
out = sys.argv[2]
for a in d["actions"]:
    args = a["arguments"]
    if not args[-1].endswith("/tu0.cc"):
        continue
    # The same command, its outputs moved out of Bazel's read-only tree.
    moved = []
    for x in args:
        for flag in ("-out-dir=", "-table=", "-int-header=", "-int-footer="):
            if x.startswith(flag):
                x = flag + out + "/" + x[len(flag):].rsplit("/", 1)[-1]
                if flag == "-table=":
                    x = "-table=" + out + "/tu0.cc.images/" + x.rsplit("/", 1)[-1]
                if flag == "-out-dir=":
                    x = "-out-dir=" + out + "/tu0.cc.images"
        moved.append(x)
    print("mkdir -p %s/tu0.cc.images" % shlex.quote(out))
    print("/usr/bin/time -f '%M KB peak RSS, %e s wall, %U s user' " + " ".join(shlex.quote(x) for x in moved))
    break
PY
(cd "$execroot" && bash "$work/rss.sh" 2>&1 | tail -1)

echo "== 4. the same commands by make -j2"
B aquery "${flags[@]}" --output=jsonproto "deps($target)" 2>/dev/null |
  python3 "$here/aquery_make.py" "$pkg/app50.bin" "//$pkg:" SyclDeviceCompile SyclHostCompile CppCompile SyclWrap CppLink >"$work/Makefile"
echo "$(grep -c '^a[0-9]*:' "$work/Makefile") commands"
# make rewrites what Bazel wrote: the outputs of those actions go first.
chmod -R u+w "$bin/$pkg"
find "$bin/$pkg" \( -name '*.images' -o -name '*.o' -o -name '*.a' -o -name '*.int_header.h' -o -name '*.int_footer.h' -o -name app50.bin \) -prune -exec rm -rf {} +
c0=$(busy)
/usr/bin/time -f '%e %U %S' -o "$work/make.time" make -s -j2 -C "$execroot" -f "$work/Makefile" >"$work/make.log" 2>&1 || { tail -20 "$work/make.log"; exit 1; }
c1=$(busy)
read -r mwall muser msys <"$work/make.time"
echo "make -j2: wall $mwall s, CPU $(echo "$muser + $msys" | bc) s (machine busy $(echo "$c1 - $c0" | bc) s)"
echo "clean Bazel build / make -j2: $(echo "scale=2; $clean / $mwall" | bc)x"
