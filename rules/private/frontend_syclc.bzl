"""The SYCL C++ front end (clang toolchain): each TU to device images with tools/syclc (libsycl-jit)."""

load("//rules/private/actions:annotate.bzl", "emit_annotate")
load("//rules/private/actions:kernel_info.bzl", "emit_kernel_info")
load("//rules/private/actions:module_id.bzl", "emit_module_id")
load("//rules/private/actions:reverse_translate.bzl", "emit_reverse_translate")
load("//rules/private/actions:sycl_device_compile.bzl", "emit_sycl_device_compile")
load(":llvm_tools.bzl", "sycl_cxx_link_target")
load(":tables.bzl", "DEVICE_DEBUG_FLAGS")

def _compile_sycl_cxx(ctx, sycl, inputs, device):
    """clang toolchain: each SYCL C++ TU to device images (tools/syclc).

    libsycl-jit builds SPIR-V images (spir64) and PTX images (nvptx64, with
    NVIDIA's libdevice). Each TU is compiled once to SPIR-V where a SPIR-V
    target is requested: on the device link its module serves the primary
    device target and every requested device target that compiles SPIR-V
    ahead of time (spir64_x86_64: the split lowers spec constants per
    target); per TU, a target compiled ahead of time gets a compile of its
    own (its images emulate spec constants, `-spec-constants=emulation`;
    the pipeline runs its AOT step over its table), as does an intel_gpu_<arch>
    target on both paths (its own macros); and once to PTX per requested
    CUDA device target (nvptx64: the pipeline runs ptxas and fatbinary over
    it). The host TU includes the first compile's integration header and
    footer (every compile writes the same). Other
    device targets get no SYCL C++ images (OpenCL C TUs still build for every
    device target); without a SPIR-V or CUDA device target, a rule with SYCL
    C++ sources fails here.
    """
    if not inputs.cxx_srcs:
        return struct(objects = {}, image_tables = {}, host_tus = [], int_headers = [], sycl_cxx_objects = [], property_tables = [])
    toolchain = sycl.toolchain
    cxx = ", ".join([f.short_path for f in inputs.cxx_srcs])
    if toolchain.sycl_cxx_missing:
        fail("%s: C++ sources (%s) are single-source SYCL, but the SYCL toolchain cannot compile SYCL C++; missing: %s" % (
            ctx.label,
            cxx,
            "; ".join(toolchain.sycl_cxx_missing),
        ))
    dt = sycl.primary

    # SPIR-V targets that take the primary target's SPIR-V as it is share its
    # compile (spir64_x86_64); those whose device compile defines macros of
    # their own (DPC++'s intel_gpu_<arch>: __SYCL_TARGET_INTEL_GPU_<ARCH>__)
    # get compiles of their own, as under DPC++'s driver.
    aot_spirv = [t for t in sycl.device_targets if t.name != dt.name and t.device_triple == dt.device_triple and t.translator and t.aot and not t.cuda]
    spirv_targets = [t.name for t in sycl.device_targets if t.name == dt.name] + [t.name for t in aot_spirv if not t.device_defines]
    own_targets = [t for t in aot_spirv if t.device_defines]
    cuda_targets = [t for t in sycl.device_targets if t.cuda]
    for t in cuda_targets:
        if not t.cuda.libdevice:
            fail("%s: C++ sources (%s) are single-source SYCL, whose device code for %s links NVIDIA's libdevice, which the device target lacks (sycl_device_target.libdevice: @rules_sycl_cuda_nvvm//:files from the nvidia-nvvm wheel, which ./setup.sh prefetches, or SYCL_CUDA_PATH's nvvm/libdevice/libdevice.10.bc)." % (ctx.label, cxx, t.name))
    if not spirv_targets and not own_targets and not cuda_targets:
        fail("%s: C++ sources (%s) are single-source SYCL, whose device code the %s toolchain builds for %s and CUDA targets only (libsycl-jit: SPIR-V, PTX), but --@rules_sycl//sycl:targets (or the binary's `targets`) asks for %s. Add %s, or keep device-only code of other device targets in OpenCL C (.cl) and host-only code in C (.c)." % (
            ctx.label,
            cxx,
            toolchain.kind,
            dt.name,
            ", ".join([t.name for t in sycl.device_targets]),
            dt.name,
        ))
    rdc = _device_link_sycl_cxx(ctx, sycl, device) and bool(spirv_targets or own_targets)
    if not rdc:
        # Per-TU images are final: those of a target compiled ahead of time
        # emulate spec constants (the runtime cannot specialize them), so it
        # cannot share the primary target's images, whose constants are
        # native SPIR-V ones. On the device link the split lowers the one
        # module per target.
        own_targets = own_targets + [t for t in aot_spirv if not t.device_defines]
        spirv_targets = [name for name in spirv_targets if name not in [t.name for t in own_targets]]
    compiled = ([dt] if spirv_targets else []) + own_targets + cuda_targets
    copts = sycl.trait_flags + _debug_flags(sycl, device.copts) + device.copts
    tables = {t.name: [] for t in compiled}
    objects = {t.name: [] for t in compiled}
    property_tables = []
    tus = []
    for src in inputs.cxx_srcs:
        d = device
        outs = [
            emit_sycl_device_compile(sycl, device_target = t, src = src, headers = d.headers, includes = d.includes, defines = d.defines + t.device_defines, copts = copts, module = rdc and not t.cuda)
            for t in compiled
        ]
        for t, out in zip(compiled, outs):
            if out.module:
                objects[t.name].append(_device_object(sycl, t, src, out))

                # Parity: the split's property sets against the library's,
                # for the primary target's (or else the first) compile.
                if t == compiled[0]:
                    property_tables.append(struct(dir = out.dir, table = out.table))
            else:
                tables[t.name].append(struct(dir = out.dir, table = out.table, bitcode = out.bitcode))
        tus.append(struct(src = src, int_header = outs[0].int_header, int_footer = outs[0].int_footer))
    kernel_info = _kernel_info(sycl, compiled[0], tus, inputs.sycl_deps)
    host_tus = [
        struct(src = tu.src, device_target = compiled[0], int_header = tu.int_header, int_footer = tu.int_footer, kernel_info = info)
        for tu, info in zip(tus, kernel_info)
    ]
    image_tables = {}
    if not rdc:
        image_tables = {name: tables[dt.name] for name in spirv_targets}
        for t in own_targets:
            image_tables[t.name] = tables[t.name]
    for t in cuda_targets:
        image_tables[t.name] = tables[t.name]
    device_objects = {}
    if rdc:
        device_objects = {name: objects[dt.name] for name in spirv_targets}
        for t in own_targets:
            device_objects[t.name] = objects[t.name]
    return struct(
        objects = device_objects,
        image_tables = image_tables,
        host_tus = host_tus,
        int_headers = [tu.int_header for tu in tus],
        sycl_cxx_objects = [o for t in compiled for o in objects[t.name]],
        property_tables = property_tables,
    )

def _device_link_sycl_cxx(ctx, sycl, device):
    """Whether the rule's SYCL C++ TUs go through the device link (DPC++'s -fsycl-rdc).

    On (the default; the rule's rdc attribute or --@rules_sycl//sycl:rdc),
    each TU's device code joins the program's device link, split,
    translation and AOT as the OpenCL C TUs' does, with the toolchain's
    sycl_cxx_llvm tools (LLVM 22), which carry device debug info (-g) and
    unoptimized device code (-O0). A toolchain without them links with the
    device target's LLVM 15 tools, through which SPIR-V cannot carry either
    (-O0's round trip gives SPIR-V spirv-val rejects): such a rule keeps
    the per-TU images, with one line saying so.
    """
    if not sycl.modes.rdc:
        return False
    flags = device.copts + (["-O0"] if sycl.modes.compilation_mode == "dbg" else []) + (["-g"] if sycl.modes.device_debug_info else [])
    if sycl.toolchain.sycl_cxx_llvm:
        return True
    blocked = [f for f in flags if f == "-O0" or _is_debug_flag(f)]
    if blocked:
        # buildifier: disable=print
        print("%s: SYCL C++ device code with %s takes the per-TU path (no device link): the device target's own SPIR-V translator (LLVM 15 on Debian 12) cannot carry it, and the toolchain has no sycl_cxx_llvm tools" % (ctx.label, " ".join(blocked)))
        return False
    return True

def _is_debug_flag(f):
    # -g, -g1 .. -g3 (not -gno-..., -gdwarf-..., ...).
    return f == "-g" or (f.startswith("-g") and f[2:3].isdigit())

def _debug_flags(sycl, copts):
    """-g for -c dbg with --@rules_sycl//sycl:device_debug_info, and what device debug info needs to be reproducible (DEVICE_DEBUG_FLAGS)."""
    flags = ["-g"] if sycl.modes.device_debug_info and not [f for f in copts if _is_debug_flag(f)] else []
    if flags or [f for f in copts if _is_debug_flag(f)]:
        flags += DEVICE_DEBUG_FLAGS
    return flags

def _device_object(sycl, device_target, src, compiled):
    """A SYCL C++ TU's module as a device object: reverse translation, annotation, module id."""
    device_target = sycl_cxx_link_target(sycl, device_target)
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

FRONTEND_SYCLC = struct(
    name = "syclc",
    # libsycl-jit has the SYCL headers of its own version built in: the
    # runtime's headers, include paths and macros (most of each device
    # compile's sandbox) are left out.
    device_sees_runtime_headers = False,
    compile = _compile_sycl_cxx,
)
