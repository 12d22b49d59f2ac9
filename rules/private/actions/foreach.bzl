"""The per-image action shape that translation, AOT and CUDA's steps share."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def run_foreach(sycl, tools, in_dirs, in_table, out_dir, out_extension, command, mnemonic, progress_message, serve = False, shard = None, left_out_status = 0):
    """Runs `command` once per row of a file table's Code column, through tools/foreach.

    Not an emit_ function: its callers declare out_dir, and it returns the
    path of the table it writes there.

    As many commands run at once as the executing machine has CPUs (-jobs=0).
    Bazel 4.2 has no way for a non-test action to reserve more than one CPU
    of the local machine (`cpu:N` in execution_requirements is read for tests
    only; ctx.actions.run's resource_set is Bazel 6+), so the action uses
    the cores it finds, as a compiler with -j would.

    Writes <image stem><out_extension> per row and a copy of the table whose
    Code column names them, all in the tree artifact out_dir.

    Args:
      sycl: the SYCL context (context.bzl).
      tools: depset of File the command needs.
      in_dirs: tree artifacts holding the images and the table.
      in_table: string, path of the input file table.
      out_dir: tree artifact to write.
      out_extension: string, extension of the outputs.
      command: list of string/File: the command; {in} and {out} are replaced per image.
      mnemonic: string, the action's mnemonic.
      progress_message: string.
      serve: the command is an imagec server (`imagec serve FLAGS`) that
        translates every image in one process per CPU (foreach -serve);
        "codegen": a tools/imagec/codegen.cc server that runs a backend
        over every image (foreach -serve=codegen).
      shard: None, or (i, n): only the i-th of n contiguous slices of the
        table's rows (foreach -shard=i/n); the output table lists those.
      left_out_status: int, the command's exit status for an image it
        leaves out, writing nothing (foreach -left-out-status); 0: none.

    Returns:
      The path of the output file table inside out_dir.
    """
    table = sycl.table(sycl, out_dir)
    args = sycl.actions.args()
    args.add("-table", in_table)
    args.add("-column", "Code")
    args.add("-out-table", table)
    args.add("-out-dir", out_dir.path)
    args.add("-out-ext", out_extension)
    args.add("-jobs=0")
    if serve == "codegen":
        args.add("-serve=codegen")
    elif serve:
        args.add("-serve")
    if shard:
        args.add("-shard=%d/%d" % shard)
    if left_out_status:
        args.add("-left-out-status=%d" % left_out_status)
    args.add("--")
    args.add_all(command)
    sycl.actions.run(
        executable = sycl.tools.foreach,
        arguments = [worker_args(args)],
        inputs = in_dirs,
        tools = tools,
        outputs = [out_dir],
        mnemonic = mnemonic,
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = progress_message + ("" if not shard else " (shard %d/%d)" % (shard[0] + 1, shard[1])),
    )
    return table
