"""sycl_bundle: device code as a SYCLBIN file, loaded at run time."""

load(":attrs.bzl", "BUNDLE_ATTRS", "TOOLCHAINS")
load(":compile.bzl", "compile_sources")
load(":context.bzl", "sycl_context")
load(":pipeline.bzl", "device_pipeline")

def _sycl_bundle_impl(ctx):
    sycl = sycl_context(ctx)
    compiled = compile_sources(ctx, sycl)
    images = device_pipeline(
        sycl,
        compiled.sycl_info,
        syclbin = struct(state = ctx.attr.state, container = ctx.attr.container),
    )
    return [
        DefaultInfo(files = depset([images.output]), runfiles = ctx.runfiles(files = [images.output])),
        OutputGroupInfo(device_split = depset(images.split), device_images = images.images, sycl_spirv_validation = images.spirv_validation),
    ]

sycl_bundle = rule(
    implementation = _sycl_bundle_impl,
    doc = """Device code of `srcs` and `deps` as a SYCLBIN file (`<name>.syclbin`):
device-linked, split, translated to SPIR-V and packed with its property sets
(kernel names included) in the chosen state, for programs that load device
code at run time (the kernel_bundle-from-file analogue). Every device target
of --@rules_sycl//sycl:targets is linked and split on its own; its images go
in as IR modules for that target (SPIR-V, or PTX for nvptx64). libsycl finds
a kernel `N` of a SYCLBIN only if the device code names it
`__sycl_kernel_N` (DPC++'s free-function kernel name); host code then asks
for `N`.""",
    attrs = BUNDLE_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
)
