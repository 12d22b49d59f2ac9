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

def device_link_tu(ctx, toolchain, tu, others, libraries, out):
    """Links one TU with what it uses of the rest of the program (mnemonic SyclDeviceLink).

    Per-TU image mode (thinLTO-style): `tu` is linked whole, every other TU and
    library only for the symbols it needs (llvm-link links its first input
    whole and applies --only-needed to the rest), so the result holds that
    TU's kernels and exactly the device code they reach.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo or SyclDeviceTargetInfo (its linker).
      tu: File, the TU's device bitcode.
      others: list of File, the program's other TUs.
      libraries: depset of File, device libraries.
      out: File, the linked .bc.
    """
    args = ctx.actions.args()
    args.add(tu)
    args.add("--only-needed")
    args.add_all(others)
    args.add_all(libraries)
    args.add("-o", out)
    _llvm_link(
        ctx,
        toolchain,
        args,
        depset([tu] + others, transitive = [libraries]),
        out,
        "SyclDeviceLink",
        "Linking SYCL device code of %s for %s" % (ctx.label, tu.short_path),
    )
