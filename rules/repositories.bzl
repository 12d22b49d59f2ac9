"""WORKSPACE macros of rules_sycl."""

load("//rules/private:configure.bzl", _sycl_configure = "sycl_configure")
load("//rules/private:dpcpp_configure.bzl", _dpcpp_configure = "dpcpp_configure")

sycl_configure = _sycl_configure
dpcpp_configure = _dpcpp_configure
