"""The sycl_toolchain rule: tools and flags of one SYCL device toolchain."""

load(":providers.bzl", "SyclToolchainInfo")

TOOLCHAIN_TYPE = "@rules_sycl//sycl:toolchain_type"

def _sycl_toolchain_impl(ctx):
    if ctx.attr.missing:
        fail("The SYCL device toolchain {} is unusable; missing: {}".format(
            ctx.label,
            ", ".join(ctx.attr.missing),
        ))
    tools = [ctx.attr.compiler, ctx.attr.linker, ctx.attr.assembler, ctx.attr.disassembler, ctx.attr.translator]
    all_files = depset(transitive = [t[DefaultInfo].files for t in tools] +
                                    [t[DefaultInfo].default_runfiles.files for t in tools])
    return [platform_common.ToolchainInfo(
        sycl = SyclToolchainInfo(
            kind = ctx.attr.kind,
            compiler = ctx.attr.compiler[DefaultInfo].files_to_run,
            linker = ctx.attr.linker[DefaultInfo].files_to_run,
            assembler = ctx.attr.assembler[DefaultInfo].files_to_run,
            disassembler = ctx.attr.disassembler[DefaultInfo].files_to_run,
            translator = ctx.attr.translator[DefaultInfo].files_to_run,
            device_triple = ctx.attr.device_triple,
            wrapper_target = ctx.attr.wrapper_target,
            compile_flags = ctx.attr.compile_flags,
            translate_flags = ctx.attr.translate_flags,
            all_files = all_files,
        ),
    )]

_TOOL = dict(executable = True, cfg = "exec", allow_files = True)

sycl_toolchain = rule(
    implementation = _sycl_toolchain_impl,
    doc = """Declares the tools of a SYCL device toolchain. Wrap it in a toolchain()
with toolchain_type = "@rules_sycl//sycl:toolchain_type" and register it.""",
    attrs = {
        "kind": attr.string(default = "clang", values = ["clang", "dpcpp"], doc = "Toolchain family."),
        "compiler": attr.label(mandatory = True, doc = "Device compiler (clang).", **_TOOL),
        "linker": attr.label(mandatory = True, doc = "Bitcode linker (llvm-link).", **_TOOL),
        "assembler": attr.label(mandatory = True, doc = "llvm-as.", **_TOOL),
        "disassembler": attr.label(mandatory = True, doc = "llvm-dis.", **_TOOL),
        "translator": attr.label(mandatory = True, doc = "SPIR-V translator (llvm-spirv).", **_TOOL),
        "device_triple": attr.string(default = "spir64", doc = "Device target triple."),
        "wrapper_target": attr.string(default = "spir64", doc = "Target spec recorded in device images."),
        "compile_flags": attr.string_list(doc = "Flags for every device compile."),
        "translate_flags": attr.string_list(doc = "Flags for every SPIR-V translation."),
        "missing": attr.string_list(doc = "Set by sycl_configure: tools it could not find. A non-empty list makes every use fail with this list."),
    },
    provides = [platform_common.ToolchainInfo],
)

def find_sycl_toolchain(ctx):
    """Returns the SyclToolchainInfo resolved for ctx."""
    return ctx.toolchains[TOOLCHAIN_TYPE].sycl
