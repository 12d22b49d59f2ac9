#!/usr/bin/env bash
# Every test of rules_sycl: Go (with the Go 1.19 SDK Bazel uses), formatting and
# lint, BUILD files in sync with Gazelle, sycl-post-link conformance, the
# documentation's links, length and mnemonic table (tests/docs/check_docs.py),
# and `bazel test //...` (Starlark analysis tests, tool tests, integration builds
# that compile and run every example on Intel's oneAPI runtime and CPU OpenCL
# device, @oneapi_runtime), Intel GPU images (every example built for two
# Intel GPUs, one SyclAot per image table and GPU, an image ocloc refuses),
# Intel's SYCL end-to-end tests (tests/e2e/run.sh: the corpus in
# ../shared/e2e built as @sycl_e2e and run; a subset also for two Intel
# GPUs), remote execution on a loopback Buildbarn with two workers, which
# also makes the hermeticity check's claims (tests/remote/run.sh;
# RULES_SYCL_NO_REMOTE=1 skips it on a developer's machine, never in CI, and
# runs tests/hermetic/check.sh instead), then the same rules under
# Bazel 7.7.1 with bzlmod and the flags that take away what Bazel 8 and 9
# removed (tests/bzlmod/run.sh: rules_sycl's own `bazel test //...` and a
# consumer module that builds and runs every example, both under
# tests/bzlmod/bazel9.bazelrc; RULES_SYCL_NO_BAZEL7=1 skips it, never in
# CI). Run ./setup.sh first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT="$PWD"

[ -f .bazelrc.offline ] || [ -n "${RULES_SYCL_ONLINE:-}" ] || {
  echo "test.sh: run ./setup.sh first (or set RULES_SYCL_ONLINE=1 on a machine with internet access)" >&2
  exit 2
}

export PATH="$ROOT/.offline/bin:$PATH"
# The SDK rules_go builds with: checks that all Go code still compiles with 1.19.
GO="$ROOT/.offline/go_sdk/bin/go"
[ -x "$GO" ] || GO=go
export GOFLAGS=-mod=mod

# Where the time goes: each step's seconds, printed at the end.
TIMES=()
STEP_NAME="" STEP_START=$SECONDS
step_done() {
  [ -z "$STEP_NAME" ] || TIMES+=("$(printf '%5d s  %s' $((SECONDS - STEP_START)) "$STEP_NAME")")
}
step() {
  step_done
  STEP_NAME="$*" STEP_START=$SECONDS
  printf '\n=== %s\n' "$*"
}
# On failure too: the steps that ran, and the one that failed.
print_times() {
  local rc=$?
  [ "$rc" -eq 0 ] && return
  step_done
  echo "=== step times (failed in the last, exit $rc)"
  printf '%s\n' "${TIMES[@]}"
}
trap print_times EXIT

step "gofmt"
unformatted="$(gofmt -l $(git ls-files '*.go'; git ls-files --others --exclude-standard '*.go'))"
if [ -n "$unformatted" ]; then
  echo "gofmt: these files need formatting:" >&2
  echo "$unformatted" >&2
  exit 1
fi

step "go vet ($("$GO" env GOVERSION))"
# Type-checks every package and its tests with Go 1.19; the tests themselves
# run once, as go_test targets of `bazel test //...` below (the same SDK).
"$GO" vet ./...

step "buildifier"
# Every default warning, the native-* ones included: Bazel 9 has no global
# CcInfo, cc_common, cc rules or sh rules, so every file loads them
# (@rules_cc//cc:defs.bzl, @rules_shell//shell:*.bzl). The BUILD files
# rules_sycl's repository rules write get the same check in
# tests/bzlmod/run.sh, from Bazel 7's output base.
buildifier -mode=check -lint=warn \
  $(git ls-files '*.bzl' 'BUILD.bazel' '*/BUILD.bazel' 'WORKSPACE' 'MODULE.bazel')

step "BUILD files match Gazelle"
bazel run //:gazelle -- -mode=diff

step "sycl-post-link conformance"
# The newest copies of intel/llvm's sycl-post-link lit tests. The older
# corpus (../shared/conformance/sycl-post-link) is not run: its only test
# missing here was removed upstream, and its other tests are older copies.
CONFORMANCE="${CONFORMANCE:-$ROOT/../shared/conformance/sycl-post-link-fresh}"
if [ -d "$CONFORMANCE" ]; then
  tests/conformance/run.sh "$CONFORMANCE"
  # Second gate: the sycl-post-link halves of tests that also run intel's
  # sycl-module-split / llvm-split -sycl-split.
  tests/conformance/run_halves.sh "$CONFORMANCE"
else
  echo "conformance corpus not found at $CONFORMANCE (set CONFORMANCE=...)" >&2
  exit 1
fi

step "no absolute paths on action command lines"
tests/integration/check_command_lines.sh "//examples/... + //tests/opencl/..."

step "docs: links resolve, README.md <= 300 lines, every mnemonic in ARCHITECTURE.md"
# Right after the command-line check: its aquery has analysed the same
# targets in this server, so this one takes seconds (run from this shell:
# a python3 that changes PATH would make Bazel analyse everything again).
docs_aquery="${TMPDIR:-/tmp}/rules_sycl_docs_aquery.txt"
bazel aquery --output=text "$(python3 tests/docs/check_docs.py --query)" >"$docs_aquery" 2>"$docs_aquery.log" ||
  { tail -20 "$docs_aquery.log" >&2; exit 1; }
python3 tests/docs/check_docs.py --aquery-output "$docs_aquery"

step "bazel test //..."
bazel test //... 2>&1 | tee "${TMPDIR:-/tmp}/rules_sycl_bazel_test.log"
executed="$(sed -n 's/^Executed [0-9]* out of \([0-9]*\) tests*: \([0-9]*\) tests* pass.*/\2/p' "${TMPDIR:-/tmp}/rules_sycl_bazel_test.log" | tail -1)"

step "property parity and spirv-val: the examples' and idioms' SYCL C++ property sets against libsycl-jit's, every SPIR-V image validated"
# SyclPropertyParity (tools/propdiff) of every program on the device-link
# path, SyclSpirvValidate (tools/spirvval: spirv-val) of every JIT SPIR-V
# image each program wraps; the e2e steps below build both for every e2e
# test too. tests/idioms' _debug programs carry device debug info, which
# spirv-val rejects (docs/sycl-cpp.md; their debug_info_test validates the
# code without it).
idioms="$(bazel query 'kind(sycl_binary, //tests/idioms:all) except attr(name, "_debug$", //tests/idioms:all)')"
# shellcheck disable=SC2086
bazel build --output_groups=sycl_property_parity,sycl_spirv_validation //examples/... $idioms

step "the examples on the per-TU path (rdc = 0): every test run, every SPIR-V image of them and of the idioms validated"
# The per-TU path is the device link's reference: every example passes on
# both (issue 41).
# shellcheck disable=SC2086
bazel test --//sycl:rdc=false --output_groups=+sycl_spirv_validation //examples/... $idioms 2>&1 | tail -3

step "GPU harness (built and its fat binaries checked above; no GPU here)"
bazel test //tests/gpu:all 2>&1 | tail -4
echo "GPU run: not here. tests/gpu/run_on_gpu.sh pack DIR, then DIR/run_on_gpu.sh run DIR on a machine with an NVIDIA GPU (H100 results: tests/gpu/README.md)"

step "spir64_x86_64: an image the CPU runtime cannot build fails its SyclAot action"
if out="$(bazel build --//sycl:targets=spir64_x86_64 //tests/cpuaot:undefined_aot 2>&1)"; then
  echo "//tests/cpuaot:undefined_aot built for spir64_x86_64: its image calls an undefined function" >&2
  exit 1
fi
for want in "Compiling SYCL device images of //tests/cpuaot:undefined_aot for spir64_x86_64 failed" \
  "/undefined_aot_0.spv: cpuaot failed (exit status 1): cpuaot: undefined_aot_0.spv: the CPU runtime cannot build it for -march=avx2" \
  "Symbols not found: [ undefined_helper ]"; do
  grep -qF -- "$want" <<<"$out" || { printf '%s\n' "$out" | tail -8 >&2; echo "the build's error lacks: $want" >&2; exit 1; }
done
grep -F "foreach:" <<<"$out"

step "Intel GPUs: every example for spir64,intel_gpu_pvc,intel_gpu_bmg_g21, one SyclAot per image table and GPU"
# The zebins of vector_add are read back and disassembled, and the fat
# programs run on the CPU device, in `bazel test //...`
# (//examples/vector_add:vector_add_intel_gpu_*).
bazel build --//sycl:targets=spir64,intel_gpu_pvc,intel_gpu_bmg_g21 //examples/...
tests/integration/check_intel_gpu_aot.sh //examples/... intel_gpu_pvc,intel_gpu_bmg_g21

step "Intel GPUs: an image ocloc cannot compile fails its SyclAot action; intel_gpu_pvc leaves it out"
# spir64_gen (ocloc's own device list, pvc by default) filters nothing, as
# DPC++'s spir64_gen: ocloc refuses the kernel's sub-groups of 64.
if out="$(bazel build --//sycl:targets=spir64_gen //tests/intelgpu:unsupported_sub_group 2>&1)"; then
  echo "//tests/intelgpu:unsupported_sub_group built for spir64_gen: its kernel needs sub-groups of 64" >&2
  exit 1
fi
for want in "Compiling SYCL device images of //tests/intelgpu:unsupported_sub_group for spir64_gen failed" \
  "/unsupported_sub_group_0.spv: ocloc cannot compile it for pvc (exit 245): error: in kernel 'wide': Unsupported required sub group size"; do
  grep -qF -- "$want" <<<"$out" || { printf '%s\n' "$out" | tail -8 >&2; echo "the build's error lacks: $want" >&2; exit 1; }
done
grep -F "gpuaot:" <<<"$out"
# intel_gpu_pvc: DPC++'s device config file gives pvc sub-groups of 16 and
# 32, so the image is left out of its table (no row), and the build passes.
bazel build --//sycl:targets=intel_gpu_pvc //tests/intelgpu:unsupported_sub_group
table="$(find -L bazel-bin/tests/intelgpu/_sycl/unsupported_sub_group -path '*/intel_gpu_pvc/*/aot/*' -name '*.table')"
[ -n "$table" ] && [ "$(wc -l <"$table")" = 1 ] || { echo "intel_gpu_pvc's table of //tests/intelgpu:unsupported_sub_group: ${table:-none}, want a header alone" >&2; cat "$table" >&2 || true; exit 1; }
echo "intel_gpu_pvc: $table holds no image (left out)"

if [ -z "${RULES_SYCL_NO_REMOTE:-}" ]; then
  step "remote execution and hermeticity: Buildbarn + 2 workers on loopback"
  # The hermetic check's claims are made here: every SYCL/C++ output a
  # worker builds in a directory of its own is byte-identical to this
  # checkout's local build, x86-64 AOT images and Intel GPU zebins among
  # them, and a second checkout in another directory gets every action from
  # the cache. A few minutes here (2 shared cores) once its two output bases
  # have fetched the external repositories; a fresh machine fetches them
  # first.
  timeout 1800 tests/remote/run.sh
else
  step "remote execution: SKIPPED (RULES_SYCL_NO_REMOTE=1; CI runs it)"
  step "hermetic: byte-identical across checkouts, 100% disk-cache hits"
  tests/hermetic/check.sh
fi

if [ -z "${RULES_SYCL_NO_BAZEL7:-}" ]; then
  step "Bazel 7.7.1 (bzlmod, Bazel 9's removals): rules_sycl's bazel test //..., the consumer module"
  tests/bzlmod/run.sh
else
  step "Bazel 7.7.1: SKIPPED (RULES_SYCL_NO_BAZEL7=1; CI runs it)"
fi

step "e2e: Intel's SYCL end-to-end tests (../shared/e2e, tests/e2e/run.sh)"
# Built as @sycl_e2e (tests/e2e/repository.bzl, WORKSPACE only: Bazel 7's
# //... never reaches it) in the output base of `bazel test //...`, then run on
# the CPU device. Last, so that a new failure here leaves every other step's
# result in the log.
# On the device-link path (the default), each program's property parity
# (SyclPropertyParity) and spirv-val of its SPIR-V images
# (SyclSpirvValidate) built with it: a difference or an invalid image fails
# the test's build.
tests/e2e/run.sh --output_groups=+sycl_property_parity,+sycl_spirv_validation 2>&1 | tee "${TMPDIR:-/tmp}/rules_sycl_e2e.log"
e2e="$(grep '^e2e: [0-9]* passed, [0-9]* failed' "${TMPDIR:-/tmp}/rules_sycl_e2e.log" | tail -1)"

step "e2e on the per-TU path (rdc = 0): every test built, its images validated, and run"
# The same corpus and known failures (tests/e2e/run.py fails on an unlisted
# failure and on a listed test that passes, flaky ones aside), so both
# paths give the same result for every test; the per-TU path compiles each
# test's device code with libsycl-jit's own images.
tests/e2e/run.sh --//sycl:rdc=false --output_groups=+sycl_spirv_validation 2>&1 | tee "${TMPDIR:-/tmp}/rules_sycl_e2e_per_tu.log"
e2e_per_tu="$(grep '^e2e: [0-9]* passed, [0-9]* failed' "${TMPDIR:-/tmp}/rules_sycl_e2e_per_tu.log" | tail -1)"

step "e2e for two Intel GPUs beside spir64: the fixed subset tests/e2e/intel_gpu_subset.txt"
# Each program carries zebins for intel_gpu_pvc and intel_gpu_bmg_g21 (no
# Intel GPU here: it runs on the CPU device from its SPIR-V image).
E2E_TESTS=tests/e2e/intel_gpu_subset.txt tests/e2e/run.sh --//sycl:targets=spir64,intel_gpu_pvc,intel_gpu_bmg_g21 2>&1 | tee "${TMPDIR:-/tmp}/rules_sycl_e2e_intel_gpu.log"
e2e_intel_gpu="$(grep '^e2e: [0-9]* passed, [0-9]* failed' "${TMPDIR:-/tmp}/rules_sycl_e2e_intel_gpu.log" | tail -1)"

step_done

echo
echo "time per step (total $SECONDS s):"
printf '%s\n' "${TIMES[@]}"
echo "${e2e:-e2e: no summary}"
echo "per-TU path: ${e2e_per_tu:-e2e: no summary}"
echo "Intel GPUs: ${e2e_intel_gpu:-e2e: no summary}"
echo "test.sh: all checks passed"
echo "bazel: ${executed:-0} passed, 0 failed"
