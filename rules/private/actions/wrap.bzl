"""Wrap: device images into a host object that registers them with the SYCL runtime."""

# cc toolchain cpu -> host triple of the wrapper object.
_HOST_TRIPLES = {
    "aarch64": "aarch64-unknown-linux-gnu",
    "arm64": "aarch64-unknown-linux-gnu",
    "k8": "x86_64-unknown-linux-gnu",
    "x86_64": "x86_64-unknown-linux-gnu",
}

def host_triple(cc_toolchain):
    """Maps the C++ toolchain's cpu to the wrapper's -host triple.

    Args:
      cc_toolchain: CcToolchainInfo of the host.

    Returns:
      The host triple, e.g. x86_64-unknown-linux-gnu.
    """
    triple = _HOST_TRIPLES.get(cc_toolchain.cpu)
    if triple == None:
        fail("rules_sycl cannot wrap device images for host cpu '%s' (supported: %s)" % (
            cc_toolchain.cpu,
            ", ".join(sorted(_HOST_TRIPLES.keys())),
        ))
    return triple

def wrap(ctx, tool, images_dirs, images_table, host, target, compression, out, desc_name = None):
    """Writes the host object `out` holding the images of a file table (mnemonic SyclWrap).

    Args:
      ctx: rule context.
      tool: File, the wrapper executable.
      images_dirs: tree artifacts holding the images, the table and the
        .prop/.sym files it names.
      images_table: string, path of the file table ([Code|Properties|Symbols]).
      host: string, host triple of the object.
      target: string, target spec recorded in each device image.
      compression: None, or struct(level, threshold) to zstd-compress images.
      out: File, the object to write.
      desc_name: if set, the descriptor is the global symbol
        ".sycl_offloading.<desc_name>" (shared libraries anchor on it).
    """
    args = ctx.actions.args()
    args.add("-o", out)
    args.add("-host=" + host)
    args.add("-kind=sycl")
    args.add("-target=" + target)
    args.add("-format=spirv")
    if compression:
        args.add("-offload-compress")
        args.add("-offload-compression-level=%d" % compression.level)
        args.add("-offload-compression-threshold=%d" % compression.threshold)
    if desc_name:
        args.add("-desc-name=" + desc_name)
    args.add("-batch", images_table)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = images_dirs,
        outputs = [out],
        mnemonic = "SyclWrap",
        progress_message = "Wrapping SYCL device images of %s" % ctx.label,
    )
