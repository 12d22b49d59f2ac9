"""sycl_binary: the device pipeline and the host link of a SYCL program."""

load("@rules_cc//cc:defs.bzl", "cc_common")
load(":attrs.bzl", "BINARY_ATTRS", "TOOLCHAINS")
load(":compile.bzl", "compile_sources")
load(":context.bzl", "sycl_context")
load(":launcher.bzl", "launch_environment", "launcher")
load(":pipeline.bzl", "device_pipeline", "has_device_code")

def sycl_binary_impl(ctx):
    """Implementation of sycl_binary and sycl_test.

    Args:
      ctx: rule context.

    Returns:
      [DefaultInfo, OutputGroupInfo, testing.TestEnvironment].
    """
    sycl = sycl_context(ctx)
    compiled = compile_sources(ctx, sycl)

    # A program whose device code all lives in shared libraries (or SYCLBIN
    # files it loads) has no device pipeline of its own.
    if has_device_code(sycl, compiled.sycl_info):
        images = device_pipeline(sycl, compiled.sycl_info)
        wrapped = [images.output]
        output_groups = OutputGroupInfo(
            device_link = depset(images.linked),
            device_split = depset(images.split),
            device_images = images.images,
            device_image_trees = images.image_trees,
            device_wrapper = depset(wrapped),
            device_link_unused_inputs = images.unused_inputs,
            device_libraries = images.device_libraries,
            sycl_property_parity = images.property_parity,
            sycl_spirv_validation = images.spirv_validation,
        )
    else:
        wrapped = []
        output_groups = OutputGroupInfo()
    wrapper_outputs = cc_common.create_compilation_outputs(
        objects = depset(wrapped),
        pic_objects = depset(wrapped),
    )
    runtime_runfiles = sycl.toolchain.runtime_runfiles

    # The device targets' own run-time files (nvptx64: the CUDA adapter),
    # beside the runtime's, on the launcher's library path.
    target_files = depset(transitive = [dt.runtime_files for dt in sycl.device_targets])
    if runtime_runfiles and target_files.to_list():
        runtime_runfiles = runtime_runfiles.merge(ctx.runfiles(transitive_files = target_files))
    launch = launch_environment(ctx, runtime_runfiles)
    linking_outputs = cc_common.link(
        # With a launcher, <name> is the launcher and <name>.bin the program.
        name = ctx.label.name + ".bin" if launch else ctx.label.name,
        actions = ctx.actions,
        feature_configuration = sycl.feature_configuration,
        cc_toolchain = sycl.cc_toolchain,
        compilation_outputs = cc_common.merge_compilation_outputs(
            compilation_outputs = [compiled.compilation_outputs, wrapper_outputs],
        ),
        linking_contexts = compiled.linking_contexts,
        user_link_flags = ctx.attr.linkopts,
        output_type = "executable",
    )
    program = linking_outputs.executable
    executable = program
    runfiles = ctx.runfiles(files = ctx.files.data)

    # deps' runfiles: a sycl_shared_library's .so (the program's RUNPATH
    # reaches it through _solib; the runfiles carry the library itself).
    for d in ctx.attr.data + ctx.attr.deps:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    if launch:
        executable = ctx.actions.declare_file(ctx.label.name)
        ctx.actions.write(executable, launcher(ctx, program, launch), is_executable = True)
        runfiles = runfiles.merge(ctx.runfiles(files = [program])).merge(runtime_runfiles)
    return [
        DefaultInfo(executable = executable, files = depset([executable, program]), runfiles = runfiles),
        output_groups,
        testing.TestEnvironment(ctx.attr.env),
    ]

_TARGETS_SETTING = str(Label("//sycl:targets"))
_CPU_AOT_ISA_SETTING = str(Label("//sycl:cpu_aot_isa"))
_RDC_SETTING = str(Label("//sycl:rdc"))

def _device_targets_transition_impl(settings, attr):
    # The binary's `targets`, `cpu_aot_isa` and `rdc` attributes win; its
    # deps build for the same (rdc = 0 puts the whole program's SYCL C++ on
    # the per-TU path, as -fno-sycl-rdc does for a DPC++ link).
    return {
        _TARGETS_SETTING: attr.targets or settings[_TARGETS_SETTING],
        _CPU_AOT_ISA_SETTING: attr.cpu_aot_isa or settings[_CPU_AOT_ISA_SETTING],
        _RDC_SETTING: settings[_RDC_SETTING] if attr.rdc == -1 else attr.rdc == 1,
    }

device_targets_transition = transition(
    implementation = _device_targets_transition_impl,
    inputs = [_TARGETS_SETTING, _CPU_AOT_ISA_SETTING, _RDC_SETTING],
    outputs = [_TARGETS_SETTING, _CPU_AOT_ISA_SETTING, _RDC_SETTING],
)

BINARY_DOC = """Links a SYCL program: device link of every device TU in srcs and deps,
split into device images, SPIR-V translation, wrapping into a host object that
registers the images with the SYCL runtime, then the host link. SYCL C++ TUs
of the clang toolchain arrive as images (SyclDeviceCompile per TU) and are
wrapped as they are. Each step is a separate action (mnemonics
SyclDeviceCompile, SyclHostCompile, SyclDeviceLink, SyclSplit, SyclTranslate,
SyclAot, SyclPtxas and SyclFatbinary for CUDA device targets, SyclWrap,
CppCompile for C, CppLink)."""

sycl_binary = rule(
    implementation = sycl_binary_impl,
    doc = BINARY_DOC,
    attrs = BINARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
    executable = True,
    cfg = device_targets_transition,
)
