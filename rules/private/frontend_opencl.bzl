"""The OpenCL C / C++ for OpenCL front end (clang toolchain): upstream clang per TU and device target."""

load("//rules/private/actions:device_compile.bzl", "emit_device_compile")
load("//rules/private/actions:module_id.bzl", "emit_module_id")

def _compile_opencl(_ctx, sycl, inputs, device):
    """Upstream clang: each OpenCL C / C++ for OpenCL TU per device target, stamped with its module id."""
    objects = {dt.name: [] for dt in sycl.device_targets}
    for src in inputs.device_srcs:
        for dt in sycl.device_targets:
            d = device
            bitcode = emit_device_compile(sycl, device_target = dt, src = src, headers = d.headers, includes = d.includes, defines = d.defines, copts = d.copts)
            objects[dt.name].append(emit_module_id(sycl, device_target = dt, src = src, bitcode = bitcode))
    return struct(objects = objects, image_tables = {}, host_tus = [], int_headers = [], sycl_cxx_objects = [], property_tables = [])

FRONTEND_OPENCL = struct(
    name = "opencl",
    # OpenCL C / C++ for OpenCL cannot parse the SYCL runtime's headers:
    # its include paths and macros are left out of the device compiles.
    device_sees_runtime_headers = False,
    compile = _compile_opencl,
)
