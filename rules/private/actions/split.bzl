"""Split: the linked device module into device images (sycl-post-link's job)."""

# Build-setting spelling -> the splitter's (sycl-post-link's) -split= value.
SPLIT_MODES = {
    "auto": "auto",
    "off": "none",
    "per_kernel": "kernel",
    "per_source": "source",
}

def spec_const_mode(target, override = ""):
    """The splitter's -spec-const for a device target (DPC++ driver convention).

    JIT SPIR-V images keep SPIR-V specialization constants (native: the
    runtime sets them when it builds the program); images compiled ahead of
    time or for a non-SPIR-V target read them from a buffer argument
    (emulation).

    Args:
      target: SyclDeviceTargetInfo.
      override: "native" or "emulation" forces that mode (the rule's
        spec_constants attribute); "" applies the convention.

    Returns:
      "native" or "emulation".
    """
    if override:
        return override
    if getattr(target, "image_format", "spirv") == "spirv" and not getattr(target, "aot", None):
        return "native"
    return "emulation"

def split(ctx, toolchain, tool, linked, mode, out_dir, extra_flags = []):
    """Splits `linked` into the tree artifact `out_dir` (mnemonic SyclSplit).

    out_dir receives <name>_<ID>.bc, .prop and .sym per device image and the
    file table <name>.table ([Code|Properties|Symbols]) naming them.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo (llvm-as / llvm-dis for bitcode I/O).
      tool: File, the splitter executable.
      linked: File, the linked device module.
      mode: string, a key of SPLIT_MODES.
      out_dir: tree artifact to write.
      extra_flags: more splitter flags (e.g. -emit-kernel-names).

    Returns:
      The path of the file table inside out_dir.
    """
    table = out_dir.path + "/" + ctx.label.name + ".table"
    args = ctx.actions.args()
    args.add("-split=" + SPLIT_MODES[mode])
    args.add("-symbols")
    args.add("-properties")
    args.add("-spec-const=" + spec_const_mode(toolchain, getattr(ctx.attr, "spec_constants", "")))
    args.add_all(extra_flags)
    args.add("-llvm-as=" + toolchain.assembler.executable.path)
    args.add("-llvm-dis=" + toolchain.disassembler.executable.path)
    args.add("-out-dir", out_dir.path)
    args.add("-o", table)
    args.add(linked)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = [linked],
        tools = toolchain.all_files,
        outputs = [out_dir],
        mnemonic = "SyclSplit",
        progress_message = "Splitting SYCL device code of %s (%s)" % (ctx.label, mode),
    )
    return table
