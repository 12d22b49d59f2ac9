"""sycl_library: device and host code of a SYCL library."""

load("@rules_cc//cc:defs.bzl", "CcInfo", "cc_common")
load(":attrs.bzl", "LIBRARY_ATTRS", "TOOLCHAINS")
load(":compile.bzl", "compile_sources")
load(":context.bzl", "sycl_context")
load(":sycl_device_link.bzl", "device_linked")

def _sycl_library_impl(ctx):
    sycl = sycl_context(ctx)
    compiled = compile_sources(ctx, sycl)
    if ctx.attr.device_link:
        return device_linked(ctx, sycl, compiled)
    (linking_context, linking_outputs) = cc_common.create_linking_context_from_compilation_outputs(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = sycl.feature_configuration,
        cc_toolchain = sycl.cc_toolchain,
        compilation_outputs = compiled.compilation_outputs,
        linking_contexts = compiled.linking_contexts,
        user_link_flags = ctx.attr.linkopts,
    )
    library = linking_outputs.library_to_link
    files = [f for f in [
        library.static_library if library else None,
        library.pic_static_library if library else None,
    ] if f != None]
    sycl_info = compiled.sycl_info

    # SYCL C++ TUs' images (tree artifacts), of every device target built.
    images = depset([t.dir for tables in sycl_info.image_tables_by_target.values() for t in tables.to_list()])
    return [
        DefaultInfo(files = depset(files, transitive = [sycl_info.device_objects, images])),
        sycl_info,
        CcInfo(compilation_context = compiled.compilation_context, linking_context = linking_context),
        OutputGroupInfo(device_objects = sycl_info.device_objects, device_images = images),
    ]

sycl_library = rule(
    implementation = _sycl_library_impl,
    doc = """A library of SYCL code: SYCL C++ TUs (device images per TU, compiled by
tools/syclc, and their host objects), device-only OpenCL C TUs (kept as per-TU
bitcode until a sycl_binary links it) and C host code (the C++ toolchain).
Provides SyclInfo and CcInfo, so cc_library targets can depend on it and it on
them.""",
    attrs = LIBRARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
)
