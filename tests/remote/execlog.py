#!/usr/bin/env python3
"""Reads Bazel's --execution_log_json_file for tests/remote/run.sh.

  execlog.py remote LOG...   every spawn ran remotely (runner "remote", not a
                             cache hit) or was a remote cache hit, and no SYCL
                             action (mnemonic Sycl*) ran anywhere else; prints
                             spawn counts by mnemonic and runner and the bytes
                             the build put into the CAS
  execlog.py cached LOG...   every spawn was a remote cache hit (nothing ran)
  execlog.py outputs LOG...  "sha256  path" of every output of a SYCL or C++
                             action, for comparing with another build

Exits 1 with one line per offending spawn when a check fails.
"""
import collections
import json
import sys


def spawns(paths):
    dec = json.JSONDecoder()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        i = 0
        while True:
            while i < len(text) and text[i].isspace():
                i += 1
            if i >= len(text):
                break
            try:
                obj, i = dec.raw_decode(text, i)
            except ValueError as e:
                sys.exit(f"execlog.py: {path}: not an execution log: {e}")
            yield obj


def is_sycl(s):
    return s.get("mnemonic", "").startswith("Sycl")


def where(s):
    if s.get("remoteCacheHit"):
        return "remote cache hit"
    return s.get("runner", "?")


def describe(s):
    return f"{s.get('mnemonic')} {s.get('progressMessage', '')!r}: runner {where(s)}"


def main(argv):
    if len(argv) < 3 or argv[1] not in ("remote", "cached", "outputs"):
        sys.exit(__doc__)
    mode, logs = argv[1], argv[2:]
    all_spawns = list(spawns(logs))
    if not all_spawns:
        sys.exit(f"execlog.py: {' '.join(logs)}: no spawns logged")

    if mode == "outputs":
        seen = {}
        for s in all_spawns:
            if not (is_sycl(s) or s.get("mnemonic", "").startswith("Cpp")):
                continue
            for o in s.get("actualOutputs", []):
                seen[o["path"]] = o["digest"]["hash"]
        for p in sorted(seen):
            print(f"{seen[p]}  {p}")
        return 0

    bad = []
    counts = collections.Counter()
    for s in all_spawns:
        w = where(s)
        counts[("SYCL" if is_sycl(s) else "other", w)] += 1
        if mode == "cached" and w != "remote cache hit":
            bad.append(describe(s))
        if mode == "remote" and w not in ("remote", "remote cache hit"):
            # Only SYCL actions must be remote; others are reported.
            if is_sycl(s):
                bad.append(describe(s))
    by_mnemonic = collections.Counter((s.get("mnemonic"), where(s)) for s in all_spawns)
    for (m, w), n in sorted(by_mnemonic.items()):
        print(f"  {n:5d}  {m:28s} {w}")
    total = len(all_spawns)
    summary = ", ".join(f"{n} {kind} {w}" for (kind, w), n in sorted(counts.items()))
    print(f"spawns: {total} ({summary})")
    if mode == "remote":
        # What the build put into the CAS: the client uploads the inputs of
        # executed actions that no action produced; workers upload outputs.
        produced = {}
        for s in all_spawns:
            for o in s.get("actualOutputs", []):
                produced[o["digest"]["hash"]] = int(o["digest"]["sizeBytes"])
        client = {}
        for s in all_spawns:
            if where(s) != "remote":
                continue
            for i in s.get("inputs", []):
                d = i.get("digest")
                if d and d["hash"] not in produced:
                    client[d["hash"]] = int(d.get("sizeBytes", 0))
        executed_outputs = {}
        for s in all_spawns:
            if where(s) == "remote":
                for o in s.get("actualOutputs", []):
                    executed_outputs[o["digest"]["hash"]] = int(o["digest"]["sizeBytes"])
        print(f"cas: client uploaded {sum(client.values())} bytes in {len(client)} blobs (action inputs); "
              f"workers produced {sum(executed_outputs.values())} bytes in {len(executed_outputs)} blobs (outputs)")
    if bad:
        for b in bad:
            print(f"execlog.py: {'executed' if mode == 'cached' else 'not remote'}: {b}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
