#!/usr/bin/env bash
# Remote execution of the SYCL action graph on Buildbarn, on loopback:
# bb_storage (CAS and action cache in memory; the address Bazel talks to,
# which forwards Execute to the scheduler), bb_scheduler, and workers, each a
# bb_worker running one action at a time through its own bb_runner in its
# own build directory (tests/remote/buildbarn/*.jsonnet). ./setup.sh builds
# them (tests/remote/buildbarn/build.sh). Every process is started here and
# stopped by the EXIT trap; each step is bounded by `timeout`.
#
# Checks (any failure exits 1):
#  1. a clean remote build (--config=remote) of //tests/hermetic/app50 and
#     `bazel test` of vector_add_all_targets and a compressed vector_add
#     (built remotely; the tests themselves run and verify on this machine),
#     during which one worker (bb_worker, its bb_runner and the action it
#     runs) is killed with SIGKILL while it holds
#     an action, and a third worker joins: the build succeeds, another worker
#     runs the killed worker's action to completion, every SYCL action ran
#     on a worker (execution log runner "remote"), and every SYCL/C++ output
#     is byte-identical to this checkout's local build of the same targets
#     (sandboxed; the Go tools' actions in persistent workers);
#  2. a clean build of both from a second checkout and output base executes
#     nothing: every spawn is a remote cache hit, with the same digests.
# REMOTE_FIGURES=1 also times, each on a fresh Buildbarn with 2 workers, a
# clean remote app50 build for spir64 and three Intel GPUs with how its
# SyclAot actions spread over the workers (execlog.py spread; REMOTE_FIGURES=aot:
# this one only), undisturbed clean remote app50 builds with --jobs=2 and
# --jobs=8 (with the per-action remote overhead: execlog.py overhead) and
# check 1's build without a kill, then a clean local (sandboxed, no cache)
# app50 build with --jobs=2;
# REMOTE_LOGS=DIR keeps the logs (Bazel, execution logs, profiles, Buildbarn's
# processes) there.
#   tests/remote/run.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
bin="$root/.offline/buildbarn/bin"
conf="$root/tests/remote/buildbarn"
app=//tests/hermetic/app50:app50
# What checks 1 and 2 build: app50 (50 SYCL C++ TUs) and the two vector_add
# programs that reach every other kind of step a remote worker runs:
# vector_add_all_targets (JIT SPIR-V, x86-64 AOT images through the CPU
# runtime's compiler, Intel GPU zebins through ocloc, spir64_gen, nvptx64)
# and a compressed one; and examples/onedpl, whose compiles take a library's
# headers from a repository of their own (@rules_sycl_onedpl): they travel
# as inputs. The other examples add only more of the same actions
# (./test.sh builds and runs them all locally, and under Bazel 7).
scope=("$app" //examples/vector_add:vector_add_all_targets_trace_test //examples/vector_add:vector_add_intel_gpu_compressed_trace_test //examples/onedpl:onedpl_test)
# Local builds use both cores; a remote build keeps more actions in flight
# than there are workers, so that a worker finishing an action finds the next
# one already queued (the scheduler hands it out in the same call).
jobs=2
rjobs="${REMOTE_JOBS:-8}"
t0=$(date +%s)

die() { echo "remote: $*" >&2; exit 1; }
for b in bb_storage bb_scheduler bb_worker bb_runner; do
  [ -x "$bin/$b" ] || die "$bin/$b is missing: run ./setup.sh"
done

# Output bases and the second checkout persist between runs (git-ignored,
# .bazelignore'd) so that only the first run fetches external repositories;
# every build below starts from `bazel clean`.
state="$root/.remote/state"
mkdir -p "$state"
work="$(mktemp -d "${TMPDIR:-/tmp}/remote.XXXXXX")"
oba="$state/ob-a"
obb="$state/ob-b"
# Every Buildbarn process runs under `timeout`, which puts it in a process
# group of its own (the action a bb_runner runs included).
groups=()
cleanup() {
  local rc=$? g
  # bb_worker ignores SIGTERM; nothing here keeps state.
  for g in "${groups[@]}"; do kill -KILL -- "-$g" 2>/dev/null || true; done
  for g in "${groups[@]}"; do wait "$g" 2>/dev/null || true; done
  [ -n "${build_pid:-}" ] && { kill "$build_pid" 2>/dev/null || true; wait "$build_pid" 2>/dev/null || true; }
  (cd "$root" && timeout 60 bazel --output_base="$oba" shutdown >/dev/null 2>&1) || true
  # The local reference build's server (this checkout's default output base).
  (cd "$root" && timeout 60 bazel shutdown >/dev/null 2>&1) || true
  if [ -d "$state/checkout-b" ]; then
    (cd "$state/checkout-b" && timeout 60 bazel --output_base="$obb" shutdown >/dev/null 2>&1) || true
  fi
  if [ -n "${REMOTE_LOGS:-}" ]; then
    mkdir -p "$REMOTE_LOGS"
    cp "$work"/*.log "$work"/*.json "$work"/*.txt "$REMOTE_LOGS"/ 2>/dev/null || true
  fi
  if [ $rc -ne 0 ]; then
    for f in "$work"/*.log; do
      [ -f "$f" ] || continue
      echo "--- tail of $(basename "$f")" >&2
      tail -15 "$f" | cut -c1-400 >&2
    done
  fi
  rm -rf "$work"
}
trap cleanup EXIT
# A TERM or INT (e.g. test.sh's timeout) also stops everything.
trap 'exit 143' TERM
trap 'exit 130' INT

step() { printf 'remote: [%4d s] %s\n' "$(($(date +%s) - t0))" "$*"; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

wait_port() {
  local port=$1 pid=$2
  for _ in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || die "process $pid exited before listening on $port"
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  die "nothing listens on 127.0.0.1:$port after 60 s"
}

# daemon LOG BINARY CONFIG: starts $bin/BINARY with $conf/CONFIG (the
# environment carries its external variables), bounded by `timeout`; sets
# daemon_pid (the `timeout`, whose process group is that of BINARY).
daemon() {
  timeout -s KILL 3600 "$bin/$2" "$conf/$3" >"$work/$1.log" 2>&1 &
  daemon_pid=$!
  groups+=("$daemon_pid")
}

# start_buildbarn NAME: bb_storage and bb_scheduler with an empty CAS, action
# cache and queue, on new ports; sets port (bb_storage's).
start_buildbarn() {
  port="$(free_port)"
  local sc sw
  sc="$(free_port)"
  sw="$(free_port)"
  export BB_STORAGE="127.0.0.1:$port" BB_SCHEDULER_CLIENTS="127.0.0.1:$sc" BB_SCHEDULER_WORKERS="127.0.0.1:$sw"
  daemon "$1-storage" bb_storage storage.jsonnet
  local storage=$daemon_pid
  daemon "$1-scheduler" bb_scheduler scheduler.jsonnet
  wait_port "$port" "$storage"
  wait_port "$sc" "$daemon_pid"
  wait_port "$sw" "$daemon_pid"
}

# start_worker NAME: a bb_runner and a bb_worker in $work/NAME; sets
# worker_groups (both processes' groups, which SIGKILL kills together with
# the action the runner runs).
start_worker() {
  local dir="$work/$1"
  mkdir -p "$dir/build" "$dir/cache"
  export BB_WORKER_DIR="$dir" BB_WORKER_NAME="$1"
  daemon "$1-runner" bb_runner runner.jsonnet
  worker_groups="$daemon_pid"
  for _ in $(seq 1 100); do
    [ -S "$dir/runner" ] && break
    kill -0 "$daemon_pid" 2>/dev/null || die "bb_runner of $1 exited: $(tail -1 "$work/$1-runner.log")"
    sleep 0.1
  done
  [ -S "$dir/runner" ] || die "bb_runner of $1 did not create $dir/runner"
  daemon "$1" bb_worker worker.jsonnet
  worker_groups+=" $daemon_pid"
}

# kill_worker NAME GROUPS: SIGKILL to a worker's bb_worker, bb_runner and
# action, as if its machine died.
kill_worker() {
  local g rest=()
  for g in $2; do kill -KILL -- "-$g" 2>/dev/null || true; done
  for g in $2; do wait "$g" 2>/dev/null || true; done
  # Orphaned children of the runner are reaped by init shortly after.
  for _ in $(seq 1 50); do
    pgrep -g "${2// /,}" >/dev/null || break
    sleep 0.1
  done
  ! pgrep -g "${2// /,}" >/dev/null || die "$1 survived SIGKILL: $(pgrep -a -g "${2// /,}" | head -3)"
  for g in "${groups[@]}"; do [[ " $2 " == *" $g "* ]] || rest+=("$g"); done
  groups=("${rest[@]}")
}

# Worker logs: bb_worker logs "Action: blobs/sha256/action/HASH-SIZE/ ..."
# when it starts an action and "ExecuteResponse: {...}" when it is done.
done_actions() { grep -c 'ExecuteResponse: ' "$work/$1.log" || true; }
# held_action NAME: the action the worker started last and did not finish.
held_action() {
  awk '/ Action: / { a = $0; sub(/.*\/action\//, "", a); sub(/\/.*/, "", a) } / ExecuteResponse: / { a = "" } END { print a }' "$work/$1.log"
}

step "starting Buildbarn (bb_storage, bb_scheduler) and 2 workers (bb_worker + bb_runner)"
start_buildbarn bb
start_worker w1
w1_groups=$worker_groups
start_worker w2
step "bb_storage on 127.0.0.1:$port"

remote=(--config=remote "--remote_executor=grpc://127.0.0.1:$port" "--jobs=$rjobs")

# bazel_a ARGS...: a build in this checkout's remote output base (test: no
# bazel-* symlinks, which would point a later Bazel at this output base).
bazel_a() { (cd "$root" && timeout 900 bazel --output_base="$oba" "$@"); }

# The local reference (reuses this checkout's default output base): spawns
# sandboxed, the Go tools' actions in persistent workers.
step "local sandboxed build of ${scope[*]}"
(timeout 900 bazel build "--jobs=$jobs" "${scope[@]}") >"$work/local.log" 2>&1 || die "local build failed"
local_exec="$(bazel info execution_root 2>/dev/null)"

# same_as_local LOG: every SYCL/C++ output in LOG has the local build's bytes.
same_as_local() {
  python3 tests/remote/execlog.py outputs "$1" >"$1.sha"
  local n
  n="$(wc -l <"$1.sha")"
  [ "$n" -gt 0 ] || die "$1: no outputs logged"
  if ! (cd "$local_exec" && sha256sum --quiet -c "$1.sha") >"$1.diff" 2>&1; then
    head -10 "$1.diff" >&2
    die "remote outputs differ from the local build (see above)"
  fi
  echo "$n"
}

bazel_a clean >/dev/null 2>&1
step "1. clean remote build of ${scope[*]} (2 workers; one is killed mid-build and a third joins; tests run here)"
start=$(date +%s.%N)
bazel_a test "${remote[@]}" --symlink_prefix=/ --strategy=TestRunner=local --execution_log_json_file="$work/a.json" "${scope[@]}" >"$work/a.log" 2>&1 &
build_pid=$!
# Kill w1 while it runs an action, after both workers have done some work,
# once it has held the same action for half a second (so that it is not
# about to report it done); then note when another worker starts that action.
killed=""
action=""
held=0
retaken=""
for _ in $(seq 1 9000); do
  kill -0 "$build_pid" 2>/dev/null || break
  if [ -z "$killed" ]; then
    done1=$(done_actions w1)
    done2=$(done_actions w2)
    now=""
    if [ "$done1" -ge 10 ] && [ "$done2" -ge 10 ]; then now="$(held_action w1)"; fi
    if [ -n "$now" ] && [ "$now" = "$action" ]; then held=$((held + 1)); else held=0; fi
    action="$now"
    if [ "$held" -ge 5 ]; then
      ! grep -q "/action/$action/" "$work/w2.log" || die "w2 ran action $action before w1 held it"
      kill_worker w1 "$w1_groups"
      killed_at=$(date +%s.%N)
      killed="after w1 ran $done1 actions and w2 $done2, holding action $action"
      start_worker w3
    fi
  elif [ -z "$retaken" ] && grep -q "/action/$action/" "$work/w2.log" "$work/w3.log"; then
    retaken="$(echo "$(date +%s.%N) - $killed_at" | bc | cut -d. -f1)"
  fi
  sleep 0.1
done
rc=0
wait "$build_pid" || rc=$?
build_pid=""
a_s=$(echo "$(date +%s.%N) - $start" | bc)
[ -n "$killed" ] || die "the build ended before a worker could be killed (rc $rc)"
[ $rc -eq 0 ] || die "the remote build or the local tests failed after a worker was killed (rc $rc)"
[ "$(held_action w1)" = "$action" ] || die "w1 finished action $action: it was not killed while holding it"
python3 tests/remote/execlog.py worker "$work/w2.log" "$work/w3.log" >"$work/workers.txt"
taker="$(awk -v a="$action" '$1 == a && $3 == "exit=0" && $4 == "status=0" { print $2; exit }' "$work/workers.txt")"
[ -n "$taker" ] || die "action $action, held by the killed worker, was not run to completion by another worker"
grep -E '^INFO: [0-9]+ processes|^Executed' "$work/a.log" | tail -2
python3 tests/remote/execlog.py remote "$work/a.json" | tail -2
n=$(same_as_local "$work/a.json")
# tests/hermetic/check.sh's claim, made here (./test.sh runs one or the
# other): the workers' build directories are other absolute paths than this
# checkout's execution root, and the ahead-of-time images are among the
# outputs compared.
aot="$(grep -c ' bazel-out/[^/]*/bin/examples/vector_add/_sycl/[^/]*/spir64_x86_64/.*/aot/[^/]*\.bin$' "$work/a.json.sha" || true)"
zebins="$(grep -c ' bazel-out/[^/]*/bin/examples/vector_add/_sycl/[^/]*/intel_gpu_[^/]*/.*/aot/[^/]*\.zebin$' "$work/a.json.sha" || true)"
[ "$aot" -gt 0 ] && [ "$zebins" -gt 0 ] || die "among the remote outputs compared: $aot x86-64 AOT images and $zebins Intel GPU zebins of vector_add, want some of each"
step "   killed w1 (SIGKILL to bb_worker, bb_runner and the action) $killed; $taker started it again ${retaken:-?} s after the kill (bb_scheduler drops a worker silent for a minute and fails its action with UNAVAILABLE; Bazel retries it) and completed it; w2 ran $(done_actions w2) actions, w3 $(done_actions w3); the build succeeded $(echo "$(date +%s.%N) - $killed_at" | bc | cut -d. -f1) s after the kill, ${a_s%.*} s wall in all (analysis and tests included); $n SYCL/C++ outputs byte-identical to the local build ($aot x86-64 AOT images and $zebins Intel GPU zebins among them)"

step "2. second checkout, clean output base: everything from the remote cache"
cob="$state/checkout-b"
rm -rf "$cob"
mkdir -p "$cob"
git ls-files --cached --others --exclude-standard -z | xargs -0 tar -cf - --no-recursion | tar -xf - -C "$cob"
[ -f .bazelrc.offline ] && cp .bazelrc.offline "$cob/"
(cd "$cob" && timeout 120 bazel --output_base="$obb" clean >/dev/null 2>&1) || true
(cd "$cob" && timeout 900 bazel --output_base="$obb" build "${remote[@]}" --execution_log_json_file="$work/b.json" "${scope[@]}") >"$work/b.log" 2>&1 ||
  die "build in the second checkout failed"
summary="$(grep -E '^INFO: [0-9]+ processes' "$work/b.log" | tail -1)"
echo "$summary"
python3 tests/remote/execlog.py cached "$work/b.json" | tail -1
(cd "$cob" && timeout 60 bazel --output_base="$obb" shutdown >/dev/null 2>&1) || true
# The second checkout's outputs are those of the first remote builds.
python3 tests/remote/execlog.py outputs "$work/b.json" >"$work/b.sha"
awk 'FILENAME != ARGV[2] { want[$2] = $1; next } ($2 in want) && want[$2] != $1 { print; bad = 1 } END { exit bad }' \
  "$work/a.json.sha" "$work/b.sha" >&2 ||
  die "second checkout's outputs differ from the first's (above)"
step "   $(wc -l <"$work/b.sha") outputs, all remote cache hits, same digests as the first checkout"

if [ -n "${REMOTE_FIGURES:-}" ]; then
  # fresh_buildbarn NAME: stops every Buildbarn process and starts an empty
  # one with 2 workers, NAME-w1 and NAME-w2.
  fresh_buildbarn() {
    local g
    for g in "${groups[@]}"; do kill -KILL -- "-$g" 2>/dev/null || true; done
    for g in "${groups[@]}"; do wait "$g" 2>/dev/null || true; done
    groups=()
    start_buildbarn "$1"
    start_worker "$1-w1"
    start_worker "$1-w2"
  }
  # remote_app50 NAME JOBS: an undisturbed clean remote build of $app on a
  # fresh Buildbarn with 2 workers, and its per-action overhead.
  remote_app50() {
    fresh_buildbarn "$1"
    bazel_a clean >/dev/null 2>&1
    start=$(date +%s.%N)
    bazel_a build --config=remote "--remote_executor=grpc://127.0.0.1:$port" "--jobs=$2" \
      --execution_log_json_file="$work/$1.json" --profile="$work/$1.profile.json" "$app" >"$work/$1.log" 2>&1 ||
      die "remote build failed"
    step "   remote, --jobs=$2: $(echo "$(date +%s.%N) - $start" | bc | cut -d. -f1) s wall; $(grep -E '^INFO: (Elapsed|[0-9]+ processes)' "$work/$1.log" | tr '\n' ' ')"
    python3 tests/remote/execlog.py remote "$work/$1.json" | tail -2
    python3 tests/remote/execlog.py overhead "$work/$1.json" "$work/$1.profile.json" "$work/$1-w1.log" "$work/$1-w2.log"
  }
  # Issue 39's Buildbarn figure: app50 for three Intel GPUs, one SyclAot
  # action per image table and GPU, and how they spread over the workers.
  gpus=--//sycl:targets=spir64,intel_gpu_pvc,intel_gpu_bmg_g21,intel_gpu_lnl_m
  step "figures: fresh Buildbarn, 2 workers, clean remote build of $app for ${gpus#*=}"
  fresh_buildbarn aot
  bazel_a clean >/dev/null 2>&1
  start=$(date +%s.%N)
  bazel_a build --config=remote "--remote_executor=grpc://127.0.0.1:$port" "--jobs=$rjobs" "$gpus" \
    --execution_log_json_file="$work/aot.json" "$app" >"$work/aot.log" 2>&1 || die "remote Intel GPU build failed"
  step "   $(echo "$(date +%s.%N) - $start" | bc | cut -d. -f1) s wall; $(grep -E '^INFO: (Elapsed|[0-9]+ processes)' "$work/aot.log" | tr '\n' ' ')"
  python3 tests/remote/execlog.py spread SyclAot "$work/aot.json" "$work/aot-w1.log" "$work/aot-w2.log"
  if [ "$REMOTE_FIGURES" = aot ]; then
    step "all checks passed (REMOTE_FIGURES=aot: the Intel GPU figure only)"
    exit 0
  fi
  step "figures: fresh Buildbarn, 2 workers, undisturbed clean remote builds of $app"
  remote_app50 fig2 "$jobs"
  remote_app50 fig8 "$rjobs"
  step "figures: fresh Buildbarn, 2 workers, check 1's build and tests without a kill"
  fresh_buildbarn nokill
  bazel_a clean >/dev/null 2>&1
  start=$(date +%s.%N)
  bazel_a test --config=remote "--remote_executor=grpc://127.0.0.1:$port" "--jobs=$rjobs" --strategy=TestRunner=local \
    "${scope[@]}" >"$work/nokill.log" 2>&1 || die "remote build or tests failed"
  step "   without a kill: $(echo "$(date +%s.%N) - $start" | bc | cut -d. -f1) s wall (check 1 with the kill: ${a_s%.*} s)"
  step "figures: clean local sandboxed build of $app (no cache)"
  bazel_a clean >/dev/null 2>&1
  start=$(date +%s.%N)
  bazel_a build --disk_cache= "--jobs=$jobs" "$app" >"$work/localtime.log" 2>&1 || die "local build failed"
  step "   local, --jobs=$jobs: $(echo "$(date +%s.%N) - $start" | bc | cut -d. -f1) s wall; $(grep -E '^INFO: (Elapsed|[0-9]+ processes)' "$work/localtime.log" | tr '\n' ' ')"
fi

step "all checks passed"
