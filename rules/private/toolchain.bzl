"""The sycl_toolchain rule: tools and flags of one SYCL device toolchain."""

load(":providers.bzl", "SyclToolchainInfo")

TOOLCHAIN_TYPE = "@rules_sycl//sycl:toolchain_type"

_REQUIRED_TOOLS = ["compiler", "linker", "assembler", "disassembler", "translator"]

def _sycl_toolchain_impl(ctx):
    if ctx.attr.error:
        fail(ctx.attr.error)
    if ctx.attr.missing:
        fail("The SYCL device toolchain {} is unusable; missing: {}".format(
            ctx.label,
            ", ".join(ctx.attr.missing),
        ))
    absent = [t for t in _REQUIRED_TOOLS if getattr(ctx.attr, t) == None]
    if absent:
        fail("sycl_toolchain {} needs: {}".format(ctx.label, ", ".join(absent)))
    tools = [getattr(ctx.attr, t) for t in _REQUIRED_TOOLS]
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
            device_libraries = depset(ctx.files.device_libraries),
            runtime = ctx.attr.runtime[CcInfo] if ctx.attr.runtime else None,
            all_files = all_files,
        ),
    )]

_TOOL = dict(executable = True, cfg = "exec", allow_files = True)

sycl_toolchain = rule(
    implementation = _sycl_toolchain_impl,
    doc = """Declares the tools of a SYCL device toolchain. Wrap it in a toolchain()
with toolchain_type = "@rules_sycl//sycl:toolchain_type" and register it; pick
among several with target_settings (see //sycl:toolchain).""",
    attrs = {
        "kind": attr.string(
            default = "clang",
            values = ["clang", "dpcpp"],
            doc = "Toolchain family. 'clang': upstream clang compiling OpenCL C / C++ for OpenCL device sources; rules_sycl stamps sycl-module-id. 'dpcpp': DPC++ (icpx or intel/llvm clang++) compiling SYCL C++ sources with -fsycl-device-only and integration header/footer.",
        ),
        "compiler": attr.label(doc = "Device compiler (clang, clang++ or icpx).", **_TOOL),
        "linker": attr.label(doc = "Bitcode linker (llvm-link).", **_TOOL),
        "assembler": attr.label(doc = "llvm-as.", **_TOOL),
        "disassembler": attr.label(doc = "llvm-dis.", **_TOOL),
        "translator": attr.label(doc = "SPIR-V translator (llvm-spirv).", **_TOOL),
        "device_triple": attr.string(default = "spir64", doc = "Device target triple given to the compiler."),
        "wrapper_target": attr.string(default = "spir64", doc = "Target spec recorded in device images (what the runtime matches devices against)."),
        "compile_flags": attr.string_list(doc = "Flags for every device compile."),
        "translate_flags": attr.string_list(doc = "Flags for every SPIR-V translation."),
        "device_libraries": attr.label_list(
            allow_files = [".bc"],
            doc = "Device bitcode libraries (e.g. DPC++'s libsycl-*.bc fallback libraries), linked into a program only for the symbols it references (llvm-link --only-needed).",
        ),
        "runtime": attr.label(
            providers = [CcInfo],
            doc = "The SYCL runtime (headers and library) host code compiles and links against, e.g. libsycl.so for DPC++.",
        ),
        "missing": attr.string_list(doc = "Set by sycl_configure: tools it could not find. A non-empty list makes every use fail with this list."),
        "error": attr.string(doc = "If set, every use fails with this message (used for the fallback that explains why no toolchain matched)."),
    },
    provides = [platform_common.ToolchainInfo],
)

def find_sycl_toolchain(ctx):
    """Returns the SyclToolchainInfo resolved for ctx.

    Args:
      ctx: rule context of a rule declaring TOOLCHAIN_TYPE.

    Returns:
      SyclToolchainInfo.
    """
    return ctx.toolchains[TOOLCHAIN_TYPE].sycl
