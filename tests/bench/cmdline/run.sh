#!/usr/bin/env bash
# Command-line sizes of the per-TU device links (SyclDeviceLink in per-TU
# image mode) of a generated N-TU OpenCL C program (tests/hermetic/gen.sh
# --opencl N, default 500). Builds the links (output group
# device_link_unused_inputs: device compiles, module ids, summaries and
# links; no split, translation or host code) with an execution log, then
# prints, over the N links, total and max of:
#   argv bytes (executed): what each spawn passed to execve (each argument
#                plus its NUL), from the execution log;
#   argv bytes (analysed): the same from `bazel aquery`;
# and the size of the program's TU list. ANALYSIS_ONLY=1 skips the build
# (minutes instead of the 2,000 actions' half hour): with no param file on
# a per-TU link, the analysed argv is the executed one.
# The generated package is removed on exit. A benchmark: run by hand.
#   [ANALYSIS_ONLY=1] tests/bench/cmdline/run.sh [N]
# Measured (N=500, the 2-core machine):
#   before param files (every other TU on each command line; aquery's
#   expanded argv, which then was the executed one): total 68,862,780
#   bytes, max 137,726 per link;
#   param files per link (39 min for the 2,000 actions): argv total 107,390
#   bytes, max 215 (the tool and @FILE); but the 500 param files held
#   68.85 MB, each naming every other TU;
#   now, one TU list per program, read by every link through @FILE
#   (ANALYSIS_ONLY=1, 4 s): argv total 389,060 bytes, max 779; the TU list
#   137,280 bytes, once. Executed and analysed argv agree (N=21 and N=23
#   built: 15,815 and 17,325 bytes both ways; the TU list computed from the
#   analysed inputs equals the built file, 6,098 bytes for N=23).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
n="${1:-500}"
pkg="tests/opencl/app$n"
if [ "$n" != 50 ] && [ -e "$root/$pkg" ]; then
  echo "cmdline: $root/$pkg exists; remove it first" >&2
  exit 1
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/cmdline.XXXXXX")"
trap 'rm -rf "$work"; [ "$n" = 50 ] || rm -rf "$root/$pkg"' EXIT
[ "$n" = 50 ] || "$root/tests/hermetic/gen.sh" --opencl "$n" >/dev/null
cd "$root"
if [ -z "${ANALYSIS_ONLY:-}" ]; then
  bazel build --jobs=2 --output_groups=device_link_unused_inputs \
    --execution_log_json_file="$work/exec.json" "//$pkg:app$n" >"$work/build.log" 2>&1 || {
    tail -20 "$work/build.log" >&2
    exit 1
  }
fi
bazel aquery --output=jsonproto "mnemonic('SyclDeviceLink', //$pkg:app$n)" >"$work/aquery.json" 2>/dev/null
python3 - "$work/exec.json" "$work/aquery.json" "$n" "$(bazel info execution_root 2>/dev/null)" <<'PY'
import json, os, sys

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
aq = json.load(open(sys.argv[2]))
frags = {f["id"]: f for f in aq.get("pathFragments", [])}
def path(fid):
    parts = []
    while fid:
        parts.append(frags[fid]["label"])
        fid = frags[fid].get("parentId")
    return "/".join(reversed(parts))
arts = {a["id"]: path(a["pathFragmentId"]) for a in aq.get("artifacts", [])}
sets = {d["id"]: d for d in aq.get("depSetOfFiles", [])}
def inputs(action):
    out, stack = [], list(action.get("inputDepSetIds", []))
    while stack:
        d = sets[stack.pop()]
        out += [arts[i] for i in d.get("directArtifactIds", [])]
        stack += d.get("transitiveDepSetIds", [])
    return out
actions = aq.get("actions", [])
analysed = [size(a["arguments"]) for a in actions]
# The TU list is a FileWrite of exactly these lines: -object, path,
# -summary, path per TU, newline-terminated; its path is the @ argument.
lists = {a[1:] for act in actions for a in act["arguments"] if a.startswith("@") and a.endswith(".tus")}
list_bytes = 0
built = [os.path.join(sys.argv[4], l) for l in lists if os.path.exists(os.path.join(sys.argv[4], l))]
if len(built) == 1:
    # Built: the file itself. (After a build, aquery lists a link's inputs
    # as pruned by its unused_inputs_list, so they cannot be counted.)
    list_bytes = os.path.getsize(built[0])
elif lists:
    # Analysed only: computed from a link's declared inputs.
    act = actions[0]
    ins = inputs(act)
    objs = sorted(p for p in ins if p.endswith(".id.bc"))
    sums = [p for p in ins if p.endswith(".link_summary")]
    if len(objs) != n or len(sums) != n or len(lists) != 1:
        sys.exit("cmdline: %d objects, %d summaries, %d TU lists in a link's inputs; want %d, %d, 1" % (len(objs), len(sums), len(lists), n, n))
    list_bytes = sum(len("-object\n") + len(o.encode()) + 1 + len("-summary\n") for o in objs) + sum(len(p.encode()) + 1 for p in sums)
if len(analysed) != n:
    sys.exit("cmdline: %d analysed SyclDeviceLink actions, want %d (one per TU)" % (len(analysed), n))
print("per-TU device links of app%d: %d actions" % (n, n))
if os.path.exists(sys.argv[1]):
    argv = [size(s["commandArgs"]) for s in spawns(sys.argv[1]) if s.get("mnemonic") == "SyclDeviceLink"]
    if len(argv) != n:
        sys.exit("cmdline: %d executed SyclDeviceLink actions, want %d (one per TU)" % (len(argv), n))
    print("argv bytes (executed): total %d, max %d" % (sum(argv), max(argv)))
print("argv bytes (analysed): total %d, max %d" % (sum(analysed), max(analysed)))
if list_bytes:
    print("the program's TU list: %d bytes, read by every link" % list_bytes)
PY
