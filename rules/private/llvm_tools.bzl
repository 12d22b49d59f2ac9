"""The sycl_llvm_tools rule: the LLVM tools of one LLVM generation, for device code that generation wrote."""

load(":device_target.bzl", "TOOL", "files_of")
load(":providers.bzl", "SyclDeviceTargetInfo", "SyclLlvmToolsInfo")

def _sycl_llvm_tools_impl(ctx):
    tools = [ctx.attr.linker, ctx.attr.assembler, ctx.attr.disassembler, ctx.attr.translator]
    return [SyclLlvmToolsInfo(
        version = ctx.attr.version,
        linker = ctx.attr.linker[DefaultInfo].files_to_run,
        assembler = ctx.attr.assembler[DefaultInfo].files_to_run,
        disassembler = ctx.attr.disassembler[DefaultInfo].files_to_run,
        translator = ctx.attr.translator[DefaultInfo].files_to_run,
        spirv_extensions = ctx.attr.spirv_extensions,
        translate_flags = ctx.attr.translate_flags,
        all_files = depset(transitive = [files_of(tools)] + [d[DefaultInfo].files for d in ctx.attr.data]),
    )]

sycl_llvm_tools = rule(
    implementation = _sycl_llvm_tools_impl,
    doc = """llvm-link, llvm-as, llvm-dis and llvm-spirv of one LLVM generation (see
sycl_toolchain.sycl_cxx_llvm): the SYCL C++ device link reads libsycl-jit's
device code with them, links, splits and translates it, where the device
target's own tools are of an older LLVM.""",
    attrs = {
        "version": attr.string(mandatory = True, doc = "The LLVM major version of the tools (e.g. \"22\"), for messages."),
        "linker": attr.label(mandatory = True, doc = "llvm-link.", **TOOL),
        "assembler": attr.label(mandatory = True, doc = "llvm-as.", **TOOL),
        "disassembler": attr.label(mandatory = True, doc = "llvm-dis.", **TOOL),
        "translator": attr.label(mandatory = True, doc = "llvm-spirv of the same LLVM (SPIRV-LLVM-Translator), both directions.", **TOOL),
        "data": attr.label_list(allow_files = True, cfg = "exec", doc = "Files the tools load besides their own runfiles (e.g. @rules_sycl_llvm_spirv//:files, the translator's libraries and loader): inputs of every action that runs them."),
        "translate_flags": attr.string_list(doc = "More flags of the forward translation of SYCL C++ device code (sycl_configure: --spirv-debug-info-version=nonsemantic-shader-200, the form libsycl-jit writes device debug info in; without debug info the images are the same bytes)."),
        "spirv_extensions": attr.string_list(mandatory = True, doc = "The SPIR-V extensions the forward translation of SYCL C++ device code enables (--spirv-ext), as this translator spells them: those DPC++'s driver enables for JIT SPIR-V that libsycl-jit's own images use."),
    },
)

def with_llvm_tools(device_target, tools):
    """device_target with its link, split and translation tools replaced by tools'.

    The imagec servers are built against the device target's own LLVM, so
    they are left out: one tool process per image.

    Args:
      device_target: SyclDeviceTargetInfo of a SPIR-V target.
      tools: SyclLlvmToolsInfo.

    Returns:
      SyclDeviceTargetInfo.
    """
    fields = {k: getattr(device_target, k) for k in dir(device_target) if k not in ("to_json", "to_proto")}
    fields.update(
        linker = tools.linker,
        assembler = tools.assembler,
        disassembler = tools.disassembler,
        translator = tools.translator,
        image_compiler = None,
        split_assembler = None,
        all_files = depset(transitive = [device_target.all_files, tools.all_files]),
    )
    return SyclDeviceTargetInfo(**fields)

def sycl_cxx_link_target(sycl, device_target):
    """The device target with which SYCL C++ device code takes the device link.

    A SPIR-V target gets the toolchain's sycl_cxx_llvm tools (LLVM 22: the
    generation that wrote libsycl-jit's device code) from the reverse
    translation of each TU's SPIR-V to the translation of the split's
    images; the OpenCL C bitcode of the same link (LLVM 15's) is read by
    them as LLVM reads older bitcode. Other targets, and toolchains without
    such tools, keep their own.

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo.

    Returns:
      SyclDeviceTargetInfo.
    """
    tools = sycl.toolchain.sycl_cxx_llvm
    if not tools or not device_target.translator or device_target.cuda:
        return device_target
    return with_llvm_tools(device_target, tools)
