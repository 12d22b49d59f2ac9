"""Verifies, unpacks and prefetches the PyPI wheels rules_sycl pins.

    wheels.py [--copy SRC=DST ...] DEST WHEEL SHA256 [WHEEL SHA256 ...]
                                                     (sycl_oneapi_runtime)
    wheels.py check WHEEL SHA256                     (cuda_wheel)
    wheels.py prefetch DIR                           (./setup.sh)

The first form unpacks the payload of each wheel (below); --copy SRC=DST
also unpacks payload file SRC (even one left out below) as DST, a copy of
its own (sycl_oneapi_runtime puts libsycl-jit and the libraries it needs into
jit/lib/ that way, apart from the runtime's lib/). The second only
checks a wheel's sha256. The third downloads every wheel pinned in
oneapi_runtime.bzl, cuda_tools.bzl and onedpl.bzl that DIR does not already hold with the
right sha256, with pip download --no-deps --only-binary=:all: (by project
name and version, from whatever index pip is configured for), so that later
fetches of the repositories need no network (RULES_SYCL_WHEELHOUSE=DIR).

Every wheel's sha256 is checked before anything is written. The payload under
<name>-<version>.data/data/ is unpacked into DEST/.staging and moved into DEST
only when every wheel unpacked, so a failure leaves no half-filled tree.
Wheels hold no symlinks: byte-identical files of one wheel (libfoo.so,
libfoo.so.1, libfoo.so.1.2) become one file and relative symlinks.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
import zipfile

# Not needed to run SYCL programs (and large): the SYCL JIT (DPC++'s device
# compiler: lib/ is what programs load, so it is unpacked only where --copy
# puts it), the preview-ABI libsycl, the LTO plugin, the compiler's
# clang and libc++ headers, CMake files,
# sanitizer device libraries, debugger scripts, the wheels' own post-install
# scripts and their placeholder .icd files (the repository writes its own).
_SKIP_PREFIXES = (
    "bin/",
    "etc/",
    "lib/clang/",
    "lib/cmake/",
    "lib/dpcpp-2026/",
    "lib/libsycl-jit.",
    "lib/libsycl-preview.",
    "lib/icx-lto.",
    "opt/",
)
_SKIP_SUFFIXES = ("-gdb.py",)


def fail(msg):
    sys.stderr.write("rules_sycl wheels: " + msg + "\n")
    sys.exit(1)


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            b = f.read(1 << 20)
            if not b:
                break
            h.update(b)
    return h.hexdigest()


def safe(rel, name):
    if rel.startswith("/") or ".." in rel.split("/"):
        raise ValueError("unsafe path in archive: " + name)
    return rel


def payload(wheel, copies):
    """(relative path, ZipInfo) of every file to unpack, in archive order.

    copies maps a payload path to the further paths it is unpacked at."""
    out = []
    for info in wheel.infolist():
        name = info.filename
        if info.is_dir() or ".data/data/" not in name:
            continue
        rel = safe(name.split(".data/data/", 1)[1], name)
        for dst in copies.get(rel, []):
            out.append((safe(dst, dst), info))
        if rel.startswith(_SKIP_PREFIXES) or rel.endswith(_SKIP_SUFFIXES):
            continue
        out.append((rel, info))
    return out


def unpack(path, staging, copies):
    with zipfile.ZipFile(path) as wheel:
        files = payload(wheel, copies)
        # One real file per group of identical members in one directory: the
        # longest name (the fully versioned one); the others link to it.
        groups = {}
        for rel, info in files:
            key = (os.path.dirname(rel), info.file_size, info.CRC)
            groups.setdefault(key, []).append(rel)
        for rel, info in files:
            key = (os.path.dirname(rel), info.file_size, info.CRC)
            real = max(groups[key], key=lambda r: (len(r), r))
            out = os.path.join(staging, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            if os.path.lexists(out):
                raise ValueError("two wheels hold " + rel)
            if rel != real:
                os.symlink(os.path.basename(real), out)
                continue
            with wheel.open(info) as src, open(out, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            mode = (info.external_attr >> 16) & 0o777
            os.chmod(out, 0o755 if mode & 0o111 or ".so" in rel else 0o644)


# The .bzl files that pin wheels, as struct(name, version, file, sha256).
_PIN_FILES = ("oneapi_runtime.bzl", "cuda_tools.bzl", "onedpl.bzl")


def pinned_wheels():
    """(name, version, file, sha256) of every wheel the pin files name."""
    out = []
    for pins in _PIN_FILES:
        bzl = os.path.join(os.path.dirname(os.path.abspath(__file__)), pins)
        found = re.findall(
            r'name = "([^"]+)",\s*version = "([^"]+)",\s*file = "([^"]+)",\s*sha256 = "([0-9a-f]{64})"',
            open(bzl).read(),
        )
        if not found:
            fail("%s: no pinned wheels found" % bzl)
        out += found
    return out


def prefetch(directory):
    os.makedirs(directory, exist_ok=True)
    for name, version, filename, sha in pinned_wheels():
        path = os.path.join(directory, filename)
        if os.path.exists(path) and sha256_of(path) == sha:
            continue
        if os.path.exists(path):
            os.remove(path)
        sys.stderr.write("rules_sycl wheels: pip download %s==%s\n" % (name, version))
        r = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps",
             "--only-binary=:all:", "--disable-pip-version-check", "-q",
             "--dest", directory, "%s==%s" % (name, version)],
        )
        if r.returncode != 0:
            fail("pip could not download wheel %s==%s: check that pip reaches a "
                 "package index (pip config list)" % (name, version))
        if not os.path.exists(path):
            fail("pip downloaded %s==%s, but not as %s" % (name, version, filename))
        got = sha256_of(path)
        if got != sha:
            os.remove(path)
            fail("%s: sha256 is %s, but rules_sycl pins %s (removed)" % (filename, got, sha))


def check(path, want):
    try:
        got = sha256_of(path)
    except OSError as e:
        fail("%s: %s" % (os.path.basename(path), e.strerror))
    if got != want:
        fail(
            "%s: sha256 is %s, but rules_sycl pins %s. The wheel is not the "
            "one rules_sycl was tested with: delete it (from RULES_SYCL_WHEELHOUSE "
            "or pip's cache: pip cache remove '%s*') and fetch again, or check "
            "which index pip is configured for (pip config list)."
            % (os.path.basename(path), got, want, os.path.basename(path).split("-")[0])
        )


def main(argv):
    if len(argv) == 2 and argv[0] == "prefetch":
        prefetch(argv[1])
        return
    if len(argv) == 3 and argv[0] == "check":
        check(argv[1], argv[2])
        return
    copies = {}
    while len(argv) >= 2 and argv[0] == "--copy" and "=" in argv[1]:
        src, dst = argv[1].split("=", 1)
        copies.setdefault(src, []).append(dst)
        argv = argv[2:]
    if len(argv) < 3 or len(argv) % 2 != 1:
        fail("usage: wheels.py [--copy SRC=DST ...] DEST WHEEL SHA256 [WHEEL SHA256 ...] | check WHEEL SHA256 | prefetch DIR")
    dest = argv[0]
    pairs = list(zip(argv[1::2], argv[2::2]))
    for path, want in pairs:
        check(path, want)
    staging = os.path.join(dest, ".staging")
    shutil.rmtree(staging, ignore_errors=True)
    os.makedirs(staging)
    for path, _ in pairs:
        try:
            unpack(path, staging, copies)
        except (zipfile.BadZipFile, ValueError, OSError) as e:
            shutil.rmtree(staging, ignore_errors=True)
            fail("%s: cannot unpack: %s" % (os.path.basename(path), e))
    absent = [src for src, dsts in sorted(copies.items()) for dst in dsts
              if not os.path.exists(os.path.join(staging, dst))]
    if absent:
        shutil.rmtree(staging, ignore_errors=True)
        fail("no wheel holds %s (--copy)" % ", ".join(absent))
    for top in sorted(os.listdir(staging)):
        target = os.path.join(dest, top)
        if os.path.lexists(target):
            shutil.rmtree(target)
        os.rename(os.path.join(staging, top), target)
    os.rmdir(staging)


if __name__ == "__main__":
    main(sys.argv[1:])
