#!/usr/bin/env bash
# Runs intel/llvm's sycl-post-link lit tests (../shared/conformance) with
# tools/splitter in sycl-post-link's place, and holds the result to a list
# of known failures (default known_failures.tsv): a failure not listed there
# fails this script, and so does a listed test that now passes (delete its
# line), so the list only shrinks.
#   tests/conformance/run.sh CORPUS_DIR [KNOWN_FAILURES.tsv [LABEL]]
set -euo pipefail
corpus="$1"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
known_file="${2:-$here/known_failures.tsv}"
label="${3:-sycl-post-link conformance}"
root="$(cd "$here/../.." && pwd)"
log="$(mktemp)"
# lit leaves outputs behind between runs; a stale .prop must not make a test pass.
export SPL_EXEC_ROOT="$(mktemp -d)"
trap 'rm -rf "$log" "$SPL_EXEC_ROOT"' EXIT

cd "$root"
set +e
"$corpus/run.sh" >"$log" 2>&1
set -e

failed="$(sed -n 's/^FAIL: sycl-post-link-conformance :: \(tests\/[^ ]*\) .*/\1/p' "$log" | sort -u)"
known="$( (grep -v '^#' "$known_file" || true) | cut -f1 | sed '/^$/d' | sort -u)"
new_failures="$(comm -23 <(printf '%s\n' "$failed" | sed '/^$/d') <(printf '%s\n' "$known"))"
now_passing="$(comm -13 <(printf '%s\n' "$failed" | sed '/^$/d') <(printf '%s\n' "$known"))"

passed_n="$(sed -n 's/^ *Passed *: *\([0-9]*\)/\1/p' "$log")"
failed_n="$(sed -n 's/^ *Failed *: *\([0-9]*\)/\1/p' "$log")"
unsupported_n="$(sed -n 's/^ *Unsupported *: *\([0-9]*\)/\1/p' "$log")"
echo "$label: ${passed_n:-0} passed, ${failed_n:-0} failed (known: $(printf '%s\n' "$known" | sed '/^$/d' | wc -l)), ${unsupported_n:-0} unsupported"

rc=0
if [ -n "$new_failures" ]; then
  echo "conformance: new failures (fix them, or list them with a reason in $known_file):" >&2
  printf '  %s\n' $new_failures >&2
  sed -n '/^\*\*\*\*\*\*\*\*\*\* TEST/,/^\*\*\*\*\*\*\*\*\*\*$/p' "$log" | head -200 >&2
  rc=1
fi
if [ -n "$now_passing" ]; then
  echo "conformance: these now pass; remove them from $known_file:" >&2
  printf '  %s\n' $now_passing >&2
  rc=1
fi
if [ -z "$passed_n" ]; then
  echo "conformance: lit printed no summary:" >&2
  tail -20 "$log" >&2
  rc=1
fi
exit $rc
