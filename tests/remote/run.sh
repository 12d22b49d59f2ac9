#!/usr/bin/env bash
# Remote execution of the SYCL action graph on a real REAPI service, on
# loopback: BuildGrid (CAS, ByteStream, ActionCache, Execution, Bots; pinned in
# tests/remote/requirements.txt, installed by setup.sh into .remote/venv) with
# a private PostgreSQL for its scheduler, and two test workers
# (tests/remote/worker). Every process is started here and stopped by the
# EXIT trap; each step is bounded by `timeout`.
#
# Checks (any failure exits 1):
#  1. a clean remote build (--config=remote) of //tests/hermetic/app50 and
#     `bazel test //examples/...` (built remotely; the tests themselves run
#     and verify on this machine), during which one worker is killed
#     (SIGKILL) while it holds a lease and a third worker joins: the build
#     succeeds, another worker runs the killed worker's lease, every SYCL
#     action ran on a worker (execution log runner "remote"), and every
#     SYCL/C++ output is byte-identical to this checkout's local build of the
#     same targets (sandboxed; the Go tools' actions in persistent workers);
#  2. a clean build of both from a second checkout and output base executes
#     nothing: every spawn is a remote cache hit, with the same digests.
# REMOTE_FIGURES=1 also times, on a fresh server, an undisturbed clean remote
# app50 build and a clean local (sandboxed, no cache) one; REMOTE_LOGS=DIR
# keeps the logs (Bazel, execution logs, BuildGrid, workers) there.
#   tests/remote/run.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
venv="$root/.remote/venv"
pgbin="${PGBIN:-/usr/lib/postgresql/15/bin}"
GO="$root/.offline/go_sdk/bin/go"
app=//tests/hermetic/app50:app50
# Local builds use both cores; a remote build keeps more actions in flight
# than there are workers, so that a worker finishing a lease finds the next
# job already queued (BuildGrid hands it out in the same call).
jobs=2
rjobs="${REMOTE_JOBS:-8}"
t0=$(date +%s)

die() { echo "remote: $*" >&2; exit 1; }
[ -x "$venv/bin/bgd" ] || die "BuildGrid is not installed in $venv: run ./setup.sh"
[ -x "$pgbin/initdb" ] || die "PostgreSQL not found in $pgbin: run ./setup.sh (Debian postgresql-15)"
[ -x "$GO" ] || GO=go

# Output bases and the second checkout persist between runs (git-ignored,
# .bazelignore'd) so that only the first run fetches external repositories;
# every build below starts from `bazel clean`.
state="$root/.remote/state"
mkdir -p "$state"
work="$(mktemp -d "${TMPDIR:-/tmp}/remote.XXXXXX")"
chmod 755 "$work"
oba="$state/ob-a"
obb="$state/ob-b"
pids=()
pg_started=""
cleanup() {
  local rc=$?
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  (cd "$root" && timeout 60 bazel --output_base="$oba" shutdown >/dev/null 2>&1) || true
  [ -d "$state/checkout-b" ] && (cd "$state/checkout-b" && timeout 60 bazel --output_base="$obb" shutdown >/dev/null 2>&1) || true
  [ -n "$pg_started" ] && as_pg "$pgbin/pg_ctl" -D "$work/pg/data" -m immediate -w stop >/dev/null 2>&1 || true
  if [ -n "${REMOTE_LOGS:-}" ]; then
    mkdir -p "$REMOTE_LOGS" && cp "$work"/*.log "$work"/*.json "$REMOTE_LOGS"/ 2>/dev/null || true
  fi
  if [ $rc -ne 0 ]; then
    for f in "$work"/*.log; do
      [ -f "$f" ] || continue
      echo "--- tail of $(basename "$f")" >&2
      tail -15 "$f" >&2
    done
  fi
  rm -rf "$work"
}
trap cleanup EXIT
# A TERM or INT (e.g. test.sh's timeout) also stops everything.
trap 'exit 143' TERM
trap 'exit 130' INT

# PostgreSQL refuses to run as root.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

step() { printf 'remote: [%4d s] %s\n' "$(($(date +%s) - t0))" "$*"; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

wait_port() {
  local port=$1 pid=$2 i
  for i in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || die "process $pid exited before listening on $port"
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then return 0; fi
    sleep 0.5
  done
  die "nothing listens on 127.0.0.1:$port after 60 s"
}

step "building and testing the test worker"
(cd tests/remote/worker && GOFLAGS=-mod=mod timeout 300 "$GO" vet . && GOFLAGS=-mod=mod timeout 300 "$GO" test . &&
  GOFLAGS=-mod=mod timeout 300 "$GO" build -o "$work/worker" .) >"$work/worker-build.log" 2>&1 ||
  die "worker build or test failed: $(tail -3 "$work/worker-build.log")"

step "starting PostgreSQL (Unix socket only)"
mkdir -p "$work/pg" "$work/sock"
[ "$(id -u)" -eq 0 ] && chown postgres "$work/pg" "$work/sock"
as_pg timeout 120 "$pgbin/initdb" -D "$work/pg/data" -A trust -U bgd --no-sync >"$work/initdb.log" 2>&1 || die "initdb failed"
as_pg timeout 60 "$pgbin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w \
  -o "-c listen_addresses='' -c unix_socket_directories=$work/sock -c fsync=off -c max_connections=200" start >/dev/null
pg_started=1

server_pid=""
# start_server DB: a BuildGrid server with a fresh (in-memory) CAS and
# action cache, on a new port; sets port and server_pid.
start_server() {
  local db=$1
  as_pg "$pgbin/createdb" -h "$work/sock" -U bgd "$db"
  export BGD_SQL="postgresql+psycopg2://bgd@/$db?host=$work/sock"
  timeout 120 "$venv/bin/bgd" migrate apply "$BGD_SQL" >"$work/migrate-$db.log" 2>&1 || die "bgd migrate failed"
  port="$(free_port)"
  export BGD_ADDRESS="127.0.0.1:$port"
  timeout 3600 "$venv/bin/bgd" server start tests/remote/buildgrid.yml >"$work/bgd-$db.log" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  wait_port "$port" "$server_pid"
}

# start_worker NAME: sets worker_pid (the `timeout` that bounds it, which
# passes TERM on) and worker_child (the worker itself: SIGKILL cannot be
# passed on).
start_worker() {
  timeout 3600 "$work/worker" -server "127.0.0.1:$port" -id "$1" -dir "$work/$1" >"$work/$1.log" 2>&1 &
  worker_pid=$!
  pids+=("$worker_pid")
  worker_child=""
  local i
  for i in $(seq 1 100); do
    worker_child="$(pgrep -P "$worker_pid" || true)"
    [ -n "$worker_child" ] && break
    sleep 0.1
  done
  [ -n "$worker_child" ] || die "worker $1 did not start"
}

stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

step "starting BuildGrid $("$venv/bin/pip" show buildgrid 2>/dev/null | sed -n 's/^Version: //p') and 2 workers"
start_server bgd
start_worker w1
w1_child=$worker_child
start_worker w2
w2=$worker_pid
step "BuildGrid on 127.0.0.1:$port"

remote=(--config=remote "--remote_executor=grpc://127.0.0.1:$port" "--jobs=$rjobs")

# bazel_a ARGS...: a build in this checkout's remote output base (test: no
# bazel-* symlinks, which would point a later Bazel at this output base).
bazel_a() { (cd "$root" && timeout 900 bazel --output_base="$oba" "$@"); }

# The local reference (reuses this checkout's default output base): spawns
# sandboxed, the Go tools' actions in persistent workers.
step "local sandboxed build of $app and //examples/..."
(timeout 900 bazel build "--jobs=$jobs" "$app" //examples/...) >"$work/local.log" 2>&1 || die "local build failed"
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

# held_lease LOG: the lease a worker started last and did not finish, if any.
held_lease() {
  local id
  id="$(sed -n 's/.* lease \([^:]*\): start .*/\1/p' "$1" | tail -1)"
  [ -n "$id" ] && ! grep -q " lease $id: .* exit " "$1" && echo "$id"
  return 0
}

bazel_a clean >/dev/null 2>&1
step "1. clean remote build of $app and //examples/... (2 workers; one is killed mid-build and a third joins; tests run here)"
start=$(date +%s.%N)
bazel_a test "${remote[@]}" --symlink_prefix=/ --strategy=TestRunner=local --execution_log_json_file="$work/a.json" "$app" //examples/... >"$work/a.log" 2>&1 &
build_pid=$!
pids+=("$build_pid")
# Kill w1 while it runs an action, after both workers have done some work.
killed=""
for i in $(seq 1 6000); do
  kill -0 "$build_pid" 2>/dev/null || break
  done1=$(grep -c ' exit ' "$work/w1.log" || true)
  done2=$(grep -c ' exit ' "$work/w2.log" || true)
  lease=""
  [ "$done1" -ge 10 ] && [ "$done2" -ge 10 ] && lease="$(held_lease "$work/w1.log")"
  if [ -n "$lease" ]; then
    kill -KILL "$w1_child"
    killed_at=$(date +%s)
    killed="after w1 ran $done1 actions and w2 $done2, holding lease $lease"
    start_worker w3
    w3=$worker_pid
    break
  fi
  sleep 0.1
done
rc=0
wait "$build_pid" || rc=$?
a_s=$(echo "$(date +%s.%N) - $start" | bc)
[ -n "$killed" ] || die "the build ended before a worker could be killed (rc $rc)"
[ $rc -eq 0 ] || die "the remote build or the local tests failed after a worker was killed (rc $rc)"
! kill -0 "$w1_child" 2>/dev/null || die "w1 ($w1_child) survived SIGKILL"
! grep -q " lease $lease: .* exit " "$work/w1.log" || die "w1 finished lease $lease: it was not killed while holding it"
grep -q " lease $lease: .* exit 0 " "$work/w2.log" "$work/w3.log" ||
  die "lease $lease, held by the killed worker, was not run to completion by another worker"
taker="$(grep -l " lease $lease: .* exit 0 " "$work/w2.log" "$work/w3.log" | head -1)"
grep -E '^INFO: [0-9]+ processes|^Executed' "$work/a.log" | tail -2
python3 tests/remote/execlog.py remote "$work/a.json" | tail -2
n=$(same_as_local "$work/a.json")
step "   killed w1 (SIGKILL) $killed; $(basename "$taker" .log) ran that lease again (BuildGrid expires a silent bot's session after 10 s and queues its lease again); w2 ran $(grep -c ' exit ' "$work/w2.log") actions, w3 $(grep -c ' exit ' "$work/w3.log"); the build succeeded $(($(date +%s) - killed_at)) s after the kill, ${a_s%.*} s wall in all (analysis and tests included); $n SYCL/C++ outputs byte-identical to the local build"

step "2. second checkout, clean output base: everything from the remote cache"
cob="$state/checkout-b"
rm -rf "$cob"
mkdir -p "$cob"
git ls-files --cached --others --exclude-standard -z | xargs -0 tar -cf - --no-recursion | tar -xf - -C "$cob"
[ -f .bazelrc.offline ] && cp .bazelrc.offline "$cob/"
(cd "$cob" && timeout 120 bazel --output_base="$obb" clean >/dev/null 2>&1) || true
(cd "$cob" && timeout 900 bazel --output_base="$obb" build "${remote[@]}" --execution_log_json_file="$work/b.json" "$app" //examples/...) >"$work/b.log" 2>&1 ||
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
  step "figures: fresh server, 2 workers, undisturbed clean remote build of $app"
  stop "$w2"
  stop "$w3"
  stop "$server_pid"
  start_server bgd_figures
  start_worker f1
  start_worker f2
  remote=(--config=remote "--remote_executor=grpc://127.0.0.1:$port" "--jobs=$rjobs")
  bazel_a clean >/dev/null 2>&1
  start=$(date +%s.%N)
  bazel_a build "${remote[@]}" --execution_log_json_file="$work/fig.json" "$app" >"$work/fig.log" 2>&1 || die "remote build failed"
  step "   remote: $(echo "$(date +%s.%N) - $start" | bc | cut -d. -f1) s wall; $(grep -E '^INFO: (Elapsed|[0-9]+ processes)' "$work/fig.log" | tr '\n' ' ')"
  python3 tests/remote/execlog.py remote "$work/fig.json" | tail -2
  step "figures: clean local sandboxed build of $app (no cache)"
  bazel_a clean >/dev/null 2>&1
  start=$(date +%s.%N)
  bazel_a build --disk_cache= "--jobs=$jobs" "$app" >"$work/localtime.log" 2>&1 || die "local build failed"
  step "   local: $(echo "$(date +%s.%N) - $start" | bc | cut -d. -f1) s wall; $(grep -E '^INFO: (Elapsed|[0-9]+ processes)' "$work/localtime.log" | tr '\n' ' ')"
fi

step "all checks passed"
