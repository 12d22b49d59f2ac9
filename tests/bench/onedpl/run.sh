#!/usr/bin/env bash
# oneDPL figures (issue 42). A benchmark: run by hand, never by tests.
#
#  1. the repository: fetch and unpack time of @rules_sycl_onedpl (the
#     pinned onedpl-devel wheel; from the wheelhouse ./setup.sh fills, as
#     CI fetches it) and its size on disk; and that a program without
#     oneDPL does not fetch it (//examples/vector_add built first);
#  2. clean build of //examples/onedpl:onedpl (default path: the device
#     link) in an output base that has built only rules_sycl's tools and
#     vector_add, after a server restart, no cache; then the same commands
#     (Bazel's own command lines, from aquery) under `make -j2`; then
#     Bazel again with the server warm and the program's outputs removed;
#  3. peak RSS of the oneDPL TU's device compile and host compile
#     (one-shot, the command lines Bazel ran: tests/bench/rdc/action_rss.py).
#   tests/bench/onedpl/run.sh
# Figures, 2026-12-03 19:47 UTC, the 2-core machine quiet (load 2.3: the
# bench itself), cgroup CPU accounting:
#  1. fetch + unpack 0.4 s; 3.4 MB on disk (183 files), the wheel 613 KB;
#     building //examples/vector_add first did not fetch it;
#  2. clean build (server restarted) 14.0 s wall, 21.0 s CPU, 18 processes;
#     make -j2 of its 11 commands 7.6 s wall, 8.3 s CPU: 1.84x (the cold
#     server's start and analysis); warm server, outputs removed: 8.0 s,
#     1.05x make -j2 (its CPU is the server's workers', outside the
#     command's cgroup: not counted);
#  3. device compile (SyclDeviceCompile, libsycl-jit in tools/syclc) 563.5
#     MB peak RSS, 4.4 s; host compile 439.7 MB, 3.9 s.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/onedpl.XXXXXX")"
ob="$work/ob"
cd "$root"
BENCH_NAME=onedpl
# shellcheck source=../measure.sh
. "$root/tests/bench/measure.sh"
trap 'cgroups_cleanup' EXIT
flags=(--disk_cache= --jobs=2 --symlink_prefix=/)
target=//examples/onedpl:onedpl
B() { bazel --output_base="$ob" "$@"; }
processes() { sed -n 's/^INFO: \([0-9]*\) processes.*/\1 processes/p' "$1" | tail -1; }

echo "== 1. the repository"
B build "${flags[@]}" //tools/... //examples/vector_add >"$work/tools.log" 2>&1 || { tail -20 "$work/tools.log"; exit 1; }
if [ -e "$ob/external/rules_sycl_onedpl" ]; then
  echo "FAIL: building //examples/vector_add fetched @rules_sycl_onedpl"
  exit 1
fi
echo "//examples/vector_add built: @rules_sycl_onedpl not fetched"
measure fetch bazel --output_base="$ob" fetch @rules_sycl_onedpl//:onedpl >"$work/fetch.log" 2>&1 || { tail -20 "$work/fetch.log"; exit 1; }
echo "fetch + unpack: wall $m_wall s, load $m_load; on disk: $(du -sh --apparent-size "$ob/external/rules_sycl_onedpl" | cut -f1) ($(find "$ob/external/rules_sycl_onedpl" -type f | wc -l) files); wheel $(du -h --apparent-size .offline/wheels/onedpl_devel-*.whl | cut -f1)"

echo "== 2. clean build of $target"
B shutdown
measure clean bazel --output_base="$ob" build "${flags[@]}" "$target" >"$work/clean.log" 2>&1 || { tail -20 "$work/clean.log"; exit 1; }
clean=$m_wall
echo "clean build: wall $m_wall s, CPU $m_cpu s (machine busy $m_busy s), load $m_load ($(processes "$work/clean.log"))"
execroot="$(B info "${flags[@]}" execution_root 2>/dev/null)"
bin="$(B info "${flags[@]}" bazel-bin 2>/dev/null)"
mnemonics=(SyclDeviceCompile SyclReverseTranslate SyclAnnotate SyclModuleId SyclDeviceLinkSummary SyclDeviceLink SyclSplit SyclTranslate SyclKernelInfo SyclHostCompile SyclWrap CppLink)
B aquery "${flags[@]}" --output=jsonproto "deps($target)" 2>/dev/null |
  python3 "$root/tests/bench/syclcpp/aquery_make.py" "examples/onedpl/onedpl.bin" "//examples/onedpl:" "${mnemonics[@]}" >"$work/Makefile"
echo "$(grep -c '^a[0-9]*:' "$work/Makefile") commands under make -j2"
# make rewrites what the commands wrote; the host sources Bazel writes
# itself (FileWrite: no command), the host sources, the TU list and param files, stay.
chmod -R u+w "$bin/examples/onedpl"
find "$bin/examples/onedpl" ! -type d ! -name '*.host.cpp' ! -name '*.tus' ! -name '*.params' -delete
measure make make -s -j2 -C "$execroot" -f "$work/Makefile" >"$work/make.log" 2>&1 || { tail -20 "$work/make.log"; exit 1; }
echo "make -j2: wall $m_wall s, CPU $m_cpu s (machine busy $m_busy s), load $m_load"
make=$m_wall
printf 'clean Bazel build / make -j2: %.2fx\n' "$(echo "scale=4; $clean / $make" | bc)"
# The same build with the server warm (analysis done, workers up), the
# program's outputs removed: what the actions themselves cost under Bazel.
chmod -R u+w "$bin/examples/onedpl"
rm -rf "${bin:?}/examples/onedpl"
measure warm bazel --output_base="$ob" build "${flags[@]}" "$target" >"$work/warm.log" 2>&1 || { tail -20 "$work/warm.log"; exit 1; }
echo "warm-server build, outputs removed: wall $m_wall s, CPU $m_cpu s, load $m_load ($(processes "$work/warm.log"))"
printf 'warm-server Bazel build / make -j2: %.2fx\n' "$(echo "scale=4; $m_wall / $make" | bc)"

echo "== 3. peak RSS of the oneDPL TU's compiles (one-shot)"
B build "${flags[@]}" "$target" >"$work/rebuild.log" 2>&1 || { tail -20 "$work/rebuild.log"; exit 1; }
B aquery "${flags[@]}" --include_param_files --output=jsonproto "mnemonic(\"SyclDeviceCompile|SyclHostCompile\", deps($target))" 2>/dev/null >"$work/compiles.json"
(cd "$execroot" && python3 "$root/tests/bench/rdc/action_rss.py" "$work/compiles.json" "$work/rss" 1 SyclDeviceCompile SyclHostCompile)
B shutdown
