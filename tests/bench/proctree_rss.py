#!/usr/bin/env python3
"""Peak memory of a command and of the processes it starts (run by hand).

    proctree_rss.py CMD ARGS...

GNU time's %M is the largest ru_maxrss of the process and its waited-for
descendants: one number for whichever process peaked highest. This runs CMD
and samples /proc every 10 ms over its process tree, then prints one line:
  own=MB        VmHWM of CMD's own process (the kernel's high-water mark)
  child.NAME=MB the largest VmHWM of the children called NAME, and how many
  tree_rss=MB   peak of the sum of VmRSS over the tree (counts shared
                library pages once per process)
  tree_pss=MB   peak of the sum of Pss (smaps_rollup: shared pages split
                between the processes that map them)
Samples can miss a child that lives under 10 ms; own is exact.
"""
import os
import subprocess
import sys
import time


def status(pid):
    d = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                d[k] = v.strip()
    except OSError:
        return None
    return d


def kb(v):
    return int(v.split()[0]) if v else 0


def pss(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree(root):
    kids = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                with open(f"/proc/{p}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(p))
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def main():
    proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
    own, own_name = 0, None
    children = {}  # name -> (max VmHWM kB, pids)
    peak_rss = peak_pss = 0
    while proc.poll() is None:
        rss_sum = pss_sum = 0
        for p in tree(proc.pid):
            d = status(p)
            if not d:
                continue
            if p != proc.pid and d.get("Name") == own_name:
                # A fork of CMD before its exec: Go's vfork shares CMD's
                # memory, which would be counted twice.
                continue
            rss_sum += kb(d.get("VmRSS"))
            pss_sum += pss(p)
            if p == proc.pid:
                own, own_name = max(own, kb(d.get("VmHWM"))), d.get("Name")
            else:
                hwm, pids = children.get(d.get("Name"), (0, set()))
                pids.add(p)
                children[d.get("Name")] = (max(hwm, kb(d.get("VmHWM"))), pids)
        peak_rss, peak_pss = max(peak_rss, rss_sum), max(peak_pss, pss_sum)
        time.sleep(0.01)
    fields = [f"rc={proc.returncode}", f"own={own / 1024:.1f}"]
    for name in sorted(children):
        hwm, pids = children[name]
        fields.append(f"child.{name}={hwm / 1024:.1f}x{len(pids)}")
    fields += [f"tree_rss={peak_rss / 1024:.1f}", f"tree_pss={peak_pss / 1024:.1f}"]
    print(" ".join(fields))
    sys.exit(proc.returncode)


if __name__ == "__main__":
    main()
