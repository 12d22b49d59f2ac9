"""Annotation: what SPIR-V does not carry of a SYCL C++ TU's properties, back into its bitcode."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def emit_annotate(sycl, device_target, src, bitcode, properties):
    """Puts the library's per-kernel properties back into a TU's bitcode (mnemonic SyclAnnotate).

    SPIR-V drops what the split needs to write a TU's property sets the way
    libsycl-jit does: kernel parameter masks, used aspects, device-global
    attributes, optimization levels, ... tools/annotate reads them from the
    library's own per_kernel property sets of the same compile and writes
    them as the metadata and attributes the split reads, before the device
    link (the split recomputes everything from them, e.g. keeps fp64
    kernels in images of their own). Kernels become weak_odr: a template
    kernel instantiated in two TUs is one kernel of the program.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo (llvm-as / llvm-dis).
      src: File, the TU's source (names the output).
      bitcode: File, the TU's reverse-translated module.
      properties: struct(dir, table): the TU's per_kernel images
        (emit_sycl_device_compile with module = True).

    Returns:
      File: <src>.annotated.bc.
    """
    out = sycl.declare(sycl, src.short_path + ".annotated.bc", device_target = device_target)
    args = sycl.actions.args()
    args.add("-llvm-as=" + device_target.assembler.executable.path)
    args.add("-llvm-dis=" + device_target.disassembler.executable.path)
    args.add("-table=" + properties.table)
    args.add("-o", out)
    args.add(bitcode)
    sycl.actions.run(
        executable = sycl.tools.annotate,
        arguments = [worker_args(args)],
        inputs = [bitcode, properties.dir],
        tools = device_target.all_files,
        outputs = [out],
        mnemonic = "SyclAnnotate",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Annotating SYCL C++ device code of %s with its property sets" % src.short_path,
    )
    return out
