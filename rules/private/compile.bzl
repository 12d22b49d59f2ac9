"""Compilation every rule shares: per-TU device code and the host code of srcs."""

load("//rules/private/actions:annotate.bzl", "emit_annotate")
load("//rules/private/actions:device_compile.bzl", "device_language_flags", "emit_device_compile")
load("//rules/private/actions:dpcpp_compile.bzl", "emit_dpcpp_compile")
load("//rules/private/actions:host_compile.bzl", "emit_host_compile")
load("//rules/private/actions:host_source.bzl", "emit_host_source")
load("//rules/private/actions:kernel_info.bzl", "emit_kernel_info")
load("//rules/private/actions:module_id.bzl", "emit_module_id")
load("//rules/private/actions:reverse_translate.bzl", "emit_reverse_translate")
load("//rules/private/actions:sycl_device_compile.bzl", "emit_sycl_device_compile")
load(":attrs.bzl", "CXX_SOURCE_EXTENSIONS", "C_SOURCE_EXTENSIONS", "HEADER_EXTENSIONS")
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
    # code, but for the SYCL runtime's in the clang toolchain's compiles:
    # OpenCL C / C++ for OpenCL cannot parse them, and libsycl-jit (SYCL C++)
    # has the SYCL headers of its own version built in; as inputs they were
    # most of each device compile's sandbox. DPC++'s device compiles include
    # them.
    device_deps = cc_deps if sycl.toolchain.kind == "dpcpp" else user_deps
    deps_context = cc_common.merge_cc_infos(cc_infos = device_deps).compilation_context

    # A dependency's CcInfo still carries the runtime's include paths and
    # macros (its host compile merged them): left out too. (Its headers stay
    # inputs, unused: a depset is not filtered without flattening.)
    runtime = sycl.toolchain.runtime.compilation_context if sycl.toolchain.runtime and sycl.toolchain.kind != "dpcpp" else None
    runtime_dirs = {}
    runtime_defines = {}
    if runtime:
        runtime_dirs = {d: True for d in runtime.includes.to_list() + runtime.quote_includes.to_list() + runtime.system_includes.to_list()}
        runtime_defines = {d: True for d in runtime.defines.to_list()}
    return struct(
        device_srcs = [f for f in srcs if device_language_flags(f) != None],
        cxx_srcs = [f for f in srcs if _has_ext(f, CXX_SOURCE_EXTENSIONS)],
        c_srcs = [f for f in srcs if _has_ext(f, C_SOURCE_EXTENSIONS)],
        private_hdrs = private_hdrs,
        cc_deps = cc_deps,
        sycl_deps = [d[SyclInfo] for d in ctx.attr.deps if SyclInfo in d],
        includes = includes,
        device = struct(
            headers = depset(ctx.files.hdrs + private_hdrs, transitive = [deps_context.headers]),
            # The package, then the rule's repository and its generated
            # files (#include "pkg/x.h", as cc rules' -iquote), then
            # includes. A repository other than the main one lies under
            # its workspace_root (external/...).
            includes = [d for d in depset(
                [_package_relative(ctx, "") or ".", ctx.label.workspace_root or ".", ctx.bin_dir.path + ("/" + ctx.label.workspace_root if ctx.label.workspace_root else "")] + includes,
                transitive = [deps_context.includes, deps_context.quote_includes, deps_context.system_includes],
            ).to_list() if d not in runtime_dirs],
            defines = ctx.attr.defines + [d for d in deps_context.defines.to_list() if d not in runtime_defines],
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
    return objects

def _compile_sycl_cxx(ctx, sycl, inputs):
    """clang toolchain: each SYCL C++ TU to device images (tools/syclc).

    libsycl-jit builds SPIR-V images (spir64) and PTX images (nvptx64, with
    NVIDIA's libdevice). Each TU is compiled once to SPIR-V where a SPIR-V
    target is requested: its image table serves the primary device target
    and every requested device target that compiles SPIR-V ahead of time
    (spir64_x86_64: the pipeline runs its AOT step over the table); and once
    to PTX per requested CUDA device target (nvptx64: the pipeline runs
    ptxas and fatbinary over it). The host TU includes the first compile's
    integration header and footer (the two compiles write the same). Other
    device targets get no SYCL C++ images (OpenCL C TUs still build for every
    device target); without a SPIR-V or CUDA device target, a rule with SYCL
    C++ sources fails here.
    """
    if not inputs.cxx_srcs:
        return struct(objects = {}, property_tables = [], image_tables = {}, host_tus = [], int_headers = [])
    toolchain = sycl.toolchain
    cxx = ", ".join([f.short_path for f in inputs.cxx_srcs])
    if toolchain.sycl_cxx_missing:
        fail("%s: C++ sources (%s) are single-source SYCL, but the SYCL toolchain cannot compile SYCL C++; missing: %s" % (
            ctx.label,
            cxx,
            "; ".join(toolchain.sycl_cxx_missing),
        ))
    dt = sycl.primary
    spirv_targets = [t.name for t in sycl.device_targets if t.name == dt.name or (t.device_triple == dt.device_triple and t.translator and t.aot and not t.cuda)]
    cuda_targets = [t for t in sycl.device_targets if t.cuda]
    for t in cuda_targets:
        if not t.cuda.libdevice:
            fail("%s: C++ sources (%s) are single-source SYCL, whose device code for %s links NVIDIA's libdevice, which the device target lacks (sycl_device_target.libdevice: @rules_sycl_cuda_nvvm//:files from the nvidia-nvvm wheel, which ./setup.sh prefetches, or SYCL_CUDA_PATH's nvvm/libdevice/libdevice.10.bc)." % (ctx.label, cxx, t.name))
    if not spirv_targets and not cuda_targets:
        fail("%s: C++ sources (%s) are single-source SYCL, whose device code the %s toolchain builds for %s and CUDA targets only (libsycl-jit: SPIR-V, PTX), but --@rules_sycl//sycl:targets (or the binary's `targets`) asks for %s. Add %s, or keep device-only code of other device targets in OpenCL C (.cl) and host-only code in C (.c)." % (
            ctx.label,
            cxx,
            toolchain.kind,
            dt.name,
            ", ".join([t.name for t in sycl.device_targets]),
            dt.name,
        ))
    compiled = ([dt] if spirv_targets else []) + cuda_targets
    rdc = _device_link_sycl_cxx(ctx, sycl, inputs) and bool(spirv_targets)
    tables = {t.name: [] for t in compiled}
    objects = []
    property_tables = []
    tus = []
    for src in inputs.cxx_srcs:
        d = inputs.device
        outs = [
            emit_sycl_device_compile(sycl, device_target = t, src = src, headers = d.headers, includes = d.includes, defines = d.defines, copts = d.copts, module = rdc and not t.cuda)
            for t in compiled
        ]
        for t, out in zip(compiled, outs):
            if out.module:
                objects.append(_device_object(sycl, t, src, out))
                property_tables.append(struct(dir = out.dir, table = out.table))
            else:
                tables[t.name].append(struct(dir = out.dir, table = out.table, bitcode = out.bitcode))
        tus.append(struct(src = src, int_header = outs[0].int_header, int_footer = outs[0].int_footer))
    kernel_info = _kernel_info(sycl, compiled[0], tus, inputs.sycl_deps)
    host_tus = [
        struct(src = tu.src, device_target = compiled[0], int_header = tu.int_header, int_footer = tu.int_footer, kernel_info = info)
        for tu, info in zip(tus, kernel_info)
    ]
    image_tables = {} if rdc else {name: tables[dt.name] for name in spirv_targets}
    for t in cuda_targets:
        image_tables[t.name] = tables[t.name]
    return struct(
        objects = {name: objects for name in spirv_targets} if rdc else {},
        property_tables = property_tables,
        image_tables = image_tables,
        host_tus = host_tus,
        int_headers = [tu.int_header for tu in tus],
    )

def _device_link_sycl_cxx(ctx, sycl, inputs):
    """Whether the rule's SYCL C++ TUs go through the device link (DPC++'s -fsycl-rdc).

    On (the default; the rule's rdc attribute or --@rules_sycl//sycl:rdc),
    each TU's device code joins the program's device link, split,
    translation and AOT as the OpenCL C TUs' does. What SPIR-V cannot carry
    through the LLVM 15 tools -- device debug info (-g) and unoptimized
    device code (-O0: its round trip gives SPIR-V spirv-val rejects) --
    keeps a rule on the per-TU images, with one line saying so.
    """
    if not sycl.modes.rdc:
        return False
    flags = inputs.device.copts + (["-O0"] if sycl.modes.compilation_mode == "dbg" else [])
    blocked = [f for f in flags if f == "-O0" or f == "-g" or (f.startswith("-g") and f[2:3].isdigit())]
    if blocked:
        # buildifier: disable=print
        print("%s: SYCL C++ device code with %s takes the per-TU path (no device link): SPIR-V through the LLVM 15 translator cannot carry it" % (ctx.label, " ".join(blocked)))
        return False
    return True

def _device_object(sycl, device_target, src, compiled):
    """A SYCL C++ TU's module as a device object: reverse translation, annotation, module id."""
    bitcode = emit_reverse_translate(sycl, device_target = device_target, src = src, module = compiled.module)
    annotated = emit_annotate(sycl, device_target = device_target, src = src, bitcode = bitcode, properties = struct(dir = compiled.dir, table = compiled.table))
    return emit_module_id(sycl, device_target = device_target, src = src, bitcode = annotated)

def _kernel_info(sycl, dt, tus, sycl_deps):
    """Per TU, the descriptions of the kernels of the TUs it is linked with (or None).

    The host compiler lacks __builtin_sycl_kernel_name: a TU's host code
    knows a kernel only from an integration header, and its own describes
    only the kernels it launches (emit_kernel_info). The rule knows its own
    TUs and its dependencies' (SyclInfo.int_headers); not those of the
    rules that depend on it, nor of its siblings.
    """
    linked = depset(transitive = [s.int_headers for s in sycl_deps])

    # One TU and no dependency with SYCL C++: nothing to describe, no action.
    if len(tus) == 1 and not linked.to_list():
        return [None]
    return emit_kernel_info(sycl, device_target = dt, tus = tus, linked_headers = linked)

def _compile_dpcpp(ctx, sycl, inputs):
    """DPC++: every C++ source is single-source SYCL, its device part compiled per device target."""
    if inputs.device_srcs:
        fail("%s: OpenCL C / C++ for OpenCL sources (%s) need the clang toolchain (--@rules_sycl//sycl:toolchain=clang); DPC++ compiles SYCL C++ sources." % (
            ctx.label,
            ", ".join([f.short_path for f in inputs.device_srcs]),
        ))
    objects = {dt.name: [] for dt in sycl.device_targets}
    host_tus = []
    for src in inputs.cxx_srcs:
        for dt in sycl.device_targets:
            d = inputs.device
            out = emit_dpcpp_compile(sycl, device_target = dt, src = src, headers = d.headers, includes = d.includes, defines = d.defines, copts = d.copts)
            objects[dt.name].append(out.bitcode)
            if dt.name != sycl.device_targets[0].name:
                continue

            # One host TU per source, with the first device target's integration files.
            # DPC++'s own compiler compiles the host side, with
            # __builtin_sycl_kernel_name where its version has it: no
            # descriptions of other TUs' kernels are given.
            host_tus.append(struct(src = src, device_target = dt, int_header = out.int_header, int_footer = out.int_footer, kernel_info = None))
    return struct(objects = objects, image_tables = {}, host_tus = host_tus, int_headers = [])

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
    inputs = _inputs(ctx, sycl)
    if sycl.toolchain.kind == "dpcpp":
        device = _compile_dpcpp(ctx, sycl, inputs)
    else:
        cxx = _compile_sycl_cxx(ctx, sycl, inputs)
        objects = _compile_opencl(sycl, inputs)
        for name, objs in cxx.objects.items():
            objects[name] = objects.get(name, []) + objs
        device = struct(objects = objects, image_tables = cxx.image_tables, host_tus = cxx.host_tus, int_headers = cxx.int_headers, sycl_cxx_objects = depset(transitive = [depset(o) for o in cxx.objects.values()]).to_list(), property_tables = cxx.property_tables)
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
        sycl_info = _sycl_info(sycl, device.objects, device.image_tables, device.int_headers, inputs.sycl_deps, getattr(device, "sycl_cxx_objects", []), getattr(device, "property_tables", [])),
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

def _sycl_info(sycl, objects, image_tables, int_headers, sycl_deps, sycl_cxx_objects, property_tables):
    by_device_target = _by_device_target(sycl, objects, "device_objects_by_target", sycl_deps)
    return SyclInfo(
        sycl_cxx_property_tables = depset(property_tables, transitive = [s.sycl_cxx_property_tables for s in sycl_deps]),
        sycl_cxx_device_objects = depset(sycl_cxx_objects, transitive = [s.sycl_cxx_device_objects for s in sycl_deps]),
        device_objects = by_device_target.get(sycl.primary.name, depset()),
        device_objects_by_target = by_device_target,
        device_libraries = depset(transitive = [s.device_libraries for s in sycl_deps]),
        image_tables_by_target = _by_device_target(sycl, image_tables, "image_tables_by_target", sycl_deps),
        int_headers = depset(int_headers, transitive = [s.int_headers for s in sycl_deps]),
    )
