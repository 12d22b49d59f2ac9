"""Analysis tests of Intel GPU targets: intel_gpu_<arch> and spir64_gen as DPC++ builds them.

One SYCL C++ device compile per TU and architecture (with its
__SYCL_TARGET_INTEL_GPU_<ARCH>__), one SyclAot (tools/gpuaot: ocloc) per
image table and device, images wrapped as spir64_gen, format none, with the
architecture as compile_target; the host compile sees every architecture's
macro.
"""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load(":actions.bzl", "actions_by_mnemonic", "assert_no_absolute_paths", "flag_value")

_TARGETS = str(Label("//sycl:targets"))
_RDC = str(Label("//sycl:rdc"))
_SPLIT = str(Label("//sycl:split_mode"))
_GEN_DEVICES = str(Label("//sycl:gen_devices"))

# //tests/analysis:sycl_cxx_binary: two SYCL C++ TUs of its own (util.cpp,
# vadd.cpp) and one of its library (ext.cpp, compiled by the library).
_OWN_TUS = 2
_ALL_TUS = 3

def _command(action):
    # foreach's argv: the per-image command follows "--".
    return action.argv[action.argv.index("--") + 1:]

def _device_dir(path):
    # _sycl/<rule>/<device target>/... for every target but the primary.
    parts = path.split("/_sycl/")[1].split("/")
    return parts[1] if parts[1].startswith("intel_gpu_") or parts[1] == "spir64_gen" else "spir64"

def _wrap_groups(argv):
    """(target, format, compile target) per -batch table, in order."""
    groups = []
    target, fmt, compile_target = None, None, ""
    for a in argv:
        if a.startswith("-target="):
            target = a[len("-target="):]
        elif a.startswith("-format="):
            fmt = a[len("-format="):]
        elif a.startswith("-compile-target="):
            compile_target = a[len("-compile-target="):]
        elif a == "-batch":
            groups.append((target, fmt, compile_target))
    return groups

def _check_library(env, by, library):
    """Every SyclAot links the bfloat16 library's `library` image (DPC++'s choice for the program's GPUs); the wrap takes its functions off the zebins' imports."""
    for aot in by["SyclAot"]:
        lib = flag_value(_command(aot), "-device-library")
        asserts.true(env, lib != None and lib.endswith("/bfloat16_%s.spv" % library), "gpuaot links the bfloat16 library's %s image: %s" % (library, lib))
        asserts.true(env, lib in [f.path + "/bfloat16_%s.spv" % library for f in aot.inputs.to_list() if f.is_directory], "the library's tree is an input of SyclAot")
    wrap = by["SyclWrap"][0].argv
    asserts.equals(env, "-target=spir64_gen", wrap[wrap.index("-linked-device-libraries") - 1], "the wrap takes the library's functions off the spir64_gen images' imports")

def _check_aot(env, by, devices, options, library = "native"):
    """One SyclAot per image table and device: gpuaot with the device's ocloc name."""
    got = {}
    for aot in by["SyclAot"]:
        command = _command(aot)
        asserts.true(env, command[0].endswith("/gpuaot"), "tools/gpuaot runs ocloc: " + command[0])
        ocloc = flag_value(command, "-ocloc")
        asserts.true(env, ocloc != None and ocloc.endswith("/bin/ocloc") and not ocloc.startswith("/"), "the hermetic ocloc by a relative path: %s" % ocloc)
        asserts.equals(env, ["{in}", "{out}"], command[-2:], "the image and the output")
        asserts.true(env, "-kernels={Symbols}" in command, "each zebin checked for its image's entry points (the row's Symbols)")
        asserts.true(env, "-properties={Properties}" in command, "each image's property sets read for its exported functions")
        device = flag_value(command, "-device")
        got[device] = got.get(device, 0) + 1
        asserts.equals(env, options.get(device), flag_value(command, "-options"), "ocloc -options DPC++ adds for " + device)
        asserts.equals(env, ".zebin", aot.argv[aot.argv.index("-out-ext") + 1])
        inputs = [f.path for f in aot.inputs.to_list()]
        for f in ["/bin/ocloc", "/libexec/ocloc", "/lib/ld-linux-x86-64.so.2", "/lib/libc.so.6", "/lib/libigc.so.2", "/lib/libocloc.so"]:
            asserts.true(env, [p for p in inputs if p.endswith(f) and "rules_sycl_ocloc" in p] != [], "ocloc's %s is an input of SyclAot (it travels under remote execution)" % f)
    asserts.equals(env, devices, got, "SyclAot actions per ocloc device")
    _check_library(env, by, library)

def _intel_gpu_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    per_device = _ALL_TUS
    for m, n in {
        "SyclDeviceCompile": _OWN_TUS * 3,
        "SyclHostCompile": _OWN_TUS,
        "SyclAot": per_device * 2,
        "SyclWrap": 1,
    }.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)
    if ctx.attr.rdc:
        # The device-link path per architecture: each TU's own link and
        # split, SPIR-V translation, then ocloc.
        asserts.equals(env, _ALL_TUS * 3, len(by.get("SyclSplit", [])), "one split per TU and device target")
        for s in by["SyclSplit"]:
            want = "-spec-const=native" if _device_dir(s.outputs.to_list()[0].path) == "spir64" else "-spec-const=emulation"
            asserts.true(env, want in s.argv, "spec constants of %s: %s" % (s.outputs.to_list()[0].path, want))
    else:
        asserts.equals(env, 0, len(by.get("SyclSplit", [])), "per-TU images: no split")

    # The device compiles: the macro of their architecture, none for spir64.
    macros = {"spir64": [], "intel_gpu_pvc": ["-D__SYCL_TARGET_INTEL_GPU_PVC__"], "intel_gpu_bmg_g21": ["-D__SYCL_TARGET_INTEL_GPU_BMG_G21__"]}
    compiled = {}
    for dc in by["SyclDeviceCompile"]:
        d = _device_dir(flag_value(dc.argv, "-out-dir"))
        compiled[d] = compiled.get(d, 0) + 1
        asserts.equals(env, macros[d], [a for a in dc.argv if a.startswith("-D__SYCL_TARGET_")], "the device compile's target macro (%s)" % d)
    asserts.equals(env, {"spir64": _OWN_TUS, "intel_gpu_pvc": _OWN_TUS, "intel_gpu_bmg_g21": _OWN_TUS}, compiled, "one device compile per TU and SPIR-V device target")
    for hc in by["SyclHostCompile"]:
        asserts.equals(env, ["-D__SYCL_TARGET_INTEL_GPU_PVC__", "-D__SYCL_TARGET_INTEL_GPU_BMG_G21__"], [a for a in hc.argv if a.startswith("-D__SYCL_TARGET_")], "the host compile sees every architecture's macro, as under DPC++'s driver")
    _check_aot(env, by, {"pvc": per_device, "bmg_g21": per_device}, {"pvc": "-ze-intel-enable-auto-large-GRF-mode"})
    groups = _wrap_groups(by["SyclWrap"][0].argv)
    asserts.equals(env, [("spir64", "spirv", "")] * _ALL_TUS + [("spir64_gen", "none", "intel_gpu_pvc")] * per_device + [("spir64_gen", "none", "intel_gpu_bmg_g21")] * per_device, groups, "JIT SPIR-V, then each architecture's zebins as spir64_gen (format none) with its compile_target")
    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

intel_gpu_test = analysistest.make(
    _intel_gpu_test_impl,
    attrs = {"rdc": attr.bool(default = True)},
    config_settings = {_TARGETS: ["spir64", "intel_gpu_pvc", "intel_gpu_bmg_g21"]},
)

intel_gpu_per_tu_test = analysistest.make(
    _intel_gpu_test_impl,
    attrs = {"rdc": attr.bool(default = False)},
    config_settings = {
        _RDC: False,
        _TARGETS: ["spir64", "intel_gpu_pvc", "intel_gpu_bmg_g21"],
    },
)

def _intel_gpu_per_kernel_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # However many images a TU's split gives, its table is one action per
    # device (the images are known only when the split has run).
    asserts.equals(env, _ALL_TUS, len(by["SyclAot"]), "one SyclAot per TU's image table for intel_gpu_pvc")
    for s in by["SyclSplit"]:
        asserts.true(env, "-split=kernel" in s.argv, "per_kernel split")
    _check_aot(env, by, {"pvc": _ALL_TUS}, {"pvc": "-ze-intel-enable-auto-large-GRF-mode"})
    return analysistest.end(env)

intel_gpu_per_kernel_test = analysistest.make(
    _intel_gpu_per_kernel_test_impl,
    config_settings = {
        _SPLIT: "per_kernel",
        _TARGETS: ["intel_gpu_pvc"],
    },
)

def _intel_gpu_alias_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # intel_gpu_dg2_g10 is DPC++'s other name of intel_gpu_acm_g10; mtl_u
    # compiles for ocloc's mtl_s, as DPC++'s driver passes it.
    devices = sorted([flag_value(_command(a), "-device") for a in by["SyclAot"]])
    asserts.equals(env, ["acm_g10"] * _ALL_TUS + ["mtl_s"] * _ALL_TUS, devices)
    groups = _wrap_groups(by["SyclWrap"][0].argv)
    asserts.equals(env, [("spir64_gen", "none", "intel_gpu_acm_g10")] * _ALL_TUS + [("spir64_gen", "none", "intel_gpu_mtl_u")] * _ALL_TUS, groups)

    # acm_g10 has native bfloat16 conversions, mtl_u not: both get the
    # fallback library, as under DPC++'s driver.
    _check_library(env, by, "fallback")
    return analysistest.end(env)

intel_gpu_alias_test = analysistest.make(
    _intel_gpu_alias_test_impl,
    config_settings = {_TARGETS: ["intel_gpu_dg2_g10", "intel_gpu_mtl_u"]},
)

def _spir64_gen_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # spir64_gen takes the spir64 compile's SPIR-V (no macro: DPC++ defines
    # none for it), then one ocloc run per image for the whole device list.
    asserts.equals(env, _OWN_TUS, len(by["SyclDeviceCompile"]), "spir64_gen shares the spir64 device compiles")
    _check_aot(env, by, {"pvc,bmg-g21": _ALL_TUS}, {})
    groups = _wrap_groups(by["SyclWrap"][0].argv)
    asserts.equals(env, [("spir64", "spirv", "")] * _ALL_TUS + [("spir64_gen", "none", "")] * _ALL_TUS, groups, "no compile_target for spir64_gen")
    return analysistest.end(env)

spir64_gen_test = analysistest.make(
    _spir64_gen_test_impl,
    config_settings = {
        _GEN_DEVICES: ["pvc", "bmg-g21"],
        _TARGETS: ["spir64", "spir64_gen"],
    },
)

def _spir64_gen_fallback_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # tgllp has no native bfloat16 conversions: the whole list gets the
    # fallback library, and so does intel_gpu_pvc beside it.
    _check_library(env, by, "fallback")
    return analysistest.end(env)

spir64_gen_fallback_test = analysistest.make(
    _spir64_gen_fallback_test_impl,
    config_settings = {
        _GEN_DEVICES: ["pvc", "tgllp"],
        _TARGETS: ["spir64", "spir64_gen", "intel_gpu_pvc"],
    },
)

def _unknown_arch_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "device target(s) intel_gpu_skl requested by --@rules_sycl//sycl:targets, but the clang toolchain builds only: intel_gpu_acm_g10, intel_gpu_acm_g11, intel_gpu_acm_g12, intel_gpu_adl_n,")
    return analysistest.end(env)

intel_gpu_unknown_arch_test = analysistest.make(
    _unknown_arch_test_impl,
    expect_failure = True,
    config_settings = {_TARGETS: ["spir64", "intel_gpu_skl"]},
)
