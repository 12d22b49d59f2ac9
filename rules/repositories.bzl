"""WORKSPACE macros of rules_sycl."""

load("//rules/private/repositories:configure.bzl", _sycl_configure = "sycl_configure")
load("//rules/private/repositories:cuda_adapter.bzl", _sycl_cuda_adapter = "sycl_cuda_adapter")
load("//rules/private/repositories:cuda_tools.bzl", _cuda_tools_dependencies = "cuda_tools_dependencies", _cuda_wheel = "cuda_wheel")
load("//rules/private/repositories:dpcpp_configure.bzl", _dpcpp_configure = "dpcpp_configure")
load("//rules/private/repositories:oneapi_runtime.bzl", _sycl_oneapi_runtime = "sycl_oneapi_runtime")

sycl_configure = _sycl_configure
cuda_tools_dependencies = _cuda_tools_dependencies
cuda_wheel = _cuda_wheel
sycl_cuda_adapter = _sycl_cuda_adapter
dpcpp_configure = _dpcpp_configure

def sycl_oneapi_runtime(name = "oneapi_runtime", **kwargs):
    """Intel's oneAPI SYCL runtime (libsycl, headers, CPU OpenCL runtime) as a repository.

    The clang toolchain of sycl_configure links @oneapi_runtime//:sycl into
    every sycl_binary, sycl_test and sycl_shared_library, so keep the default
    name unless you also pass `runtime` to sycl_configure.

    Args:
      name: repository name.
      **kwargs: attributes of the repository rule (path: a local oneAPI
        install to use instead of the pinned PyPI wheels).
    """
    _sycl_oneapi_runtime(name = name, **kwargs)
