"""Split: the linked device module into device images (sycl-post-link's job)."""

# Build-setting spelling -> the splitter's (sycl-post-link's) -split= value.
SPLIT_MODES = {
    "auto": "auto",
    "off": "none",
    "per_kernel": "kernel",
    "per_source": "source",
}

def spec_const_mode(target, override = ""):
    """The splitter's -spec-const for a device target (DPC++ driver convention).

    JIT SPIR-V images keep SPIR-V specialization constants (native: the
    runtime sets them when it builds the program); images compiled ahead of
    time or for a non-SPIR-V target read them from a buffer argument
    (emulation).

    Args:
      target: SyclDeviceTargetInfo.
      override: "native" or "emulation" forces that mode (the rule's
        spec_constants attribute); "" applies the convention.

    Returns:
      "native" or "emulation".
    """
    if override:
        return override
    if getattr(target, "image_format", "spirv") == "spirv" and not getattr(target, "aot", None):
        return "native"
    return "emulation"

def post_link_flags(target):
    """The property-set and entry-point flags the DPC++ driver gives sycl-post-link.

    They depend on the device triple only, so every toolchain gets the same
    images a DPC++ link would: device_global, kernel-parameter and exported-
    symbol property sets for the runtime, SYCL_EXTERNAL functions internalized
    on SPIR targets, ESIMD entry points in their own images (and an error,
    not an unlowered image, for ESIMD code, which the splitter cannot lower).
    -emit-imported-symbols is left out: rules_sycl links device code
    statically, so no image imports from another.

    Args:
      target: SyclDeviceTargetInfo.

    Returns:
      list of string.
    """
    triple = getattr(target, "device_triple", "spir64")
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

def split(ctx, toolchain, tool, linked, mode, out_dir, extra_flags = []):
    """Splits `linked` into the tree artifact `out_dir` (mnemonic SyclSplit).

    out_dir receives <name>_<ID>.bc, .prop and .sym per device image and the
    file table <name>.table ([Code|Properties|Symbols]) naming them.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo (llvm-as / llvm-dis for bitcode I/O).
      tool: File, the splitter executable.
      linked: File, the linked device module.
      mode: string, a key of SPLIT_MODES.
      out_dir: tree artifact to write.
      extra_flags: more splitter flags (e.g. -emit-kernel-names).

    Returns:
      The path of the file table inside out_dir.
    """
    table = out_dir.path + "/" + ctx.label.name + ".table"
    args = ctx.actions.args()
    args.add("-split=" + SPLIT_MODES[mode])
    args.add("-symbols")
    args.add("-properties")
    args.add("-spec-const=" + spec_const_mode(toolchain, getattr(ctx.attr, "spec_constants", "")))
    args.add_all(post_link_flags(toolchain))

    # split_mode=off still keeps kernels with different device requirements
    # (aspects, work-group sizes, ...) in different images, as DPC++'s design
    # for optional kernel features asks: otherwise one kernel's fp64 would
    # keep every kernel of the image off devices without fp64.
    args.add("-split-by-device-requirements")
    args.add_all(extra_flags)
    args.add("-llvm-as=" + toolchain.assembler.executable.path)
    image_compiler = getattr(toolchain, "image_compiler", None)
    if image_compiler:
        # One imagec process per CPU assembles every image, instead of one
        # llvm-as per image (the same bitcode, see tools/imagec).
        args.add("-imagec=" + image_compiler.executable.path)
    args.add("-llvm-dis=" + toolchain.disassembler.executable.path)
    args.add("-out-dir", out_dir.path)
    args.add("-o", table)
    args.add(linked)
    ctx.actions.run(
        executable = tool,
        arguments = [args],
        inputs = [linked],
        tools = toolchain.all_files,
        outputs = [out_dir],
        mnemonic = "SyclSplit",
        progress_message = "Splitting SYCL device code of %s (%s)" % (ctx.label, mode),
    )
    return table
