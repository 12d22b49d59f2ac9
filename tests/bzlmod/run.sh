#!/usr/bin/env bash
# The Bazel 7.7.1 (bzlmod) suite, part of ./test.sh; needs ./setup.sh.
#   1. rules_sycl itself as the root module: bazel test //... less what
#      Bazel 7 would only repeat (REPEATED) and what cannot run in sid
#      (POCL_TESTS); the comments below say why.
#   2. tests/bzlmod/consumer, a separate module that has nothing but
#      bazel_dep(rules_sycl) + local_path_override and BUILD files: its own
#      SYCL C++ test, then every example of rules_sycl by label
#      (@rules_sycl//examples/... and @rules_sycl//tests/sycl_cxx/..., the
#      SYCL C++ example) built and run, and `bazel run` of the main example.
# Both run under tests/bzlmod/bazel9.bazelrc (Bazel 9 as far as 7.7.1 can
# show it: no WORKSPACE, the shell rules taken away, the --incompatible_*
# flags Bazel 8 and 9 flipped), which tests/bzlmod/bazel7 passes to every
# command; after each, the BUILD files rules_sycl's repository rules wrote
# get buildifier's native-* check (7.7.1 cannot take CcInfo and the cc
# rules away: docs/development.md, "Bazel 8 and 9").
# Each part shuts its Bazel server down. Prints the time of each part.
#   tests/bzlmod/run.sh [wrapper|root|consumer]...   (default: all three)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
ROOT="$PWD"
BAZEL7="$ROOT/tests/bzlmod/bazel7"
FLAGS=(--jobs=2 --curses=no --color=no --show_progress_rate_limit=60)
LOG="${TMPDIR:-/tmp}/rules_sycl_bazel7"

# Tests of rules_sycl that cannot pass in Debian sid, with the reason
# (docs/development.md, "Bazel 7 in Debian sid"): they run device images on PoCL
# through tests/runtime, which hands PoCL LLVM bitcode with
# clCreateProgramWithBinary (SPIR-V turned back by llvm-spirv -r, and
# format-3 bitcode images). Debian 12's PoCL 3.1 takes it; sid's PoCL 7.1
# rejects every LLVM bitcode there (CL_INVALID_BINARY, with llvm-spirv-19's
# and llvm-spirv-21's output alike). ./test.sh runs them under Bazel 4.2.3.
POCL_TESTS=(
  //tests/runtime:runtime_test
  //tests/runtime:syclbin_test
  //tests/opencl/spec_constants:spec_constants_emulation_test
  //tests/opencl/syclbin:syclbin_pocl_test
)
# (None is under examples/, all of which the consumer runs: every example is
# SYCL C++ on Intel's runtime.)
EXCEPTIONS=()
for t in "${POCL_TESTS[@]}"; do EXCEPTIONS+=("-$t"); done
# What Bazel 7 would only repeat: the Go tools' unit tests (Go code that
# ./test.sh's Bazel 4.2.3 run already tests with the same sources; the
# Gazelle extension stays: Bazel 7 runs it on Gazelle 0.39.1), the
# generated sycl-post-link corpus, the 50-TU hermetic and benchmark
# programs and the 50-TU OpenCL C program's split-mode and CPU AOT variants
# (more of the same actions as the small programs'; app50 itself and its
# device-link unused-inputs test stay), and the examples and SYCL C++
# tests, which the consumer module below builds and runs through
# @rules_sycl. What Bazel 7 adds is the rules themselves: the analysis
# tests, and the OpenCL C, runtime, real-runtime, AOT and GPU-image tests,
# under bzlmod.
REPEATED=(//tools/... //tests/corpus/... //tests/hermetic/... //tests/bench/... //examples/... //tests/sycl_cxx/...)
REPEATED+=(//tests/opencl/app50:app50_{per_kernel,off}_test //tests/opencl/app50:app50_cpu_aot{,_both}_trace_test)
for p in "${REPEATED[@]}"; do EXCEPTIONS+=("-$p"); done
# The Gazelle extension's golden test calls Gazelle's Go API as 0.26.0 (the
# WORKSPACE's, where ./test.sh runs it) has it; Gazelle 0.51.3 (bzlmod: the
# one rules_go 0.61.1 needs) moved merger to its v2 module and gave
# merger.MergeFile a sixth argument. The extension itself builds and runs
# here (//gazelle:gazelle_sycl_generation_test).
EXCEPTIONS+=(-//gazelle/sycl:sycl_test)

# lint_generated PATTERN: buildifier's native-* warnings (a symbol Bazel 9
# no longer predeclares, not loaded) in the BUILD files of the external
# repositories PATTERN names in the current workspace's output base: those
# rules_sycl's repository rules write, which ./test.sh's buildifier step
# (tracked files) does not see.
lint_generated() {
  local output_base files out
  output_base="$("$BAZEL7" info output_base 2>/dev/null)"
  # shellcheck disable=SC2206
  files=($output_base/external/$1/BUILD.bazel)
  [ -f "${files[0]}" ] || { echo "FAIL: no repository $1 in $output_base/external" >&2; return 1; }
  out="$("$ROOT/.offline/bin/buildifier" -mode=check -lint=warn -warnings=all "${files[@]}" 2>&1 | grep ': native-' || true)"
  if [ -n "$out" ]; then
    printf '%s\n' "$out" >&2
    echo "FAIL: BUILD files rules_sycl's repository rules wrote use symbols Bazel 9 does not predeclare" >&2
    return 1
  fi
  echo "generated BUILD files: ${#files[@]} (external/$1), each loading what Bazel 9 does not predeclare"
}

# executed LOGFILE: "N" from Bazel's "Executed N out of M tests: N tests pass."
executed() {
  sed -n 's/^Executed [0-9]* out of [0-9]* tests*: \([0-9]*\) tests* pass.*/\1/p' "$1" | tail -1
}

# The test results and errors of a Bazel log.
summary() {
  grep -E '^(//|@|ERROR|FAIL|Executed|INFO: Build|INFO: Elapsed)' "$1" || true
}

run_root() {
  local start=$SECONDS rc=0
  echo "--- Bazel 7.7.1: bazel test //... (rules_sycl as the root module)"
  "$BAZEL7" test "${FLAGS[@]}" -- //... "${EXCEPTIONS[@]}" >"$LOG.root.log" 2>&1 || rc=$?
  summary "$LOG.root.log"
  # sycl_configure found sid's LLVM 19 (Debian 12: 15).
  local build_file
  build_file="$("$BAZEL7" query --output=location @local_config_sycl//:sycl_toolchain 2>/dev/null | sed 's/:[0-9]*:[0-9]*: .*//')"
  if ! head -1 "$build_file" 2>/dev/null | grep -q '(LLVM 19)'; then
    echo "FAIL: @local_config_sycl is not the LLVM 19 toolchain: $(head -1 "$build_file" 2>&1)" >&2
    rc=1
  fi
  # The root module's extension repositories: +sycl+NAME (Bazel 8's names,
  # --incompatible_use_plus_in_repo_names).
  lint_generated '+sycl+*' || rc=1
  "$BAZEL7" shutdown
  [ "$rc" -eq 0 ] || { echo "FAIL: bazel7 test //... exited $rc (log: $LOG.root.log)" >&2; exit 1; }
  echo "bazel7 root: $(executed "$LOG.root.log") tests passed in $((SECONDS - start)) s"
}

run_consumer() {
  local start=$SECONDS rc=0
  echo "--- Bazel 7.7.1: tests/bzlmod/consumer (bazel_dep on rules_sycl)"
  cd "$ROOT/tests/bzlmod/consumer"
  "$BAZEL7" test "${FLAGS[@]}" -- //... @rules_sycl//examples/... @rules_sycl//tests/sycl_cxx/... \
    >"$LOG.consumer.log" 2>&1 || rc=$?
  summary "$LOG.consumer.log"
  if [ "$rc" -eq 0 ]; then
    "$BAZEL7" run "${FLAGS[@]}" @rules_sycl//examples/vector_add >"$LOG.run.log" 2>&1 || rc=$?
    grep -v '^\(Analyzing\|Loading\|\[\|INFO\|WARNING\|DEBUG\)' "$LOG.run.log" || true
    grep -q '^vector_add: 1048576 elements OK$' "$LOG.run.log" ||
      { echo "FAIL: bazel7 run @rules_sycl//examples/vector_add did not print its result" >&2; rc=1; }
  fi
  # As a dependency: rules_sycl++sycl+NAME.
  lint_generated 'rules_sycl++sycl+*' || rc=1
  "$BAZEL7" shutdown
  cd "$ROOT"
  [ "$rc" -eq 0 ] || { echo "FAIL: the consumer module (log: $LOG.consumer.log)" >&2; exit 1; }
  echo "bazel7 consumer: $(executed "$LOG.consumer.log") tests passed in $((SECONDS - start)) s"
}

# The wrapper's refusals: one line and exit 2, before any Bazel runs.
run_wrapper() {
  local tmp out rc
  tmp="$(mktemp -d)"
  mkdir -p "$tmp/tests/bzlmod"
  cp "$BAZEL7" "$tmp/tests/bzlmod/"
  rc=0
  out="$(cd "$tmp" && tests/bzlmod/bazel7 build //... 2>&1)" || rc=$?
  rm -rf "$tmp"
  if [ "$rc" -ne 2 ] || [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ] || [[ "$out" != *"run ./setup.sh"* ]]; then
    echo "FAIL: bazel7 without an environment: want one line naming ./setup.sh and exit 2, got $rc: $out" >&2
    exit 1
  fi
  rc=0
  out="$(cd / && "$BAZEL7" version 2>&1)" || rc=$?
  if [ "$rc" -ne 2 ] || [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ]; then
    echo "FAIL: bazel7 outside the checkout: want one line and exit 2, got $rc: $out" >&2
    exit 1
  fi
  echo "bazel7 wrapper: refuses without an environment and outside the checkout"
}

[ $# -gt 0 ] || set -- wrapper root consumer
for part in "$@"; do
  case "$part" in
    wrapper) run_wrapper ;;
    root) run_root ;;
    consumer) run_consumer ;;
    *) echo "run.sh: unknown part '$part' (wrapper, root, consumer)" >&2; exit 2 ;;
  esac
done
