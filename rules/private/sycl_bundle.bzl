"""sycl_bundle: device code as a SYCLBIN file, loaded at run time."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//rules/private/actions:bundle.bzl", "bundle")
load("//rules/private/actions:device_link.bzl", "device_link")
load("//rules/private/actions:split.bzl", "split")
load("//rules/private/actions:translate.bzl", "translate")
load(":common.bzl", "COMMON_ATTRS", "TOOLCHAINS", "compile_target")
load(":sycl_binary.bzl", "DEVICE_LINK_ATTRS")

def _sycl_bundle_impl(ctx):
    c = compile_target(ctx)
    name = ctx.label.name
    linked = ctx.actions.declare_file("_sycl/%s/%s.device.bc" % (name, name))
    libraries = depset(transitive = [c.sycl_info.device_libraries, c.sycl.device_libraries])
    device_link(ctx, c.sycl, c.sycl_info.device_objects, libraries, linked)
    mode = ctx.attr.split_mode or ctx.attr._split_mode[BuildSettingInfo].value
    split_dir = ctx.actions.declare_directory("_sycl/%s/split" % name)

    # A SYCLBIN has no symbol table: kernel names travel in the property sets.
    split_table = split(ctx, c.sycl, ctx.executable._splitter, linked, mode, split_dir, ["-emit-kernel-names"])
    spirv_dir = ctx.actions.declare_directory("_sycl/%s/spirv" % name)
    spirv_table = translate(ctx, c.sycl, ctx.executable._foreach, split_dir, split_table, spirv_dir)
    out = ctx.actions.declare_file(name + ".syclbin")
    bundle(ctx, ctx.executable._bundler, [split_dir, spirv_dir], spirv_table, ctx.attr.state, c.sycl.wrapper_target, out, ctx.attr.container)
    return [
        DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out])),
        OutputGroupInfo(device_split = depset([split_dir]), device_images = depset([spirv_dir])),
    ]

_ATTRS = dict(COMMON_ATTRS)
_ATTRS.update(DEVICE_LINK_ATTRS)

# SYCLBIN v1 stores images uncompressed; a bundle is one device link.
_ATTRS.pop("compress")
_ATTRS.pop("device_link_mode")
_ATTRS.pop("_device_link_mode")
_ATTRS.update({
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
    "_bundler": attr.label(default = Label("//tools/bundler"), executable = True, cfg = "exec"),
})

sycl_bundle = rule(
    implementation = _sycl_bundle_impl,
    doc = """Device code of `srcs` and `deps` as a SYCLBIN file (`<name>.syclbin`):
device-linked, split, translated to SPIR-V and packed with its property sets
(kernel names included) in the chosen state, for programs that load device
code at run time (the kernel_bundle-from-file analogue). libsycl finds a
kernel `N` of a SYCLBIN only if the device code names it `__sycl_kernel_N`
(DPC++'s free-function kernel name); host code then asks for `N`.""",
    attrs = _ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
)
