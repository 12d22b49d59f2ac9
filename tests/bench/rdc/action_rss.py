#!/usr/bin/env python3
"""Peak RSS of the device-link path's actions, one-shot (run by hand).

    action_rss.py AQUERY_JSON OUT_DIR TOP MNEMONIC...

Reads `bazel aquery --output=jsonproto --include_param_files` (run in the
execution root, after a build), and for each MNEMONIC runs the TOP actions
whose outputs are largest (bytes on disk in the execution root) the way
Bazel's command line has them, one at a time, outputs (and param files)
moved under OUT_DIR, under tests/bench/proctree_rss.py. Prints per
mnemonic: how many actions, and per action run its output bytes, wall time
and the probe's line.
"""
import json
import os
import re
import subprocess
import sys
import time


def paths(d):
    frags = {f["id"]: f for f in d.get("pathFragments", [])}

    def path(fid):
        parts = []
        while fid:
            f = frags[fid]
            parts.append(f["label"])
            fid = f.get("parentId", 0)
        return "/".join(reversed(parts))

    return {a["id"]: a.get("execPath") or path(a["pathFragmentId"]) for a in d["artifacts"]}


def size(p):
    if os.path.isdir(p):
        return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(p) for f in fs)
    return os.path.getsize(p) if os.path.exists(p) else 0


def main():
    d = json.load(open(sys.argv[1]))
    out, top, mnemonics = sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    probe = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "proctree_rss.py")
    art = paths(d)
    for m in mnemonics:
        actions = [a for a in d["actions"] if a["mnemonic"] == m]
        if not actions:
            sys.exit("action_rss.py: no %s action in %s" % (m, sys.argv[1]))
        ranked = sorted(actions, key=lambda a: -sum(size(art[o]) for o in a["outputIds"]))
        print("%s: %d actions; the %d with the largest outputs:" % (m, len(actions), min(top, len(actions))))
        for a in ranked[:top]:
            outs = sorted((art[o] for o in a["outputIds"]), key=len, reverse=True)
            params = {p["execPath"]: p["arguments"] for p in a.get("paramFiles", [])}
            moved = re.compile("|".join(re.escape(p) for p in outs + sorted(params, key=len, reverse=True)))
            sub = lambda s: moved.sub(lambda x: os.path.join(out, x.group(0)), s)
            for p in outs:
                # A tree artifact's directory exists before the action runs.
                os.makedirs(os.path.join(out, p) if os.path.isdir(p) else os.path.dirname(os.path.join(out, p)), exist_ok=True)
            for p, lines in params.items():
                dst = os.path.join(out, p)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                with open(dst, "w") as f:
                    f.write("".join(sub(x) + "\n" for x in lines))
            argv = [sub(x) for x in a["arguments"]]
            env = {e["key"]: e["value"] for e in a.get("environmentVariables", [])}
            t = time.monotonic()
            r = subprocess.run([sys.executable, probe] + argv, env=env or None, capture_output=True, text=True)
            wall = time.monotonic() - t
            if r.returncode != 0:
                sys.exit("action_rss.py: %s for %s failed:\n%s" % (m, outs[-1], r.stderr[-2000:]))
            print("  %s (%d output bytes): %.2f s, %s" % (outs[-1], sum(size(p) for p in outs), wall, r.stdout.strip().splitlines()[-1]))


if __name__ == "__main__":
    main()
