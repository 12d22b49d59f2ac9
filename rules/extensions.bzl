"""Module extensions of rules_sycl (Bazel 7+ / bzlmod only; WORKSPACE users load repositories.bzl)."""

load("//rules/private/repositories:configure.bzl", "sycl_configure")
load("//rules/private/repositories:cuda_adapter.bzl", "sycl_cuda_adapter")
load("//rules/private/repositories:cuda_tools.bzl", "cuda_tools_dependencies")
load("//rules/private/repositories:dpcpp_configure.bzl", "dpcpp_configure")
load("//rules/private/repositories:intel_gpu_compiler.bzl", "sycl_intel_gpu_compiler")
load("//rules/private/repositories:oneapi_runtime.bzl", "sycl_oneapi_runtime")
load("//rules/private/repositories:onedpl.bzl", "sycl_onedpl")
load("//rules/private/repositories:spirv_translator.bzl", "sycl_spirv_translator")

_runtime_tag = tag_class(
    attrs = {
        "path": attr.string(
            doc = "A local oneAPI install (the directory holding lib/libsycl.so.9) to use instead of the pinned PyPI wheels.",
        ),
    },
    doc = "Settings of @oneapi_runtime, Intel's SYCL runtime the clang toolchain links. At most one; the root module's wins.",
)

_dpcpp_tag = tag_class(
    attrs = {
        "name": attr.string(mandatory = True, doc = "Name of the repository; `use_repo` it and register its toolchain (`@NAME//:all`)."),
        "path": attr.string(doc = "The DPC++ installation (absolute, or relative to the main workspace). Default: $DPCPP_ROOT, then $CMPLR_ROOT."),
        "install": attr.label(doc = "Instead of `path`: a file at the root of a DPC++ installation that another repository provides."),
        "translate_flags": attr.string_list(doc = "llvm-spirv flags for JIT SPIR-V images; default: a set DPC++ uses."),
        "gen_device": attr.string(default = "pvc", doc = "ocloc -device for spir64_gen images."),
    },
    doc = "A SYCL toolchain (kind dpcpp) from a DPC++ installation, as dpcpp_configure does for WORKSPACE users; selected by --@rules_sycl//sycl:toolchain=dpcpp. Root module only.",
)

_cuda_adapter_tag = tag_class(
    attrs = {
        "library": attr.string(doc = "A prebuilt libur_adapter_cuda.so.0 (absolute, or relative to the main workspace); wins over `source`."),
        "source": attr.string(doc = "A source drop of Unified Runtime's CUDA adapter (absolute, or relative to the main workspace), built by Bazel."),
    },
    doc = "Unified Runtime's CUDA adapter that programs built for nvptx64 carry (@ur_adapter_cuda, as sycl_cuda_adapter does for WORKSPACE users; SYCL_UR_CUDA_ADAPTER / SYCL_UR_CUDA_SOURCE override it). Root module only; without it @ur_adapter_cuda is empty and such programs find no CUDA platform.",
)

def _sycl_impl(module_ctx):
    cuda_tools_dependencies(module_extension = True)
    sycl_intel_gpu_compiler(name = "rules_sycl_ocloc")
    sycl_spirv_translator(name = "rules_sycl_llvm_spirv")
    path = ""
    dpcpp = {}
    adapter = None
    for mod in module_ctx.modules:
        for tag in mod.tags.cuda_adapter:
            if not mod.is_root:
                fail("sycl.cuda_adapter: only the root module may name a CUDA adapter ({} does)".format(mod.name))
            if adapter:
                fail("sycl.cuda_adapter: at most one")
            adapter = tag
        for tag in mod.tags.oneapi_runtime:
            if mod.is_root or not path:
                path = tag.path
        for tag in mod.tags.dpcpp:
            if not mod.is_root:
                fail("sycl.dpcpp: only the root module may declare DPC++ toolchains ({} does)".format(mod.name))
            if tag.name in dpcpp or tag.name in ("local_config_sycl", "oneapi_runtime"):
                fail("sycl.dpcpp: repository name {} is already taken".format(tag.name))
            dpcpp[tag.name] = tag
    sycl_cuda_adapter(
        name = "ur_adapter_cuda",
        library = adapter.library if adapter else "",
        source = adapter.source if adapter else "",
    )
    sycl_configure(name = "local_config_sycl", cuda_adapter = "@ur_adapter_cuda//:adapter")
    sycl_oneapi_runtime(name = "oneapi_runtime", path = path)
    sycl_onedpl(name = "rules_sycl_onedpl")
    for name, tag in dpcpp.items():
        dpcpp_configure(
            name = name,
            path = tag.path,
            install = tag.install,
            translate_flags = tag.translate_flags,
            gen_device = tag.gen_device,
        )

sycl = module_extension(
    implementation = _sycl_impl,
    tag_classes = {"cuda_adapter": _cuda_adapter_tag, "dpcpp": _dpcpp_tag, "oneapi_runtime": _runtime_tag},
    doc = "Creates @local_config_sycl (the auto-detected host device toolchain), @oneapi_runtime (Intel's oneAPI SYCL runtime from pinned PyPI wheels, or a local install), which that toolchain links into every sycl_binary, @rules_sycl_onedpl (oneDPL, `@oneapi_runtime//:onedpl`), the CUDA tool wheels its nvptx64 target uses (@rules_sycl_cuda_nvcc, @rules_sycl_cuda_nvvm, @rules_sycl_cuda_cuobjdump), Unified Runtime's CUDA adapter for them (@ur_adapter_cuda, `sycl.cuda_adapter`), Intel's ocloc for Intel GPU images (@rules_sycl_ocloc, pinned Debian sid packages), SPIRV-LLVM-Translator 22 for SYCL C++ device code on the device link (@rules_sycl_llvm_spirv, pinned Debian sid packages), and the root module's DPC++ toolchains (`sycl.dpcpp`).",
)
