#!/usr/bin/env python3
"""Times SYCL programs from their start to the first kernel's result and to exit.

  timeline.py RUNS 'NAME=[VAR=VALUE...] PROGRAM'...

Each program runs RUNS times, the programs taking turns (so that load on a
shared machine spreads over all of them), in two ways:
  - plain: the time from fork to exit (the whole run);
  - traced (SYCL_UR_TRACE=2, on a pseudo-terminal so nothing is buffered):
    the time from fork to the return of the first urEventWait after the
    first kernel launch, i.e. when the host holds the first kernel's
    result; of it, the time from the first program creation (the runtime
    is up: platform, device, context, queue) to that result; and how the
    programs were built (urProgramCreateWithIL: JIT from SPIR-V;
    urProgramCreateWithBinary: AOT).
Prints one line per program: medians and minimums in milliseconds.
"""

import os
import pty
import re
import select
import shlex
import statistics
import subprocess
import sys
import time

CREATE = re.compile(rb"^\s*---> urProgramCreateWith")
LAUNCH = re.compile(rb"^\s*<--- urEnqueueKernelLaunch")
WAIT = re.compile(rb"^\s*<--- urEventWait\(")
FROM_IL = re.compile(rb"^\s*<--- urProgramCreateWithIL\(.*-> UR_RESULT_SUCCESS;")
FROM_BINARY = re.compile(rb"^\s*<--- urProgramCreateWithBinary\(.*-> UR_RESULT_SUCCESS;")


def command(spec):
    """(argv, environment) of "[VAR=VALUE...] PROGRAM"."""
    words = shlex.split(spec)
    env = dict(os.environ)
    while len(words) > 1 and "=" in words[0]:
        var, value = words.pop(0).split("=", 1)
        env[var] = value
    return words, env


def plain(program):
    argv, env = command(program)
    start = time.monotonic()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    elapsed = time.monotonic() - start
    if r.returncode != 0:
        sys.exit("%s exited with status %d" % (program, r.returncode))
    return elapsed


def traced(program):
    """(seconds to the first kernel's result, of them from the first program
    creation, programs from IL, from binaries)."""
    argv, env = command(program)
    env["SYCL_UR_TRACE"] = "2"
    master, slave = pty.openpty()
    start = time.monotonic()
    p = subprocess.Popen(argv, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    first = created = None
    launched = False
    il = binary = 0
    pending = b""
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            p.kill()
            sys.exit("%s: no output for 60 s" % program)
        try:
            data = os.read(master, 1 << 16)
        except OSError:  # EIO: the program closed the terminal
            data = b""
        now = time.monotonic()
        if not data:
            break
        pending += data
        *lines, pending = pending.split(b"\n")
        for line in lines:
            if created is None and CREATE.match(line):
                created = now - start
            if FROM_IL.match(line):
                il += 1
            elif FROM_BINARY.match(line):
                binary += 1
            elif LAUNCH.match(line):
                launched = True
            elif launched and first is None and WAIT.match(line):
                first = now - start
    os.close(master)
    if p.wait() != 0:
        sys.exit("%s exited with status %d" % (program, p.returncode))
    if first is None:
        sys.exit("%s: no kernel launch followed by urEventWait in its trace" % program)
    return first, first - created, il, binary


def main():
    runs = int(sys.argv[1])
    programs = [a.split("=", 1) for a in sys.argv[2:]]
    whole = {n: [] for n, _ in programs}
    first = {n: [] for n, _ in programs}
    device = {n: [] for n, _ in programs}
    built = {}
    for _ in range(runs):
        for name, program in programs:
            whole[name].append(plain(program))
            t, d, il, binary = traced(program)
            first[name].append(t)
            device[name].append(d)
            built[name] = (il, binary)
    ms = lambda xs, f: "%7.1f" % (1000 * f(xs))
    print("%-28s %-15s %-17s %-17s %-17s" % ("program", "programs", "first result", "of it: program", "whole run"))
    print("%-28s %-15s %-17s %-17s %-17s" % ("", "", "median   min ms", "median   min ms", "median   min ms"))
    for name, _ in programs:
        il, binary = built[name]
        how = "%d JIT %d AOT" % (il, binary)
        cols = [ms(xs, f) for xs in (first[name], device[name], whole[name]) for f in (statistics.median, min)]
        print("%-28s %-15s %s %s  %s %s  %s %s" % tuple([name, how] + cols))


if __name__ == "__main__":
    main()
