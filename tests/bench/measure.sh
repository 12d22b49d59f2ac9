# Sourced by the build benchmarks (tests/bench/syclcpp/run.sh,
# tests/bench/e2e/run.sh): wall and CPU time of one command on a machine
# other people use too. Needs BENCH_NAME (names the cgroups) set first.
#
# CPU time: where this shell may create a cgroup (root; cgroup v1 cpuacct or
# v2), the CPU time of every process the command started (a Bazel server, its
# workers and sandboxed processes; make and its children), which other users
# of the machine do not inflate; the machine's busy time (/proc/stat) is
# printed beside it, and is all there is elsewhere. Every figure comes with
# the load average before and after it.

# Busy CPU seconds of the whole machine so far.
busy() { awk '/^cpu /{print ($2+$3+$4+$7+$8) / 100}' /proc/stat; }
now() { date +%s.%N; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# A cgroup hierarchy this shell may create groups in, for CPU accounting.
cgroups=()
cgroot=""
for d in /sys/fs/cgroup/cpuacct /sys/fs/cgroup/unified /sys/fs/cgroup; do
  [ -f "$d/cpuacct.usage" ] || [ -f "$d/cgroup.controllers" ] || continue
  if mkdir "$d/$BENCH_NAME.$$.probe" 2>/dev/null; then
    rmdir "$d/$BENCH_NAME.$$.probe"
    cgroot="$d"
    break
  fi
done
cg_cpu() {
  if [ -f "$1/cpuacct.usage" ]; then awk '{printf "%.1f", $1 / 1e9}' "$1/cpuacct.usage"
  else awk '/^usage_usec/{printf "%.1f", $2 / 1e6}' "$1/cpu.stat"; fi
}
# Removes the cgroups measure made (from the benchmark's EXIT trap).
cgroups_cleanup() {
  local g
  for g in "${cgroups[@]}"; do rmdir "$g" 2>/dev/null || true; done
}

# measure NAME CMD...: runs CMD (in a cgroup of its own where there is one)
# and sets m_wall, m_cpu (its processes' CPU seconds, or "-"), m_busy
# (the machine's) and m_load (load average before -> after); returns CMD's
# exit status.
measure() {
  local name="$1" cg="" c0 c1 t0 t1 l0 rc=0
  shift
  if [ -n "$cgroot" ] && mkdir "$cgroot/$BENCH_NAME.$$.$name"; then
    cg="$cgroot/$BENCH_NAME.$$.$name"
    cgroups+=("$cg")
  fi
  l0=$(load); c0=$(busy); t0=$(now)
  if [ -n "$cg" ]; then
    bash -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' _ "$cg" "$@" || rc=$?
  else
    "$@" || rc=$?
  fi
  t1=$(now); c1=$(busy)
  m_wall=$(printf '%.1f' "$(echo "$t1 - $t0" | bc)")
  m_busy=$(printf '%.1f' "$(echo "$c1 - $c0" | bc)")
  m_cpu=-
  [ -z "$cg" ] || m_cpu=$(cg_cpu "$cg")
  m_load="$l0 -> $(load)"
  return "$rc"
}

# The "INFO: N processes: ..." line of a Bazel log.
processes() { grep -E '^INFO: [0-9]+ processes' "$1" | tail -1 | sed 's/^INFO: //'; }

# print_rounds "BAZEL_WALLS" "MAKE_WALLS": each round's ratio and the median.
print_rounds() {
  python3 - "$1" "$2" <<'PY'
import statistics, sys
c = [float(x) for x in sys.argv[1].split()]
m = [float(x) for x in sys.argv[2].split()]
r = [a / b for a, b in zip(c, m)]
print("rounds: " + ", ".join("%.1f/%.1f s = %.2fx" % x for x in zip(c, m, r)))
print("median clean Bazel build / make -j2: %.2fx" % statistics.median(r))
PY
}
