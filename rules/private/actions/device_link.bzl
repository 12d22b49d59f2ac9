"""Device link: every translation unit's device bitcode into one module."""

def _llvm_link(sycl, device_target, args, inputs, out, mnemonic, progress_message):
    # The TUs and libraries grow with the program; llvm-link reads @file.
    args.use_param_file("@%s")
    args.set_param_file_format("shell")
    sycl.actions.run(
        executable = device_target.linker,
        arguments = [args],
        inputs = inputs,
        tools = device_target.all_files,
        outputs = [out],
        mnemonic = mnemonic,
        progress_message = progress_message,
    )

def emit_device_link(sycl, device_target, objects, libraries, unit = None):
    """Links device bitcode into one module (mnemonics SyclDeviceLink, SyclDeviceLibraryLink).

    llvm-link's --only-needed applies to every input file, not just those after
    it: one invocation would also drop the kernels of every TU but the first.
    So the TUs are linked whole first, then the libraries, only for what the
    program references, in a second action.

    The linked module is textual IR (llvm-link -S): the split maps it as it
    is, where bitcode would need an llvm-dis process as large as the module
    (97 MB for the 2,000-kernel bench module, whose text is 14 MB). For that
    module llvm-link -S takes the time bitcode takes (0.56 s vs 0.66 s) and
    less memory; the file is ~4x larger. The intermediate program of a link
    with libraries stays bitcode: only llvm-link reads it.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo (its linker).
      objects: depset of File, per-TU device bitcode; all of it is linked.
      libraries: depset of File, device libraries; only what is referenced is linked.
      unit: string or None, the per-TU directory (see context.bzl's declare).

    Returns:
      File: the linked module, <rule>.device.ll.
    """
    out = sycl.declare(sycl, sycl.label.name + ".device.ll", device_target = device_target, unit = unit)
    program = out
    if libraries.to_list():
        program = sycl.declare(sycl, sycl.label.name + ".device.program.bc", device_target = device_target, unit = unit)
    args = sycl.actions.args()
    args.add_all(objects)
    if program == out:
        args.add("-S")
    args.add("-o", program)
    _llvm_link(sycl, device_target, args, objects, program, "SyclDeviceLink", "Linking SYCL device code of %s" % sycl.label)
    if program == out:
        return out
    args = sycl.actions.args()
    args.add(program)
    args.add("--only-needed")
    args.add_all(libraries)
    args.add("-S")
    args.add("-o", out)
    _llvm_link(
        sycl,
        device_target,
        args,
        depset([program], transitive = [libraries]),
        out,
        "SyclDeviceLibraryLink",
        "Linking device libraries into the SYCL device code of %s" % sycl.label,
    )
    return out
