"""WORKSPACE macros of rules_sycl."""

load("//rules/private:configure.bzl", _sycl_configure = "sycl_configure")

sycl_configure = _sycl_configure
