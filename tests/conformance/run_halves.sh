#!/usr/bin/env bash
# Second conformance gate: the sycl-post-link halves of the lit tests whose
# RUN lines also call intel's sycl-module-split or `llvm-split -sycl-split`
# (UNSUPPORTED in the main gate). drop_foreign_runs.py copies them with only
# the other tool's RUN lines commented out; run.sh runs the copy with the
# corpus's own lit configuration and holds it to known_failures_halves.tsv.
#   tests/conformance/run_halves.sh CORPUS_DIR
set -euo pipefail
corpus="$(cd "$1" && pwd)"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
python3 "$here/drop_foreign_runs.py" "$corpus" "$copy" >/dev/null
"$here/run.sh" "$copy" "$here/known_failures_halves.tsv" "sycl-post-link conformance, halves of mixed tests"
