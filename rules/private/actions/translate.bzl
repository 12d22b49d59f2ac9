"""Translate: each device image's LLVM bitcode to SPIR-V."""

load(":foreach.bzl", "foreach_image")

# llvm-spirv flags tools/imagec applies as llvm-spirv does; any other flag
# sends the translation back to one llvm-spirv process per image.
_IMAGEC_FLAGS = ["-spirv-ext=", "--spirv-ext=", "-spirv-max-version=", "--spirv-max-version="]

def _imagec_can_translate(flags):
    for f in flags:
        if not [p for p in _IMAGEC_FLAGS if f.startswith(p)]:
            return False
    return True

def translate(ctx, toolchain, tool, split_dir, split_table, out_dir, shard = None):
    """Runs the SPIR-V translator on every image of a split (mnemonic SyclTranslate).

    Reads the Code column of `split_table`, writes <image>.spv into the tree
    artifact `out_dir` together with a copy of the table whose Code column names
    the SPIR-V files (what clang's file-table-tform does). With the
    toolchain's image_compiler (tools/imagec) and flags it knows, one imagec
    process per CPU translates every image; otherwise one translator process
    per image, as many at once as the machine has CPUs.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo or SyclDeviceTargetInfo (translator, its flags).
      tool: File, the foreach executable.
      split_dir: tree artifact written by the split.
      split_table: string, path of the split's file table.
      out_dir: tree artifact to write.
      shard: None, or (i, n): translate only the i-th of n contiguous slices
        of the table's rows.

    Returns:
      The path of the translated file table inside out_dir.
    """
    image_compiler = getattr(toolchain, "image_compiler", None)
    if image_compiler and _imagec_can_translate(toolchain.translate_flags):
        command = [image_compiler.executable, "serve"] + toolchain.translate_flags
        serve = True
    else:
        command = [toolchain.translator.executable] + toolchain.translate_flags + ["{in}", "-o", "{out}"]
        serve = False
    return foreach_image(
        ctx,
        tool,
        toolchain.all_files,
        [split_dir],
        split_table,
        out_dir,
        ".spv",
        command,
        "SyclTranslate",
        "Translating SYCL device images of %s to SPIR-V" % ctx.label,
        serve = serve,
        shard = shard,
    )
