"""SYCL C++ device compile: one single-source SYCL TU to device images (tools/syclc)."""

load("//rules/private:tables.bzl", "DEVICE_MODE_FLAGS")
load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def emit_sycl_device_compile(sycl, device_target, src, headers, includes, defines, copts, module = False):
    """Compiles the device side of a SYCL C++ source to images (mnemonic SyclDeviceCompile).

    tools/syclc runs DPC++ 2026.2's device compiler (libsycl-jit, in-process)
    on one TU: clang front end, device libraries and sycl-post-link's split
    per the rule's split_mode, inside the TU (per_kernel: an image per
    kernel; per_source and auto: an image per set of device requirements;
    off: one image). Its images are SPIR-V and leave the compile final: LLVM
    23 bitcode cannot go through rules_sycl's LLVM 15 link, split and
    translation, so images never merge across TUs, and SYCL_EXTERNAL
    functions of other TUs are resolved by libsycl at run time from the
    images' imported/exported symbol property sets
    (-fsycl-allow-device-image-dependencies, which syclc adds, as it adds
    -fsycl-device-code-split).

    Writes the tree artifact <src>.images/ (<rule>_<N>.spv, .prop, .sym per
    image and the file table <rule>.table, [Code|Properties|Symbols], as a
    split and translation would) and DPC++'s integration header and
    footer, which the host compile of the same source includes. A persistent
    worker (the library stays loaded) where Bazel runs workers. The library
    leaves SYCL 2020 specialization constants unlowered; syclc lowers those
    of the images that read them with the device target's translator,
    assembler and disassembler (LLVM 15: tools/internal/spirvspec), which
    the action therefore takes as tools.

    For a CUDA device target (nvptx64: device_target.cuda with libdevice)
    the images are PTX (<rule>_<N>.ptx, `.target sm_75`): syclc -format=ptx
    compiles through libsycl-jit's NVPTX backend, linking NVIDIA's libdevice
    (the nvidia-nvvm wheel's) for the math built-ins; its integration header
    and footer are byte-identical to the SPIR-V compile's. Specialization
    constants of PTX images are lowered in emulation mode in the library's
    front-end bitcode with the target's jit_ir_assembler and
    jit_ir_disassembler (LLVM 22: tools/internal/bcspec), tools of the
    action where the target has them.

    Args:
      sycl: the SYCL context (context.bzl) of a clang toolchain with a
        sycl_compiler.
      device_target: SyclDeviceTargetInfo of the images (spir64: SPIR-V;
        nvptx64: PTX).
      src: File, a SYCL C++ source.
      headers: depset of File the source may include.
      includes: list of include directories (relative to the execroot).
      defines: list of macro definitions.
      copts: list of extra device compiler flags (device_copts).
      module: for the device link (a SPIR-V target): also write the TU's
        device code as one SPIR-V module, <src>.module.spv (split off,
        specialization constants unlowered: the split lowers them after the
        link); the image tree is then split per_kernel, its property sets
        what SyclAnnotate restores into the module.

    Returns:
      struct(dir, table, int_header, int_footer, bitcode, module): the image
      tree, the path of its file table, the integration header and footer
      (File), for a CUDA target with jit_ir_linker the front end's bitcode
      (File, for emit_ptx_device_link; else None), and the SPIR-V module
      (File or None).
    """
    toolchain = sycl.toolchain
    out_dir = sycl.declare(sycl, src.short_path + ".images", device_target = device_target, directory = True)
    table = sycl.table(sycl, out_dir)
    int_header = sycl.declare(sycl, src.short_path + ".int_header.h", device_target = device_target)
    int_footer = sycl.declare(sycl, src.short_path + ".int_footer.h", device_target = device_target)
    args = sycl.actions.args()
    args.add("-jit=" + toolchain.sycl_jit.path)
    args.add("-out-dir=" + out_dir.path)
    args.add("-table=" + table)
    args.add(int_header, format = "-int-header=%s")
    args.add(int_footer, format = "-int-footer=%s")
    args.add("-split=" + ("per_source" if module else sycl.modes.split))
    module_out = None
    if module:
        module_out = sycl.declare(sycl, src.short_path + ".module.spv", device_target = device_target)
        args.add(module_out, format = "-module=%s")
    ptx = []
    bitcode = None
    spec_tools = [device_target.translator, device_target.assembler, device_target.disassembler]
    if device_target.cuda:
        ptx = [device_target.cuda.libdevice]
        args.add("-format=ptx")
        args.add(device_target.cuda.libdevice, format = "-libdevice=%s")
        if device_target.cuda.jit_ir_linker:
            bitcode = sycl.declare(sycl, src.short_path + ".device.bc", device_target = device_target)
            args.add(bitcode, format = "-ir=%s")
        spec_tools = [device_target.cuda.jit_ir_assembler, device_target.cuda.jit_ir_disassembler]
        if None not in spec_tools:
            args.add("-llvm-as=" + spec_tools[0].executable.path)
            args.add("-llvm-dis=" + spec_tools[1].executable.path)
        else:
            spec_tools = []
    elif None not in spec_tools:
        args.add("-translator=" + device_target.translator.executable.path)
        args.add("-llvm-as=" + device_target.assembler.executable.path)
        args.add("-llvm-dis=" + device_target.disassembler.executable.path)
    else:
        spec_tools = []
    if device_target.aot and not device_target.cuda and not module:
        # Final images compiled ahead of time: the runtime cannot specialize
        # them, so their kernels read the constants from the buffer it
        # passes (DPC++'s -spec-const=emulation for AOT triples). A module
        # for the device link keeps the calls: the split lowers them per
        # target.
        args.add("-spec-constants=emulation")
    args.add("--")
    args.add("-std=c++17")
    args.add_all(DEVICE_MODE_FLAGS[sycl.modes.compilation_mode])
    args.add_all(includes, format_each = "-I%s")
    args.add_all(defines, format_each = "-D%s")
    args.add_all(copts)
    args.add(src)
    sycl.actions.run(
        executable = toolchain.sycl_compiler,
        arguments = [worker_args(args)],
        inputs = depset([src, toolchain.sycl_jit_check] + ptx, transitive = [headers]),
        tools = toolchain.sycl_jit_files.to_list() + spec_tools,
        outputs = [out_dir, int_header, int_footer] + [f for f in [bitcode, module_out] if f],
        mnemonic = "SyclDeviceCompile",
        # PTX compiles run one-shot: in a persistent worker, the front-end
        # bitcode libsycl-jit returns (SaveIR) and the PTX made from it
        # depend on what the process compiled before (remote execution's
        # one-shot outputs differed from the worker's: tests/remote/run.sh).
        execution_requirements = {} if ptx else WORKER_REQUIREMENTS,
        progress_message = "Compiling SYCL C++ device code %s%s" % (src.short_path, " for " + device_target.name if ptx else ""),
    )
    return struct(dir = out_dir, table = table, int_header = int_header, int_footer = int_footer, bitcode = bitcode, module = module_out)
