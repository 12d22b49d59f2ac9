"""Module id stamping: records which translation unit each kernel came from.

DPC++'s front end puts the "sycl-module-id" attribute on kernels; upstream
clang does not, so this per-TU step adds it. Per-source splitting after the
device link groups kernels by it.
"""

def stamp_module_id(ctx, toolchain, tool, bitcode, module_id, out):
    """Writes `out`: `bitcode` with "sycl-module-id"=module_id on its kernels (mnemonic SyclModuleId).

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo (llvm-as / llvm-dis for bitcode I/O).
      tool: File, the moduleid executable.
      bitcode: File, one TU's device bitcode.
      module_id: string, the TU's id (its workspace-relative source path).
      out: File, the stamped bitcode.
    """
    args = ctx.actions.args()
    args.add("-id=" + module_id)
    args.add("-llvm-as=" + toolchain.assembler.executable.path)
    args.add("-llvm-dis=" + toolchain.disassembler.executable.path)
    args.add("-o", out)
    args.add(bitcode)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = [bitcode],
        tools = toolchain.all_files,
        outputs = [out],
        mnemonic = "SyclModuleId",
        progress_message = "Stamping sycl-module-id on %s" % module_id,
    )
