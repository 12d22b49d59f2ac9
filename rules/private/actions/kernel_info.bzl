"""Kernel info: each SYCL C++ TU's host compile learns the kernels of the TUs it is linked with (tools/kernelinfo)."""

load(":worker.bzl", "WORKER_REQUIREMENTS", "worker_args")

def emit_kernel_info(sycl, device_target, tus, linked_headers):
    """Describes, for each TU's host compile, the kernels other TUs launch (mnemonic SyclKernelInfo).

    The host compiler (clang -fsycl-is-host) lacks DPC++'s
    __builtin_sycl_kernel_name, so the SYCL headers describe a kernel to
    the host only through integration headers, and a TU's own header
    describes only the kernels it launches: sycl::get_kernel_id<K>() or
    kernel_bundle::get_kernel<K>() of a K another TU launches named no
    kernel. One action per rule reads the integration headers of the
    rule's TUs and of its dependencies' (SyclInfo.int_headers) and writes,
    per TU, the descriptions of every kernel its own header does not
    describe (KernelInfoData, keyed by the kernel name's type-info name:
    no kernel name type is declared), which its host TU includes after its
    own header. The outputs leave out where kernels are launched, so an
    edit that keeps each TU's kernels and their captures leaves them
    unchanged, and the other TUs' host compiles are not run again.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo of the integration headers.
      tus: list of struct(src, int_header): the rule's SYCL C++ TUs.
      linked_headers: depset of File, the integration headers of the
        dependencies' TUs.

    Returns:
      list of File: per TU (in the order of tus), <src>.kernel_info.h.
    """
    outs = []
    args = sycl.actions.args()
    for tu in tus:
        out = sycl.declare(sycl, tu.src.short_path + ".kernel_info.h", device_target = device_target)
        args.add(tu.int_header, format = "-header=%s")
        args.add(out, format = "-o=%s")
        outs.append(out)
    args.add_all(linked_headers, format_each = "-linked=%s")
    sycl.actions.run(
        executable = sycl.tools.kernelinfo,
        arguments = [worker_args(args)],
        inputs = depset([tu.int_header for tu in tus], transitive = [linked_headers]),
        outputs = outs,
        mnemonic = "SyclKernelInfo",
        execution_requirements = WORKER_REQUIREMENTS,
        progress_message = "Describing the linked kernels of %s's SYCL C++ host code" % sycl.label,
    )
    return outs
