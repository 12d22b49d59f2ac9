"""AOT: each device image compiled ahead of time for one device target."""

load(":foreach.bzl", "run_foreach")

def emit_aot(sycl, device_target, in_dirs, in_table, unit = None, shard = None, shard_rows = True):
    """Runs the device target's ahead-of-time compiler on every image of a table (mnemonic SyclAot).

    Like SyclTranslate: one run of `device_target.aot` per row of the
    table's Code column (llc for nvptx64, ocloc for spir64_gen, opencl-aot
    for spir64_x86_64), outputs and a rewritten table in the tree artifact
    aot[_<shard>]/.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo with `aot` set.
      in_dirs: tree artifacts holding the images and their table.
      in_table: string, path of the input file table.
      unit: string or None, the per-TU directory (see context.bzl's declare).
      shard: None, or (i, n): this is the i-th of n shards.
      shard_rows: whether this action picks the shard's rows itself (False
        when in_table already lists only them).

    Returns:
      struct(dir, table): the tree artifact and the path of its file table.
    """
    out_dir = sycl.declare(sycl, "aot" + ("_%d" % shard[0] if shard else ""), device_target = device_target, unit = unit, directory = True)
    table = run_foreach(
        sycl,
        device_target.all_files,
        in_dirs,
        in_table,
        out_dir,
        device_target.aot_extension,
        [device_target.aot.executable] + device_target.aot_args,
        "SyclAot",
        "Compiling SYCL device images of %s for %s" % (sycl.label, device_target.name),
        shard = shard if shard_rows else None,
    )
    return struct(dir = out_dir, table = table)
