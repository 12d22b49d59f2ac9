"""The attributes rules_sycl's rules share, in one place."""

load("@rules_cc//cc:defs.bzl", "CcInfo")
load("//sycl:cpu_aot_isas.bzl", "CPU_AOT_ISAS")
load(":providers.bzl", "SyclInfo")
load(":tables.bzl", "CXX_SOURCE_EXTENSIONS", "C_SOURCE_EXTENSIONS", "DEVICE_LANGUAGES", "HEADER_EXTENSIONS", "SPLIT_MODES", "TOOLCHAIN_TYPE")

# Every rule resolves the SYCL toolchain and the host C++ toolchain.
TOOLCHAINS = [TOOLCHAIN_TYPE, "@bazel_tools//tools/cpp:toolchain_type"]

# What every rule compiles: sources, headers, dependencies and their flags.
COMPILE_ATTRS = {
    "srcs": attr.label_list(
        allow_files = CXX_SOURCE_EXTENSIONS + C_SOURCE_EXTENSIONS + HEADER_EXTENSIONS + DEVICE_LANGUAGES.keys(),
        doc = "Sources. C++ (.cc/.cpp/.cxx/.c++/.C) is single-source SYCL: per translation unit a device compile (to device images with the clang toolchain's tools/syclc, to bitcode with DPC++) and a host compile by the toolchain's host clang. Device-only code (.cl OpenCL C, .clcpp C++ for OpenCL; clang toolchain) is compiled per translation unit to device bitcode; C (.c) is host code for the C++ toolchain.",
    ),
    "hdrs": attr.label_list(
        allow_files = HEADER_EXTENSIONS,
        doc = "Public headers, visible to host and device code of dependents.",
    ),
    "deps": attr.label_list(
        providers = [[CcInfo], [SyclInfo]],
        doc = "sycl_library and cc_library dependencies.",
    ),
    "includes": attr.string_list(doc = "Include directories (relative to the package) added for this rule and its dependents."),
    "defines": attr.string_list(doc = "Macros defined for host and device compiles of this rule and its dependents."),
    "copts": attr.string_list(doc = "Extra flags for host compiles."),
    "device_copts": attr.string_list(doc = "Extra flags for device compiles."),
    "linkopts": attr.string_list(doc = "Extra flags for the host link."),
    "rdc": attr.int(
        default = -1,
        values = [-1, 0, 1],
        doc = "SYCL C++ device code of this rule's TUs (of a sycl_binary or sycl_test: of the whole program) through the device link (DPC++'s -fsycl-rdc): 1 yes, 0 no (-fno-sycl-rdc: each TU's images split and final in its compile, SYCL_EXTERNAL calls between TUs resolved by libsycl at run time), -1 (default) the --@rules_sycl//sycl:rdc build setting (on).",
    ),
    "_rdc": attr.label(default = Label("//sycl:rdc")),
    "_device_debug_info": attr.label(default = Label("//sycl:device_debug_info")),
    "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
    "_targets": attr.label(default = Label("//sycl:targets")),
}

# How device code is split into images: every rule that runs the device
# pipeline (and sycl_library, for device_link = True).
_SPLIT_ATTRS = {
    "split_mode": attr.string(
        values = [""] + SPLIT_MODES.keys(),
        doc = "Device code split (per_kernel, per_source, auto, off) of this binary's device link, and of this rule's own SYCL C++ TUs, which are split in their compile (a dependency's TUs follow the dependency's split_mode). Empty: the --@rules_sycl//sycl:split_mode build setting.",
    ),
    "_split_mode": attr.label(default = Label("//sycl:split_mode")),
    "spec_constants": attr.string(
        values = ["", "native", "emulation"],
        doc = "How the split lowers SYCL 2020 specialization constants: native (SPIR-V spec constants, set when the runtime builds the program) or emulation (read from a buffer passed to the kernel). Empty: native for JIT SPIR-V device targets, emulation for AOT and non-SPIR-V ones (DPC++'s convention).",
    ),
    "_cuda_archs": attr.label(default = Label("//sycl:cuda_archs")),
    "_cpu_aot_isa": attr.label(default = Label("//sycl:cpu_aot_isa")),
    "_gen_devices": attr.label(default = Label("//sycl:gen_devices")),
    "_image_shards": attr.label(default = Label("//sycl:image_shards")),
}

# Wrapping images into a host object: how it links and compresses them.
_WRAP_ATTRS = {
    "device_link_mode": attr.string(
        values = ["", "whole", "per_tu"],
        doc = "per_tu (the build setting's default): per translation unit, that TU linked with what it uses of the rest (thinLTO-style), so an edit re-links only the TUs that read the edited one and re-splits and re-translates only the images whose bytes change. whole: one device link and split for the program. Empty: --@rules_sycl//sycl:device_link_mode.",
    ),
    "_device_link_mode": attr.label(default = Label("//sycl:device_link_mode")),
    "compress": attr.int(
        default = -1,
        values = [-1, 0, 1],
        doc = "zstd-compress device images: 1 yes, 0 no, -1 (default) the --@rules_sycl//sycl:compress build setting.",
    ),
    "_compress": attr.label(default = Label("//sycl:compress")),
    "_compression_level": attr.label(default = Label("//sycl:compression_level")),
    "_compression_threshold": attr.label(default = Label("//sycl:compression_threshold")),
}

def _merge(*dicts):
    merged = {}
    for d in dicts:
        merged.update(d)
    return merged

# sycl_device_link, sycl_shared_library.
DEVICE_LINK_ATTRS = _merge(COMPILE_ATTRS, _SPLIT_ATTRS, _WRAP_ATTRS)

LIBRARY_ATTRS = _merge(DEVICE_LINK_ATTRS, {
    "device_link": attr.bool(
        default = False,
        doc = "Resolve device code here (CMake's SYCL_RESOLVE_DEVICE_SYMBOLS): the library carries its images and registration object, so cc_binary/cc_test can depend on it directly; dependents link none of its device code again.",
    ),
})

BINARY_ATTRS = _merge(DEVICE_LINK_ATTRS, {
    "targets": attr.string_list(
        doc = "Device targets to build images for (e.g. [\"spir64\", \"nvptx64\"]); this binary and its deps build for them. Empty: --@rules_sycl//sycl:targets.",
    ),
    "cpu_aot_isa": attr.string(
        values = [""] + CPU_AOT_ISAS,
        doc = "The x86-64 instruction set of this binary's spir64_x86_64 images (opencl-aot's --march names: sse4.2, avx, avx2, avx512, skx, spr, ...). Empty: --@rules_sycl//sycl:cpu_aot_isa.",
    ),
    "_allowlist_function_transition": attr.label(default = "@bazel_tools//tools/allowlists/function_transition_allowlist"),
    "data": attr.label_list(allow_files = True, doc = "Files needed at run time."),
    "env": attr.string_dict(doc = "Environment variables for `bazel test` (and `bazel run` of tests)."),
})

# SYCLBIN v1 stores images uncompressed; a bundle is one device link per
# device target, so it has neither compress nor device_link_mode.
BUNDLE_ATTRS = _merge(COMPILE_ATTRS, _SPLIT_ATTRS, {
    "state": attr.string(
        default = "executable",
        values = ["input", "object", "executable"],
        doc = "The kernel_bundle state the SYCLBIN file declares.",
    ),
    "container": attr.string(
        default = "offload",
        values = ["offload", "plain"],
        doc = "offload (default): the SYCLBIN inside an LLVM OffloadBinary with one IMG_SYCLBIN (7) entry, the only form libsycl.so.9 (oneAPI 2026) reads. plain: the bare SYCLBIN bytes.",
    ),
})
