#!/usr/bin/env bash
# Checks PTX device images: every kernel named after `--` has an `.entry` in
# one of the .ptx files found under the given paths, and each file is PTX for
# the expected target.
#   check_ptx.sh PATH... -- KERNEL...
set -euo pipefail
paths=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do paths+=("$1"); shift; done
shift || true
# -L: a tree artifact in runfiles is a symlink to its directory outside a sandbox.
ptx=()
while IFS= read -r f; do ptx+=("$f"); done < <(find -L "${paths[@]}" -name '*.ptx' | sort)
[ ${#ptx[@]} -gt 0 ] || { echo "FAIL: no .ptx images under ${paths[*]}" >&2; exit 1; }
for f in "${ptx[@]}"; do
  grep -q '^\.target sm_' "$f" || { echo "FAIL: $f is not PTX (no .target)" >&2; exit 1; }
done
for k in "$@"; do
  grep -lE "^\.(visible )?\.entry $k\(" "${ptx[@]}" >/dev/null ||
    { echo "FAIL: no PTX image has an .entry for $k" >&2; exit 1; }
done
echo "PASS: ${#ptx[@]} PTX images, entries: $*"
