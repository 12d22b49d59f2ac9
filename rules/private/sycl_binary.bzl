"""sycl_binary and sycl_test: the device pipeline and the host link."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("//rules/private/actions:aot.bzl", "aot")
load("//rules/private/actions:cuda.bzl", "cuda_fatbinary")
load("//rules/private/actions:device_link.bzl", "device_link", "device_link_summary", "device_link_tu")
load("//rules/private/actions:split.bzl", "SPLIT_MODES", "split")
load("//rules/private/actions:translate.bzl", "translate")
load("//rules/private/actions:wrap.bzl", "host_triple", "wrap")
load(":common.bzl", "COMMON_ATTRS", "TOOLCHAINS", "compile_target")

def device_images(ctx, c, desc_name = None):
    """Registers, per device target, device link, split, translation/AOT; then the wrap.

    Args:
      ctx: rule context.
      c: the struct compile_target returned.
      desc_name: if set, export the descriptor under this name (see wrap).

    Returns:
      struct(linked, split, spirv, spirv_dirs, images, wrapper_object,
      unused_inputs): the primary target's linked module, split and SPIR-V
      trees (spirv: the first shard's, spirv_dirs: every shard's), every
      target's final image trees, the wrapper object, and per-TU mode's
      lists of the objects each TU's link did not read.
    """
    name = ctx.label.name
    mode = ctx.attr.split_mode or ctx.attr._split_mode[BuildSettingInfo].value
    primary = c.sycl.wrapper_target
    groups = []
    first = None
    unused = []
    per_tu = (ctx.attr.device_link_mode or ctx.attr._device_link_mode[BuildSettingInfo].value) == "per_tu"
    for t in c.targets:
        target_prefix = "_sycl/%s/" % name if t.name == primary else "_sycl/%s/%s/" % (name, t.name)
        libraries = depset(transitive = [t.libraries] + ([c.sycl_info.device_libraries] if t.name == primary else []))
        objects = c.sycl_info.device_objects_by_target[t.name]

        # Without device TUs there is nothing to do per TU: the whole-program
        # flow keeps the outputs a binary without device code had before.
        if per_tu and objects.to_list():
            # One link, split and translation per TU (thinLTO-style).
            tus = []
            for o in objects.to_list():
                prefix = target_prefix + "tu/" + _unit_name(o) + "/"
                summary = ctx.actions.declare_file(prefix + name + ".link_summary")
                device_link_summary(ctx, t, ctx.executable._devlink, o, summary)
                tus.append(struct(object = o, summary = summary, prefix = prefix))
            units = []
            for tu in tus:
                linked = ctx.actions.declare_file(tu.prefix + name + ".device.bc")
                unused.append(device_link_tu(ctx, t, ctx.executable._devlink, tu, [o for o in tus if o != tu], libraries, linked))
                units.append(struct(prefix = tu.prefix, linked = linked))
        else:
            linked = ctx.actions.declare_file(target_prefix + name + ".device.bc")
            device_link(ctx, t, objects, libraries, linked)
            units = [struct(prefix = target_prefix, linked = linked)]
        for u in units:
            shards = _image_group(ctx, t, mode, u.prefix, u.linked)
            groups.extend(shards)
            if first == None:
                first = struct(linked = u.linked, split = shards[0].dirs[0], spirv = shards[0].dirs[-1], spirv_dirs = [g.dirs[-1] for g in shards])

    wrapper_object = ctx.actions.declare_file("_sycl/%s/%s.images.o" % (name, name))
    wrap(
        ctx,
        ctx.executable._wrapper,
        groups,
        host_triple(c.cc_toolchain),
        _compression(ctx),
        wrapper_object,
        struct(image_version = c.sycl.image_version, offload_entries = c.sycl.offload_entries),
        desc_name,
        # Per TU, a TU without kernels still yields an image with no entries.
        skip_images_without_entries = per_tu,
    )
    return struct(
        linked = first.linked,
        split = first.split,
        spirv = first.spirv,
        spirv_dirs = first.spirv_dirs,
        images = depset([g.dirs[-1] for g in groups]),
        wrapper_object = wrapper_object,
        unused_inputs = depset(unused),
    )

def _unit_name(tu):
    # A directory name per TU, stable across builds: its workspace path.
    return "".join([ch if ch.isalnum() or ch in "._-" else "_" for ch in tu.short_path.elems()])

def _image_group(ctx, t, mode, prefix, linked):
    """Split, translation and AOT of one linked module; its wrapper groups.

    With --@rules_sycl//sycl:image_shards=N (N > 1), the split's images are
    translated (and compiled ahead of time) by N actions over contiguous
    slices of its file table, one wrapper group each: remote execution can
    run them on N machines; the wrapped object is the same.
    """
    split_dir = ctx.actions.declare_directory(prefix + "split")
    split_table = split(ctx, t, ctx.executable._splitter, linked, mode, split_dir)
    n = ctx.attr._image_shards[BuildSettingInfo].value if (t.translator or t.aot) else 1
    if n < 1:
        fail("--@rules_sycl//sycl:image_shards must be at least 1, not %d" % n)
    cuda_archs = ctx.attr._cuda_archs[BuildSettingInfo].value
    groups = []
    for i in range(n):
        shard = (i, n) if n > 1 else None
        suffix = "_%d" % i if n > 1 else ""
        dirs = [split_dir]
        table = split_table
        if t.translator:
            spirv_dir = ctx.actions.declare_directory(prefix + "spirv" + suffix)
            table = translate(ctx, t, ctx.executable._foreach, split_dir, table, spirv_dir, shard = shard)
            dirs.append(spirv_dir)
        if t.aot:
            aot_dir = ctx.actions.declare_directory(prefix + "aot" + suffix)
            table = aot(ctx, t, ctx.executable._foreach, list(dirs), table, aot_dir, shard = None if t.translator else shard)
            dirs.append(aot_dir)
        image_format = t.image_format
        if t.aot and t.cuda and cuda_archs:
            # PTX -> a cubin per architecture -> one fat binary per image;
            # the AOT table already lists only this shard's images, so each
            # shard gets its own ptxas and fatbinary actions.
            shard_prefix = prefix + ("shard%d_" % i if n > 1 else "")
            fat = cuda_fatbinary(ctx, t, cuda_archs, ctx.executable._foreach, dirs[-1], table, shard_prefix)
            dirs += fat.dirs
            table = fat.table
            image_format = "native"
        groups.append(struct(dirs = dirs, table = table, target = t.name, format = image_format))
    return groups

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

    # A program whose device code all lives in shared libraries (or SYCLBIN
    # files it loads) has no device pipeline of its own.
    if [t for t in c.targets if c.sycl_info.device_objects_by_target[t.name].to_list()]:
        images = device_images(ctx, c)
        wrapped = [images.wrapper_object]
        groups = OutputGroupInfo(
            device_link = depset([images.linked]),
            device_split = depset([images.split]),
            device_images = images.images,
            device_wrapper = depset(wrapped),
            device_link_unused_inputs = images.unused_inputs,
        )
    else:
        wrapped = []
        groups = OutputGroupInfo()
    wrapper_outputs = cc_common.create_compilation_outputs(
        objects = depset(wrapped),
        pic_objects = depset(wrapped),
    )
    runtime_runfiles = c.sycl.runtime_runfiles
    launch = _launch_environment(ctx, runtime_runfiles)
    linking_outputs = cc_common.link(
        # With a launcher, <name> is the launcher and <name>.bin the program.
        name = ctx.label.name + ".bin" if launch else ctx.label.name,
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
    program = linking_outputs.executable
    executable = program
    runfiles = ctx.runfiles(files = ctx.files.data)
    for d in ctx.attr.data:
        runfiles = runfiles.merge(d[DefaultInfo].default_runfiles)
    if launch:
        executable = ctx.actions.declare_file(ctx.label.name)
        ctx.actions.write(executable, _launcher(ctx, program, launch), is_executable = True)
        runfiles = runfiles.merge(ctx.runfiles(files = [program])).merge(runtime_runfiles)
    return [
        DefaultInfo(executable = executable, files = depset([executable, program]), runfiles = runfiles),
        groups,
        testing.TestEnvironment(ctx.attr.env),
    ]

def _runfiles_path(ctx, f):
    # External repositories' files sit at <runfiles>/<repo>/..., ours under
    # <runfiles>/<workspace name>/...
    if f.short_path.startswith("../"):
        return f.short_path[3:]
    return ctx.workspace_name + "/" + f.short_path

def _is_shared_library(f):
    # libfoo.so, libfoo.so.1, libfoo.so.1.2.3
    name = f.basename
    if name.endswith(".so"):
        return True
    i = name.find(".so.")
    return i > 0 and name[i + 4:].replace(".", "").isdigit()

def _launch_environment(ctx, runtime_runfiles):
    """Runfiles-relative library and OpenCL vendor directories of the runtime.

    Returns:
      struct(library_dirs, icd_dirs), or None when the toolchain's runtime
      brings nothing to load at run time (e.g. DPC++'s own libsycl, found
      by the system's loader).
    """
    if runtime_runfiles == None:
        return None
    libs = {}
    icds = {}
    for f in runtime_runfiles.files.to_list():
        d = _runfiles_path(ctx, f).rpartition("/")[0]
        if f.basename.endswith(".icd"):
            icds[d] = True
        elif _is_shared_library(f) and "/_solib_" not in "/" + d:
            libs[d] = True
    if not libs and not icds:
        return None
    return struct(library_dirs = sorted(libs.keys()), icd_dirs = sorted(icds.keys()))

_LAUNCHER = """#!/bin/sh
# Generated by rules_sycl (sycl_binary {label}): runs {program} with the SYCL
# runtime's libraries and OpenCL ICDs from its runfiles, so that `bazel run`,
# `bazel test` and running it directly need no environment. OCL_ICD_VENDORS
# or OCL_ICD_FILENAMES set by the caller win (e.g. a local oneAPI install).
self="$0"
case "$self" in /*) ;; *) self="$PWD/$self" ;; esac
if [ -d "$self.runfiles" ]; then r="$self.runfiles"
elif [ -n "${{RUNFILES_DIR:-}}" ]; then r="$RUNFILES_DIR"
elif [ -n "${{TEST_SRCDIR:-}}" ]; then r="$TEST_SRCDIR"
else
  echo "{name}: cannot find its runfiles ($self.runfiles is missing and RUNFILES_DIR is unset)" >&2
  exit 1
fi
LD_LIBRARY_PATH="{libs}${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}"
export LD_LIBRARY_PATH
{icds}exec "$r/{program}" "$@"
"""

_ICD_VENDORS = """if [ -z "${{OCL_ICD_VENDORS:-}}" ] && [ -z "${{OCL_ICD_FILENAMES:-}}" ]; then
  OCL_ICD_VENDORS="{dir}"
  export OCL_ICD_VENDORS
fi
"""

def _launcher(ctx, program, launch):
    return _LAUNCHER.format(
        label = str(ctx.label),
        name = ctx.label.name,
        program = _runfiles_path(ctx, program),
        libs = ":".join(["$r/" + d for d in launch.library_dirs]),
        # ocl-icd and the Khronos loader read one directory.
        icds = _ICD_VENDORS.format(dir = "$r/" + launch.icd_dirs[0]) if launch.icd_dirs else "",
    )

DEVICE_LINK_ATTRS = {
    "split_mode": attr.string(
        values = [""] + SPLIT_MODES.keys(),
        doc = "Device code split for this binary (per_kernel, per_source, auto, off). Empty: the --@rules_sycl//sycl:split_mode build setting.",
    ),
    "_split_mode": attr.label(default = Label("//sycl:split_mode")),
    "spec_constants": attr.string(
        values = ["", "native", "emulation"],
        doc = "How the split lowers SYCL 2020 specialization constants: native (SPIR-V spec constants, set when the runtime builds the program) or emulation (read from a buffer passed to the kernel). Empty: native for JIT SPIR-V targets, emulation for AOT and non-SPIR-V ones (DPC++'s convention).",
    ),
    "device_link_mode": attr.string(
        values = ["", "whole", "per_tu"],
        doc = "per_tu (the build setting's default): per translation unit, that TU linked with what it uses of the rest (thinLTO-style), so an edit re-links only the TUs that read the edited one and re-splits and re-translates only the images whose bytes change. whole: one device link and split for the program. Empty: --@rules_sycl//sycl:device_link_mode.",
    ),
    "_device_link_mode": attr.label(default = Label("//sycl:device_link_mode")),
    "_cuda_archs": attr.label(default = Label("//sycl:cuda_archs")),
    "_image_shards": attr.label(default = Label("//sycl:image_shards")),
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
    "_devlink": attr.label(default = Label("//tools/devlink"), executable = True, cfg = "exec"),
}

_TARGETS_SETTING = str(Label("//sycl:targets"))

def _targets_transition_impl(settings, attr):
    # The binary's `targets` attribute wins; its deps build for the same.
    return {_TARGETS_SETTING: attr.targets or settings[_TARGETS_SETTING]}

_targets_transition = transition(
    implementation = _targets_transition_impl,
    inputs = [_TARGETS_SETTING],
    outputs = [_TARGETS_SETTING],
)

_BINARY_ATTRS = dict(COMMON_ATTRS)
_BINARY_ATTRS.update(DEVICE_LINK_ATTRS)
_BINARY_ATTRS.update({
    "targets": attr.string_list(
        doc = "Device targets to build images for (e.g. [\"spir64\", \"nvptx64\"]); this binary and its deps build for them. Empty: --@rules_sycl//sycl:targets.",
    ),
    "_allowlist_function_transition": attr.label(default = "@bazel_tools//tools/allowlists/function_transition_allowlist"),
    "data": attr.label_list(allow_files = True, doc = "Files needed at run time."),
    "env": attr.string_dict(doc = "Environment variables for `bazel test` (and `bazel run` of tests)."),
})

_DOC = """Links a SYCL program: device link of every device TU in srcs and deps,
split into device images, SPIR-V translation, wrapping into a host object that
registers the images with the SYCL runtime, then the host link. Each step is a
separate action (mnemonics SyclDeviceLink, SyclSplit, SyclTranslate, SyclAot,
SyclPtxas and SyclFatbinary for CUDA targets, SyclWrap, CppCompile, CppLink)."""

sycl_binary = rule(
    implementation = _sycl_binary_impl,
    doc = _DOC,
    attrs = _BINARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
    executable = True,
    cfg = _targets_transition,
)

sycl_test = rule(
    implementation = _sycl_binary_impl,
    doc = _DOC + "\n\nA test: `bazel test` runs it; exit code 0 passes.",
    attrs = _BINARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
    test = True,
    cfg = _targets_transition,
)
