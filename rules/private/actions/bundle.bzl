"""Bundle: device images into a SYCLBIN file."""

# IMG_SYCLBIN, the OffloadBinary image kind of a SYCLBIN entry: the value
# libsycl.so.9 (oneAPI 2026.2) checks in its SYCLBIN reader.
IMG_SYCLBIN = 7

def bundle(ctx, tool, images_dirs, images_table, state, target, out, container = "plain"):
    """Writes the SYCLBIN file `out` from a file table of images (mnemonic SyclBundle).

    Args:
      ctx: rule context.
      tool: File, the bundler executable.
      images_dirs: tree artifacts holding the images, the table and the
        .prop files it names.
      images_table: string, path of the file table ([Code|Properties|Symbols]).
      state: string, the bundle state: input, object or executable.
      target: string, the target recorded for the IR modules (e.g. spir64).
      out: File, the .syclbin to write.
      container: "plain" (the SYCLBIN bytes) or "offload" (inside an LLVM
        OffloadBinary with one IMG_SYCLBIN entry, what libsycl.so.9 reads).
    """
    args = ctx.actions.args()
    args.add("syclbin")
    args.add("-o", out)
    args.add("-state=" + state)
    args.add("-target=" + target)
    args.add("-table=" + images_table)
    if container == "offload":
        args.add("-container=offload-v1")
        args.add("-image-kind=%d" % IMG_SYCLBIN)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = images_dirs,
        outputs = [out],
        mnemonic = "SyclBundle",
        progress_message = "Bundling SYCL device images of %s into %s" % (ctx.label, out.short_path),
    )
