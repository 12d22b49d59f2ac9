"""Public API of rules_sycl."""

load("//rules/private:device_target.bzl", _sycl_device_target = "sycl_device_target")
load("//rules/private:llvm_tools.bzl", _sycl_llvm_tools = "sycl_llvm_tools")
load("//rules/private:providers.bzl", _SyclDeviceTargetInfo = "SyclDeviceTargetInfo", _SyclInfo = "SyclInfo", _SyclLlvmToolsInfo = "SyclLlvmToolsInfo", _SyclToolchainInfo = "SyclToolchainInfo")
load("//rules/private:sycl_binary.bzl", _sycl_binary = "sycl_binary")
load("//rules/private:sycl_bundle.bzl", _sycl_bundle = "sycl_bundle")
load("//rules/private:sycl_device_link.bzl", _sycl_device_link = "sycl_device_link")
load("//rules/private:sycl_library.bzl", _sycl_library = "sycl_library")
load("//rules/private:sycl_shared_library.bzl", _sycl_shared_library = "sycl_shared_library")
load("//rules/private:sycl_test.bzl", _sycl_test = "sycl_test")
load("//rules/private:toolchain.bzl", _sycl_toolchain = "sycl_toolchain")

SyclInfo = _SyclInfo
SyclToolchainInfo = _SyclToolchainInfo
SyclDeviceTargetInfo = _SyclDeviceTargetInfo
SyclLlvmToolsInfo = _SyclLlvmToolsInfo
sycl_library = _sycl_library
sycl_binary = _sycl_binary
sycl_test = _sycl_test
sycl_bundle = _sycl_bundle
sycl_device_link = _sycl_device_link
sycl_shared_library = _sycl_shared_library
sycl_toolchain = _sycl_toolchain
sycl_device_target = _sycl_device_target
sycl_llvm_tools = _sycl_llvm_tools
