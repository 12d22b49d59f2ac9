"""Split: the linked device module into device images (sycl-post-link's job)."""

load("//rules/private:tables.bzl", "SPLIT_MODES")
load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def spec_const_mode(device_target, override = ""):
    """The splitter's -spec-const for a device target (DPC++ driver convention).

    JIT SPIR-V images keep SPIR-V specialization constants (native: the
    runtime sets them when it builds the program); images compiled ahead of
    time or for a non-SPIR-V device target read them from a buffer argument
    (emulation).

    Args:
      device_target: SyclDeviceTargetInfo.
      override: "native" or "emulation" forces that mode (the rule's
        spec_constants attribute); "" applies the convention.

    Returns:
      "native" or "emulation".
    """
    if override:
        return override
    if device_target.image_format == "spirv" and not device_target.aot:
        return "native"
    return "emulation"

def post_link_flags(device_target):
    """The property-set and entry-point flags the DPC++ driver gives sycl-post-link.

    They depend on the device triple only, so every toolchain gets the same
    images a DPC++ link would: device_global, kernel-parameter and exported-
    symbol property sets for the runtime, SYCL_EXTERNAL functions internalized
    on SPIR device targets, ESIMD entry points in their own images (and an error,
    not an unlowered image, for ESIMD code, which the splitter cannot lower).
    -emit-imported-symbols is left out: rules_sycl links device code
    statically, so no image imports from another.

    Args:
      device_target: SyclDeviceTargetInfo.

    Returns:
      list of string.
    """
    triple = device_target.device_triple
    spir = triple.startswith("spir")
    nvptx = triple.startswith("nvptx")
    amdgcn = triple.startswith("amdgcn")
    flags = ["-device-globals"]
    if not nvptx and not amdgcn:
        flags.append("-emit-only-kernels-as-entry-points")
    if not amdgcn:
        flags.append("-emit-param-info")
    if nvptx or amdgcn:
        flags.append("-emit-program-metadata")
    flags.append("-emit-exported-symbols")
    if spir:
        flags.append("-split-esimd")
        flags.append("-lower-esimd")
    return flags

def emit_split(sycl, device_target, linked, unit = None, extra_flags = []):
    """Splits a linked module into device images (mnemonic SyclSplit).

    Writes, into the tree artifact split/, <rule>_<ID>.bc, .prop and .sym per
    device image and the file table <rule>.table ([Code|Properties|Symbols])
    naming them.

    Args:
      sycl: the SYCL context (context.bzl); its modes say the split mode and
        how to lower specialization constants.
      device_target: SyclDeviceTargetInfo (llvm-as / llvm-dis, imagec_as or imagec).
      linked: File, the linked device module.
      unit: string or None, the per-TU directory (see context.bzl's declare).
      extra_flags: more splitter flags (e.g. -emit-kernel-names).

    Returns:
      struct(dir, table): the tree artifact and the path of its file table.
    """
    out_dir = sycl.declare(sycl, "split", device_target = device_target, unit = unit, directory = True)
    table = sycl.table(sycl, out_dir)
    args = sycl.actions.args()
    args.add("-split=" + SPLIT_MODES[sycl.modes.split])
    args.add("-symbols")
    args.add("-properties")
    args.add("-spec-const=" + spec_const_mode(device_target, sycl.modes.spec_constants))
    args.add_all(post_link_flags(device_target))

    # split_mode=off still keeps kernels with different device requirements
    # (aspects, work-group sizes, ...) in different images, as DPC++'s design
    # for optional kernel features asks: otherwise one kernel's fp64 would
    # keep every kernel of the image off devices without fp64.
    args.add("-split-by-device-requirements")
    args.add_all(extra_flags)
    args.add("-llvm-as=" + device_target.assembler.executable.path)
    server = device_target.split_assembler or device_target.image_compiler
    if server:
        # One imagec process per CPU assembles every image, instead of one
        # llvm-as per image (the same bitcode, see tools/imagec); the
        # statically linked assembler-only build where there is one.
        args.add("-imagec=" + server.executable.path)
    args.add("-llvm-dis=" + device_target.disassembler.executable.path)
    args.add("-out-dir", out_dir.path)
    args.add("-o", table)
    args.add(linked)
    sycl.actions.run(
        executable = sycl.tools.splitter,
        arguments = [worker_args(args)],
        inputs = [linked],
        tools = device_target.all_files,
        outputs = [out_dir],
        mnemonic = "SyclSplit",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Splitting SYCL device code of %s (%s)" % (sycl.label, sycl.modes.split),
    )
    return struct(dir = out_dir, table = table)
