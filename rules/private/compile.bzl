"""Compilation every rule shares: per-TU device code and the host code of srcs."""

load("//rules/private/actions:device_compile.bzl", "device_language_flags", "emit_device_compile")
load("//rules/private/actions:dpcpp_compile.bzl", "emit_dpcpp_compile")
load("//rules/private/actions:host_source.bzl", "emit_host_source")
load("//rules/private/actions:module_id.bzl", "emit_module_id")
load(":attrs.bzl", "HEADER_EXTENSIONS", "HOST_SOURCE_EXTENSIONS")
load(":providers.bzl", "SyclInfo")

def _has_ext(f, exts):
    for e in exts:
        if f.basename.endswith(e):
            return True
    return False

def _package_relative(ctx, d):
    # Include directories are given relative to the package, like cc_library.
    return ctx.label.workspace_root + ("/" if ctx.label.workspace_root else "") + ctx.label.package + ("/" + d if d not in ("", ".") else "")

def _inputs(ctx, sycl):
    """The rule's sources by kind, and what device compiles see of its deps."""
    srcs = ctx.files.srcs
    user_deps = [d[CcInfo] for d in ctx.attr.deps if CcInfo in d]
    cc_deps = user_deps + ([sycl.toolchain.runtime] if sycl.toolchain.runtime else [])
    includes = [_package_relative(ctx, d) for d in ctx.attr.includes]
    private_hdrs = [f for f in srcs if _has_ext(f, HEADER_EXTENSIONS)]

    # Device code sees the same headers, include paths and macros as host
    # code, but for the SYCL runtime's in OpenCL C / C++ for OpenCL
    # compiles (the clang toolchain): its headers are SYCL C++, which those
    # languages cannot parse, and as inputs they were most of each device
    # compile's sandbox. DPC++'s device compiles include them.
    device_deps = cc_deps if sycl.toolchain.kind == "dpcpp" else user_deps
    deps_context = cc_common.merge_cc_infos(cc_infos = device_deps).compilation_context
    return struct(
        device_srcs = [f for f in srcs if device_language_flags(f) != None],
        host_srcs = [f for f in srcs if _has_ext(f, HOST_SOURCE_EXTENSIONS)],
        private_hdrs = private_hdrs,
        cc_deps = cc_deps,
        sycl_deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d],
        includes = includes,
        device = struct(
            headers = depset(ctx.files.hdrs + private_hdrs, transitive = [deps_context.headers]),
            includes = depset(
                [ctx.label.package or "."] + includes,
                transitive = [deps_context.includes, deps_context.quote_includes, deps_context.system_includes],
            ).to_list(),
            defines = ctx.attr.defines + deps_context.defines.to_list(),
            copts = ctx.attr.device_copts,
        ),
    )

def _compile_opencl(sycl, inputs):
    """Upstream clang: each OpenCL C / C++ for OpenCL TU per device target, stamped with its module id."""
    objects = {dt.name: [] for dt in sycl.device_targets}
    for src in inputs.device_srcs:
        for dt in sycl.device_targets:
            d = inputs.device
            bitcode = emit_device_compile(sycl, device_target = dt, src = src, headers = d.headers, includes = d.includes, defines = d.defines, copts = d.copts)
            objects[dt.name].append(emit_module_id(sycl, device_target = dt, src = src, bitcode = bitcode))
    return struct(objects = objects, host_srcs = inputs.host_srcs, host_inputs = [])

def _compile_dpcpp(ctx, sycl, inputs):
    """DPC++: every C++ source is single-source SYCL, its device part compiled per device target."""
    if inputs.device_srcs:
        fail("%s: OpenCL C / C++ for OpenCL sources (%s) need the clang toolchain (--@rules_sycl//sycl:toolchain=clang); DPC++ compiles SYCL C++ sources." % (
            ctx.label,
            ", ".join([f.short_path for f in inputs.device_srcs]),
        ))
    objects = {dt.name: [] for dt in sycl.device_targets}
    host_srcs = [f for f in inputs.host_srcs if f.extension == "c"]
    host_inputs = []
    for src in [f for f in inputs.host_srcs if f.extension != "c"]:
        for dt in sycl.device_targets:
            d = inputs.device
            out = emit_dpcpp_compile(sycl, device_target = dt, src = src, headers = d.headers, includes = d.includes, defines = d.defines, copts = d.copts)
            objects[dt.name].append(out.bitcode)
            if dt.name != sycl.device_targets[0].name:
                continue

            # One host TU per source, with the first device target's integration files.
            host_srcs.append(emit_host_source(sycl, device_target = dt, src = src, int_header = out.int_header, int_footer = out.int_footer))
            host_inputs += [src, out.int_header, out.int_footer]
    return struct(objects = objects, host_srcs = host_srcs, host_inputs = host_inputs)

def compile_sources(ctx, sycl):
    """Compiles a rule's device and host sources.

    Args:
      ctx: rule context of a rule with attrs.bzl's COMPILE_ATTRS.
      sycl: the SYCL context (context.bzl).

    Returns:
      struct(sycl_info, compilation_context, compilation_outputs,
      linking_contexts).
    """
    inputs = _inputs(ctx, sycl)
    if sycl.toolchain.kind == "dpcpp":
        device = _compile_dpcpp(ctx, sycl, inputs)
    else:
        device = _compile_opencl(sycl, inputs)
    (compilation_context, compilation_outputs) = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = sycl.feature_configuration,
        cc_toolchain = sycl.cc_toolchain,
        srcs = device.host_srcs,
        public_hdrs = ctx.files.hdrs,
        private_hdrs = inputs.private_hdrs,
        additional_inputs = device.host_inputs,
        includes = inputs.includes,
        defines = ctx.attr.defines,
        user_compile_flags = ctx.attr.copts,
        compilation_contexts = [c.compilation_context for c in inputs.cc_deps],
    )
    return struct(
        sycl_info = _sycl_info(sycl, device.objects, inputs.sycl_deps),
        compilation_context = compilation_context,
        compilation_outputs = compilation_outputs,
        linking_contexts = [c.linking_context for c in inputs.cc_deps],
    )

def _sycl_info(sycl, objects, sycl_deps):
    by_device_target = {
        dt.name: depset(
            objects[dt.name],
            transitive = [s.device_objects_by_target[dt.name] for s in sycl_deps if dt.name in s.device_objects_by_target],
            order = "topological",
        )
        for dt in sycl.device_targets
    }
    return SyclInfo(
        device_objects = by_device_target.get(sycl.primary.name, depset()),
        device_objects_by_target = by_device_target,
        device_libraries = depset(transitive = [s.device_libraries for s in sycl_deps]),
    )
