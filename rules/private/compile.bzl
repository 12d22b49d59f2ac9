"""Compilation every rule shares: per-TU device code and the host code of srcs."""

load("@rules_cc//cc:defs.bzl", "CcInfo", "cc_common")
load("//rules/private/actions:host_compile.bzl", "emit_host_compile")
load("//rules/private/actions:host_source.bzl", "emit_host_source")
load(":driver_flags.bzl", "check_driver_flags")
load(":frontend_dpcpp.bzl", "FRONTEND_DPCPP")
load(":frontend_opencl.bzl", "FRONTEND_OPENCL")
load(":frontend_syclc.bzl", "FRONTEND_SYCLC")
load(":providers.bzl", "SyclInfo")
load(":tables.bzl", "CXX_SOURCE_EXTENSIONS", "C_SOURCE_EXTENSIONS", "HEADER_EXTENSIONS", "device_language_flags")

def _has_ext(f, exts):
    for e in exts:
        if f.basename.endswith(e):
            return True
    return False

def _package_relative(ctx, d):
    # Include directories are given relative to the package, like cc_library.
    return ctx.label.workspace_root + ("/" if ctx.label.workspace_root else "") + ctx.label.package + ("/" + d if d not in ("", ".") else "")

def _inputs(ctx, sycl):
    """The rule's sources by kind, and what its dependencies give its compiles."""
    srcs = ctx.files.srcs
    user_deps = [d[CcInfo] for d in ctx.attr.deps if CcInfo in d]
    cc_deps = user_deps + ([sycl.toolchain.runtime] if sycl.toolchain.runtime else [])
    return struct(
        device_srcs = [f for f in srcs if device_language_flags(f) != None],
        cxx_srcs = [f for f in srcs if _has_ext(f, CXX_SOURCE_EXTENSIONS)],
        c_srcs = [f for f in srcs if _has_ext(f, C_SOURCE_EXTENSIONS)],
        private_hdrs = [f for f in srcs if _has_ext(f, HEADER_EXTENSIONS)],
        user_deps = user_deps,
        cc_deps = cc_deps,
        sycl_deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d],
        includes = [_package_relative(ctx, d) for d in ctx.attr.includes],
    )

def _device_inputs(ctx, sycl, inputs, sees_runtime_headers):
    """What a front end's device compiles see of the rule and its deps.

    Device code sees the same headers, include paths and macros as host
    code, but for the SYCL runtime's where the front end's
    device_sees_runtime_headers is False: OpenCL C / C++ for OpenCL cannot
    parse them, and libsycl-jit (SYCL C++) has the SYCL headers of its own
    version built in; as inputs they were most of each device compile's
    sandbox. DPC++'s device compiles include them.
    """
    device_deps = inputs.cc_deps if sees_runtime_headers else inputs.user_deps
    deps_context = cc_common.merge_cc_infos(cc_infos = device_deps).compilation_context

    # A dependency's CcInfo still carries the runtime's include paths and
    # macros (its host compile merged them): left out too. (Its headers stay
    # inputs, unused: a depset is not filtered without flattening.)
    runtime = sycl.toolchain.runtime.compilation_context if sycl.toolchain.runtime and not sees_runtime_headers else None
    runtime_dirs = {}
    runtime_defines = {}
    if runtime:
        runtime_dirs = {d: True for d in runtime.includes.to_list() + runtime.quote_includes.to_list() + runtime.system_includes.to_list()}
        runtime_defines = {d: True for d in runtime.defines.to_list()}
    return struct(
        headers = depset(ctx.files.hdrs + inputs.private_hdrs, transitive = [deps_context.headers]),
        # The package, then the rule's repository and its generated
        # files (#include "pkg/x.h", as cc rules' -iquote), then
        # includes. A repository other than the main one lies under
        # its workspace_root (external/...).
        includes = [d for d in depset(
            [_package_relative(ctx, "") or ".", ctx.label.workspace_root or ".", ctx.bin_dir.path + ("/" + ctx.label.workspace_root if ctx.label.workspace_root else "")] + inputs.includes,
            transitive = [deps_context.includes, deps_context.quote_includes, deps_context.system_includes],
        ).to_list() if d not in runtime_dirs],
        defines = ctx.attr.defines + [d for d in deps_context.defines.to_list() if d not in runtime_defines],
        copts = ctx.attr.device_copts,
    )

# Each toolchain kind's device front ends, in the order they compile: each
# compiles the sources of its language(s) and returns
# struct(objects, image_tables, host_tus, int_headers).
_FRONT_ENDS = {
    "clang": [FRONTEND_SYCLC, FRONTEND_OPENCL],
    "dpcpp": [FRONTEND_DPCPP],
}

def _append(merged, by_target):
    for name, items in by_target.items():
        merged[name] = merged.get(name, []) + items

def _compile_device(ctx, sycl, inputs):
    """Runs the toolchain's front ends; their outputs, merged."""
    if sycl.toolchain.kind not in _FRONT_ENDS:
        fail("%s: the SYCL toolchain's kind %r has no device front end (rules/private/compile.bzl knows: %s)" % (ctx.label, sycl.toolchain.kind, ", ".join(sorted(_FRONT_ENDS.keys()))))
    device_inputs = {}
    objects = {}
    image_tables = {}
    host_tus = []
    int_headers = []
    sycl_cxx_objects = []
    property_tables = []
    for front_end in _FRONT_ENDS[sycl.toolchain.kind]:
        sees = front_end.device_sees_runtime_headers
        if sees not in device_inputs:
            device_inputs[sees] = _device_inputs(ctx, sycl, inputs, sees)
        out = front_end.compile(ctx, sycl, inputs, device_inputs[sees])
        _append(objects, out.objects)
        _append(image_tables, out.image_tables)
        host_tus += out.host_tus
        int_headers += out.int_headers
        sycl_cxx_objects += out.sycl_cxx_objects
        property_tables += out.property_tables
    return struct(
        objects = objects,
        image_tables = image_tables,
        host_tus = host_tus,
        int_headers = int_headers,
        sycl_cxx_objects = sycl_cxx_objects,
        property_tables = property_tables,
    )

def compile_sources(ctx, sycl):
    """Compiles a rule's device and host sources.

    Per SYCL C++ TU: a device compile (tools/syclc to images with the clang
    toolchain, DPC++ to bitcode with dpcpp), a generated host TU and its
    host compile (SyclHostCompile, either kind). OpenCL C / C++ for OpenCL
    TUs: device compile and module-id stamp per device target. C sources
    and headers: the C++ toolchain (cc_common.compile), whose compilation
    context (the rule's headers, include paths and defines, and its
    dependencies') the host compiles use too.

    Args:
      ctx: rule context of a rule with attrs.bzl's COMPILE_ATTRS.
      sycl: the SYCL context (context.bzl).

    Returns:
      struct(sycl_info, compilation_context, compilation_outputs,
      linking_contexts).
    """
    check_driver_flags(ctx.label, ctx.attr.copts, ctx.attr.device_copts, getattr(ctx.attr, "linkopts", []))
    inputs = _inputs(ctx, sycl)
    device = _compile_device(ctx, sycl, inputs)
    (compilation_context, c_outputs) = cc_common.compile(
        name = ctx.label.name,
        actions = ctx.actions,
        feature_configuration = sycl.feature_configuration,
        cc_toolchain = sycl.cc_toolchain,
        srcs = inputs.c_srcs,
        public_hdrs = ctx.files.hdrs,
        private_hdrs = inputs.private_hdrs,
        includes = inputs.includes,
        defines = ctx.attr.defines,
        user_compile_flags = ctx.attr.copts,
        compilation_contexts = [c.compilation_context for c in inputs.cc_deps],
    )
    host_objects = []
    for tu in device.host_tus:
        host_source = emit_host_source(sycl, device_target = tu.device_target, src = tu.src, int_header = tu.int_header, int_footer = tu.int_footer, kernel_info = tu.kernel_info)
        host_objects.append(emit_host_compile(
            sycl,
            src = tu.src,
            host_source = host_source,
            int_header = tu.int_header,
            int_footer = tu.int_footer,
            compilation_context = compilation_context,
            copts = ctx.attr.copts,
            kernel_info = tu.kernel_info,
        ))
    host_outputs = cc_common.create_compilation_outputs(objects = depset(host_objects), pic_objects = depset(host_objects))
    return struct(
        sycl_info = _sycl_info(sycl, device, inputs.sycl_deps),
        compilation_context = compilation_context,
        compilation_outputs = cc_common.merge_compilation_outputs(compilation_outputs = [c_outputs, host_outputs]),
        linking_contexts = [c.linking_context for c in inputs.cc_deps],
    )

def _by_device_target(sycl, own, field, sycl_deps):
    # Per device target: this rule's, then its dependencies' (SyclInfo field).
    return {
        dt.name: depset(
            own.get(dt.name, []),
            transitive = [getattr(s, field)[dt.name] for s in sycl_deps if dt.name in getattr(s, field)],
            order = "topological",
        )
        for dt in sycl.device_targets
    }

def _sycl_info(sycl, device, sycl_deps):
    by_device_target = _by_device_target(sycl, device.objects, "device_objects_by_target", sycl_deps)
    return SyclInfo(
        device_objects = by_device_target.get(sycl.primary.name, depset()),
        device_objects_by_target = by_device_target,
        device_libraries = depset(transitive = [s.device_libraries for s in sycl_deps]),
        image_tables_by_target = _by_device_target(sycl, device.image_tables, "image_tables_by_target", sycl_deps),
        int_headers = depset(device.int_headers, transitive = [s.int_headers for s in sycl_deps]),
        sycl_cxx_device_objects = depset(device.sycl_cxx_objects, transitive = [s.sycl_cxx_device_objects for s in sycl_deps]),
        sycl_cxx_property_tables = depset(device.property_tables, transitive = [s.sycl_cxx_property_tables for s in sycl_deps]),
    )
