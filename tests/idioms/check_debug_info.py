#!/usr/bin/env python3
"""Checks the device debug info of SPIR-V images (tests/idioms: device -g).

    check_debug_info.py SPIRV_VAL SPIRV_DIS SPIRV_OPT SOURCE (IMAGE|DIR)...

With SPIRV-Tools 2026.4 (Debian sid's, @rules_sycl_llvm_spirv), each image:
  - imports NonSemantic.Shader.DebugInfo.200 and declares
    SPV_KHR_non_semantic_info (a SPIR-V 1.4 module, as libsycl-jit's); has a
    DebugCompilationUnit, DebugFunctions, DebugLines, and a DebugSource that
    names SOURCE by the relative path ./SOURCE; names no absolute path but
    system headers' (/usr/...) and libsycl-jit's built-in ones
    (/sycl-jit-toolchain/...);
  - passes spirv-val with its non-semantic instructions stripped
    (spirv-opt --strip-nonsemantic): the code the debug info describes;
  - passes spirv-val whole, or fails it in a debug instruction only.
    SPIRV-LLVM-Translator 22 writes NonSemantic.Shader.DebugInfo.200 that
    spirv-val 2026.4 rejects, as libsycl-jit's own translator does
    (docs/sycl-cpp.md, "Device debug info"); a failure elsewhere fails.
Prints one line per image; exits 1 at the first failure.
"""

import os
import re
import subprocess
import sys
import tempfile


def fail(msg):
    print("check_debug_info: " + msg)
    sys.exit(1)


def run(args):
    r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    return r.returncode, r.stdout


def main(argv):
    if len(argv) < 5:
        fail("usage: check_debug_info.py SPIRV_VAL SPIRV_DIS SPIRV_OPT SOURCE IMAGE...")
    val, dis, opt, source = argv[0], argv[1], argv[2], argv[3]
    images = []
    for path in argv[4:]:
        # A tree of images (an output group's directory) or an image.
        if os.path.isdir(path):
            images += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".spv"))
        else:
            images.append(path)
    if not images:
        fail("no SPIR-V images among %s" % " ".join(argv[4:]))
    for image in images:
        with open(image, "rb") as f:
            header = f.read(8)
        if header != b"\x03\x02\x23\x07\x00\x04\x01\x00":
            fail("%s: not a SPIR-V 1.4 module (header %s)" % (image, header.hex()))
        rc, text = run([dis, image])
        if rc:
            fail("%s: spirv-dis failed: %s" % (image, " ".join(text.split())[:200]))
        for need in [
            'OpExtInstImport "NonSemantic.Shader.DebugInfo.200"',
            'OpExtension "SPV_KHR_non_semantic_info"',
            "DebugCompilationUnit",
            "DebugFunction ",
            "DebugLine ",
            'OpString "./%s"' % source,
        ]:
            if need not in text:
                fail("%s: no %s in its disassembly" % (image, need))
        for line in text.splitlines():
            m = re.search(r'OpString "(/[^"]*)"', line)
            if m and not m.group(1).startswith(("/usr/", "/sycl-jit-toolchain/")):
                fail("%s: an absolute path: %s" % (image, m.group(1)))
        with tempfile.TemporaryDirectory() as tmp:
            stripped = os.path.join(tmp, "stripped.spv")
            rc, out = run([opt, "--skip-validation", "--strip-nonsemantic", image, "-o", stripped])
            if rc:
                fail("%s: spirv-opt --strip-nonsemantic failed: %s" % (image, " ".join(out.split())[:200]))
            rc, out = run([val, stripped])
            if rc:
                fail("%s: spirv-val of its code (non-semantic instructions stripped): %s" % (image, " ".join(out.split())[:300]))
        rc, out = run([val, image])
        whole = "valid whole"
        if rc:
            # spirv-val names the instruction it stops at on its second line.
            lines = out.strip().splitlines()
            if len(lines) < 2 or not re.search(r"OpExtInst %void %\d+ Debug\w+", lines[1]):
                fail("%s: spirv-val fails outside the debug info: %s" % (image, " ".join(out.split())[:300]))
            whole = "whole: " + re.sub(r"^error: line \d+: ", "", lines[0])[:120]
        print("%s: debug info of %s; code valid; %s" % (os.path.basename(image), source, whole))


if __name__ == "__main__":
    main(sys.argv[1:])
