"""Module extensions of rules_sycl (Bazel 7+ / bzlmod only; WORKSPACE users load repositories.bzl)."""

load("//rules/private:configure.bzl", "sycl_configure")

def _sycl_impl(_module_ctx):
    sycl_configure(name = "local_config_sycl")

sycl = module_extension(
    implementation = _sycl_impl,
    doc = "Creates @local_config_sycl, the auto-detected host device toolchain.",
)
