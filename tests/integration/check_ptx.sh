#!/usr/bin/env bash
# Checks PTX device images: every kernel named after `--` has an `.entry` in
# one of the .ptx files found under the given paths, and each file is PTX for
# the expected target. With --cuobjdump, the PTX inside .fatbin images
# (nvptx64 with --@rules_sycl//sycl:cuda_archs) is extracted and checked too.
#   check_ptx.sh [--cuobjdump CUOBJDUMP] PATH... -- KERNEL...
set -euo pipefail
cuobjdump=
if [ "${1:-}" = "--cuobjdump" ]; then
  cuobjdump=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
  shift 2
fi
paths=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do paths+=("$1"); shift; done
shift || true
# -L: a tree artifact in runfiles is a symlink to its directory outside a sandbox.
tmp=$(mktemp -d "${TEST_TMPDIR:-/tmp}/ptx.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -n "$cuobjdump" ]; then
  n=0
  while IFS= read -r f; do
    n=$((n + 1))
    mkdir "$tmp/$n"
    abs=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
    (cd "$tmp/$n" && "$cuobjdump" -xptx all "$abs" >/dev/null) || { echo "FAIL: cuobjdump -xptx $f" >&2; exit 1; }
  done < <(find -L "${paths[@]}" -name '*.fatbin' | sort)
  paths+=("$tmp")
fi
ptx=()
while IFS= read -r f; do ptx+=("$f"); done < <(find -L "${paths[@]}" -name '*.ptx' | sort)
[ ${#ptx[@]} -gt 0 ] || { echo "FAIL: no .ptx images under ${paths[*]}" >&2; exit 1; }
for f in "${ptx[@]}"; do
  grep -q '^\.target sm_' "$f" || { echo "FAIL: $f is not PTX (no .target)" >&2; exit 1; }
done
for k in "$@"; do
  grep -lE "^\.(visible |weak )?\.entry $k\(" "${ptx[@]}" >/dev/null ||
    { echo "FAIL: no PTX image has an .entry for $k" >&2; exit 1; }
done
echo "PASS: ${#ptx[@]} PTX images, entries: $*"
