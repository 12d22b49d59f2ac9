"""Module extensions of rules_sycl (Bazel 7+ / bzlmod only; WORKSPACE users load repositories.bzl)."""

load("//rules/private:configure.bzl", "sycl_configure")
load("//rules/private:cuda_tools.bzl", "cuda_tools_dependencies")
load("//rules/private:oneapi_runtime.bzl", "sycl_oneapi_runtime")

_runtime_tag = tag_class(
    attrs = {
        "path": attr.string(
            doc = "A local oneAPI install (the directory holding lib/libsycl.so.9) to use instead of the pinned PyPI wheels.",
        ),
    },
    doc = "Settings of @oneapi_runtime, Intel's SYCL runtime the clang toolchain links. At most one; the root module's wins.",
)

def _sycl_impl(module_ctx):
    cuda_tools_dependencies(module_extension = True)
    path = ""
    for mod in module_ctx.modules:
        for tag in mod.tags.oneapi_runtime:
            if mod.is_root or not path:
                path = tag.path
    sycl_configure(name = "local_config_sycl")
    sycl_oneapi_runtime(name = "oneapi_runtime", path = path)

sycl = module_extension(
    implementation = _sycl_impl,
    tag_classes = {"oneapi_runtime": _runtime_tag},
    doc = "Creates @local_config_sycl (the auto-detected host device toolchain), @oneapi_runtime (Intel's oneAPI SYCL runtime from pinned PyPI wheels, or a local install), which that toolchain links into every sycl_binary, and the CUDA tool wheels its nvptx64 target uses (@rules_sycl_cuda_nvcc, @rules_sycl_cuda_cuobjdump).",
)
