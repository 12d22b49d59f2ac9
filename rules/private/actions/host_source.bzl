"""Host source: the host translation unit of a single-source SYCL file (DPC++)."""

def emit_host_source(sycl, device_target, src, int_header, int_footer, kernel_info = None):
    """Writes the host TU that includes the integration header, src and the footer.

    DPC++'s driver appends the integration footer to a temporary copy of the
    source; here it is a tracked, cacheable file that includes the three in
    order, so relative #includes in the source keep working. The linked
    kernels' descriptions (emit_kernel_info) come right after the header:
    before the source, so that no KernelInfoData is instantiated before its
    specialization.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo whose integration files these are.
      src: File, the SYCL source.
      int_header: File, the integration header.
      int_footer: File, the integration footer.
      kernel_info: File or None, the descriptions of the kernels of the
        TUs src is linked with.

    Returns:
      File: the host TU, <src>.host.cpp beside the device outputs.
    """
    out = sycl.declare(sycl, src.short_path + ".host.cpp", device_target = device_target)
    sycl.actions.write(out, "".join(['#include "%s"\n' % f.path for f in [int_header] + ([kernel_info] if kernel_info else []) + [src, int_footer]]))
    return out
