"""AOT: each device image compiled ahead of time for one device target."""

def aot(ctx, target, tool, in_dirs, in_table, out_dir):
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

    Returns:
      The path of the output file table inside out_dir.
    """
    table = out_dir.path + "/" + ctx.label.name + ".table"
    args = ctx.actions.args()
    args.add("-table", in_table)
    args.add("-column", "Code")
    args.add("-out-table", table)
    args.add("-out-dir", out_dir.path)
    args.add("-out-ext", target.aot_extension)
    args.add("--")
    args.add(target.aot.executable)
    args.add_all(target.aot_args)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = in_dirs,
        tools = target.all_files,
        outputs = [out_dir],
        mnemonic = "SyclAot",
        progress_message = "Compiling SYCL device images of %s for %s" % (ctx.label, target.name),
    )
    return table
