"""The sycl_device_target rule: one more device target of a SYCL toolchain."""

load(":providers.bzl", "SyclDeviceTargetInfo")

TOOL = dict(executable = True, cfg = "exec", allow_files = True)

def files_of(tools):
    """Every file the given tool targets need at run time.

    Args:
      tools: list of Target.

    Returns:
      depset of File.
    """
    return depset(transitive = [t[DefaultInfo].files for t in tools] +
                               [t[DefaultInfo].default_runfiles.files for t in tools])

def image_stages(translator, aot, cuda):
    """The stages of a device target's images after the split, in order.

    Each is struct(name, takes, gives), forms of images: "bitcode" (the
    split's), "spirv", "ptx", "native". The pipeline runs one image table
    through them (pipeline.bzl's image table constructor), starting where
    the table's images stand.

    Args:
      translator: whether the target translates to SPIR-V.
      aot: whether it has an ahead-of-time compiler.
      cuda: whether it is a CUDA target (ptx_arch: `aot` writes PTX, which
        ptxas and fatbinary then compile per architecture).

    Returns:
      list of struct(name, takes, gives).
    """
    stages = []
    form = "bitcode"
    if translator:
        stages.append(struct(name = "translate", takes = form, gives = "spirv"))
        form = "spirv"
    if aot:
        gives = "ptx" if cuda else "native"
        stages.append(struct(name = "aot", takes = form, gives = gives))
        form = gives
    if cuda:
        stages.append(struct(name = "fatbinary", takes = "ptx", gives = "native"))
    return stages

def device_target_info(ctx, name, libraries, all_files, image_format, image_compiler = None, split_assembler = None, aot = None, aot_server = None, aot_args = [], aot_extension = "", aot_isa_flag = "", cuda = None, runtime_files = None, image_target = "", compile_target = "", device_defines = [], aot_devices_flag = "", aot_device_library_flag = "", aot_left_out_status = 0):
    """A SyclDeviceTargetInfo from the attributes sycl_toolchain and sycl_device_target share.

    Args:
      ctx: rule context of either rule.
      name: string, the device target's name.
      libraries: list of File, bitcode libraries linked where referenced.
      all_files: depset of File the tools need.
      image_format: string, the wrapper's -format of the final images.
      image_compiler: FilesToRunProvider or None (sycl_toolchain's imagec).
      split_assembler: FilesToRunProvider or None (sycl_toolchain's
        imagec_as).
      aot: Target or None, the ahead-of-time compiler.
      aot_server: Target or None, tools/imagec/codegen.cc for an llc `aot`.
      aot_args: list of string, its arguments.
      aot_extension: string, extension of its outputs.
      aot_isa_flag: string, its flag for --@rules_sycl//sycl:cpu_aot_isa.
      aot_devices_flag: string, its flag for --@rules_sycl//sycl:gen_devices.
      aot_device_library_flag: string, its flag naming the bfloat16 device library image to link into images that import it.
      aot_left_out_status: int, the exit status by which `aot` leaves an image out (0: none).
      cuda: struct or None (see SyclDeviceTargetInfo.cuda).
      runtime_files: depset of File or None: what programs built for this
        target load at run time besides the toolchain's runtime.
      image_target: string, the target spec of its images (empty: name).
      compile_target: string, the images' `compile_target` requirement
        (empty: none).
      device_defines: list of string, macros of its SYCL C++ device compiles.

    Returns:
      SyclDeviceTargetInfo.
    """
    return SyclDeviceTargetInfo(
        name = name,
        image_target = image_target or name,
        compile_target = compile_target,
        device_defines = device_defines,
        compiler = ctx.attr.compiler[DefaultInfo].files_to_run,
        linker = ctx.attr.linker[DefaultInfo].files_to_run,
        assembler = ctx.attr.assembler[DefaultInfo].files_to_run,
        disassembler = ctx.attr.disassembler[DefaultInfo].files_to_run,
        device_triple = ctx.attr.device_triple,
        compile_flags = ctx.attr.compile_flags,
        libraries = depset(libraries),
        translator = ctx.attr.translator[DefaultInfo].files_to_run if ctx.attr.translator else None,
        translate_flags = ctx.attr.translate_flags,
        image_compiler = image_compiler,
        split_assembler = split_assembler,
        aot = aot[DefaultInfo].files_to_run if aot else None,
        aot_server = aot_server[DefaultInfo].files_to_run if aot_server else None,
        aot_args = aot_args,
        aot_extension = aot_extension,
        aot_isa_flag = aot_isa_flag,
        aot_devices_flag = aot_devices_flag,
        aot_device_library_flag = aot_device_library_flag,
        aot_left_out_status = aot_left_out_status,
        image_format = image_format,
        stages = image_stages(translator = bool(ctx.attr.translator), aot = bool(aot), cuda = bool(cuda)),
        all_files = all_files,
        cuda = cuda,
        runtime_files = runtime_files or depset(),
    )

def _cuda_info(ctx):
    # CUDA's AOT (ptxas per architecture, then fatbinary) applies only when
    # the target sets ptx_arch; whether its tools are present is checked
    # where an image is built, so a toolchain without them still builds
    # every other device target.
    if not ctx.attr.ptx_arch:
        return None
    missing = list(ctx.attr.cuda_missing)
    for t in ["ptxas", "fatbinary"]:
        if getattr(ctx.attr, t) == None and not [m for m in missing if m.startswith(t)]:
            missing.append(t)
    libdevice = [f for f in ctx.files.libdevice if f.basename.startswith("libdevice")]
    return struct(
        libdevice = libdevice[0] if len(libdevice) == 1 else None,
        jit_ir_assembler = ctx.attr.jit_ir_assembler[DefaultInfo].files_to_run if ctx.attr.jit_ir_assembler else None,
        jit_ir_disassembler = ctx.attr.jit_ir_disassembler[DefaultInfo].files_to_run if ctx.attr.jit_ir_disassembler else None,
        jit_ir_linker = ctx.attr.jit_ir_linker[DefaultInfo].files_to_run if ctx.attr.jit_ir_linker else None,
        ptxas = ctx.attr.ptxas[DefaultInfo].files_to_run if ctx.attr.ptxas else None,
        fatbinary = ctx.attr.fatbinary[DefaultInfo].files_to_run if ctx.attr.fatbinary else None,
        ptx_arch = ctx.attr.ptx_arch,
        missing = missing,
        all_files = files_of([t for t in [ctx.attr.ptxas, ctx.attr.fatbinary] if t]),
    )

def _sycl_device_target_impl(ctx):
    tools = [t for t in [ctx.attr.compiler, ctx.attr.linker, ctx.attr.assembler, ctx.attr.disassembler, ctx.attr.translator, ctx.attr.image_compiler, ctx.attr.split_assembler, ctx.attr.aot, ctx.attr.aot_server] if t]
    return [device_target_info(
        ctx,
        # The public attribute is `target`: the device target's name.
        name = ctx.attr.target,
        libraries = ctx.files.libraries,
        all_files = files_of(tools + ctx.attr.aot_data),
        image_format = ctx.attr.image_format,
        image_compiler = ctx.attr.image_compiler[DefaultInfo].files_to_run if ctx.attr.image_compiler else None,
        split_assembler = ctx.attr.split_assembler[DefaultInfo].files_to_run if ctx.attr.split_assembler else None,
        aot = ctx.attr.aot,
        aot_server = ctx.attr.aot_server,
        # $(execpath L) of a label in aot_data: the path of its one file.
        aot_args = [ctx.expand_location(a, ctx.attr.aot_data) for a in ctx.attr.aot_args],
        aot_extension = ctx.attr.aot_extension,
        aot_isa_flag = ctx.attr.aot_isa_flag,
        aot_devices_flag = ctx.attr.aot_devices_flag,
        aot_device_library_flag = ctx.attr.aot_device_library_flag,
        aot_left_out_status = ctx.attr.aot_left_out_status,
        cuda = _cuda_info(ctx),
        runtime_files = depset(ctx.files.runtime_files),
        image_target = ctx.attr.image_target,
        compile_target = ctx.attr.compile_target,
        device_defines = ctx.attr.device_defines,
    )]

sycl_device_target = rule(
    implementation = _sycl_device_target_impl,
    doc = """One more device target of a toolchain (see sycl_toolchain.extra_targets):
compile with `compiler` for `device_triple`, link with `linker` (plus
`libraries`, only where referenced), split, then per device image an optional
SPIR-V translation and an optional ahead-of-time step (`aot` with `aot_args`,
where {in} and {out} name the image and the output).""",
    attrs = {
        "target": attr.string(mandatory = True, doc = "The target's name, as --@rules_sycl//sycl:targets names it, and the target spec recorded in its images unless `image_target` says otherwise (e.g. nvptx64, spir64_gen, spir64_x86_64, intel_gpu_pvc)."),
        "image_target": attr.string(doc = "The target spec recorded in the images when it is not `target`: DPC++ records its intel_gpu_<arch> images as spir64_gen."),
        "compile_target": attr.string(doc = "Recorded as `compile_target` in every image's SYCL/device requirements property set (DPC++'s intel_gpu_<arch> images: the target's name), by which the runtime matches an image to the architecture of a device. Empty: none."),
        "device_defines": attr.string_list(doc = "Macros every SYCL C++ device compile of this target defines (DPC++'s __SYCL_TARGET_INTEL_GPU_<ARCH>__ for intel_gpu_<arch>). A target with any gets SYCL C++ device compiles of its own; without, it shares the primary target's when it takes the same SPIR-V, on the device link only (per TU, a target compiled ahead of time gets its own: its images emulate specialization constants)."),
        "compiler": attr.label(mandatory = True, doc = "Device compiler.", **TOOL),
        "linker": attr.label(mandatory = True, doc = "llvm-link.", **TOOL),
        "assembler": attr.label(mandatory = True, doc = "llvm-as matching the compiler.", **TOOL),
        "disassembler": attr.label(mandatory = True, doc = "llvm-dis matching the compiler.", **TOOL),
        "device_triple": attr.string(mandatory = True, doc = "The compiler's target triple."),
        "compile_flags": attr.string_list(doc = "Flags for every device compile."),
        "libraries": attr.label_list(allow_files = [".bc"], doc = "Bitcode libraries linked only where referenced (e.g. libclc)."),
        "translator": attr.label(doc = "SPIR-V translator run per image before `aot` (unset: no translation).", **TOOL),
        "translate_flags": attr.string_list(doc = "Translator flags."),
        "image_compiler": attr.label(doc = "tools/imagec built against the LLVM and SPIRV-LLVM-Translator libraries of `assembler` and `translator` (see sycl_toolchain.image_compiler): one process per CPU translates every image. Unset: one `translator` process per image.", **TOOL),
        "split_assembler": attr.label(doc = "tools/imagec's assembler alone (see sycl_toolchain.split_assembler): the split assembles its images in it. Unset: `image_compiler`, else one `assembler` process per image.", **TOOL),
        "aot": attr.label(doc = "Ahead-of-time compiler run per image (llc, ocloc, opencl-aot, tools/cpuaot).", **TOOL),
        "aot_args": attr.string_list(doc = "Arguments of `aot`; {in} and {out} are replaced per image, and $(execpath L) of a label L in `aot_data` by the path of its one file."),
        "aot_data": attr.label_list(allow_files = True, cfg = "exec", doc = "Files `aot` reads besides its own runfiles, inputs of every AOT action (e.g. Intel's CPU OpenCL runtime, which tools/cpuaot loads)."),
        "aot_extension": attr.string(default = ".bin", doc = "Extension of the AOT outputs."),
        "aot_isa_flag": attr.string(doc = "The flag of `aot` that names the x86-64 instruction set, given the value of --@rules_sycl//sycl:cpu_aot_isa (opencl-aot's --march names): '-march=' for tools/cpuaot, '--march=' for opencl-aot. Empty: `aot` gets none."),
        "aot_left_out_status": attr.int(doc = "The exit status with which `aot` says an image is not for this device and writes nothing (tools/gpuaot: 3, for an image whose device requirements the Intel GPU does not meet, as DPC++'s device config file decides): the image is left out of the device target's images. 0: every nonzero status is an error."),
        "aot_device_library_flag": attr.string(doc = "The flag of `aot` that names a device library image, the toolchain's bfloat16 library (SyclDeviceLibs: its fallback image, or for Intel GPUs the one DPC++'s driver picks for the program's GPUs), which `aot` links into an image that imports its functions, as DPC++ links it into its AOT images: '-device-library=' for tools/cpuaot and tools/gpuaot. The wrap then takes the library's functions off those images' imported symbols. Empty: `aot` gets none."),
        "aot_devices_flag": attr.string(doc = "The flag of `aot` that names the Intel GPUs, given the value of --@rules_sycl//sycl:gen_devices joined by commas: '-device=' for tools/gpuaot (spir64_gen). Empty: `aot` gets none."),
        "aot_server": attr.label(doc = "tools/imagec/codegen.cc built against the LLVM of an llc `aot` (sycl_configure sets it for nvptx64 where it finds LLVM 19's library): when `aot_args` are flags it knows, one process per CPU runs the backend over every image, byte-identical to one `aot` run per image. Unset: one `aot` process per image.", **TOOL),
        "image_format": attr.string(
            default = "native",
            values = ["none", "native", "spirv", "llvmbc"],
            doc = "The wrapper's -format for this target's images (images packed by fatbinary are always 'native').",
        ),
        "ptx_arch": attr.string(doc = "CUDA targets: the architecture `aot` writes PTX for (e.g. sm_70, what llc's -mcpu says). Set, each PTX image is compiled by `ptxas` once per --@rules_sycl//sycl:cuda_archs architecture and packed with its cubins by `fatbinary` into the image that is wrapped (format native)."),
        "ptxas": attr.label(doc = "CUDA's ptxas: PTX to a cubin for one architecture (with ptx_arch).", **TOOL),
        "fatbinary": attr.label(doc = "CUDA's fatbinary: packs the cubins and the PTX of an image (with ptx_arch).", **TOOL),
        "libdevice": attr.label(allow_files = [".bc"], doc = "CUDA targets: NVIDIA's libdevice.10.bc (e.g. @rules_sycl_cuda_nvvm//:files, from the nvidia-nvvm wheel). With it, SYCL C++ sources compile to PTX for this target (tools/syclc -format=ptx), which ptxas and fatbinary then take as they take `aot`'s PTX."),
        "jit_ir_assembler": attr.label(doc = "CUDA targets with `libdevice`: an llvm-as of LLVM 22 or newer (llvm-as-22). With `jit_ir_disassembler`, SYCL C++ sources that read specialization constants compile to PTX: tools/syclc lowers them in libsycl-jit's front-end bitcode (emulation: read from the kernel's spec-constant buffer). Unset: such sources fail to compile for this target in one line.", **TOOL),
        "jit_ir_linker": attr.label(doc = "CUDA targets with `libdevice`: an llvm-link of LLVM 22 or newer (llvm-link-22). With it, a program with several SYCL C++ TUs gets its PTX from one device link of their front-end bitcode (SyclPtxDeviceLink), so kernels may call `SYCL_EXTERNAL` functions of other TUs and libraries. Unset: each TU's PTX is compiled alone, and such calls fail in ptxas.", **TOOL),
        "jit_ir_disassembler": attr.label(doc = "CUDA targets with `libdevice`: an llvm-dis of LLVM 22 or newer (llvm-dis-22), which reads libsycl-jit's LLVM 23 bitcode (see `jit_ir_assembler`).", **TOOL),
        "runtime_files": attr.label_list(allow_files = True, doc = "What programs built for this target load at run time besides the toolchain's runtime, e.g. Unified Runtime's CUDA adapter for nvptx64 (sycl_cuda_adapter's :adapter): sycl_binary adds them to its runfiles, and the launcher's LD_LIBRARY_PATH names their directories, where the runtime's loader finds an adapter by name."),
        "cuda_missing": attr.string_list(doc = "Set by sycl_configure: the CUDA tools it could not find. Building an image of this target with a non-empty --@rules_sycl//sycl:cuda_archs then fails with this list."),
    },
    provides = [SyclDeviceTargetInfo],
)
