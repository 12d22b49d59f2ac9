"""WORKSPACE macros of rules_sycl."""

load("//rules/private/repositories:configure.bzl", _sycl_configure = "sycl_configure")
load("//rules/private/repositories:cuda_adapter.bzl", _sycl_cuda_adapter = "sycl_cuda_adapter")
load("//rules/private/repositories:cuda_tools.bzl", _cuda_tools_dependencies = "cuda_tools_dependencies", _cuda_wheel = "cuda_wheel")
load("//rules/private/repositories:dpcpp_configure.bzl", _dpcpp_configure = "dpcpp_configure")
load("//rules/private/repositories:intel_gpu_compiler.bzl", _sycl_intel_gpu_compiler = "sycl_intel_gpu_compiler")
load("//rules/private/repositories:oneapi_runtime.bzl", _sycl_oneapi_runtime = "sycl_oneapi_runtime")
load("//rules/private/repositories:onedpl.bzl", _sycl_onedpl = "sycl_onedpl")
load("//rules/private/repositories:spirv_translator.bzl", _sycl_spirv_translator = "sycl_spirv_translator")

sycl_configure = _sycl_configure
cuda_tools_dependencies = _cuda_tools_dependencies
cuda_wheel = _cuda_wheel
sycl_cuda_adapter = _sycl_cuda_adapter
dpcpp_configure = _dpcpp_configure
sycl_intel_gpu_compiler = _sycl_intel_gpu_compiler
sycl_spirv_translator = _sycl_spirv_translator
sycl_onedpl = _sycl_onedpl

def sycl_oneapi_runtime(name = "oneapi_runtime", **kwargs):
    """Intel's oneAPI SYCL runtime (libsycl, headers, CPU OpenCL runtime) as a repository.

    The clang toolchain of sycl_configure links @oneapi_runtime//:sycl into
    every sycl_binary, sycl_test and sycl_shared_library, so keep the default
    name unless you also pass `runtime` to sycl_configure. Also declares
    @rules_sycl_onedpl (oneDPL, which `@<name>//:onedpl` names; fetched only
    when a target depends on it).

    Args:
      name: repository name.
      **kwargs: attributes of the repository rule (path: a local oneAPI
        install to use instead of the pinned PyPI wheels).
    """
    _sycl_oneapi_runtime(name = name, **kwargs)
    if not native.existing_rule("rules_sycl_onedpl"):
        _sycl_onedpl(name = "rules_sycl_onedpl")

def intel_gpu_tools_dependencies(name = "rules_sycl_ocloc"):
    """Intel's ocloc (Debian sid's, with its own loader and C/C++ runtime) as @rules_sycl_ocloc.

    sycl_configure's toolchain compiles Intel GPU images (intel_gpu_<arch>,
    spir64_gen) with it: call this before sycl_configure.

    Args:
      name: repository name (sycl_configure's intel_gpu_compiler names it).
    """
    _sycl_intel_gpu_compiler(name = name)

def spirv_translator_dependencies(name = "rules_sycl_llvm_spirv"):
    """SPIRV-LLVM-Translator 22 (Debian sid's, with its own loader and C/C++ runtime) as @rules_sycl_llvm_spirv.

    sycl_configure's toolchain takes SYCL C++ device code through the device
    link with it (and LLVM 22's llvm-link, llvm-as, llvm-dis): call this
    before sycl_configure.

    Args:
      name: repository name (sycl_configure's spirv_translator names it).
    """
    _sycl_spirv_translator(name = name)
