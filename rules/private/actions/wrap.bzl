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

def wrap(ctx, tool, groups, host, compression, out, layout, desc_name = None, skip_images_without_entries = False):
    """Writes the host object `out` holding the images of file tables (mnemonic SyclWrap).

    Args:
      ctx: rule context.
      tool: File, the wrapper executable.
      groups: list of struct(dirs, table, target, format): per device target,
        the tree artifacts holding its images and the .prop/.sym files, its
        file table ([Code|Properties|Symbols]), the target spec to record and
        the image format.
      host: string, host triple of the object.
      compression: None, or struct(level, threshold) to zstd-compress images.
      out: File, the object to write.
      layout: struct(image_version, offload_entries): the layouts the
        toolchain's runtime reads (see sycl_toolchain).
      desc_name: if set, the descriptor is the global symbol
        ".sycl_offloading.<desc_name>" (shared libraries anchor on it).
      skip_images_without_entries: drop images that define no entry point
        (per-TU mode: a TU without kernels leaves an empty image).
    """
    args = ctx.actions.args()
    args.add("-o", out)
    args.add("-host=" + host)
    args.add("-kind=sycl")

    # Always explicit: the object must match the runtime it is linked with,
    # whatever the wrapper's default is.
    args.add("-image-version=%d" % layout.image_version)
    if layout.offload_entries == "new":
        args.add("-new-offload-entries")
    if compression:
        args.add("-offload-compress")
        args.add("-offload-compression-level=%d" % compression.level)
        args.add("-offload-compression-threshold=%d" % compression.threshold)
    if desc_name:
        args.add("-desc-name=" + desc_name)
    if skip_images_without_entries:
        args.add("-skip-images-without-entries")

    # -target and -format apply to the tables that follow them.
    for g in groups:
        args.add("-target=" + g.target)
        args.add("-format=" + g.format)
        args.add("-batch", g.table)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = depset(transitive = [depset(g.dirs) for g in groups]),
        outputs = [out],
        mnemonic = "SyclWrap",
        progress_message = "Wrapping SYCL device images of %s" % ctx.label,
    )
