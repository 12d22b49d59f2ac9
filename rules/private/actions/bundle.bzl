"""Bundle: device images into a SYCLBIN file."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

# IMG_SYCLBIN, the OffloadBinary image kind of a SYCLBIN entry: the value
# libsycl.so.9 (oneAPI 2026.2) checks in its SYCLBIN reader.
IMG_SYCLBIN = 7

# A SYCLBIN holds IR modules; image format -> the bundler's -ir-type.
_IR_TYPES = {
    "none": "ptx",
    "spirv": "spirv",
}

def emit_bundle(sycl, image_tables, state, container = "plain"):
    """Writes the SYCLBIN file <rule>.syclbin from file tables of images (mnemonic SyclBundle).

    Args:
      sycl: the SYCL context (context.bzl).
      image_tables: list of struct(dirs, table, device_target, format), as for
        emit_wrap: the tree artifacts holding the images, the table and the
        .prop files it names, the file table ([Code|Properties|Symbols]),
        the SyclDeviceTargetInfo whose name is recorded for the IR modules and the image format
        (spirv, or none for PTX).
      state: string, the bundle state: input, object or executable.
      container: "plain" (the SYCLBIN bytes) or "offload" (inside an LLVM
        OffloadBinary with one IMG_SYCLBIN entry, what libsycl.so.9 reads).

    Returns:
      File: the .syclbin.
    """
    out = sycl.actions.declare_file(sycl.label.name + ".syclbin")
    args = sycl.actions.args()
    args.add("syclbin")
    args.add("-o", out)
    args.add("-state=" + state)

    # -target and -ir-type apply to the tables that follow them.
    ir_type = "spirv"
    for t in image_tables:
        if t.format not in _IR_TYPES:
            fail("%s: the images of device target %s are %s; a SYCLBIN holds SPIR-V or PTX " % (sycl.label, t.device_target.name, t.format))
        if _IR_TYPES[t.format] != ir_type:
            ir_type = _IR_TYPES[t.format]
            args.add("-ir-type=" + ir_type)
        args.add("-target=" + t.device_target.name)
        args.add("-table=" + t.table)
    if container == "offload":
        args.add("-container=offload-v1")
        args.add("-image-kind=%d" % IMG_SYCLBIN)
    sycl.actions.run(
        executable = sycl.tools.bundler,
        arguments = [worker_args(args)],
        inputs = depset(transitive = [depset(t.dirs) for t in image_tables]),
        outputs = [out],
        mnemonic = "SyclBundle",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Bundling SYCL device images of %s into %s" % (sycl.label, out.short_path),
    )
    return out
