"""Module extensions of rules_sycl (Bazel 7+ / bzlmod only; WORKSPACE users load repositories.bzl)."""

load("//rules/private:configure.bzl", "sycl_configure")
load("//rules/private:cuda_tools.bzl", "cuda_tools_dependencies")

def _sycl_impl(_module_ctx):
    cuda_tools_dependencies(module_extension = True)
    sycl_configure(name = "local_config_sycl")

sycl = module_extension(
    implementation = _sycl_impl,
    doc = "Creates @local_config_sycl, the auto-detected host device toolchain, and the CUDA tool wheels its nvptx64 target uses (@rules_sycl_cuda_nvcc, @rules_sycl_cuda_cuobjdump).",
)
