"""SPIR-V validation: spirv-val on every JIT SPIR-V image a program wraps."""

def emit_spirv_validate(sycl, images, name):
    """Runs the toolchain's validator on every image of one SPIR-V image table (mnemonic SyclSpirvValidate).

    tools/spirvval runs spirv-val (as the examples' validate_*_images tests
    do, without flags) on each image of the table's Code column, in order,
    and writes a report: the number of images and their paths. The first
    image spirv-val rejects fails the action with one line naming the image
    and spirv-val's message. Built only on request: the
    `sycl_spirv_validation` output group of the rules that wrap images. A
    toolchain without a validator (sycl_toolchain's `validator`) still gets
    the action, which then fails saying so: asking for the validation never
    silently validates nothing.

    Args:
      sycl: the SYCL context (context.bzl).
      images: struct(dir, table): the tree artifact of SPIR-V images and the
        path of its file table ([Code|Properties|Symbols]).
      name: string, a name for the report unique in the rule (the tree's
        path, made a file name).

    Returns:
      File: the report.
    """
    out = sycl.declare(sycl, "spirv_validation/%s.txt" % name)
    validator = sycl.toolchain.validator
    args = sycl.actions.args()
    if validator:
        args.add("-validator", validator.executable)
    args.add("-table", images.table)
    args.add("-o", out)
    sycl.actions.run(
        executable = sycl.tools.spirvval,
        arguments = [args],
        inputs = [images.dir],
        tools = [validator] if validator else [],
        outputs = [out],
        mnemonic = "SyclSpirvValidate",
        progress_message = ("Validating the SPIR-V images of %s (spirv-val)" % sycl.label) if validator else (
            "Validating the SPIR-V images of %s: the SYCL toolchain has no validator (sycl_toolchain's validator: spirv-val)" % sycl.label
        ),
    )
    return out
