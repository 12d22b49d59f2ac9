"""What sycl_library and sycl_binary share: attributes and per-TU compilation."""

load("@bazel_skylib//rules:common_settings.bzl", "BuildSettingInfo")
load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load("//rules/private/actions:device_compile.bzl", "DEVICE_LANGUAGES", "device_compile", "device_language_flags", "dpcpp_device_compile", "host_source")
load("//rules/private/actions:module_id.bzl", "stamp_module_id")
load(":providers.bzl", "SyclInfo")
load(":toolchain.bzl", "TOOLCHAIN_TYPE", "find_sycl_toolchain")

HOST_SOURCE_EXTENSIONS = [".c", ".cc", ".cpp", ".cxx", ".c++", ".C"]
HEADER_EXTENSIONS = [".h", ".hh", ".hpp", ".hxx", ".inc", ".inl"]

COMMON_ATTRS = {
    "srcs": attr.label_list(
        allow_files = HOST_SOURCE_EXTENSIONS + HEADER_EXTENSIONS + DEVICE_LANGUAGES.keys(),
        doc = "Sources. Device code (.cl OpenCL C, .clcpp C++ for OpenCL) is compiled per translation unit to device bitcode; host code (.c/.cc/.cpp) by the C++ toolchain.",
    ),
    "hdrs": attr.label_list(
        allow_files = HEADER_EXTENSIONS,
        doc = "Public headers, visible to host and device code of dependents.",
    ),
    "deps": attr.label_list(
        providers = [[CcInfo], [SyclInfo]],
        doc = "sycl_library and cc_library targets.",
    ),
    "includes": attr.string_list(doc = "Include directories (relative to the package) added for this target and its dependents."),
    "defines": attr.string_list(doc = "Macros defined for host and device compiles of this target and its dependents."),
    "copts": attr.string_list(doc = "Extra flags for host compiles."),
    "device_copts": attr.string_list(doc = "Extra flags for device compiles."),
    "linkopts": attr.string_list(doc = "Extra flags for the host link."),
    "_moduleid": attr.label(
        default = Label("//tools/moduleid"),
        executable = True,
        cfg = "exec",
        doc = "Stamps sycl-module-id on a TU's kernels.",
    ),
    "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
    "_targets": attr.label(default = Label("//sycl:targets")),
}

TOOLCHAINS = [TOOLCHAIN_TYPE, "@bazel_tools//tools/cpp:toolchain_type"]

def _has_ext(f, exts):
    for e in exts:
        if f.basename.endswith(e):
            return True
    return False

def _package_relative(ctx, d):
    # Include directories are given relative to the package, like cc_library.
    return ctx.label.workspace_root + ("/" if ctx.label.workspace_root else "") + ctx.label.package + ("/" + d if d not in ("", ".") else "")

def cc_features(ctx, cc_toolchain):
    return cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )

def compile_target(ctx):
    """Compiles a target's device and host sources.

    Args:
      ctx: rule context of a sycl_library, sycl_binary or sycl_test.

    Returns:
      struct(sycl_info, cc_toolchain, feature_configuration, compilation_context,
             compilation_outputs, linking_contexts).
    """
    sycl = find_sycl_toolchain(ctx)
    cc_toolchain = find_cpp_toolchain(ctx)
    feature_configuration = cc_features(ctx, cc_toolchain)

    srcs = ctx.files.srcs
    device_srcs = [f for f in srcs if device_language_flags(f) != None]
    host_srcs = [f for f in srcs if _has_ext(f, HOST_SOURCE_EXTENSIONS)]
    private_hdrs = [f for f in srcs if _has_ext(f, HEADER_EXTENSIONS)]

    cc_deps = [d[CcInfo] for d in ctx.attr.deps if CcInfo in d]
    if sycl.runtime:
        cc_deps.append(sycl.runtime)
    sycl_deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d]
    includes = [_package_relative(ctx, d) for d in ctx.attr.includes]

    # Device code sees the same headers, include paths and macros as host code.
    deps_context = cc_common.merge_cc_infos(cc_infos = cc_deps).compilation_context
    headers = depset(ctx.files.hdrs + private_hdrs, transitive = [deps_context.headers])
    device_includes = depset(
        [ctx.label.package or "."] + includes,
        transitive = [deps_context.includes, deps_context.quote_includes, deps_context.system_includes],
    ).to_list()
    defines = ctx.attr.defines + deps_context.defines.to_list()

    targets = requested_targets(ctx, sycl)
    primary = sycl.wrapper_target
    objects = {t.name: [] for t in targets}
    host_compile_srcs = host_srcs
    host_inputs = []
    if sycl.kind == "dpcpp":
        if device_srcs:
            fail("%s: OpenCL C / C++ for OpenCL sources (%s) need the clang toolchain (--@rules_sycl//sycl:toolchain=clang); DPC++ compiles SYCL C++ sources." % (
                ctx.label,
                ", ".join([f.short_path for f in device_srcs]),
            ))

        # Every C++ source is single-source SYCL: its device part compiles to
        # bitcode (DPC++ stamps sycl-module-id itself) plus the integration
        # header and footer its host part needs.
        host_compile_srcs = [f for f in host_srcs if f.extension == "c"]
        for src in [f for f in host_srcs if f.extension != "c"]:
            for t in targets:
                stem = _stem(ctx, t, primary, src)
                bc = ctx.actions.declare_file(stem + ".bc")
                header = ctx.actions.declare_file(stem + ".int_header.h")
                footer = ctx.actions.declare_file(stem + ".int_footer.h")
                dpcpp_device_compile(ctx, t, src, headers, device_includes, defines, ctx.attr.device_copts, bc, header, footer)
                objects[t.name].append(bc)
                if t.name != targets[0].name:
                    continue

                # One host TU per source, with the first target's integration files.
                host = ctx.actions.declare_file(stem + ".host.cpp")
                ctx.actions.write(host, host_source(header, src, footer))
                host_compile_srcs.append(host)
                host_inputs += [src, header, footer]
    else:
        for src in device_srcs:
            for t in targets:
                stem = _stem(ctx, t, primary, src)
                bc = ctx.actions.declare_file(stem + ".bc")
                device_compile(ctx, t, src, headers, device_includes, defines, ctx.attr.device_copts, bc)
                stamped = ctx.actions.declare_file(stem + ".id.bc")
                stamp_module_id(ctx, t, ctx.executable._moduleid, bc, src.short_path, stamped)
                objects[t.name].append(stamped)

    (compilation_context, compilation_outputs) = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        srcs = host_compile_srcs,
        public_hdrs = ctx.files.hdrs,
        private_hdrs = private_hdrs,
        additional_inputs = host_inputs,
        includes = includes,
        defines = ctx.attr.defines,
        user_compile_flags = ctx.attr.copts,
        compilation_contexts = [c.compilation_context for c in cc_deps],
    )

    by_target = {
        t.name: depset(
            objects[t.name],
            transitive = [s.device_objects_by_target[t.name] for s in sycl_deps if t.name in s.device_objects_by_target],
            order = "topological",
        )
        for t in targets
    }
    sycl_info = SyclInfo(
        device_objects = by_target.get(primary, depset()),
        device_objects_by_target = by_target,
        device_libraries = depset(transitive = [s.device_libraries for s in sycl_deps]),
    )
    return struct(
        sycl = sycl,
        targets = targets,
        sycl_info = sycl_info,
        cc_toolchain = cc_toolchain,
        feature_configuration = feature_configuration,
        compilation_context = compilation_context,
        compilation_outputs = compilation_outputs,
        linking_contexts = [c.linking_context for c in cc_deps],
    )

def requested_targets(ctx, sycl):
    """The device targets --@rules_sycl//sycl:targets asks for.

    Args:
      ctx: rule context with the _targets attribute.
      sycl: SyclToolchainInfo.

    Returns:
      list of SyclDeviceTargetInfo, in the setting's order.
    """
    names = ctx.attr._targets[BuildSettingInfo].value
    unknown = [n for n in names if n not in sycl.targets]
    if unknown:
        fail("%s: device target(s) %s requested by --@rules_sycl//sycl:targets, but the %s toolchain builds only: %s" % (
            ctx.label,
            ", ".join(unknown),
            sycl.kind,
            ", ".join(sorted(sycl.targets.keys())),
        ))
    if not names:
        fail("%s: --@rules_sycl//sycl:targets is empty" % ctx.label)
    return [sycl.targets[n] for n in names]

def _stem(ctx, target, primary, src):
    # The primary target keeps the short paths; others get a directory each.
    if target.name == primary:
        return "_sycl/%s/%s" % (ctx.label.name, src.short_path)
    return "_sycl/%s/%s/%s" % (ctx.label.name, target.name, src.short_path)
