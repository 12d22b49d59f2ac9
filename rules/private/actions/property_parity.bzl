"""Property parity: the split's property sets of SYCL C++ kernels against libsycl-jit's own."""

def emit_property_parity(sycl, device_target, ours, theirs):
    """Compares our split's property sets with the library's, kernel by kernel (mnemonic SyclPropertyParity).

    On the device-link path the split writes every SYCL C++ kernel's
    property sets itself, from the annotated IR; libsycl-jit wrote them for
    the same TUs in their compiles (the tables SyclAnnotate reads).
    tools/propdiff compares them kernel by kernel, up to the intended
    differences its README lists (imports resolved by the link, ...), and
    fails on any other. Built only on request: the `sycl_property_parity`
    output group of sycl_binary and sycl_test.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo of the splits.
      ours: list of struct(dir, table): the splits of the program's units.
      theirs: list of struct(dir, table): the library's tables of its SYCL
        C++ TUs.

    Returns:
      File: the report (empty when the sets agree).
    """
    out = sycl.declare(sycl, "property_parity.txt", device_target = device_target)
    args = sycl.actions.args()
    args.add_all([t.table for t in ours], format_each = "-ours=%s")
    args.add_all([t.table for t in theirs], format_each = "-theirs=%s")
    args.add("-o", out)
    sycl.actions.run(
        executable = sycl.tools.propdiff,
        arguments = [args],
        inputs = [t.dir for t in ours + theirs],
        outputs = [out],
        mnemonic = "SyclPropertyParity",
        progress_message = "Comparing the property sets of %s with libsycl-jit's" % sycl.label,
    )
    return out
