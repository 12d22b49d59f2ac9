#!/usr/bin/env bash
# Per-TU image mode on a generated chain program (tests/hermetic/gen.sh: the
# kernels of TU k call a helper of TU k+1 mod N): each TU's device link must
# report as unused every other TU but the one it imports from, so that
# editing TU k re-runs only its own link and TU k-1's.
#   check_unused_inputs.sh N UNUSED_LIST...
set -euo pipefail
n="$1"
shift
# The program's SYCL C++ TUs (its host main.cc, on the device-link path)
# have per-TU links too; only the OpenCL C TUs' are checked.
lists=()
for f in "$@"; do
  [[ "$(basename "$(dirname "$f")")" =~ \.(cc|cpp)\.id\.bc$ ]] || lists+=("$f")
done
set -- "${lists[@]}"
[ $# -eq "$n" ] || { echo "FAIL: $# unused-inputs lists of OpenCL C TUs, want one per TU ($n)" >&2; exit 1; }
for f in "$@"; do
  unit="$(basename "$(dirname "$f")")"
  [[ "$unit" =~ _tu([0-9]+)\.cl\.id\.bc$ ]] || { echo "FAIL: $f: no TU in its directory name" >&2; exit 1; }
  k="${BASH_REMATCH[1]}"
  next=$(((k + 1) % n))
  want="$(for ((i = 0; i < n; i++)); do [ "$i" -eq "$k" ] || [ "$i" -eq "$next" ] || echo "tu$i.cl.id.bc"; done | sort)"
  got="$(sed 's|.*/||' "$f" | grep -Ev '\.(cc|cpp)\.id\.bc$' | sort)"
  if [ "$got" != "$want" ]; then
    echo "FAIL: the link of tu$k should read only tu$next; unused inputs differ:" >&2
    diff <(echo "$want") <(echo "$got") >&2 || true
    exit 1
  fi
done
echo "PASS: $n per-TU links, each reads only the TU it imports from"
