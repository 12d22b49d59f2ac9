"""The SYCL context: what every rules_sycl rule needs, built once per rule.

Like rules_go's go_context: the resolved toolchain, the device targets this
configuration builds, the rule's modes, the C++ toolchain, and the one
function that names pipeline outputs. Actions (rules/private/actions) take
it as their first argument.
"""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("@rules_cc//cc:defs.bzl", "cc_common")
load("@rules_cc//cc:find_cc_toolchain.bzl", "find_cc_toolchain")
load(":device_traits.bzl", "device_trait_flags")
load(":intel_gpu.bzl", "INTEL_GPU_ALIASES")
load(":toolchain.bzl", "find_sycl_toolchain")

def sycl_context(ctx):
    """Builds the SYCL context of a rule.

    Args:
      ctx: rule context of a rule with the attributes of attrs.bzl.

    Returns:
      struct with:
        label, actions: the rule's.
        toolchain: SyclToolchainInfo.
        tools: the toolchain's rules_sycl tools (FilesToRunProvider each).
        primary: SyclDeviceTargetInfo, the toolchain's primary device target.
        device_targets: list of SyclDeviceTargetInfo that
          --@rules_sycl//sycl:targets asks for, in its order.
        trait_flags: list of string, the -D/-U flags of the device aspect
          trait macros of those targets (device_traits.bzl), which the host
          compile and every SYCL C++ device compile get.
        modes: struct(split, per_tu, spec_constants, compression,
          image_shards, cuda_archs, compilation_mode, cpu_aot_isa,
          gen_devices, rdc, device_debug_info).
        cc_toolchain, feature_configuration: the host C++ toolchain's.
        cc_compile_flags: list of string, the C++ toolchain's flags of a
          C++ compile (its features': defaults, compilation mode, ...)
          but for the user's and those only GCC takes.
        cc_user_flags: list of string, --copt then --cxxopt.
        declare: function(sycl, name, device_target = None, unit = None,
          directory = False) -> File: the one place the output layout is
          spelled.
        table: function(sycl, directory) -> string: the path of the file
          table an action writes into a tree artifact.
    """
    toolchain = find_sycl_toolchain(ctx)
    cc_toolchain = find_cc_toolchain(ctx)
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    device_targets = _requested_device_targets(ctx, toolchain)
    return struct(
        label = ctx.label,
        actions = ctx.actions,
        toolchain = toolchain,
        tools = toolchain.tools,
        primary = toolchain.primary,
        device_targets = device_targets,
        trait_flags = device_trait_flags(device_targets),
        modes = _modes(ctx),
        cc_toolchain = cc_toolchain,
        feature_configuration = feature_configuration,
        cc_compile_flags = _cc_compile_flags(cc_toolchain, feature_configuration),
        cc_user_flags = ctx.fragments.cpp.copts + ctx.fragments.cpp.cxxopts,
        declare = _declare,
        table = _table,
    )

# Flags of GCC that Bazel's own configured C++ toolchains pass and clang
# rejects ("unknown argument"): the SYCL C++ host compiler is a clang
# whatever the C++ toolchain's compiler is.
_GCC_ONLY_FLAGS = ["-fno-canonical-system-headers"]

def _cc_compile_flags(cc_toolchain, feature_configuration):
    """The C++ toolchain's flags of a C++ compile, as a cc_library's compile gets them.

    For the SYCL C++ host compiles: the toolchain's features' flags (its
    defaults, the compilation mode's, --features), without the user's
    (--copt, --cxxopt), which the host compile puts after its own so that
    they win, and without GCC's that clang rejects.
    """
    variables = cc_common.create_compile_variables(
        cc_toolchain = cc_toolchain,
        feature_configuration = feature_configuration,
        use_pic = True,
    )
    flags = cc_common.get_memory_inefficient_command_line(
        feature_configuration = feature_configuration,
        # ACTION_NAMES.cpp_compile, spelled out: its .bzl moved between
        # Bazel versions.
        action_name = "c++-compile",
        variables = variables,
    )
    return [f for f in flags if f not in _GCC_ONLY_FLAGS]

def _declare(sycl, name, device_target = None, unit = None, directory = False):
    """Declares a pipeline output: _sycl/<rule>/[<device target>/][tu/<unit>/]<name>.

    The primary device target keeps the short paths; every other device
    target gets a directory of its own, and in per-TU mode every TU one
    under it.
    """

    # Names come from sources' short paths: one of another repository's
    # source starts with "../", which would climb out of the rule's directory
    # (two rules compiling the same external source would then declare the
    # same file).
    if name.startswith("../"):
        name = "external/" + name[len("../"):]
    parts = ["_sycl", sycl.label.name]
    if device_target and device_target.name != sycl.primary.name:
        parts.append(device_target.name)
    if unit:
        parts += ["tu", unit]
    parts.append(name)
    path = "/".join(parts)
    if directory:
        return sycl.actions.declare_directory(path)
    return sycl.actions.declare_file(path)

def _table(sycl, directory):
    # Every step names its file table after the rule, inside its tree.
    return directory.path + "/" + sycl.label.name + ".table"

def _setting(ctx, attr, setting):
    # A rule attribute wins over its build setting when set.
    return getattr(ctx.attr, attr) or getattr(ctx.attr, setting)[BuildSettingInfo].value

def _modes(ctx):
    # sycl_bundle has no device_link_mode or compress: a SYCLBIN is one link
    # and stores its images uncompressed.
    per_tu = hasattr(ctx.attr, "device_link_mode") and _setting(ctx, "device_link_mode", "_device_link_mode") == "per_tu"
    return struct(
        split = _setting(ctx, "split_mode", "_split_mode"),
        per_tu = per_tu,
        spec_constants = ctx.attr.spec_constants,
        compression = _compression(ctx) if hasattr(ctx.attr, "compress") else None,
        image_shards = ctx.attr._image_shards[BuildSettingInfo].value,
        cuda_archs = ctx.attr._cuda_archs[BuildSettingInfo].value,
        # dbg, fastbuild or opt: the SYCL C++ compiles' -O (and NDEBUG).
        compilation_mode = ctx.var["COMPILATION_MODE"],
        cpu_aot_isa = ctx.attr._cpu_aot_isa[BuildSettingInfo].value,
        gen_devices = ctx.attr._gen_devices[BuildSettingInfo].value,
        rdc = ctx.attr.rdc == 1 or (ctx.attr.rdc == -1 and ctx.attr._rdc[BuildSettingInfo].value),
        # -c dbg with --@rules_sycl//sycl:device_debug_info: SYCL C++
        # device compiles get -g too.
        device_debug_info = ctx.var["COMPILATION_MODE"] == "dbg" and ctx.attr._device_debug_info[BuildSettingInfo].value,
    )

def _compression(ctx):
    # compress follows `stamp`'s convention: 1 on, 0 off, -1 the build setting.
    on = ctx.attr.compress == 1 or (ctx.attr.compress == -1 and ctx.attr._compress[BuildSettingInfo].value)
    if not on:
        return None
    return struct(
        level = ctx.attr._compression_level[BuildSettingInfo].value,
        threshold = ctx.attr._compression_threshold[BuildSettingInfo].value,
    )

def _requested_device_targets(ctx, toolchain):
    # DPC++'s other spellings of an Intel GPU target name the same one.
    names = [INTEL_GPU_ALIASES.get(n, n) for n in ctx.attr._targets[BuildSettingInfo].value]
    unknown = [n for n in names if n not in toolchain.device_targets]
    if unknown:
        fail("%s: device target(s) %s requested by --@rules_sycl//sycl:targets, but the %s toolchain builds only: %s" % (
            ctx.label,
            ", ".join(unknown),
            toolchain.kind,
            ", ".join(sorted(toolchain.device_targets.keys())),
        ))
    if not names:
        fail("%s: --@rules_sycl//sycl:targets is empty" % ctx.label)
    return [toolchain.device_targets[n] for n in names]
