"""Translate: each device image's LLVM bitcode to SPIR-V."""

load(":foreach.bzl", "foreach_image")

def translate(ctx, toolchain, tool, split_dir, split_table, out_dir):
    """Runs the SPIR-V translator on every image of a split (mnemonic SyclTranslate).

    Reads the Code column of `split_table`, writes <image>.spv into the tree
    artifact `out_dir` together with a copy of the table whose Code column names
    the SPIR-V files (what clang's file-table-tform does).

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo or SyclDeviceTargetInfo (translator, its flags).
      tool: File, the foreach executable.
      split_dir: tree artifact written by the split.
      split_table: string, path of the split's file table.
      out_dir: tree artifact to write.

    Returns:
      The path of the translated file table inside out_dir.
    """
    return foreach_image(
        ctx,
        tool,
        toolchain.all_files,
        [split_dir],
        split_table,
        out_dir,
        ".spv",
        [toolchain.translator.executable] + toolchain.translate_flags + ["{in}", "-o", "{out}"],
        "SyclTranslate",
        "Translating SYCL device images of %s to SPIR-V" % ctx.label,
    )
