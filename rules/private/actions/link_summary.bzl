"""Link summary: the device symbols one translation unit defines and declares."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def emit_link_summary(sycl, device_target, tu, unit):
    """Writes the symbol summary of one TU's device bitcode (mnemonic SyclDeviceLinkSummary).

    Per TU, the external symbols it defines (each with what importing it
    brings along) and declares: what a per-TU link needs to know of the
    TUs it does not link whole. Its bytes change only when that interface
    does, not when a kernel body does.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo (its llvm-dis).
      tu: File, the TU's device bitcode.
      unit: string, the TU's directory (see context.bzl's declare).

    Returns:
      File: the summary, tu/<unit>/<rule>.link_summary.
    """
    out = sycl.declare(sycl, sycl.label.name + ".link_summary", device_target = device_target, unit = unit)
    args = sycl.actions.args()
    args.add("-summarize")
    args.add("-llvm-dis=" + device_target.disassembler.executable.path)
    args.add("-o", out)
    args.add(tu)
    sycl.actions.run(
        executable = sycl.tools.devlink,
        arguments = [worker_args(args)],
        inputs = [tu],
        tools = device_target.all_files,
        outputs = [out],
        mnemonic = "SyclDeviceLinkSummary",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Summarizing the device symbols of %s" % tu.short_path,
    )
    return out
