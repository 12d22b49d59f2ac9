"""sycl_binary and sycl_test: the device pipeline and the host link."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//rules/private/actions:device_link.bzl", "device_link")
load("//rules/private/actions:split.bzl", "SPLIT_MODES", "split")
load("//rules/private/actions:translate.bzl", "translate")
load("//rules/private/actions:wrap.bzl", "host_triple", "wrap")
load(":common.bzl", "COMMON_ATTRS", "TOOLCHAINS", "compile_target")

def device_images(ctx, c, desc_name = None):
    """Registers device link, split, translation and wrapping.

    Args:
      ctx: rule context.
      c: the struct compile_target returned.
      desc_name: if set, export the descriptor under this name (see wrap).

    Returns:
      struct(linked, split, spirv, wrapper_object) of the outputs.
    """
    name = ctx.label.name
    linked = ctx.actions.declare_file("_sycl/%s/%s.device.bc" % (name, name))
    libraries = depset(transitive = [c.sycl_info.device_libraries, c.sycl.device_libraries])
    device_link(ctx, c.sycl, c.sycl_info.device_objects, libraries, linked)

    mode = ctx.attr.split_mode or ctx.attr._split_mode[BuildSettingInfo].value
    split_dir = ctx.actions.declare_directory("_sycl/%s/split" % name)
    split_table = split(ctx, c.sycl, ctx.executable._splitter, linked, mode, split_dir)

    spirv_dir = ctx.actions.declare_directory("_sycl/%s/spirv" % name)
    spirv_table = translate(ctx, c.sycl, ctx.executable._foreach, split_dir, split_table, spirv_dir)

    wrapper_object = ctx.actions.declare_file("_sycl/%s/%s.images.o" % (name, name))
    wrap(ctx, ctx.executable._wrapper, [split_dir, spirv_dir], spirv_table, host_triple(c.cc_toolchain), c.sycl.wrapper_target, _compression(ctx), wrapper_object, desc_name)
    return struct(linked = linked, split = split_dir, spirv = spirv_dir, wrapper_object = wrapper_object)

def _compression(ctx):
    # compress follows `stamp`'s convention: 1 on, 0 off, -1 the build setting.
    on = ctx.attr.compress == 1 or (ctx.attr.compress == -1 and ctx.attr._compress[BuildSettingInfo].value)
    if not on:
        return None
    return struct(
        level = ctx.attr._compression_level[BuildSettingInfo].value,
        threshold = ctx.attr._compression_threshold[BuildSettingInfo].value,
    )

def _sycl_binary_impl(ctx):
    c = compile_target(ctx)
    images = device_images(ctx, c)
    wrapper_outputs = cc_common.create_compilation_outputs(
        objects = depset([images.wrapper_object]),
        pic_objects = depset([images.wrapper_object]),
    )
    linking_outputs = cc_common.link(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = c.feature_configuration,
        cc_toolchain = c.cc_toolchain,
        compilation_outputs = cc_common.merge_compilation_outputs(
            compilation_outputs = [c.compilation_outputs, wrapper_outputs],
        ),
        linking_contexts = c.linking_contexts,
        user_link_flags = ctx.attr.linkopts,
        output_type = "executable",
    )
    executable = linking_outputs.executable
    runfiles = ctx.runfiles(files = ctx.files.data)
    for d in ctx.attr.data:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    return [
        DefaultInfo(executable = executable, files = depset([executable]), runfiles = runfiles),
        OutputGroupInfo(
            device_link = depset([images.linked]),
            device_split = depset([images.split]),
            device_images = depset([images.spirv]),
            device_wrapper = depset([images.wrapper_object]),
        ),
        testing.TestEnvironment(ctx.attr.env),
    ]

DEVICE_LINK_ATTRS = {
    "split_mode": attr.string(
        values = [""] + SPLIT_MODES.keys(),
        doc = "Device code split for this binary (per_kernel, per_source, auto, off). Empty: the --@rules_sycl//sycl:split_mode build setting.",
    ),
    "_split_mode": attr.label(default = Label("//sycl:split_mode")),
    "compress": attr.int(
        default = -1,
        values = [-1, 0, 1],
        doc = "zstd-compress device images: 1 yes, 0 no, -1 (default) the --@rules_sycl//sycl:compress build setting.",
    ),
    "_compress": attr.label(default = Label("//sycl:compress")),
    "_compression_level": attr.label(default = Label("//sycl:compression_level")),
    "_compression_threshold": attr.label(default = Label("//sycl:compression_threshold")),
    "_splitter": attr.label(default = Label("//tools/splitter"), executable = True, cfg = "exec"),
    "_foreach": attr.label(default = Label("//tools/foreach"), executable = True, cfg = "exec"),
    "_wrapper": attr.label(default = Label("//tools/wrapper"), executable = True, cfg = "exec"),
}

_BINARY_ATTRS = dict(COMMON_ATTRS)
_BINARY_ATTRS.update(DEVICE_LINK_ATTRS)
_BINARY_ATTRS.update({
    "data": attr.label_list(allow_files = True, doc = "Files needed at run time."),
    "env": attr.string_dict(doc = "Environment variables for `bazel test` (and `bazel run` of tests)."),
})

_DOC = """Links a SYCL program: device link of every device TU in srcs and deps,
split into device images, SPIR-V translation, wrapping into a host object that
registers the images with the SYCL runtime, then the host link. Each step is a
separate action (mnemonics SyclDeviceLink, SyclSplit, SyclTranslate, SyclWrap,
CppCompile, CppLink)."""

sycl_binary = rule(
    implementation = _sycl_binary_impl,
    doc = _DOC,
    attrs = _BINARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
    executable = True,
)

sycl_test = rule(
    implementation = _sycl_binary_impl,
    doc = _DOC + "\n\nA test: `bazel test` runs it; exit code 0 passes.",
    attrs = _BINARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
    test = True,
)
