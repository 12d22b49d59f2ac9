#!/usr/bin/env bash
# Command-line sizes of the per-TU device links (SyclDeviceLink in per-TU
# image mode) of a generated N-TU program (tests/hermetic/gen.sh N, default
# 500). Builds the links (output group device_link_unused_inputs: device
# compiles, module ids, summaries and links; no split, translation or host
# code) with an execution log, then prints, over the N links, total and max
# of:
#   argv bytes:  what each spawn passed to execve (each argument plus its
#                NUL), from the execution log: with a param file, the tool
#                and "@FILE";
#   expanded:    every argument the tool sees (argv with param files read),
#                from `bazel aquery`, which prints param files expanded.
# The generated package is removed on exit. A benchmark: run by hand.
#   tests/bench/cmdline/run.sh [N]
# Measured (N=500, the 2-core machine, 39 min for the 2,000 actions):
#   before param files (every other TU on the command line; aquery's
#   expanded argv, which then was the executed one): total 68,862,780 bytes,
#   max 137,726 per link;
#   after: argv total 107,390 bytes, max 215 (the tool and @FILE); the param
#   files hold the 68.85 MB (each link still names every other TU: the
#   inputs, and so the file, grow with the program).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
n="${1:-500}"
pkg="tests/hermetic/app$n"
if [ "$n" != 50 ] && [ -e "$root/$pkg" ]; then
  echo "cmdline: $root/$pkg exists; remove it first" >&2
  exit 1
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/cmdline.XXXXXX")"
trap 'rm -rf "$work"; [ "$n" = 50 ] || rm -rf "$root/$pkg"' EXIT
[ "$n" = 50 ] || "$root/tests/hermetic/gen.sh" "$n" >/dev/null
cd "$root"
bazel build --jobs=2 --output_groups=device_link_unused_inputs \
  --execution_log_json_file="$work/exec.json" "//$pkg:app$n" >"$work/build.log" 2>&1 || {
  tail -20 "$work/build.log" >&2
  exit 1
}
bazel aquery --output=jsonproto "mnemonic('SyclDeviceLink', //$pkg:app$n)" >"$work/aquery.json" 2>/dev/null
python3 - "$work/exec.json" "$work/aquery.json" "$n" <<'PY'
import json, sys

def spawns(path):
    # The execution log is a sequence of JSON objects, not one document.
    text, dec, i = open(path).read(), json.JSONDecoder(), 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return
        obj, i = dec.raw_decode(text, i)
        yield obj

def size(args):
    return sum(len(a.encode()) + 1 for a in args)

n = int(sys.argv[3])
argv = [size(s["commandArgs"]) for s in spawns(sys.argv[1]) if s.get("mnemonic") == "SyclDeviceLink"]
expanded = [size(a["arguments"]) for a in json.load(open(sys.argv[2])).get("actions", [])]
for what, sizes in [("executed", argv), ("analysed", expanded)]:
    if len(sizes) != n:
        sys.exit("cmdline: %d %s SyclDeviceLink actions, want %d (one per TU)" % (len(sizes), what, n))
print("per-TU device links of app%d: %d actions" % (n, n))
print("argv bytes:     total %d, max %d" % (sum(argv), max(argv)))
print("expanded bytes: total %d, max %d" % (sum(expanded), max(expanded)))
PY
