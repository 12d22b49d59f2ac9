#!/usr/bin/env python3
"""Verifies, unpacks and prefetches the Debian packages rules_sycl pins.

    debs.py unpack DEST DEB SHA256 FILES [DEB SHA256 FILES ...]
                                               (sycl_intel_gpu_compiler)
    debs.py prefetch DIR [MIRROR]              (./setup.sh)

unpack checks each .deb against its sha256 before anything is written, then
copies the files FILES names (a comma-separated list of SRC=DST: SRC a path
in the package's data archive, DST one in DEST) out of its data.tar.*; a
symlink in the package is followed to the file it names inside the same
package, so DEST holds plain files only. Everything is written under
DEST/.staging and moved into place when every package unpacked: a failure
leaves no half-filled tree.

prefetch downloads every package pinned in this directory's .bzl files
(found by their fields: pool, sha256; intel_gpu_compiler.bzl,
spirv_translator.bzl, sid_packages.bzl) that DIR does not already hold with the right
sha256, from MIRROR (default: $RULES_SYCL_DEBIAN_MIRROR, else
https://deb.debian.org/debian) by its pool path, so that fetching the
repository later needs no network (RULES_SYCL_DEBS=DIR).
"""

import hashlib
import io
import lzma
import os
import posixpath
import re
import shutil
import sys
import tarfile
import urllib.request


def fail(msg):
    sys.stderr.write("rules_sycl debs: " + msg + "\n")
    sys.exit(1)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def ar_members(path):
    """The members of an ar archive (a .deb): {name: bytes}."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"!<arch>\n"):
        fail("%s: not a Debian package (no ar header)" % path)
    members, pos = {}, 8
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        name = header[:16].decode("ascii", "replace").strip().rstrip("/")
        try:
            size = int(header[48:58].decode("ascii").strip())
        except ValueError:
            fail("%s: a corrupt ar member header at offset %d" % (path, pos))
        pos += 60
        members[name] = data[pos : pos + size]
        pos += size + (size & 1)
    return members


def data_tar(path):
    members = ar_members(path)
    for name, body in members.items():
        if name == "data.tar.xz":
            return tarfile.open(fileobj=io.BytesIO(lzma.decompress(body)))
        if name in ("data.tar.gz", "data.tar"):
            return tarfile.open(fileobj=io.BytesIO(body))
    fail("%s: no data.tar.xz, data.tar.gz or data.tar member (has: %s)" % (path, ", ".join(sorted(members))))


def resolve(tar, name, path):
    """The regular file member `name` names, following symlinks inside the package."""
    seen = set()
    while True:
        if name in seen:
            fail("%s: a symlink loop at %s" % (path, name))
        seen.add(name)
        try:
            m = tar.getmember("./" + name)
        except KeyError:
            fail("%s: has no %s" % (path, name))
        if m.isfile():
            return m
        if not m.issym():
            fail("%s: %s is neither a file nor a symlink" % (path, name))
        name = posixpath.normpath(posixpath.join(posixpath.dirname(name), m.linkname)).lstrip("/")


def unpack(dest, triples):
    staging = os.path.join(dest, ".staging")
    shutil.rmtree(staging, ignore_errors=True)
    for deb, sha, _ in triples:
        got = sha256_of(deb)
        if got != sha:
            fail("%s: sha256 %s, but rules_sycl pins %s (a changed package: refetch it or update the pin)" % (os.path.basename(deb), got, sha))
    placed = []
    for deb, _, files in triples:
        tar = data_tar(deb)
        for pair in files.split(","):
            src, _, dst = pair.partition("=")
            m = resolve(tar, src, os.path.basename(deb))
            out = os.path.join(staging, dst)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with tar.extractfile(m) as f, open(out, "wb") as o:
                shutil.copyfileobj(f, o)
            os.chmod(out, 0o755 if m.mode & 0o111 else 0o644)
            placed.append(dst)
    for dst in placed:
        final = os.path.join(dest, dst)
        os.makedirs(os.path.dirname(final), exist_ok=True)
        os.replace(os.path.join(staging, dst), final)
    shutil.rmtree(staging)


_PIN = re.compile(r'pool = "([^"]+\.deb)",\s*sha256 = "([0-9a-f]{64})"')


def prefetch(directory, mirror):
    here = os.path.dirname(os.path.abspath(__file__))
    pins = []
    for name in sorted(os.listdir(here)):
        if name.endswith(".bzl"):
            with open(os.path.join(here, name)) as f:
                pins += [p for p in _PIN.findall(f.read()) if p not in pins]
    if not pins:
        fail("%s: no pinned packages found in its .bzl files" % here)
    os.makedirs(directory, exist_ok=True)
    for pool, sha in pins:
        name = pool.split("/")[-1]
        path = os.path.join(directory, name)
        if os.path.exists(path) and sha256_of(path) == sha:
            continue
        url = "%s/%s" % (mirror.rstrip("/"), pool)
        tmp = path + ".part"
        try:
            with urllib.request.urlopen(url, timeout=600) as r, open(tmp, "wb") as o:
                shutil.copyfileobj(r, o)
        except OSError as e:
            fail("%s: cannot download it (%s): is the package still on the mirror?" % (url, e))
        got = sha256_of(tmp)
        if got != sha:
            os.remove(tmp)
            fail("%s: sha256 %s, but rules_sycl pins %s" % (url, got, sha))
        os.replace(tmp, path)
        print("debs.py: fetched %s" % name)


def main(argv):
    if len(argv) >= 2 and argv[0] == "unpack" and (len(argv) - 2) % 3 == 0 and len(argv) > 2:
        rest = argv[2:]
        unpack(argv[1], [tuple(rest[i : i + 3]) for i in range(0, len(rest), 3)])
    elif len(argv) in (2, 3) and argv[0] == "prefetch":
        mirror = argv[2] if len(argv) == 3 else os.environ.get("RULES_SYCL_DEBIAN_MIRROR", "").split(",")[0] or "https://deb.debian.org/debian"
        prefetch(argv[1], mirror)
    else:
        fail("usage: debs.py unpack DEST DEB SHA256 FILES [...] | debs.py prefetch DIR [MIRROR]")


if __name__ == "__main__":
    main(sys.argv[1:])
