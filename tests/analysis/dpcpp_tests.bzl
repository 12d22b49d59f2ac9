"""Analysis tests of the DPC++ toolchain's command lines (no DPC++ runs here)."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("@rules_cc//cc:defs.bzl", "CcInfo")
load(":actions.bzl", "actions_by_mnemonic", "assert_no_absolute_paths")

# external/dpcpp_fake in WORKSPACE mode, the canonical name under bzlmod.
_DPCPP = Label("@dpcpp_fake//:BUILD.bazel").workspace_root

def _dpcpp_binary_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    asserts.equals(env, 0, len(by.get("SyclModuleId", [])), "DPC++ stamps sycl-module-id itself")
    compiles = by["SyclDeviceCompile"]
    asserts.equals(env, 1, len(compiles), "one device compile per SYCL C++ source (plain C has none)")
    dc = compiles[0]
    for flag in ["-fsycl", "-fsycl-device-only", "-fsycl-targets=spir64-unknown-unknown", "-c"]:
        asserts.true(env, flag in dc.argv, "device compile passes " + flag)
    asserts.equals(env, _DPCPP + "/bin/compiler", dc.argv[0], "the DPC++ compiler, by a relative path")
    header_flag = [a for a in dc.argv if a.startswith("-fsycl-int-header=")]
    footer_flag = [a for a in dc.argv if a.startswith("-fsycl-int-footer=")]
    asserts.equals(env, 1, len(header_flag))
    asserts.equals(env, 1, len(footer_flag))
    asserts.equals(env, "-Xclang", dc.argv[dc.argv.index(header_flag[0]) - 1], "-fsycl-int-header goes through -Xclang")
    asserts.equals(env, "-Xclang", dc.argv[dc.argv.index(footer_flag[0]) - 1], "-fsycl-int-footer goes through -Xclang")
    outs = sorted([f.basename for f in dc.outputs.to_list()])
    asserts.equals(env, ["app.cpp.bc", "app.cpp.int_footer.h", "app.cpp.int_header.h"], outs)
    asserts.true(env, "-DAPP_DEFINE=1" in dc.argv, "defines reach the device compile")

    # The host TU: integration header, the source, integration footer.
    writes = [a for a in by.get("FileWrite", []) if a.outputs.to_list()[0].basename == "app.cpp.host.cpp"]
    asserts.equals(env, 1, len(writes), "a generated host source per SYCL source")
    lines = writes[0].content.strip().split("\n")
    asserts.equals(env, 3, len(lines))
    asserts.true(env, lines[0].endswith('app.cpp.int_header.h"'), "integration header first")
    asserts.equals(env, '#include "tests/analysis/app.cpp"', lines[1], "then the source, by its path")
    asserts.true(env, lines[2].endswith('app.cpp.int_footer.h"'), "integration footer last")

    # The host side: the same emit_host_compile as the clang toolchain's
    # SYCL C++ TUs, run by DPC++'s own compiler.
    hosts = by.get("SyclHostCompile", [])
    asserts.equals(env, 1, len(hosts), "one host compile per SYCL source")
    host = hosts[0]
    asserts.equals(env, _DPCPP + "/bin/compiler", host.argv[0], "DPC++'s compiler compiles the host side")
    asserts.equals(env, "app.cpp.host.cpp", host.argv[host.argv.index("-c") + 1].split("/")[-1], "the host compile takes the generated source")
    asserts.equals(env, "-Xclang", host.argv[host.argv.index("-fsycl-is-host") - 1], "-fsycl-is-host goes through -Xclang")
    for flag in ["-fPIC", "-D__SYCL_UNNAMED_LAMBDA__", "-DAPP_DEFINE=1"]:
        asserts.true(env, flag in host.argv, "host compile passes " + flag)
    host_inputs = [f.basename for f in host.inputs.to_list()]
    for f in ["app.cpp", "app.cpp.host.cpp", "app.cpp.int_header.h", "app.cpp.int_footer.h", "sycl.hpp"]:
        asserts.true(env, f in host_inputs, "host compile sees " + f)
    asserts.equals(env, ["app.cpp.o"], [f.basename for f in host.outputs.to_list()])
    asserts.true(env, "app.cpp.o" in [f.basename for f in by["CppLink"][0].inputs.to_list()], "the host link takes the host object")
    plain = [a for a in by["CppCompile"] if "plain.c" in [f.basename for f in a.inputs.to_list()]]
    asserts.equals(env, 1, len(plain), "plain C compiles as host code only")
    asserts.equals(env, 1, len(by["CppCompile"]), "and is the C++ toolchain's only compile")

    link = by["SyclDeviceLink"][0]
    asserts.false(env, "--only-needed" in link.argv, "the program's TUs are linked whole")
    asserts.false(env, "-S" in link.argv, "the intermediate program stays bitcode (only llvm-link reads it)")
    libs = by["SyclDeviceLibraryLink"][0]
    asserts.equals(env, link.outputs.to_list()[0].path, libs.argv[1], "device libraries are linked into the linked program")
    asserts.true(env, "-S" in libs.argv, "DPC++'s llvm-link writes the split's input as textual IR")
    asserts.equals(env, ["dpcpp_binary.device.ll"], [f.basename for f in libs.outputs.to_list()], "the linked module is named .ll")
    split = by["SyclSplit"][0]
    asserts.true(env, libs.outputs.to_list()[0] in split.inputs.to_list(), "the split reads the text")
    for lib in ["libsycl-cmath.bc", "libsycl-crt.bc"]:
        paths = [a for a in libs.argv if a.endswith("/" + lib)]
        asserts.equals(env, 1, len(paths), "device library link takes " + lib)
        asserts.true(env, libs.argv.index("--only-needed") < libs.argv.index(paths[0]), lib + " is linked only where referenced")

    translate = by["SyclTranslate"][0]
    asserts.true(env, "-spirv-max-version=1.4" in translate.argv, "DPC++'s translator flags")

    # The stand-in install ships lib/libsycl.so.8: 96-byte device images.
    wrap_argv = by["SyclWrap"][0].argv
    asserts.true(env, "-image-version=2" in wrap_argv, "libsycl.so.8 reads the layout with manifest pointers")

    link_inputs = [f.basename for f in by["CppLink"][0].inputs.to_list()]
    asserts.true(env, "libsycl.so" in link_inputs, "the host link takes the SYCL runtime")

    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

dpcpp_binary_test = analysistest.make(
    _dpcpp_binary_test_impl,
    config_settings = {str(Label("//sycl:device_link_mode")): "whole", str(Label("//sycl:toolchain")): "dpcpp"},
)

def _dpcpp_per_tu_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    asserts.equals(env, 0, len(by.get("SyclDeviceLibraryLink", [])), "per TU, the libraries are linked in the TU's link")
    summary = by["SyclDeviceLinkSummary"][0]
    asserts.true(env, "-llvm-dis=" + _DPCPP + "/bin/disassembler" in summary.argv, "the summary reads DPC++'s bitcode with its llvm-dis")
    link = by["SyclDeviceLink"][0]
    asserts.true(env, "-linker=" + _DPCPP + "/bin/linker" in link.argv, "DPC++'s llvm-link")
    asserts.true(env, "-S" in link.argv, "textual IR from DPC++'s llvm-link too")
    asserts.equals(env, "app.cpp.bc", link.argv[link.argv.index("-tu") + 1].split("/")[-1], "the TU linked whole")
    libs = [link.argv[i + 1].split("/")[-1] for i in range(len(link.argv) - 1) if link.argv[i] == "-library"]
    for lib in ["libsycl-cmath.bc", "libsycl-crt.bc"]:
        asserts.true(env, lib in libs, "device libraries (--only-needed): " + lib)
    asserts.true(env, "-spirv-max-version=1.4" in by["SyclTranslate"][0].argv, "DPC++'s translator flags")
    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

# Per-TU image mode, the default, with the DPC++ toolchain.
dpcpp_per_tu_test = analysistest.make(
    _dpcpp_per_tu_test_impl,
    config_settings = {str(Label("//sycl:toolchain")): "dpcpp"},
)

def _dpcpp_rejects_opencl_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "need the clang toolchain")
    return analysistest.end(env)

dpcpp_rejects_opencl_test = analysistest.make(
    _dpcpp_rejects_opencl_test_impl,
    expect_failure = True,
    config_settings = {str(Label("//sycl:toolchain")): "dpcpp"},
)

def _fallback_toolchain_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "No registered SYCL device toolchain matches --@rules_sycl//sycl:toolchain")
    return analysistest.end(env)

fallback_toolchain_test = analysistest.make(_fallback_toolchain_test_impl, expect_failure = True)

def _dpcpp_library_test_impl(ctx):
    env = analysistest.begin(ctx)
    cc = analysistest.target_under_test(env)[CcInfo].compilation_context
    asserts.true(env, _DPCPP + "/include" in cc.system_includes.to_list(), "host code finds the SYCL runtime's headers")
    asserts.true(env, "sycl.hpp" in [f.basename for f in cc.headers.to_list()], "the runtime's headers are compile inputs")
    return analysistest.end(env)

dpcpp_library_test = analysistest.make(
    _dpcpp_library_test_impl,
    config_settings = {str(Label("//sycl:toolchain")): "dpcpp"},
)
