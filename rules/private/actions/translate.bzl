"""Translate: each device image's LLVM bitcode to SPIR-V."""

def translate(ctx, toolchain, tool, split_dir, split_table, out_dir):
    """Runs the SPIR-V translator on every image of a split (mnemonic SyclTranslate).

    Reads the Code column of `split_table`, writes <image>.spv into the tree
    artifact `out_dir` together with a copy of the table whose Code column names
    the SPIR-V files (what clang's file-table-tform does).

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo (the translator and its flags).
      tool: File, the foreach executable.
      split_dir: tree artifact written by the split.
      split_table: string, path of the split's file table.
      out_dir: tree artifact to write.

    Returns:
      The path of the translated file table inside out_dir.
    """
    table = out_dir.path + "/" + ctx.label.name + ".table"
    args = ctx.actions.args()
    args.add("-table", split_table)
    args.add("-column", "Code")
    args.add("-out-table", table)
    args.add("-out-dir", out_dir.path)
    args.add("-out-ext", ".spv")
    args.add("--")
    args.add(toolchain.translator.executable)
    args.add_all(toolchain.translate_flags)
    args.add_all(["{in}", "-o", "{out}"])
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = [split_dir],
        tools = toolchain.all_files,
        outputs = [out_dir],
        mnemonic = "SyclTranslate",
        progress_message = "Translating SYCL device images of %s to SPIR-V" % ctx.label,
    )
    return table
