"""DPC++ driver options in a rule's copts, device_copts and linkopts.

A DPC++ build passes these to icpx, whose driver turns each into the step
that needs it; rules_sycl runs the steps itself, so each option either is a
flag of the device compile (where it works as in DPC++), or is an
attribute or build setting here, or cannot work with the pinned release.
check_driver_flags refuses, in one line, every option that would otherwise
reach the wrong step (the host compile or link, which do not know it) or do
nothing. Options: intel/llvm's sycl/doc/UsersManual.md and the DPC++/C++
Compiler Developer Guide's offload options.
"""

# Device-compile options: passed to the device front end (libsycl-jit, or
# DPC++'s -fsycl-device-only compile) in device_copts, as DPC++'s driver
# passes them to its device compile; the host compile does not take them.
# Each is accepted by the pinned libsycl-jit (tests/sycl_cxx:driver_flags*),
# which checks their combinations itself (-fsycl-optimize-non-user-code
# only with -O0).
DEVICE_FLAGS = [
    "-fsycl-early-optimizations",
    "-fno-sycl-early-optimizations",
    "-fsycl-dead-args-optimization",
    "-fno-sycl-dead-args-optimization",
    "-fgpu-inline-threshold=",
    "-fsycl-fp32-prec-sqrt",
    "-fsycl-esimd-force-stateless-mem",
    "-fno-sycl-esimd-force-stateless-mem",
    "-fsycl-instrument-device-code",
    "-fno-sycl-instrument-device-code",
    "-fsycl-optimize-non-user-code",
    "-fno-sycl-optimize-non-user-code",
    "-fsycl-unnamed-lambda",
    "-fsycl-id-queries-fit-in-int",
    "-fno-sycl-id-queries-fit-in-int",
    "-foffload-fp32-prec-div",
    "-fno-offload-fp32-prec-div",
    "-foffload-fp32-prec-sqrt",
    "-fno-offload-fp32-prec-sqrt",
]

# Options with a replacement here, or none: option (a prefix where it ends
# in "=" or takes a value), then what to use instead or why it cannot work.
REFUSED_FLAGS = {
    "-fsycl": "rules_sycl compiles SYCL C++ itself (device compile, host compile, device link); drop it",
    "-fsycl-device-only": "rules_sycl runs the device compile itself; drop it",
    "-fsycl-targets=": "use the targets attribute of sycl_binary/sycl_test or --@rules_sycl//sycl:targets",
    "-fsycl-device-code-split": "use the split_mode attribute or --@rules_sycl//sycl:split_mode",
    "-fsycl-rdc": "use rdc = 1 or --@rules_sycl//sycl:rdc=true (the default)",
    "-fno-sycl-rdc": "use rdc = 0 or --@rules_sycl//sycl:rdc=false",
    "-fgpu-rdc": "use rdc = 1 or --@rules_sycl//sycl:rdc=true (the default)",
    "-fno-gpu-rdc": "use rdc = 0 or --@rules_sycl//sycl:rdc=false",
    "-Xsycl-target-backend": "the ahead-of-time compilers' options are settings: cpu_aot_isa / --@rules_sycl//sycl:cpu_aot_isa, intel_gpu_<arch> targets or --@rules_sycl//sycl:gen_devices, cuda_archs",
    "-Xs": "the ahead-of-time compilers' options are settings: cpu_aot_isa / --@rules_sycl//sycl:cpu_aot_isa, intel_gpu_<arch> targets or --@rules_sycl//sycl:gen_devices, cuda_archs",
    "-Xsycl-target-frontend": "put device front-end flags in device_copts",
    "-Xsycl-target-linker": "the device link takes no user flags",
    "-fsycl-device-lib=": "the device libraries are linked as DPC++ links them by default (libsycl-jit in each compile; the bfloat16 library's images by the wrapper and AOT)",
    "-fno-sycl-device-lib=": "the device libraries are linked as DPC++ links them by default (libsycl-jit in each compile; the bfloat16 library's images by the wrapper and AOT)",
    "-fsycl-device-lib-jit-link": "the device libraries are linked at build time",
    "-fsycl-max-parallel-link-jobs=": "Bazel runs one action per device image (--jobs, remote execution)",
    "-fsycl-link": "device code is linked by sycl_binary/sycl_test (sycl_library deps)",
    "-fsycl-link-targets=": "device code is linked by sycl_binary/sycl_test (sycl_library deps)",
    "-fsycl-add-targets=": "device code is linked by sycl_binary/sycl_test (sycl_library deps)",
    "-foffload-static-lib=": "device code of libraries comes from sycl_library deps",
    "-foffload-whole-static-lib=": "device code of libraries comes from sycl_library deps",
    "-fsycl-link-huge-device-code": "device code is linked by sycl_binary/sycl_test",
    "-fsycl-host-compiler=": "the host compiler is the SYCL toolchain's host_compiler (sycl_configure: SYCL_HOST_CLANG)",
    "-fsycl-host-compiler-options=": "host compile flags go in copts",
    "-fsycl-use-bitcode": "the device images' form follows the device target",
    "-fno-sycl-use-bitcode": "the device images' form follows the device target",
    "-fsycl-embed-ir": "not supported: images carry no embedded IR (kernel fusion)",
    "-fsycl-dump-device-code=": "the device images are build outputs: bazel-bin/<package>/_sycl/",
    "-fsycl-help": "not supported",
    "-fsycl-allow-device-image-dependencies": "always on for SYCL C++ compiles (tools/syclc)",
    "-fno-sycl-allow-device-image-dependencies": "SYCL_EXTERNAL functions are resolved by the device link (rdc) or by libsycl",
    "-fno-sycl-unnamed-lambda": "not supported: unnamed kernel lambdas are on in the host and the device compile (DPC++'s default)",
    "-sycl-std=": "not supported: SYCL 2020 (DPC++'s default) in the host and the device compile",
    "-fsycl-range-rounding=": "not supported: parallel_for range rounding is DPC++'s default in the host and the device compile",
    "-fsycl-exp-range-rounding": "not supported: parallel_for range rounding is DPC++'s default in the host and the device compile",
    "-fsycl-disable-range-rounding": "not supported: parallel_for range rounding is DPC++'s default in the host and the device compile",
    "-fsycl-explicit-simd": "no effect in DPC++ (ESIMD needs no flag); drop it",
    "-fno-sycl-explicit-simd": "no effect in DPC++ (ESIMD needs no flag); drop it",
    "-fintelfpga": "not supported: rules_sycl has no FPGA target",
    "-reuse-exe=": "not supported: rules_sycl has no FPGA target",
    "-fpreview-breaking-changes": "needs libsycl-preview.so, which the pinned intel-sycl-rt 2026.2.0 wheel (and dpcpp-cpp-rt 2026.2.0) does not ship",
}

# What marks an option as DPC++'s (the prefixes of DEVICE_FLAGS and
# REFUSED_FLAGS): one that starts so and is in neither table is refused in
# copts and linkopts, and passed to the device compile in device_copts.
_DRIVER_PREFIXES = ["-fsycl", "-fno-sycl", "-Xsycl-", "-fintelfpga", "-fpreview-breaking-changes", "-foffload-", "-fno-offload-", "-fgpu-rdc", "-fno-gpu-rdc", "-sycl-std", "-reuse-exe"]

def _lookup(table, flag):
    # The entry for flag: itself, or the prefix it starts with (an entry
    # ending in "=" takes a value; -Xs takes one in the next argument, or
    # attached).
    if flag in table:
        return flag
    for name in table:
        if name.endswith("=") and (flag.startswith(name) or flag == name[:-1]):
            return name
    if flag.startswith("-Xsycl-target-backend") or flag.startswith("-Xsycl-target-frontend") or flag.startswith("-Xsycl-target-linker"):
        return flag.split("=")[0]
    if flag.startswith("-fsycl-device-code-split"):
        return "-fsycl-device-code-split"
    if flag.startswith("-fsycl-help"):
        return "-fsycl-help"
    if flag.startswith("-Xs") and not flag.startswith("-Xsycl"):
        return "-Xs"
    if flag.startswith("-fsycl-link="):
        return "-fsycl-link"
    return None

def _is_driver_flag(flag):
    for p in _DRIVER_PREFIXES:
        if flag.startswith(p):
            return True
    return flag == "-Xs" or flag.startswith("-Xs")

def check_driver_flags(label, copts, device_copts, linkopts):
    """Fails, in one line, on a DPC++ driver option that cannot work where it is given.

    Args:
      label: the rule's label, for the message.
      copts: the rule's copts (host compiles).
      device_copts: its device_copts (device compiles).
      linkopts: its linkopts (the host link).
    """
    for attr, flags in [("device_copts", device_copts), ("copts", copts), ("linkopts", linkopts)]:
        for flag in flags:
            if not _is_driver_flag(flag):
                continue
            refused = _lookup(REFUSED_FLAGS, flag)
            if refused:
                fail("%s: %s has DPC++'s %s: %s" % (label, attr, flag, REFUSED_FLAGS[refused]))
            if attr == "device_copts":
                # A device front-end option: the device compile takes it
                # (libsycl-jit rejects the ones it does not know).
                continue
            if _lookup({f: True for f in DEVICE_FLAGS}, flag):
                fail("%s: %s has DPC++'s %s, a flag of the device compile: put it in device_copts" % (label, attr, flag))
            fail("%s: %s has %s, a DPC++ driver option that the %s does not take: device front-end flags go in device_copts" % (label, attr, flag, "host link" if attr == "linkopts" else "host compile"))
