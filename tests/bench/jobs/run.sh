#!/usr/bin/env bash
# Clean-build parallelism of the SYCL action graph: builds the generated
# 50-TU program (tests/hermetic/app50) from scratch with --jobs=1 and --jobs=2,
# each in a fresh output base, and prints the wall times and their ratio
# (issue goal: >= 1.7x on 2 cores). A benchmark: run by hand, not by tests.
#   tests/bench/jobs/run.sh [TARGET]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
target="${1:-//tests/hermetic/app50:app50}"
work="$(mktemp -d "${TMPDIR:-/tmp}/jobs.XXXXXX")"
trap 'for j in 1 2; do (cd "$root" && bazel --output_base="$work/ob$j" shutdown >/dev/null 2>&1) || true; done; rm -rf "$work"' EXIT
cd "$root"
declare -A secs
for j in 1 2; do
  # Fetch external repositories first so only the build is timed.
  bazel --output_base="$work/ob$j" fetch "$target" >/dev/null 2>&1
  start=$(date +%s.%N)
  bazel --output_base="$work/ob$j" build --symlink_prefix=/ --jobs=$j "$target" >"$work/j$j.log" 2>&1
  end=$(date +%s.%N)
  secs[$j]=$(echo "$end - $start" | bc)
  echo "--jobs=$j: ${secs[$j]} s ($(grep -E '^INFO: [0-9]+ processes' "$work/j$j.log" | tail -1 | sed 's/^INFO: //'))"
done
echo "speed-up --jobs=2 vs --jobs=1: $(echo "scale=2; ${secs[1]} / ${secs[2]}" | bc)x"
