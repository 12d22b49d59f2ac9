"""Device link: all translation units' device bitcode into one module."""

def _llvm_link(ctx, toolchain, args, inputs, out, mnemonic, progress_message):
    ctx.actions.run(
        executable = toolchain.linker,
        arguments = [args],
        inputs = inputs,
        tools = toolchain.all_files,
        outputs = [out],
        mnemonic = mnemonic,
        progress_message = progress_message,
    )

def device_link(ctx, toolchain, objects, libraries, out):
    """Links device bitcode into `out` (mnemonics SyclDeviceLink, SyclDeviceLibraryLink).

    llvm-link's --only-needed applies to every input file, not just those after
    it: one invocation would also drop the kernels of every TU but the first.
    So the TUs are linked whole first, then the libraries, only for what the
    program references, in a second action.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo or SyclDeviceTargetInfo (its linker).
      objects: depset of File, per-TU device bitcode; all of it is linked.
      libraries: depset of File, device libraries; only what is referenced is linked.
      out: File, the linked .bc.
    """
    program = out
    if libraries.to_list():
        program = ctx.actions.declare_file(out.basename[:-len(".bc")] + ".program.bc", sibling = out)
    args = ctx.actions.args()
    args.add_all(objects)
    args.add("-o", program)
    _llvm_link(ctx, toolchain, args, objects, program, "SyclDeviceLink", "Linking SYCL device code of %s" % ctx.label)
    if program == out:
        return
    args = ctx.actions.args()
    args.add(program)
    args.add("--only-needed")
    args.add_all(libraries)
    args.add("-o", out)
    _llvm_link(
        ctx,
        toolchain,
        args,
        depset([program], transitive = [libraries]),
        out,
        "SyclDeviceLibraryLink",
        "Linking device libraries into the SYCL device code of %s" % ctx.label,
    )

def device_link_summary(ctx, toolchain, tool, tu, out):
    """Writes the symbol summary of one TU's device bitcode (mnemonic SyclDeviceLinkSummary).

    Per TU, the external symbols it defines (each with what importing it
    brings along) and declares: what a per-TU link needs to know of the
    TUs it does not link whole. Its bytes change only when that interface
    does, not when a kernel body does.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo or SyclDeviceTargetInfo (its llvm-dis).
      tool: File, the devlink executable.
      tu: File, the TU's device bitcode.
      out: File, the summary to write.
    """
    args = ctx.actions.args()
    args.add("-summarize")
    args.add("-llvm-dis=" + toolchain.disassembler.executable.path)
    args.add("-o", out)
    args.add(tu)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = [tu],
        tools = toolchain.all_files,
        outputs = [out],
        mnemonic = "SyclDeviceLinkSummary",
        progress_message = "Summarizing the device symbols of %s" % tu.short_path,
    )

def device_link_tu(ctx, toolchain, tool, tu, others, libraries, out):
    """Links one TU with what it uses of the rest of the program (mnemonic SyclDeviceLink).

    Per-TU image mode (thinLTO-style): `tu` is linked whole; from the other
    TUs devlink reads, with llvm-link --only-needed, only those the
    summaries say define something the result needs (in an order that
    resolves chains across TUs), then the device libraries. The objects it
    did not read go to an unused_inputs_list, so Bazel does not re-run this
    link when only they change (editing another TU's kernel body).

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo or SyclDeviceTargetInfo (its linker).
      tool: File, the devlink executable.
      tu: struct(object, summary) of the TU.
      others: list of struct(object, summary), the program's other TUs.
      libraries: depset of File, device libraries.
      out: File, the linked .bc.

    Returns:
      File: the list of objects the link did not read.
    """
    unused = ctx.actions.declare_file(out.basename + ".unused", sibling = out)
    args = ctx.actions.args()
    args.add("-linker=" + toolchain.linker.executable.path)
    args.add("-tu", tu.object)
    args.add("-tu-summary", tu.summary)
    args.add("-o", out)
    args.add("-unused-inputs", unused)
    for o in others:
        args.add("-object", o.object)
        args.add("-summary", o.summary)
    args.add_all(libraries, before_each = "-library")
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = depset(
            [tu.object, tu.summary] + [o.object for o in others] + [o.summary for o in others],
            transitive = [libraries],
        ),
        tools = toolchain.all_files,
        outputs = [out, unused],
        unused_inputs_list = unused,
        mnemonic = "SyclDeviceLink",
        progress_message = "Linking SYCL device code of %s for %s" % (ctx.label, tu.object.short_path),
    )
    return unused
