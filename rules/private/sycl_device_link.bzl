"""sycl_device_link: an explicit device-link point.

A sycl_binary links all device code it reaches. This rule (and
sycl_library's device_link, and sycl_shared_library) resolves device code
earlier, like CMake's SYCL_RESOLVE_DEVICE_SYMBOLS: dependents get host code
plus a registration object, and no device code to link again.
"""

load("@rules_cc//cc:defs.bzl", "CcInfo", "cc_common")
load(":attrs.bzl", "DEVICE_LINK_ATTRS", "TOOLCHAINS")
load(":compile.bzl", "compile_sources")
load(":context.bzl", "sycl_context")
load(":pipeline.bzl", "device_pipeline")
load(":providers.bzl", "SyclInfo")

def resolved_sycl_info(sycl_info):
    """The SyclInfo of a rule that device-linked its code: no device code.

    Args:
      sycl_info: SyclInfo of the rule's own and its dependencies' code.

    Returns:
      SyclInfo: device code linked here must not be linked again by a
      dependent. Its kernels stay in the program, so the integration
      headers that describe them to dependents' host compiles remain.
    """
    return SyclInfo(device_objects = depset(), device_objects_by_target = {}, device_libraries = depset(), image_tables_by_target = {}, int_headers = sycl_info.int_headers, sycl_cxx_device_objects = depset(), sycl_cxx_property_tables = depset())

def wrapper_compilation_outputs(obj):
    """The wrapped images' object as compilation outputs for cc_common.

    Args:
      obj: File, the wrapper's object.

    Returns:
      CcCompilationOutputs.
    """
    return cc_common.create_compilation_outputs(objects = depset([obj]), pic_objects = depset([obj]))

def device_linked(ctx, sycl, compiled):
    """Device-links a compiled rule here; returns its providers.

    Args:
      ctx: rule context with attrs.bzl's DEVICE_LINK_ATTRS.
      sycl: the SYCL context (context.bzl).
      compiled: the struct compile_sources returned.

    Returns:
      [DefaultInfo, CcInfo (host code + always-linked registration object),
      SyclInfo (empty: resolved), OutputGroupInfo].
    """
    images = device_pipeline(sycl, compiled.sycl_info)

    # alwayslink: nothing references the registration object, and an archive
    # member nobody references is not linked. No dynamic library either: a
    # .so nothing references is dropped by --as-needed (cc_test links
    # dynamically by default).
    (images_context, _) = cc_common.create_linking_context_from_compilation_outputs(
        name = ctx.label.name + "_images",
        actions = ctx.actions,
        feature_configuration = sycl.feature_configuration,
        cc_toolchain = sycl.cc_toolchain,
        compilation_outputs = cc_common.merge_compilation_outputs(
            compilation_outputs = [compiled.compilation_outputs, wrapper_compilation_outputs(images.output)],
        ),
        linking_contexts = compiled.linking_contexts,
        user_link_flags = ctx.attr.linkopts,
        alwayslink = True,
        disallow_dynamic_library = True,
    )
    return [
        DefaultInfo(files = depset([images.output])),
        CcInfo(compilation_context = compiled.compilation_context, linking_context = images_context),
        resolved_sycl_info(compiled.sycl_info),
        OutputGroupInfo(device_images = images.images, device_split = depset(images.split), sycl_spirv_validation = images.spirv_validation),
    ]

def _sycl_device_link_impl(ctx):
    sycl = sycl_context(ctx)
    return device_linked(ctx, sycl, compile_sources(ctx, sycl))

sycl_device_link = rule(
    implementation = _sycl_device_link_impl,
    doc = """Device-links the SYCL code of `srcs` and `deps` into images and a
registration object (CMake's SYCL_RESOLVE_DEVICE_SYMBOLS). Provides CcInfo, so
cc_binary and cc_test can depend on it; dependents link no device code again.""",
    attrs = DEVICE_LINK_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
)
