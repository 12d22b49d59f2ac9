"""The DPC++ front end (dpcpp toolchain): icpx or intel/llvm clang++ -fsycl-device-only per TU and device target."""

load("//rules/private/actions:dpcpp_compile.bzl", "emit_dpcpp_compile")

def _compile_dpcpp(ctx, sycl, inputs, device):
    """DPC++: every C++ source is single-source SYCL, its device part compiled per device target."""
    if inputs.device_srcs:
        fail("%s: OpenCL C / C++ for OpenCL sources (%s) need the clang toolchain (--@rules_sycl//sycl:toolchain=clang); DPC++ compiles SYCL C++ sources." % (
            ctx.label,
            ", ".join([f.short_path for f in inputs.device_srcs]),
        ))
    objects = {dt.name: [] for dt in sycl.device_targets}
    host_tus = []
    for src in inputs.cxx_srcs:
        for dt in sycl.device_targets:
            d = device
            out = emit_dpcpp_compile(sycl, device_target = dt, src = src, headers = d.headers, includes = d.includes, defines = d.defines, copts = d.copts)
            objects[dt.name].append(out.bitcode)
            if dt.name != sycl.device_targets[0].name:
                continue

            # One host TU per source, with the first device target's integration files.
            # DPC++'s own compiler compiles the host side, with
            # __builtin_sycl_kernel_name where its version has it: no
            # descriptions of other TUs' kernels are given.
            host_tus.append(struct(src = src, device_target = dt, int_header = out.int_header, int_footer = out.int_footer, kernel_info = None))
    return struct(objects = objects, image_tables = {}, host_tus = host_tus, int_headers = [], sycl_cxx_objects = [], property_tables = [])

FRONTEND_DPCPP = struct(
    name = "dpcpp",
    # DPC++'s device compiles include the SYCL runtime's headers (its own
    # version's), as its host compiles do.
    device_sees_runtime_headers = True,
    compile = _compile_dpcpp,
)
