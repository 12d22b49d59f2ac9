#!/usr/bin/env python3
"""Action times of one Bazel build, from its JSON trace profile (--profile).

  profile_actions.py PROFILE[.gz]

Prints, per kind of action (the progress message's words before the path
or label), the count, the sum and the median of the actions' wall times, and
for the SYCL C++ device and host compiles the per-test median: each test's
time (the sum over its objects: an `A | B` test compiles its file twice) and
the median over the tests. A test is the @sycl_e2e package the source is in.
"""
import collections
import gzip
import json
import re
import statistics
import sys

COMPILES = [
    ("device compile", "Compiling SYCL C++ device code "),
    ("host compile", "Compiling SYCL C++ host code "),
]
TEST = re.compile(r"sycl_e2e/([^/]+)/")
# A progress message's kind: its words up to the first path or label.
KIND = re.compile(r"^(.*?)\s+(?:\S*/|@|//|\S+\.\S+$)")


def main(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        events = json.load(f)
    events = events["traceEvents"] if isinstance(events, dict) else events
    actions = [e for e in events if e.get("cat") == "action processing" and e.get("ph") == "X"]
    if not actions:
        sys.exit("%s: no action events (was the build run with --profile?)" % path)
    kinds = collections.defaultdict(list)
    for e in actions:
        m = KIND.match(e["name"])
        kinds[m.group(1) if m else e["name"]].append(e["dur"] / 1e6)
    print("%5s %9s %9s  %s" % ("count", "sum s", "median s", "action"))
    for kind, durs in sorted(kinds.items(), key=lambda kv: -sum(kv[1])):
        print("%5d %9.1f %9.2f  %s" % (len(durs), sum(durs), statistics.median(durs), kind))
    for what, prefix in COMPILES:
        per_test = collections.defaultdict(float)
        for e in actions:
            if e["name"].startswith(prefix):
                m = TEST.search(e["name"])
                if m:
                    per_test[m.group(1)] += e["dur"] / 1e6
        if not per_test:
            sys.exit("%s: no %s actions of @sycl_e2e" % (path, what))
        t = sorted(per_test.values())
        print("per-test %s: median %.2f s over %d tests (min %.2f s, max %.2f s, sum %.1f s)" % (
            what, statistics.median(t), len(t), t[0], t[-1], sum(t)))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: profile_actions.py PROFILE[.gz]")
    main(sys.argv[1])
