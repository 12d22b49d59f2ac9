"""emit_ptx_device_link: one device link of a program's SYCL C++ TUs for nvptx64."""

load(":worker.bzl", "worker_args")

def emit_ptx_device_link(sycl, device_target, tus):
    """Links the front-end bitcode of every SYCL C++ TU and compiles it to PTX images.

    Per TU, PTX compiled alone keeps the SYCL_EXTERNAL functions of other
    TUs as `.extern .func`, which ptxas cannot resolve, and libsycl cannot
    link CUDA images at run time. So the program's images come from one
    build-time device link (mnemonic SyclPtxDeviceLink): `syclc
    -device-link` links every TU's front-end bitcode (the `-ir` output of
    its SyclDeviceCompile) with the target's jit_ir_linker (LLVM 22's
    llvm-link: the library's bitcode is LLVM 23's) and libsycl-jit compiles
    the module (CachedIR) to PTX with its post-link (split, entry points,
    property sets). The images then go through SyclPtxas/SyclFatbinary as a
    TU's would.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo whose cuda has libdevice and
        jit_ir_linker.
      tus: list of struct(dir, table, bitcode), the program's SYCL C++ TUs
        for device_target (this rule's and its dependencies'), in link order.

    Returns:
      struct(dir, table, bitcode): the PTX image tree, the path of its file
      table, and None (the images are final).
    """
    toolchain = sycl.toolchain
    cuda = device_target.cuda
    out_dir = sycl.declare(sycl, "device_link.ptx", device_target = device_target, directory = True)
    table = sycl.table(sycl, out_dir)
    bitcode = [t.bitcode for t in tus]
    args = sycl.actions.args()
    args.add("-device-link")
    args.add("-jit=" + toolchain.sycl_jit.path)
    args.add("-llvm-link=" + cuda.jit_ir_linker.executable.path)
    args.add("-format=ptx")
    args.add(cuda.libdevice, format = "-libdevice=%s")
    args.add("-out-dir=" + out_dir.path)
    args.add("-table=" + table)
    args.add("-split=" + sycl.modes.split)
    args.add_all(bitcode)
    sycl.actions.run(
        executable = toolchain.sycl_compiler,
        arguments = [worker_args(args)],
        inputs = depset(bitcode + [toolchain.sycl_jit_check, cuda.libdevice]),
        tools = toolchain.sycl_jit_files.to_list() + [cuda.jit_ir_linker],
        outputs = [out_dir],
        mnemonic = "SyclPtxDeviceLink",
        # One-shot, as the PTX compiles (emit_sycl_device_compile): the
        # library keeps state between compiles of one process.
        execution_requirements = {},
        progress_message = "Linking SYCL C++ device code of %s for %s (%d TUs)" % (sycl.label, device_target.name, len(bitcode)),
    )
    return struct(dir = out_dir, table = table, bitcode = None)
