#!/usr/bin/env python3
"""Builds and runs Intel's SYCL end-to-end tests (@sycl_e2e, tests/e2e/repository.bzl).

    tests/e2e/run.sh [BAZEL_BUILD_FLAG]...

The corpus is $RULES_SYCL_E2E, else <repository>/../shared/e2e. One
`bazel build --keep_going` of every test; which failed, and the first error
line of each, come from the Build Event Protocol file, not from the log.
Every built test then runs (two at a time, E2E_TIMEOUT seconds each, 300 by
default) on the CPU OpenCL device; a test passes when it exits 0. Prints one
line per test, `PASS|BUILD_FAIL|RUN_FAIL <test> <first error line>`, the
counts per area and `e2e: N passed, M failed (K of them listed ...)`. Exits 0
only if every test not in tests/e2e/known_failures.tsv passes and every test
listed there, other than a flaky one, still fails (a listed test that passes
must leave the list).
E2E_BEP=FILE skips the build and reads that earlier build's events instead.
"""

import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REPO = "sycl_e2e"
JOBS = 2


def fail(msg):
    print("e2e: " + msg, file=sys.stderr)
    sys.exit(2)


def read_manifest(corpus):
    path = os.path.join(corpus, "MANIFEST.tsv")
    if not os.path.isfile(path):
        fail("corpus not found: %s does not exist (set RULES_SYCL_E2E to the e2e corpus directory)" % path)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    header = lines[0].split("\t")
    if "dir" not in header:
        fail("%s: no 'dir' column in its header row" % path)
    col = header.index("dir")
    return sorted(l.split("\t")[col] for l in lines[1:] if l.strip())


KINDS = {
    # cannot pass here: a CPU device aspect, a test/header version mismatch,
    # a bug of this copy of the test that upstream fixed later
    "here": "cannot pass here",
    # a rules_sycl problem found and not yet fixed, with what is known of it
    "open": "open problem of rules_sycl",
    # passes or fails from run to run for a cause outside rules_sycl; either
    # result is accepted, and it runs with E2E_FLAKY_TIMEOUT (30 s: the one
    # listed hangs when it fails; the whole corpus runs in under a minute)
    "flaky": "flaky",
    # an open problem of the device link only: fails on it, and passes on
    # the per-TU path (--//sycl:rdc=false) like any unlisted test
    "rdc": "open problem of the device link",
}


def read_known_failures(path, tests):
    """{test: (kind, evidence)} from known_failures.tsv: `test<TAB>kind<TAB>evidence` lines, # comments."""
    known = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t", 2)
            if len(cols) != 3 or not cols[2].strip():
                fail("%s:%d: want `test<TAB>kind<TAB>evidence`" % (path, n))
            test, kind, evidence = cols
            if kind not in KINDS:
                fail("%s:%d: kind %r is not one of %s" % (path, n, kind, ", ".join(sorted(KINDS))))
            if test not in tests:
                fail("%s:%d: %s is not a test of the corpus" % (path, n, test))
            if test in known:
                fail("%s:%d: %s is listed twice" % (path, n, test))
            known[test] = (kind, evidence.strip())
    return known


def package_of(label):
    # @sycl_e2e//Basic__x:Basic__x_tu1 -> Basic__x
    m = re.match(r"^@%s//([^:]+)(?::.*)?$" % REPO, label or "")
    return m.group(1) if m else None


def file_of(uri):
    if not uri.startswith("file://"):
        return None
    return urllib.parse.unquote(uri[len("file://"):])


ERROR_RE = re.compile(r"\berror\b|\bfatal\b|undefined reference|what\(\)|Assertion", re.IGNORECASE)
# The linker driver's summary, after the line that says what is undefined.
SUMMARY_RE = re.compile(r"^collect2: error: ld returned|^clang[^:]*: error: linker command failed")


def first_error_line(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if ERROR_RE.search(l) and not SUMMARY_RE.search(l):
            return l
    return lines[0] if lines else ""


def parse_bep(path):
    """From the build's events: {package: launcher path} of the tests built,
    {package: first error line} of those that failed."""
    built, errors, aborted, completed = {}, {}, {}, set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            ev = json.loads(line)
            eid = ev.get("id", {})
            if "actionCompleted" in eid:
                action = ev.get("action", {})
                if action.get("success"):
                    continue
                pkg = package_of(action.get("label") or eid["actionCompleted"].get("label"))
                if pkg is None or pkg in errors:
                    continue
                text = ""
                for stream in ("stderr", "stdout"):
                    f_ = file_of(action.get(stream, {}).get("uri", ""))
                    if f_ and os.path.isfile(f_):
                        with open(f_, encoding="utf-8", errors="replace") as s:
                            text += s.read()
                # A worker that died has no stderr: Bazel's message quotes its log.
                text = text or action.get("failureDetail", {}).get("message", "")
                line_ = first_error_line(text)
                errors[pkg] = line_ or "%s failed (exit %s)" % (action.get("type", "action"), action.get("exitCode", "?"))
            elif "targetCompleted" in eid:
                pkg = package_of(eid["targetCompleted"].get("label"))
                if pkg is None or eid["targetCompleted"]["label"] != "@%s//%s:%s" % (REPO, pkg, pkg):
                    continue
                completed.add(pkg)
                c = ev.get("completed", {})
                if c.get("success"):
                    for out in c.get("importantOutput", []):
                        if out.get("name", "").endswith("/" + pkg) or out.get("name") == pkg:
                            built[pkg] = file_of(out.get("uri", ""))
                    built.setdefault(pkg, None)
                elif "aborted" in ev:
                    aborted[pkg] = ev["aborted"].get("description", "")
            elif "aborted" in ev:
                for key in ("targetCompleted", "targetConfigured", "pattern"):
                    if key in eid:
                        pkg = package_of(eid[key].get("label"))
                        if pkg is not None:
                            aborted.setdefault(pkg, ev["aborted"].get("description", "") or ev["aborted"].get("reason", ""))
    for pkg, why in aborted.items():
        errors.setdefault(pkg, first_error_line(why) or "not built")
    return built, errors


def run_test(name, launcher, timeout, log_dir):
    env = dict(os.environ, ONEAPI_DEVICE_SELECTOR="opencl:cpu")
    log = os.path.join(log_dir, name + ".log")
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="e2e_run_") as cwd, open(log, "w+b") as out:
        p = subprocess.Popen([launcher], cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            return name, False, "timed out after %d s (log: %s)" % (timeout, log), time.monotonic() - start
        out.seek(0)
        text = out.read().decode("utf-8", errors="replace")
    if rc == 0:
        return name, True, "", time.monotonic() - start
    status = "signal %d" % -rc if rc < 0 else "exit %d" % rc
    line = first_error_line(text)
    return name, False, "%s: %s" % (status, line) if line else status, time.monotonic() - start


def main(argv):
    corpus = os.environ.get("RULES_SYCL_E2E") or os.path.join(os.path.dirname(ROOT), "shared", "e2e")
    corpus = os.path.abspath(corpus)
    tests = read_manifest(corpus)
    known = read_known_failures(os.path.join(HERE, "known_failures.tsv"), set(tests))
    # E2E_TESTS=FILE: only the tests it names, one per line (# comments):
    # the per-TU path's subset in ./test.sh.
    targets = ["@%s//..." % REPO]
    if os.environ.get("E2E_TESTS"):
        with open(os.environ["E2E_TESTS"], encoding="utf-8") as f:
            subset = [l.split("#")[0].strip() for l in f]
        subset = [t for t in subset if t]
        unknown = [t for t in subset if t not in tests]
        if unknown:
            fail("%s: not tests of the corpus: %s" % (os.environ["E2E_TESTS"], " ".join(unknown)))
        tests = sorted(subset)
        known = {t: k for t, k in known.items() if t in subset}
        targets = ["@%s//%s:all" % (REPO, t) for t in tests]
    timeout = int(os.environ.get("E2E_TIMEOUT", "300"))
    flaky_timeout = int(os.environ.get("E2E_FLAKY_TIMEOUT", "30"))
    work = os.path.join(os.environ.get("TMPDIR", "/tmp"), "rules_sycl_e2e")
    log_dir = os.path.join(work, "logs")
    os.makedirs(log_dir, exist_ok=True)
    bep = os.path.join(work, "build_events.json")
    build_log = os.path.join(work, "build.log")

    cmd = ["bazel", "build", "--keep_going", "--jobs=%d" % JOBS, "--build_event_json_file=" + bep,
           "--repo_env=RULES_SYCL_E2E=" + corpus, "--curses=no", "--color=no",
           "--show_progress_rate_limit=60"] + argv + ["--"] + targets
    if os.environ.get("E2E_BEP"):
        bep, rc = os.environ["E2E_BEP"], 0
        print("e2e: no build; the events of %s" % bep, flush=True)
    else:
        print("e2e: %s (log: %s)" % (" ".join(cmd), build_log), flush=True)
        start = time.monotonic()
        with open(build_log, "wb") as log:
            rc = subprocess.call(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        print("e2e: build finished in %.0f s (bazel exit %d)" % (time.monotonic() - start, rc), flush=True)
    if rc not in (0, 1) or not os.path.isfile(bep):
        # 1 is "build failed" (some targets); anything else stopped the build.
        with open(build_log, encoding="utf-8", errors="replace") as f:
            sys.stderr.write("".join(f.readlines()[-20:]))
        fail("bazel build stopped (exit %d); log: %s" % (rc, build_log))
    built, errors = parse_bep(bep)

    results = {}
    for t in tests:
        if t not in built:
            results[t] = ("BUILD_FAIL", errors.get(t, "not built (no build event for @%s//%s)" % (REPO, t)))
    bazel_bin = None
    to_run = []
    for t in tests:
        if t in results:
            continue
        launcher = built[t]
        if not launcher or not os.path.isfile(launcher):
            if bazel_bin is None:
                bazel_bin = subprocess.check_output(["bazel", "info", "bazel-bin"] + argv, cwd=ROOT,
                                                    stderr=subprocess.DEVNULL).decode().strip()
            launcher = os.path.join(bazel_bin, "external", REPO, t, t)
        to_run.append((t, launcher))

    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
        futures = [pool.submit(run_test, t, l, flaky_timeout if known.get(t, ("",))[0] == "flaky" else timeout, log_dir)
                   for t, l in to_run]
        for fut in concurrent.futures.as_completed(futures):
            name, ok, why, _ = fut.result()
            results[name] = ("PASS", "") if ok else ("RUN_FAIL", why)
    print("e2e: ran %d tests in %.0f s (logs: %s)" % (len(to_run), time.monotonic() - start, log_dir))

    areas = {}
    for t in tests:
        status, why = results[t]
        if status != "PASS" and t in known:
            why = ("%s [listed, %s]" % (why, known[t][0])).strip()
        print(("%s %s %s" % (status, t, why)).rstrip())
        a = areas.setdefault(t.split("__")[0], [0, 0])
        a[0 if status == "PASS" else 1] += 1
    print()
    for area in sorted(areas):
        p, f = areas[area]
        print("  %-24s %3d passed, %3d failed" % (area, p, f))
    passed = sum(1 for s, _ in results.values() if s == "PASS")
    listed = [t for t in tests if results[t][0] != "PASS" and t in known]
    by_kind = {}
    for t in listed:
        by_kind[known[t][0]] = by_kind.get(known[t][0], 0) + 1
    print("e2e: %d passed, %d failed (%d of them listed in tests/e2e/known_failures.tsv: %s)" % (
        passed, len(tests) - passed, len(listed),
        ", ".join("%d %s" % (by_kind[k], KINDS[k]) for k in sorted(by_kind)) or "none"))

    # On the per-TU path a test listed for the device link only must pass.
    if "--//sycl:rdc=false" in argv:
        known = {t: k for t, k in known.items() if k[0] != "rdc"}
    unexpected = [t for t in tests if results[t][0] != "PASS" and t not in known]
    fixed = [t for t in sorted(known) if results[t][0] == "PASS" and known[t][0] != "flaky"]
    for t in fixed:
        print("e2e: %s passes but is listed in tests/e2e/known_failures.tsv: remove it" % t)
    if unexpected:
        print("e2e: %d failures not in tests/e2e/known_failures.tsv: %s" % (len(unexpected), " ".join(unexpected)))
    return 1 if unexpected or fixed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
