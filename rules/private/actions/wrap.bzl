"""Wrap: device images into a host object that registers them with the SYCL runtime."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

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

def emit_wrap(sycl, image_tables, desc_name = None, skip_images_without_entries = False, device_libraries = [], linked_device_libraries = []):
    """Wraps the images of file tables into a host object (mnemonic SyclWrap).

    Args:
      sycl: the SYCL context (context.bzl): the runtime's image layouts and
        the compression mode.
      image_tables: list of struct(dirs, table, device_target, format): per device
        target (per TU and shard), the tree artifacts holding its images and
        the .prop/.sym files, its file table ([Code|Properties|Symbols]),
        the SyclDeviceTargetInfo (its name is the target spec recorded)
        and the image format.
      desc_name: if set, the descriptor is the global symbol
        ".sycl_offloading.<desc_name>" (shared libraries anchor on it).
      skip_images_without_entries: drop images that define no entry point
        (per-TU mode: a TU without kernels leaves an empty image).
      device_libraries: list of struct(dir, table, device_target): device
        library images (the toolchain's SyclDeviceLibs: bfloat16) the
        wrapper adds, once, where an image of that device target imports a
        symbol they export (SYCL/imported symbols), as DPC++ does; unused,
        they are left out.
      linked_device_libraries: list of struct(dir, table, device_target):
        device libraries the AOT step linked into that target's images
        (aot.bzl's aot_device_library): the wrapper takes the symbols they
        export off those images' imported symbols.

    Returns:
      File: the object, <rule>.images.o.
    """
    out = sycl.declare(sycl, sycl.label.name + ".images.o")
    toolchain = sycl.toolchain
    compression = sycl.modes.compression
    args = sycl.actions.args()
    args.add("-o", out)
    args.add("-host=" + host_triple(sycl.cc_toolchain))
    args.add("-kind=sycl")

    # Always explicit: the object must match the runtime it is linked with,
    # whatever the wrapper's default is.
    args.add("-image-version=%d" % toolchain.image_version)
    if toolchain.offload_entries == "new":
        args.add("-new-offload-entries")
    if compression:
        args.add("-offload-compress")
        args.add("-offload-compression-level=%d" % compression.level)
        args.add("-offload-compression-threshold=%d" % compression.threshold)
    if desc_name:
        args.add("-desc-name=" + desc_name)
    if skip_images_without_entries:
        args.add("-skip-images-without-entries")

    # -target, -format and -compile-target apply to the tables that follow
    # them; -compile-target is given where it changes (Intel GPU images).
    compile_target = ""
    for t in image_tables:
        args.add("-target=" + t.device_target.image_target)
        args.add("-format=" + t.format)
        if t.device_target.compile_target != compile_target:
            compile_target = t.device_target.compile_target
            args.add("-compile-target=" + compile_target)
        args.add("-batch", t.table)
    if compile_target and device_libraries:
        args.add("-compile-target=")
    for lib in device_libraries:
        args.add("-target=" + lib.device_target.image_target)
        args.add("-format=spirv")
        args.add("-device-libraries", lib.table)
    for lib in linked_device_libraries:
        args.add("-target=" + lib.device_target.image_target)
        args.add("-linked-device-libraries", lib.table)

    sycl.actions.run(
        executable = sycl.tools.wrapper,
        arguments = [worker_args(args)],
        inputs = depset(
            [lib.dir for lib in device_libraries + linked_device_libraries],
            transitive = [depset(t.dirs) for t in image_tables],
        ),
        outputs = [out],
        mnemonic = "SyclWrap",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Wrapping SYCL device images of %s" % sycl.label,
    )
    return out
