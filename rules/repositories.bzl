"""WORKSPACE macros of rules_sycl."""

load("//rules/private:configure.bzl", _sycl_configure = "sycl_configure")
load("//rules/private:cuda_tools.bzl", _cuda_tools_dependencies = "cuda_tools_dependencies", _cuda_wheel = "cuda_wheel")
load("//rules/private:dpcpp_configure.bzl", _dpcpp_configure = "dpcpp_configure")

sycl_configure = _sycl_configure
cuda_tools_dependencies = _cuda_tools_dependencies
cuda_wheel = _cuda_wheel
dpcpp_configure = _dpcpp_configure
