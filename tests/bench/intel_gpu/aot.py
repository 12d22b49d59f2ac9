#!/usr/bin/env python3
"""Helpers of tests/bench/intel_gpu/run.sh (run by hand, never by tests).

  aot.py profile PROFILE[.gz]
      per kind of action (progress message up to the label), count and sum
      of wall times; the sum over all actions; and of the SyclAot actions
      ("Compiling SYCL device images of ... for intel_gpu_*") per
      architecture the count, the sum and the span from the first one's
      start to the last one's end.
  aot.py execlog LOG.json
      the spawns of a build's --execution_log_json_file: per mnemonic how
      many, by runner (a cache hit's runner says so); of the SyclAot spawns,
      per device target and per TU.
  aot.py outputs AQUERY.json MNEMONIC
      the output paths of MNEMONIC's actions, one a line.
  aot.py mnemonics AQUERY.json LABEL_PREFIX
      the mnemonics of the spawn actions of targets under LABEL_PREFIX, one
      a line (what aquery_make.py is to run).
  aot.py inline < AQUERY.json > AQUERY.json
      writes the aquery back with every action's param file (@FILE, as
      --include_param_files lists it) replaced by its lines, for
      tests/bench/syclcpp/aquery_make.py (which drops @FILE arguments).
  aot.py serial AQUERY.json OUT_DIR
      runs every SyclAot action's command (tools/foreach over the table's
      images, tools/gpuaot running ocloc per image) with -jobs=1 instead of
      -jobs=0, so the images' ocloc runs go one after another as DPC++'s
      llvm-foreach runs them without --jobs; one action after another,
      outputs moved under OUT_DIR, each under /usr/bin/time. Run in the
      execution root after a build. Prints per action its device, images,
      wall, CPU and peak RSS (the largest process of the action's tree:
      ocloc), then the totals per device and the peak RSS max and median.

A SyclAot action's device target is the path component of its output
directory that names one (intel_gpu_pvc, ...); its TU the source file the
unit directory after it is named for (..._tu7.cc.id.bc: tu7).
"""
import collections
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import time

# The artifact paths of an aquery jsonproto: the rdc benchmark's reader.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rdc"))
from action_rss import paths as aquery_paths  # noqa: E402

AOT_MSG = re.compile(r"^Compiling SYCL device images of \S+ for (\S+)")
KIND = re.compile(r"^(.*?)\s+(?:\S*/|@|//|\S+\.\S+$)")
TARGET = re.compile(r"^(intel_gpu_\w+|spir64\w*|nvptx64\w*)$")


def load_profile(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        events = json.load(f)
    events = events["traceEvents"] if isinstance(events, dict) else events
    return [e for e in events if e.get("cat") == "action processing" and e.get("ph") == "X"]


def profile(path):
    actions = load_profile(path)
    if not actions:
        sys.exit("%s: no action events (was the build run with --profile?)" % path)
    kinds = collections.defaultdict(list)
    aot = collections.defaultdict(list)
    for e in actions:
        m = KIND.match(e["name"])
        kinds[m.group(1) if m else e["name"]].append(e["dur"] / 1e6)
        m = AOT_MSG.match(e["name"])
        if m:
            aot[m.group(1)].append((e["ts"] / 1e6, (e["ts"] + e["dur"]) / 1e6))
    print("%5s %9s  %s" % ("count", "sum s", "action"))
    for kind, durs in sorted(kinds.items(), key=lambda kv: -sum(kv[1])):
        print("%5d %9.1f  %s" % (len(durs), sum(durs), kind))
    print("all actions: %d, %.1f s summed" % (len(actions), sum(e["dur"] for e in actions) / 1e6))
    every = [x for v in aot.values() for x in v]
    for arch in sorted(aot) + ["all"]:
        v = every if arch == "all" else aot[arch]
        if not v:
            continue
        print("SyclAot %s: %d actions, %.1f s summed, span %.1f s (first start to last end)" % (
            arch, len(v), sum(b - a for a, b in v), max(b for _, b in v) - min(a for a, _ in v)))


def spawns(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    dec, i, out = json.JSONDecoder(), 0, []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        obj, i = dec.raw_decode(text, i)
        out.append(obj)


def target_unit(paths):
    """(device target, TU) of an output path .../<target>/tu/<unit>/aot."""
    for p in paths:
        parts = p.split("/")
        for n, c in enumerate(parts):
            if TARGET.match(c):
                rest = [x for x in parts[n + 1:] if x != "tu" and not x.startswith("aot")]
                # <package>_<binary>_<target>_<package>_tu7.cc.id.bc: tu7
                return c, rest[0].rsplit("_", 1)[-1].split(".")[0] if rest else "-"
    return "?", "?"


def execlog(path):
    s = spawns(path)
    by = collections.defaultdict(collections.Counter)
    aot_t, aot_u = collections.Counter(), collections.Counter()
    for x in s:
        m = x.get("mnemonic", "?")
        hit = x.get("remoteCacheHit", False)
        by[m]["cache hit" if hit else x.get("runner", "?")] += 1
        if m == "SyclAot" and not hit:
            t, u = target_unit(x.get("listedOutputs", []))
            aot_t[t] += 1
            aot_u[u] += 1
    print("spawns: %d" % len(s))
    for m in sorted(by):
        print("  %-24s %s" % (m, ", ".join("%d %s" % (n, r) for r, n in sorted(by[m].items()))))
    print("SyclAot executed by device target: %s" % (", ".join("%s %d" % kv for kv in sorted(aot_t.items())) or "none"))
    print("SyclAot executed by TU: %s" % (", ".join("%s %d" % kv for kv in sorted(aot_u.items())) or "none"))
    executed = sum(1 for x in s if not x.get("remoteCacheHit", False))
    print("executed (not cache hits): %d, of them SyclAot: %d" % (executed, sum(aot_t.values())))


def expand(a):
    params = {p["execPath"]: p["arguments"] for p in a.get("paramFiles", [])}
    args = []
    for x in a["arguments"]:
        lines = params.get(x[1:]) if x.startswith("@") else None
        if lines is None:
            args.append(x)
        elif args[-len(lines):] != lines:
            # Not already listed inline (as aquery does for C++ actions).
            args += lines
    return args


def outputs(aq, mnemonic):
    d = json.load(open(aq))
    art = aquery_paths(d)
    for a in d["actions"]:
        if a["mnemonic"] == mnemonic:
            for o in a["outputIds"]:
                print(art[o])


NOT_SPAWNS = {"FileWrite", "TemplateExpand", "SymlinkTree", "Middleman", "SourceSymlinkManifest",
              "ExecutableSymlink", "Symlink", "SolibSymlink"}


def mnemonics(aq, prefix):
    d = json.load(open(aq))
    labels = {t["id"]: t["label"] for t in d.get("targets", [])}
    for m in sorted({a["mnemonic"] for a in d["actions"] if labels.get(a["targetId"], "").startswith(prefix)} - NOT_SPAWNS):
        print(m)


def inline():
    d = json.load(sys.stdin)
    for a in d["actions"]:
        if a.get("paramFiles"):
            a["arguments"] = expand(a)
            del a["paramFiles"]
    json.dump(d, sys.stdout)


def serial(aq, out):
    d = json.load(open(aq))
    art = aquery_paths(d)
    actions = sorted((a for a in d["actions"] if a["mnemonic"] == "SyclAot"), key=lambda a: art[a["outputIds"][0]])
    if not actions:
        sys.exit("aot.py: no SyclAot action in %s" % aq)
    rows = []
    t_all = time.monotonic()
    for a in actions:
        args = expand(a)
        sep = args.index("--")
        head, cmd = args[:sep], args[sep:]
        head = ["-jobs=1" if x.startswith("-jobs=") else x for x in head]
        for flag in ("-out-dir", "-out-table"):
            n = head.index(flag)
            head[n + 1] = os.path.join(out, head[n + 1])
        os.makedirs(os.path.dirname(head[head.index("-out-dir") + 1]), exist_ok=True)
        target, unit = target_unit([art[o] for o in a["outputIds"]])
        env = {e["key"]: e["value"] for e in a.get("environmentVariables", [])}
        tf = os.path.join(out, "time.%d" % len(rows))
        t = time.monotonic()
        r = subprocess.run(["/usr/bin/time", "-o", tf, "-f", "%e %U %S %M"] + head + cmd, env=env or None, capture_output=True, text=True)
        wall = time.monotonic() - t
        if r.returncode != 0:
            sys.exit("aot.py: SyclAot %s %s failed:\n%s" % (target, unit, r.stderr[-2000:]))
        _, user, system, rss = open(tf).read().split()[-4:]
        table = head[head.index("-out-table") + 1]
        images = max(0, len(open(table).read().splitlines()) - 1)
        rows.append((target, unit, images, wall, float(user) + float(system), int(rss) / 1024))
        print("  %s %s: %d images, %.2f s wall, %.2f s CPU, %.1f MB peak RSS" % rows[-1])
    total = time.monotonic() - t_all
    for t in sorted({r[0] for r in rows}) + ["all"]:
        v = [r for r in rows if t in ("all", r[0])]
        rss = [r[5] for r in v]
        print("serial %s: %d actions, %d images, %.1f s wall, %.1f s CPU; ocloc peak RSS max %.1f MB, median %.1f MB" % (
            t, len(v), sum(r[2] for r in v), sum(r[3] for r in v), sum(r[4] for r in v), max(rss), statistics.median(rss)))
    print("serial total (every action, one after another): %.1f s wall" % total)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "profile" and len(sys.argv) == 3:
        profile(sys.argv[2])
    elif cmd == "execlog" and len(sys.argv) == 3:
        execlog(sys.argv[2])
    elif cmd == "outputs" and len(sys.argv) == 4:
        outputs(sys.argv[2], sys.argv[3])
    elif cmd == "mnemonics" and len(sys.argv) == 4:
        mnemonics(sys.argv[2], sys.argv[3])
    elif cmd == "inline" and len(sys.argv) == 2:
        inline()
    elif cmd == "serial" and len(sys.argv) == 4:
        serial(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
