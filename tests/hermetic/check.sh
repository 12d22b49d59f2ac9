#!/usr/bin/env bash
# Hermeticity of the SYCL action graph, on the generated 50-TU program (with
# SPIR-V images, and with x86-64 images compiled ahead of time by the CPU
# OpenCL runtime: the OpenCL C app50_cpu_aot; SYCL C++ TUs that import
# SYCL_EXTERNAL functions cannot be compiled ahead of time alone), and on
# vector_add built for spir64 and two Intel GPUs (its zebins from the
# hermetic ocloc):
#  1. a second checkout in another directory, built from scratch in its own
#     output base, produces outputs byte-identical to this checkout's
#     (device bitcode, split images, SPIR-V, wrapper object, executable);
#  2. a clean build from yet another output base, sharing only a disk cache
#     with the second, executes nothing: every action is a cache hit.
# Builds run under linux-sandbox (the default strategy here), the Go tools'
# actions in persistent workers. Run after
# `bazel test //...` (test.sh does): this checkout's outputs are reused.
#   tests/hermetic/check.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
targets=(//tests/hermetic/app50:app50 //tests/opencl/app50:app50_cpu_aot //examples/vector_add:vector_add_intel_gpu)
work="$(mktemp -d "${TMPDIR:-/tmp}/hermetic.XXXXXX")"
servers=()
cleanup() {
  for ob in "${servers[@]}"; do
    (cd "$root" && bazel --output_base="$ob" shutdown >/dev/null 2>&1) || true
  done
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A checkout: the tracked and untracked-but-not-ignored files, plus this
# machine's offline Bazel settings.
checkout() {
  mkdir -p "$1"
  (cd "$root" && git ls-files --cached --others --exclude-standard -z |
    xargs -0 tar -cf - --no-recursion) | tar -xf - -C "$1"
  [ -f "$root/.bazelrc.offline" ] && cp "$root/.bazelrc.offline" "$1/"
  return 0
}

# build DIR OUTPUT_BASE LOG [flags...]
build() {
  local dir="$1" ob="$2" log="$3"
  shift 3
  servers+=("$ob")
  (cd "$dir" && bazel --output_base="$ob" build --symlink_prefix=/ "$@" "${targets[@]}") >"$log" 2>&1 || {
    tail -30 "$log" >&2
    echo "hermetic: build in $dir failed" >&2
    exit 1
  }
  (cd "$dir" && bazel --output_base="$ob" shutdown >/dev/null 2>&1) || true
}

# digests DIR [OUTPUT_BASE]: digests of what building $targets writes, by
# path in the execution root (the package may hold other targets' outputs,
# e.g. from `bazel test //...`; a target with a `targets` attribute writes
# into the output directory of its configuration).
digests() {
  local dir="$1" ob=() execroot t name pkg
  [ -n "${2:-}" ] && ob=(--output_base="$2")
  execroot="$(cd "$dir" && bazel "${ob[@]}" info execution_root 2>/dev/null)"
  for t in "${targets[@]}"; do
    name="${t##*:}"
    pkg="$(cd "$dir" && bazel "${ob[@]}" cquery --output=starlark \
      --starlark:expr='target.files_to_run.executable.dirname' "$t" 2>/dev/null)"
    (cd "$execroot" && for p in "$name" "$name.bin" "_sycl/$name" _sycl/kernels "_objs/$name"; do
      # (if, not &&: a path a target does not write must not end the loop
      # with a failure that set -e and pipefail turn into a silent exit)
      if [ -e "$pkg/$p" ]; then find "$pkg/$p" -type f ! -name '*.params'; fi
    done)
  done | LC_ALL=C sort -u | (cd "$execroot" && xargs sha256sum)
  [ -n "${2:-}" ] && { (cd "$dir" && bazel "${ob[@]}" shutdown >/dev/null 2>&1) || true; }
  return 0
}

checkout "$work/b/checkout"

(cd "$root" && bazel build "${targets[@]}") >"$work/a.log" 2>&1 || { tail -30 "$work/a.log" >&2; exit 1; }
a_execroot="$(cd "$root" && bazel info execution_root 2>/dev/null)"
build "$work/b/checkout" "$work/ob_b" "$work/b.log" --disk_cache="$work/cache"
digests "$work/b/checkout" "$work/ob_b" >"$work/b.sha"
# This checkout's tree may also hold stale outputs of an earlier
# configuration (e.g. whole-program device link): compare the files the
# fresh build wrote.
(cd "$a_execroot" && awk '{print $2}' "$work/b.sha" | xargs sha256sum) >"$work/a.sha" 2>&1 || true
files="$(wc -l <"$work/a.sha")"
[ "$files" -gt 100 ] || { echo "hermetic: only $files outputs found" >&2; exit 1; }
aot="$(grep -c '/spir64_x86_64/tu/.*/aot/.*\.bin$' "$work/b.sha" || true)"
# 50 TUs' images, and main.cc's: a C++ source is a SYCL C++ TU, whose one
# image (no kernels) the wrapper leaves out.
[ "$aot" -eq 51 ] || { echo "hermetic: $aot AOT images (spir64_x86_64) found, want 51" >&2; exit 1; }
if ! diff "$work/a.sha" "$work/b.sha" >"$work/diff"; then
  echo "hermetic: outputs differ between checkouts:" >&2
  head -20 "$work/diff" >&2
  exit 1
fi
echo "hermetic: $files outputs ($aot of them x86-64 AOT images) byte-identical across two checkouts ($root, $work/b/checkout)"

build "$work/b/checkout" "$work/ob_c" "$work/c.log" --disk_cache="$work/cache"
summary="$(grep -E '^INFO: [0-9]+ processes' "$work/c.log" | tail -1)"
echo "hermetic: second output base, shared disk cache: ${summary#INFO: }"
if grep -qE 'linux-sandbox|processwrapper-sandbox|[0-9]+ local|worker' <<<"$summary"; then
  echo "hermetic: actions ran instead of coming from the disk cache" >&2
  exit 1
fi
# Bazel 4.2 counts disk cache hits as "remote cache hit".
grep -qE '(disk|remote) cache hit' <<<"$summary" || { echo "hermetic: no disk cache hits" >&2; exit 1; }
