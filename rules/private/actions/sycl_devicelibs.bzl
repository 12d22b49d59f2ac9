"""SYCL device libraries: the bfloat16 device library's images, once per toolchain."""

def emit_sycl_devicelibs(actions, label, compiler, jit, jit_files, check, sha256s):
    """Writes the bfloat16 device library's SPIR-V images (mnemonic SyclDeviceLibs).

    DPC++ compiles calls of the bfloat16 device library
    (__devicelib_ConvertFToBF16INTEL, ...) to imports and, when a program
    has such imports, adds the library's two images to it, native and
    fallback (SYCL/exported symbols, SYCL/devicelib metadata bfloat16 = 1
    or 0); libsycl links the one the device supports. libsycl-jit's own
    post-link adds the same two images to a compile that imports them:
    `syclc -devicelibs` compiles a tiny bfloat16 kernel and keeps those
    two, whose sha256 must be the pinned ones. The toolchain's own action
    (one per toolchain configuration, like SyclJitCheck): every SYCL C++
    compile leaves these images out, and every wrap of SYCL C++ images
    offers them to the wrapper, which adds them only where an image imports
    what they export.

    Args:
      actions: the toolchain rule's ctx.actions.
      label: the toolchain's Label (names the tree).
      compiler: FilesToRunProvider, tools/syclc.
      jit: File, libsycl-jit.so.
      jit_files: depset of File: jit and the libraries it loads.
      check: File, SyclJitCheck's stamp (the library verified first).
      sha256s: struct(native, fallback): the images' pinned sha256.

    Returns:
      struct(dir, table): the tree artifact <toolchain>.devicelibs/
      (bfloat16_{fallback,native}.{spv,prop,sym}) and the path of its file
      table ([Code|Properties|Symbols]).
    """
    out_dir = actions.declare_directory(label.name + ".devicelibs")
    table = out_dir.path + "/bfloat16.table"
    args = actions.args()
    args.add("-devicelibs")
    args.add("-jit=" + jit.path)
    args.add("-out-dir=" + out_dir.path)
    args.add("-table=" + table)
    args.add("-native-sha256=" + sha256s.native)
    args.add("-fallback-sha256=" + sha256s.fallback)
    actions.run(
        executable = compiler,
        arguments = [args],
        inputs = [check],
        tools = jit_files,
        outputs = [out_dir],
        mnemonic = "SyclDeviceLibs",
        progress_message = "Compiling the bfloat16 device library's images with %s" % jit.basename,
    )
    return struct(dir = out_dir, table = table)
