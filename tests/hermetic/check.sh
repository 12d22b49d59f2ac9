#!/usr/bin/env bash
# Hermeticity of the SYCL action graph, on the generated 50-TU program:
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
target=//tests/hermetic/app50:app50
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
  (cd "$dir" && bazel --output_base="$ob" build --symlink_prefix=/ "$@" "$target") >"$log" 2>&1 || {
    tail -30 "$log" >&2
    echo "hermetic: build in $dir failed" >&2
    exit 1
  }
  (cd "$dir" && bazel --output_base="$ob" shutdown >/dev/null 2>&1) || true
}

digests() {
  local bin
  bin="$(cd "$1" && bazel --output_base="$2" info bazel-bin 2>/dev/null)/tests/hermetic/app50"
  outputs_of_app50 "$bin"
  (cd "$1" && bazel --output_base="$2" shutdown >/dev/null 2>&1) || true
}

# Digests of what building $target writes (the package may hold other
# targets' outputs, e.g. from `bazel test //...`).
outputs_of_app50() {
  (cd "$1" && for p in app50 app50.bin _sycl/app50 _sycl/kernels _objs/app50; do
    # Not every kind of output exists (no _objs when every source is SYCL
    # C++): a missing one must not end the loop with a failure.
    if [ -e "$p" ]; then find "$p" -type f ! -name '*.params'; fi
  done | LC_ALL=C sort | xargs sha256sum)
}

checkout "$work/b/checkout"

(cd "$root" && bazel build "$target") >"$work/a.log" 2>&1 || { tail -30 "$work/a.log" >&2; exit 1; }
(cd "$root" && bazel info bazel-bin >/dev/null 2>&1)
a_bin="$(cd "$root" && bazel info bazel-bin 2>/dev/null)/tests/hermetic/app50"
build "$work/b/checkout" "$work/ob_b" "$work/b.log" --disk_cache="$work/cache"
digests "$work/b/checkout" "$work/ob_b" >"$work/b.sha"
# This checkout's tree may also hold stale outputs of an earlier
# configuration (e.g. whole-program device link): compare the files the
# fresh build wrote.
(cd "$a_bin" && awk '{print $2}' "$work/b.sha" | xargs sha256sum) >"$work/a.sha" 2>&1 || true
files="$(wc -l <"$work/a.sha")"
[ "$files" -gt 100 ] || { echo "hermetic: only $files outputs found" >&2; exit 1; }
if ! diff "$work/a.sha" "$work/b.sha" >"$work/diff"; then
  echo "hermetic: outputs differ between checkouts:" >&2
  head -20 "$work/diff" >&2
  exit 1
fi
echo "hermetic: $files outputs byte-identical across two checkouts ($root, $work/b/checkout)"

build "$work/b/checkout" "$work/ob_c" "$work/c.log" --disk_cache="$work/cache"
summary="$(grep -E '^INFO: [0-9]+ processes' "$work/c.log" | tail -1)"
echo "hermetic: second output base, shared disk cache: ${summary#INFO: }"
if grep -qE 'linux-sandbox|processwrapper-sandbox|[0-9]+ local|worker' <<<"$summary"; then
  echo "hermetic: actions ran instead of coming from the disk cache" >&2
  exit 1
fi
# Bazel 4.2 counts disk cache hits as "remote cache hit".
grep -qE '(disk|remote) cache hit' <<<"$summary" || { echo "hermetic: no disk cache hits" >&2; exit 1; }
