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
  execlog.py worker WLOG...  one line per action a bb_worker log (WLOG) shows
                             completed: "HASH-SIZE WORKER exit=N status=CODE"
  execlog.py overhead LOG PROFILE WLOG...
                             per-action remote overhead of the remotely
                             executed spawns in LOG: the time Bazel spent on
                             the action (PROFILE: --profile's JSON trace)
                             less the time its command ran on the worker
                             (WLOG: the ExecuteResponse's execution metadata),
                             median and p90 with where it went, for the
                             actions whose command ran under 100 ms
  execlog.py spread MNEMONIC LOG WLOG...
                             how the remotely executed spawns of MNEMONIC in
                             LOG spread over the workers whose logs (WLOG)
                             ran them: per worker the actions, the seconds
                             their commands ran and the span from the first
                             start to the last end; and how long the workers
                             ran them at the same time

Exits 1 with one line per offending spawn when a check fails.
"""
import collections
import datetime
import json
import re
import statistics
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


ACTION = re.compile(r" Action: \S*/action/([0-9a-f]+-[0-9]+)/")
RESPONSE = " ExecuteResponse: "


def worker_actions(paths):
    """(action, ExecuteResponse) for every action the bb_worker logs show
    completed: the worker logs "Action: ..." when it starts one and
    "ExecuteResponse: {json}" when it is done."""
    for path in paths:
        action = None
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = ACTION.search(line)
                if m:
                    action = m.group(1)
                elif RESPONSE in line and action:
                    yield action, json.loads(line.split(RESPONSE, 1)[1])
                    action = None


def seconds(timestamp):
    """An RFC 3339 timestamp with nanoseconds, as protojson writes them."""
    whole, _, frac = timestamp.rstrip("Z").partition(".")
    t = datetime.datetime.fromisoformat(whole).replace(tzinfo=datetime.timezone.utc)
    return t.timestamp() + float("0." + (frac or "0"))


def ms(meta, start, end):
    return (seconds(meta[end + "Timestamp"]) - seconds(meta[start + "Timestamp"])) * 1000


# Spans of Bazel's JSON trace profile inside an action's "action processing"
# span (same thread), by name.
CLIENT_PARTS = {
    "MerkleTree.build(ActionInput)": "merkle tree",
    "check cache hit": "cache check",
    "upload missing inputs": "input upload",
    "execute remotely": "execute call",
    "download outputs": "output download",
}


def overhead(log, profile, worker_logs, fast_ms=100.0):
    meta_by_output = {}
    for _, resp in worker_actions(worker_logs):
        result = resp.get("result", {})
        for o in result.get("outputFiles", []):
            meta_by_output[o["digest"]["hash"]] = result.get("executionMetadata", {})
    with open(profile, encoding="utf-8") as f:
        trace = json.load(f)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    actions = collections.defaultdict(list)
    parts_by_thread = collections.defaultdict(list)
    for e in events:
        if e.get("ph") != "X":
            continue
        if e.get("cat") == "action processing":
            actions[e["name"]].append(e)
        elif e.get("name") in CLIENT_PARTS:
            parts_by_thread[e["tid"]].append(e)
    rows = []
    unmatched = 0
    for s in spawns([log]):
        if where(s) != "remote":
            continue
        spans = actions.get(s.get("progressMessage"), [])
        meta = next((meta_by_output[o["digest"]["hash"]] for o in s.get("actualOutputs", [])
                     if o["digest"]["hash"] in meta_by_output), None)
        if len(spans) != 1 or meta is None:
            unmatched += 1  # progress message not unique, or no worker log
            continue
        a = spans[0]
        row = {
            "mnemonic": s.get("mnemonic"),
            "bazel": a["dur"] / 1000,
            "command": ms(meta, "executionStart", "executionCompleted"),
            "queued": ms(meta, "queued", "workerStart"),
            "input fetch": ms(meta, "inputFetchStart", "inputFetchCompleted"),
            "output upload": ms(meta, "outputUploadStart", "outputUploadCompleted"),
            "worker": ms(meta, "workerStart", "workerCompleted"),
        }
        for part in CLIENT_PARTS.values():
            row[part] = 0.0
        for e in parts_by_thread[a["tid"]]:
            if a["ts"] <= e["ts"] <= a["ts"] + a["dur"]:
                row[CLIENT_PARTS[e["name"]]] += e["dur"] / 1000
        row["overhead"] = row["bazel"] - row["command"]
        # The Execute call less the queue and the worker: RPCs between
        # Bazel, bb_storage, bb_scheduler and bb_worker.
        row["execute call"] -= row["queued"] + row["worker"]
        rows.append(row)
    fast = [r for r in rows if r["command"] < fast_ms]
    print(f"overhead: {len(rows)} remotely executed actions matched ({unmatched} not: progress message not unique"
          f" or not in the worker logs); {len(fast)} ran their command in under {fast_ms:.0f} ms"
          f" ({', '.join(f'{n} {m}' for m, n in collections.Counter(r['mnemonic'] for r in fast).most_common())})")
    if not fast:
        return

    def p90(v):
        v = sorted(v)
        return v[min(len(v) - 1, int(0.9 * len(v)))]

    for key in ["overhead", "bazel", "command", "queued", "input fetch", "output upload",
                "merkle tree", "cache check", "input upload", "execute call", "output download"]:
        v = [r[key] for r in fast]
        print(f"  {key:16s} median {statistics.median(v):7.1f} ms  p90 {p90(v):7.1f} ms")


def spread(mnemonic, log, worker_logs):
    # By output path: a spawn's declared outputs (a tree artifact's is its
    # directory, which the ExecuteResponse lists under outputDirectories).
    by_path = {}
    for _, resp in worker_actions(worker_logs):
        result = resp.get("result", {})
        meta = result.get("executionMetadata", {})
        worker = json.loads(meta.get("worker", "{}") or "{}").get("worker", "?")
        for o in result.get("outputFiles", []) + result.get("outputDirectories", []):
            by_path[o["path"]] = (worker, meta)
    runs = collections.defaultdict(list)
    unmatched = 0
    for s in spawns([log]):
        if s.get("mnemonic") != mnemonic or where(s) != "remote":
            continue
        hit = next((by_path[p] for p in s.get("listedOutputs", []) if p in by_path), None)
        if hit is None:
            unmatched += 1
            continue
        worker, meta = hit
        runs[worker].append((seconds(meta["executionStartTimestamp"]), seconds(meta["executionCompletedTimestamp"])))
    total = sum(len(v) for v in runs.values())
    if not total:
        sys.exit(f"execlog.py: {log}: no remotely executed {mnemonic} spawn found in the worker logs")
    t0 = min(a for v in runs.values() for a, _ in v)
    print(f"spread: {total} remotely executed {mnemonic} actions on {len(runs)} workers ({unmatched} not in the worker logs)")
    for worker in sorted(runs):
        v = runs[worker]
        first, last = min(a for a, _ in v), max(b for _, b in v)
        print(f"  {worker}: {len(v)} actions, commands {sum(b - a for a, b in v):.1f} s, "
              f"from {first - t0:.1f} s to {last - t0:.1f} s")
    # Seconds during which more than one worker ran a command of MNEMONIC.
    edges = sorted([(a, 1) for v in runs.values() for a, _ in v] + [(b, -1) for v in runs.values() for _, b in v])
    running, both, prev = 0, 0.0, None
    for t, d in edges:
        if prev is not None and running > 1:
            both += t - prev
        running += d
        prev = t
    span = max(b for v in runs.values() for _, b in v) - t0
    print(f"  span {span:.1f} s, of which {both:.1f} s with commands on two or more workers at once")


def main(argv):
    if len(argv) >= 5 and argv[1] == "spread":
        spread(argv[2], argv[3], argv[4:])
        return 0
    if len(argv) >= 5 and argv[1] == "overhead":
        overhead(argv[2], argv[3], argv[4:])
        return 0
    if len(argv) >= 3 and argv[1] == "worker":
        for action, resp in worker_actions(argv[2:]):
            result = resp.get("result", {})
            worker = json.loads(result.get("executionMetadata", {}).get("worker", "{}") or "{}").get("worker", "?")
            print(f"{action} {worker} exit={result.get('exitCode', 0)} status={resp.get('status', {}).get('code', 0)}")
        return 0
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
