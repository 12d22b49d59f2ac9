#!/usr/bin/env python3
"""The pinned Debian sid packages of the Bazel 7 chroot (tests/bzlmod/sid-packages.lock).

  sid_debs.py fetch LOCK DEBDIR MIRROR
      Puts every pinned .deb into DEBDIR, checked against its sha256: files
      already there are only re-checked; missing ones come from
      MIRROR/<pool path>. A package the mirror no longer carries fails with one
      line naming it.
  sid_debs.py check LOCK ROOT
      Checks that the chroot ROOT has exactly the pinned packages installed.
  sid_debs.py lock INCLUDE INSTALLED PACKAGES DEBDIR
      (Maintainers, after a mirror move: see setup_bazel7.sh --relock.) Writes
      the lock to stdout: every package of INSTALLED ("name version arch"
      lines, from dpkg-query in a chroot built from the live mirror) with its
      pool path and sha256 from the mirror's PACKAGES index, each checked
      against the .deb in DEBDIR.

The lock: comment lines (# include: the packages the chroot is built from),
then one line per package: name version arch sha256 pool-path.
"""

import concurrent.futures
import hashlib
import os
import sys
import time
import urllib.error
import urllib.request


def die(msg):
    print("sid_debs.py: error: " + msg, file=sys.stderr)
    sys.exit(1)


def read_lock(path):
    entries, include = [], []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("# include:"):
                include = line.split(":", 1)[1].split()
            if not line or line.startswith("#"):
                continue
            name, version, arch, sha, pool = line.split()
            entries.append((name, version, arch, sha, pool))
    if not entries or not include:
        die("%s: no packages or no '# include:' line" % path)
    return entries, include


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def deb_name(name, version, arch):
    """The file name apt gives a downloaded package (epoch's ':' escaped)."""
    return "%s_%s_%s.deb" % (name, version.replace(":", "%3a"), arch)


def fetch_one(entry, debdir, mirror, lock):
    name, version, arch, sha, pool = entry
    dst = os.path.join(debdir, deb_name(name, version, arch))
    if os.path.exists(dst) and sha256(dst) == sha:
        return None
    url = mirror.rstrip("/") + "/" + pool
    tmp = dst + ".part"
    # A fresh machine's resolver may fail a lookup or two while it starts
    # (seen: "Temporary failure in name resolution"): retry network errors,
    # never a wrong checksum or an HTTP status.
    for attempt in range(4):
        err = download(url, tmp, name, version, arch, mirror, lock)
        if err is None or not err.startswith("downloading") or "HTTP" in err:
            break
        time.sleep(2 ** attempt)
    if err:
        return err
    got = sha256(tmp)
    if got != sha:
        os.remove(tmp)
        return "%s %s: %s has sha256 %s, pinned %s" % (name, version, url, got, sha)
    os.replace(tmp, dst)
    return None


def download(url, tmp, name, version, arch, mirror, lock):
    """Writes url to tmp; returns None, or the error line."""
    try:
        with urllib.request.urlopen(url, timeout=120) as r, open(tmp, "wb") as out:
            while True:
                chunk = r.read(1 << 20)
                if not chunk:
                    break
                out.write(chunk)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return "the Debian mirror %s no longer carries %s %s (%s), pinned in %s: pin another build (setup_bazel7.sh --relock) or use a snapshot mirror (RULES_SYCL_SID_MIRROR)" % (mirror, name, version, arch, lock)
        return "downloading %s: HTTP %d" % (url, e.code)
    except (urllib.error.URLError, OSError) as e:
        return "downloading %s: %s (is the Debian mirror reachable?)" % (url, e)
    return None


def fetch(lock, debdir, mirror):
    entries, _ = read_lock(lock)
    os.makedirs(debdir, exist_ok=True)
    # The first entry (bazel-bootstrap) alone first: if the mirror moved,
    # that is the package the error names.
    err = fetch_one(entries[0], debdir, mirror, lock)
    if err:
        die(err)
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        errs = [e for e in pool.map(lambda e: fetch_one(e, debdir, mirror, lock), entries[1:]) if e]
    if errs:
        die(errs[0] + ("" if len(errs) == 1 else " (and %d more)" % (len(errs) - 1)))
    wanted = {deb_name(*e[:3]) for e in entries}
    for f in os.listdir(debdir):
        if f.endswith(".deb") and f not in wanted:
            os.remove(os.path.join(debdir, f))


def installed(root):
    pkgs, cur = set(), {}
    with open(os.path.join(root, "var/lib/dpkg/status")) as f:
        for line in f.read().split("\n") + [""]:
            if not line:
                if cur.get("Status", "").endswith(" installed"):
                    pkgs.add((cur["Package"], cur["Version"], cur["Architecture"]))
                cur = {}
            elif not line[0].isspace() and ":" in line:
                k, v = line.split(":", 1)
                cur[k] = v.strip()
    return pkgs


def check(lock, root):
    entries, _ = read_lock(lock)
    want = {(e[0], e[1], e[2]) for e in entries}
    have = installed(root)
    extra, missing = sorted(have - want), sorted(want - have)
    if extra or missing:
        die("%s does not hold exactly the packages of %s: unpinned %s; missing %s" % (
            root, lock, " ".join("%s=%s" % p[:2] for p in extra) or "none",
            " ".join("%s=%s" % p[:2] for p in missing) or "none"))


def parse_index(path):
    idx, cur = {}, {}
    with open(path) as f:
        for line in f.read().split("\n") + [""]:
            if not line:
                if cur:
                    idx[(cur["Package"], cur["Version"], cur["Architecture"])] = cur
                cur = {}
            elif not line[0].isspace() and ":" in line:
                k, v = line.split(":", 1)
                cur[k] = v.strip()
    return idx


def make_lock(include, installed_txt, index, debdir):
    idx = parse_index(index)
    rows = []
    with open(installed_txt) as f:
        for line in f:
            if not line.strip():
                continue
            key = tuple(line.split())
            st = idx.get(key)
            if st is None:
                die("%s %s %s is not in %s" % (key + (index,)))
            deb = os.path.join(debdir, deb_name(*key))
            if not os.path.exists(deb) or sha256(deb) != st["SHA256"]:
                die("%s: missing or not the mirror's (sha256 %s)" % (deb, st["SHA256"]))
            rows.append(key + (st["SHA256"], st["Filename"]))
    first = [r for r in rows if r[0] == "bazel-bootstrap"]
    rows = first + sorted(r for r in rows if r[0] != "bazel-bootstrap")
    print("# Debian sid packages of the Bazel 7 chroot (tests/bzlmod/setup_bazel7.sh).")
    print("# Generated by sid_debs.py lock; bazel-bootstrap first (the mirror check names it).")
    print("# include: " + " ".join(include.split(",")))
    for r in rows:
        print(" ".join(r))


def main(argv):
    if len(argv) == 5 and argv[1] == "fetch":
        fetch(argv[2], argv[3], argv[4])
    elif len(argv) == 4 and argv[1] == "check":
        check(argv[2], argv[3])
    elif len(argv) == 6 and argv[1] == "lock":
        make_lock(argv[2], argv[3], argv[4], argv[5])
    else:
        die("usage: sid_debs.py fetch LOCK DEBDIR MIRROR | check LOCK ROOT | lock INCLUDE INSTALLED PACKAGES DEBDIR")


if __name__ == "__main__":
    main(sys.argv)
