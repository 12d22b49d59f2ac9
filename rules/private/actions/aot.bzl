"""AOT: each device image compiled ahead of time for one device target."""

load(":foreach.bzl", "foreach_image")

# llc flags tools/imagec/codegen.cc parses as llc does; any other argument
# (besides {in} -o {out}) sends the AOT step back to one `aot` process per
# image.
_SERVER_FLAGS = ["-march=", "-mcpu=", "-mattr=", "-mtriple="]
_SERVER_OPT_LEVELS = ["-O0", "-O1", "-O2", "-O3"]

def server_flags(aot_args):
    """The flags of `aot_args` for an aot_server, or None if it cannot take them.

    Args:
      aot_args: list of string, a target's aot_args.

    Returns:
      list of string: aot_args without `{in} -o {out}`, or None.
    """
    flags = None
    for i in range(len(aot_args)):
        if aot_args[i:i + 3] == ["{in}", "-o", "{out}"]:
            flags = aot_args[:i] + aot_args[i + 3:]
            break
    if flags == None:
        return None
    for f in flags:
        if f not in _SERVER_OPT_LEVELS and not [p for p in _SERVER_FLAGS if f.startswith(p)]:
            return None
    return flags

def aot(ctx, target, tool, in_dirs, in_table, out_dir, shard = None):
    """Runs the target's ahead-of-time compiler on every image of a table (mnemonic SyclAot).

    Like SyclTranslate: one run of `target.aot` per row of `in_table`'s Code
    column (llc for nvptx64, ocloc for spir64_gen, opencl-aot for
    spir64_x86_64), outputs and a rewritten table in the tree artifact out_dir.
    With the target's aot_server (tools/imagec/codegen.cc, nvptx64) and
    aot_args it knows, one server process per CPU compiles every image
    instead (foreach -serve=codegen), with the same output.

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
    server = getattr(target, "aot_server", None)
    flags = server_flags(target.aot_args) if server else None
    if flags != None:
        command = [server.executable, "serve"] + flags
        serve = "codegen"
    else:
        command = [target.aot.executable] + target.aot_args
        serve = False
    return foreach_image(
        ctx,
        tool,
        target.all_files,
        in_dirs,
        in_table,
        out_dir,
        target.aot_extension,
        command,
        "SyclAot",
        "Compiling SYCL device images of %s for %s" % (ctx.label, target.name),
        serve = serve,
        shard = shard,
    )
