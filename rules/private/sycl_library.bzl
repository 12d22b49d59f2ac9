"""sycl_library: device and host code of a SYCL library."""

load(":common.bzl", "COMMON_ATTRS", "TOOLCHAINS", "compile_target")

def _sycl_library_impl(ctx):
    c = compile_target(ctx)
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

sycl_library = rule(
    implementation = _sycl_library_impl,
    doc = """A library of SYCL device code (kept as per-TU bitcode until a sycl_binary
links it) and host code (compiled by the C++ toolchain; provides CcInfo, so
cc_library targets can depend on it and it on them).""",
    attrs = COMMON_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
)
