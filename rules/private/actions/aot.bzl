"""AOT: each device image compiled ahead of time for one device target."""

load(":foreach.bzl", "foreach_image")

def aot(ctx, target, tool, in_dirs, in_table, out_dir, shard = None):
    """Runs the target's ahead-of-time compiler on every image of a table (mnemonic SyclAot).

    Like SyclTranslate: one run of `target.aot` per row of `in_table`'s Code
    column (llc for nvptx64, ocloc for spir64_gen, opencl-aot for
    spir64_x86_64), outputs and a rewritten table in the tree artifact out_dir.

    Args:
      ctx: rule context.
      target: SyclDeviceTargetInfo with `aot` set.
      tool: File, the foreach executable.
      in_dirs: tree artifacts holding the images and their table.
      in_table: string, path of the input file table.
      out_dir: tree artifact to write.
      shard: None, or (i, n): only the i-th of n contiguous slices of rows.

    Returns:
      The path of the output file table inside out_dir.
    """
    return foreach_image(
        ctx,
        tool,
        target.all_files,
        in_dirs,
        in_table,
        out_dir,
        target.aot_extension,
        [target.aot.executable] + target.aot_args,
        "SyclAot",
        "Compiling SYCL device images of %s for %s" % (ctx.label, target.name),
        shard = shard,
    )
