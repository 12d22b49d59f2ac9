"""Module id stamping: records which translation unit each kernel came from.

DPC++'s front end puts the "sycl-module-id" attribute on kernels; upstream
clang does not, so this per-TU step adds it. Per-source splitting after the
device link groups kernels by it.
"""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def emit_module_id(sycl, device_target, src, bitcode):
    """Stamps "sycl-module-id"=<src's path> on the kernels of bitcode (mnemonic SyclModuleId).

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo (llvm-as / llvm-dis for bitcode I/O).
      src: File, the TU's source: its workspace path is the id.
      bitcode: File, the TU's device bitcode.

    Returns:
      File: the stamped bitcode, <src>.id.bc.
    """
    module_id = src.short_path
    out = sycl.declare(sycl, src.short_path + ".id.bc", device_target = device_target)
    args = sycl.actions.args()
    args.add("-id=" + module_id)
    args.add("-llvm-as=" + device_target.assembler.executable.path)
    args.add("-llvm-dis=" + device_target.disassembler.executable.path)
    args.add("-o", out)
    args.add(bitcode)
    sycl.actions.run(
        executable = sycl.tools.moduleid,
        arguments = [worker_args(args)],
        inputs = [bitcode],
        tools = device_target.all_files,
        outputs = [out],
        mnemonic = "SyclModuleId",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Stamping sycl-module-id on %s" % module_id,
    )
    return out
