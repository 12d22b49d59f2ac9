#!/usr/bin/env python3
"""Checks rules/private/intel_gpu.bzl's rows against DPC++'s device config file.

DPC++ leaves an image out of an intel_gpu_<arch> target when the image needs
an aspect or a sub-group size the architecture lacks, by its device config
file (llvm/SYCLLowerIR/DeviceConfigFile.td). The pinned libsycl-jit (DPC++'s
2026.2 front end, the same build the compiles use) carries that file as the
static std::map DeviceConfigFile::TargetTable, filled by its initializers when
the library loads. This loads the library, finds the map through the
library's symbol table, walks it (libc++'s red-black tree and string and
vector layouts, x86-64) and compares every intel_gpu_<arch> row with
intel_gpu.bzl's aspects and sub_group_sizes, and INTEL_GPU_ASPECTS with the
runtime's aspects.def, and device_traits.bzl's entries (the trait macros'
input: aspects and whether devices may support others) with the table's.
The .bzl files are read by running them as Python (`struct` given, `load`
a no-op): they use no Starlark-only syntax.

  device_config.py LIBSYCL_JIT ASPECTS_DEF INTEL_GPU_BZL DEVICE_TRAITS_BZL
"""
import ctypes
import os
import re
import struct
import sys
import types

SYMBOL = "_ZN16DeviceConfigFile11TargetTableE"

# Targets rules_sycl builds that have no entry, under any name DPC++'s
# driver looks them up by (the target, its triple, the triple's
# architecture).
NO_ENTRY = ["nvptx64", "nvptx64-nvidia-cuda"]


def symbol_offset(lib, name):
    """The st_value of a symbol in the library's .symtab (ELF64 LE)."""
    with open(lib, "rb") as f:
        data = f.read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    for s in secs:
        if s[1] != 2:  # SHT_SYMTAB
            continue
        strtab = secs[s[6]]
        for off in range(s[4], s[4] + s[5], s[9]):
            st_name, _, _, _, st_value, _ = struct.unpack_from("<IBBHQQ", data, off)
            end = data.index(b"\0", strtab[4] + st_name)
            if data[strtab[4] + st_name:end] == name.encode():
                return st_value
    raise SystemExit("%s: no symbol %s (a libsycl-jit without its symbol table?)" % (lib, name))


def load_base(lib):
    """Loads lib and returns its load address (the mapping of file offset 0)."""
    ctypes.CDLL(lib, mode=ctypes.RTLD_GLOBAL)
    real = os.path.realpath(lib)
    with open("/proc/self/maps") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 6 and os.path.realpath(parts[5]) == real and int(parts[2], 16) == 0:
                return int(parts[0].split("-")[0], 16)
    raise SystemExit("%s: loaded, but not found in /proc/self/maps" % lib)


def read(addr, n):
    return ctypes.string_at(addr, n)


def u64(addr):
    return struct.unpack("<Q", read(addr, 8))[0]


def cxx_string(addr):
    """A libc++ std::string: short (first byte: size << 1) or long (bit 0 set)."""
    b0 = read(addr, 1)[0]
    if b0 & 1:
        return read(u64(addr + 16), u64(addr + 8)).decode()
    return read(addr + 1, b0 >> 1).decode()


def target_table(lib):
    """DeviceConfigFile::TargetTable as {name: (aspects, sub-group sizes, may support other aspects)}."""
    m = load_base(lib) + symbol_offset(lib, SYMBOL)
    # libc++ std::map: begin node, end node (its left child is the root), size.
    begin, end, size = u64(m), m + 8, u64(m + 16)

    def successor(n):
        r = u64(n + 8)
        if r:
            n = r
            while u64(n):
                n = u64(n)
            return n
        while True:
            p = u64(n + 16)
            if u64(p) == n:
                return p
            n = p

    out = {}
    n = begin
    while n != end:
        # Node: left, right, parent, color (padded to 32); then the pair:
        # std::string key (24), TargetInfo: bool maySupportOtherAspects,
        # vector<StringLiteral> aspects, vector<unsigned> subGroupSizes, ...
        key = cxx_string(n + 32)
        info = n + 56
        ab, ae = u64(info + 8), u64(info + 16)
        aspects = [read(u64(p), u64(p + 8)).decode() for p in range(ab, ae, 16)]
        sb, se = u64(info + 32), u64(info + 40)
        sizes = [struct.unpack("<I", read(p, 4))[0] for p in range(sb, se, 4)]
        may_support_other_aspects = read(info, 1)[0] != 0
        out[key] = (aspects, sizes, may_support_other_aspects)
        n = successor(n)
    if len(out) != size or "intel_gpu_pvc" not in out:
        raise SystemExit("%s: DeviceConfigFile::TargetTable read as %d rows of %d, without intel_gpu_pvc: not the layout this reads" % (lib, len(out), size))
    return out


def main():
    lib, aspects_def, bzl, traits = sys.argv[1:5]
    table = target_table(lib)
    numbers = {m.group(1): int(m.group(2)) for m in re.finditer(r"^__SYCL_ASPECT\((\w+), (\d+)\)", open(aspects_def).read(), re.M)}
    scope = {"struct": lambda **kw: types.SimpleNamespace(**kw)}
    exec(compile(open(bzl).read(), bzl, "exec"), scope)
    bad = []
    for name, number in sorted(scope["INTEL_GPU_ASPECTS"].items()):
        if numbers.get(name) != number:
            bad.append("INTEL_GPU_ASPECTS[%r] = %d, aspects.def: %s" % (name, number, numbers.get(name)))
    for row in scope["INTEL_GPU_TARGETS"]:
        if row.name not in table:
            bad.append("%s: not in DPC++'s device config file" % row.name)
            continue
        aspects, sizes, _ = table[row.name]
        if sorted(row.aspects) != sorted(aspects):
            bad.append("%s: aspects %s, DPC++'s device config file: %s" % (row.name, sorted(row.aspects), sorted(aspects)))
        if list(row.sub_group_sizes) != sizes:
            bad.append("%s: sub_group_sizes %s, DPC++'s device config file: %s" % (row.name, list(row.sub_group_sizes), sizes))
        for a in row.aspects:
            if a not in scope["INTEL_GPU_ASPECTS"]:
                bad.append("%s: aspect %s has no number in INTEL_GPU_ASPECTS" % (row.name, a))
    for name in NO_ENTRY:
        if name in table:
            bad.append("%s: has an entry in DPC++'s device config file %s; rules/private/device_traits.bzl gives it none" % (name, table[name]))
    # device_traits.bzl's DEVICE_CONFIG (its load of intel_gpu.bzl is the
    # rows already read).
    scope["load"] = lambda *args: None
    exec(compile(open(traits).read(), traits, "exec"), scope)
    for name, entry in sorted(scope["DEVICE_CONFIG"].items()):
        if name not in table:
            bad.append("device_traits.bzl: %s: not in DPC++'s device config file" % name)
            continue
        aspects, _, others = table[name]
        if sorted(entry.aspects) != sorted(aspects) or entry.may_support_other_aspects != others:
            bad.append("device_traits.bzl: %s: aspects %s, may_support_other_aspects %s; DPC++'s device config file: %s, %s" % (
                name, sorted(entry.aspects), entry.may_support_other_aspects, sorted(aspects), others))
    for line in bad:
        print("FAIL " + line)
    if bad:
        return 1
    print("PASS %d intel_gpu_<arch> rows, %d aspects and %d trait entries match DPC++ 2026.2's device config file (%d targets in it); %s have no entry" % (
        len(scope["INTEL_GPU_TARGETS"]), len(scope["INTEL_GPU_ASPECTS"]), len(scope["DEVICE_CONFIG"]), len(table), ", ".join(NO_ENTRY)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
