"""sycl_library: device and host code of a SYCL library."""

load(":common.bzl", "COMMON_ATTRS", "TOOLCHAINS", "compile_target")
load(":sycl_binary.bzl", "DEVICE_LINK_ATTRS")
load(":sycl_device_link.bzl", "device_linked")

def _sycl_library_impl(ctx):
    c = compile_target(ctx)
    if ctx.attr.device_link:
        return device_linked(ctx, c)
    (linking_context, linking_outputs) = cc_common.create_linking_context_from_compilation_outputs(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = c.feature_configuration,
        cc_toolchain = c.cc_toolchain,
        compilation_outputs = c.compilation_outputs,
        linking_contexts = c.linking_contexts,
        user_link_flags = ctx.attr.linkopts,
    )
    library = linking_outputs.library_to_link
    files = [f for f in [
        library.static_library if library else None,
        library.pic_static_library if library else None,
    ] if f != None]
    return [
        DefaultInfo(files = depset(files, transitive = [c.sycl_info.device_objects])),
        c.sycl_info,
        CcInfo(compilation_context = c.compilation_context, linking_context = linking_context),
        OutputGroupInfo(device_objects = c.sycl_info.device_objects),
    ]

_ATTRS = dict(COMMON_ATTRS)
_ATTRS.update(DEVICE_LINK_ATTRS)
_ATTRS["device_link"] = attr.bool(
    default = False,
    doc = "Resolve device code here (CMake's SYCL_RESOLVE_DEVICE_SYMBOLS): the library carries its images and registration object, so cc_binary/cc_test can depend on it directly; dependents link none of its device code again.",
)

sycl_library = rule(
    implementation = _sycl_library_impl,
    doc = """A library of SYCL device code (kept as per-TU bitcode until a sycl_binary
links it) and host code (compiled by the C++ toolchain; provides CcInfo, so
cc_library targets can depend on it and it on them).""",
    attrs = _ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
)
