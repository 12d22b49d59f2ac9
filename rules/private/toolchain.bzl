"""The sycl_toolchain rule: tools and flags of one SYCL device toolchain."""

load(":providers.bzl", "SyclDeviceTargetInfo", "SyclToolchainInfo")

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
    if ctx.attr.image_compiler:
        tools.append(ctx.attr.image_compiler)
    all_files = _files_of(tools)

    # The primary device target, from this rule's own attributes.
    primary = _target_info(
        ctx,
        name = ctx.attr.wrapper_target,
        libraries = ctx.files.device_libraries,
        all_files = all_files,
        image_format = "spirv",
    )
    targets = {primary.name: primary}
    for t in ctx.attr.extra_targets:
        info = t[SyclDeviceTargetInfo]
        if info.name in targets:
            fail("sycl_toolchain %s: device target '%s' is declared twice" % (ctx.label, info.name))
        targets[info.name] = info
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
            image_compiler = _image_compiler(ctx),
            device_libraries = depset(ctx.files.device_libraries),
            runtime = ctx.attr.runtime[CcInfo] if ctx.attr.runtime else None,
            runtime_runfiles = ctx.attr.runtime[DefaultInfo].default_runfiles if ctx.attr.runtime else None,
            image_version = ctx.attr.image_version,
            offload_entries = ctx.attr.offload_entries,
            targets = targets,
            all_files = all_files,
        ),
    )]

def _target_info(ctx, name, libraries, all_files, image_format, aot = None, aot_args = [], aot_extension = "", cuda = None):
    # sycl_toolchain and sycl_device_target share these attribute names.
    return SyclDeviceTargetInfo(
        name = name,
        compiler = ctx.attr.compiler[DefaultInfo].files_to_run,
        linker = ctx.attr.linker[DefaultInfo].files_to_run,
        assembler = ctx.attr.assembler[DefaultInfo].files_to_run,
        disassembler = ctx.attr.disassembler[DefaultInfo].files_to_run,
        device_triple = ctx.attr.device_triple,
        compile_flags = ctx.attr.compile_flags,
        libraries = depset(libraries),
        translator = ctx.attr.translator[DefaultInfo].files_to_run if ctx.attr.translator else None,
        translate_flags = ctx.attr.translate_flags,
        image_compiler = _image_compiler(ctx),
        aot = aot[DefaultInfo].files_to_run if aot else None,
        aot_server = _aot_server(ctx),
        aot_args = aot_args,
        aot_extension = aot_extension,
        image_format = image_format,
        all_files = all_files,
        cuda = cuda,
    )

def _image_compiler(ctx):
    # Only sycl_toolchain has the attribute (its primary target's LLVM).
    ic = getattr(ctx.attr, "image_compiler", None)
    return ic[DefaultInfo].files_to_run if ic else None

def _aot_server(ctx):
    # Only sycl_device_target has the attribute.
    s = getattr(ctx.attr, "aot_server", None)
    return s[DefaultInfo].files_to_run if s else None

def _files_of(tools):
    return depset(transitive = [t[DefaultInfo].files for t in tools] +
                               [t[DefaultInfo].default_runfiles.files for t in tools])

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
        "image_compiler": attr.label(doc = "tools/imagec built against the LLVM and SPIRV-LLVM-Translator libraries of `assembler` and `translator` (sycl_configure sets it where it finds them): one process per action assembles and translates every image, byte-identical to the per-image tools. Unset: one assembler and translator process per image.", **_TOOL),
        "device_libraries": attr.label_list(
            allow_files = [".bc"],
            doc = "Device bitcode libraries (e.g. DPC++'s libsycl-*.bc fallback libraries), linked into a program only for the symbols it references (llvm-link --only-needed).",
        ),
        "runtime": attr.label(
            providers = [CcInfo],
            doc = "The SYCL runtime (headers and library) host code compiles and links against, e.g. libsycl.so for DPC++ or @oneapi_runtime//:sycl (sycl_oneapi_runtime). Its runfiles (data) are what programs load at run time: shared libraries put on LD_LIBRARY_PATH and OpenCL .icd files whose directory becomes OCL_ICD_VENDORS, by the launcher sycl_binary writes.",
        ),
        "image_version": attr.int(
            default = 3,
            values = [2, 3],
            doc = "Device image layout `runtime` reads (passed to the wrapper as -image-version). libsycl never checks it: the wrong one crashes at registration. 3 (default): the 80-byte struct without manifest pointers, which DPC++ writes since intel/llvm#20748 and libsycl.so.9 (oneAPI 2026.x) reads. 2: the 96-byte struct with ManifestStart/End, libsycl.so.8 (oneAPI 2025.x) and older.",
        ),
        "offload_entries": attr.string(
            default = "old",
            values = ["old", "new"],
            doc = "Offload entry layout of the images: 'old' (32 bytes, what clang-offload-wrapper writes) or 'new' (56 bytes, DPC++'s new offload model). libsycl.so.9 reads both.",
        ),
        "extra_targets": attr.label_list(
            providers = [SyclDeviceTargetInfo],
            doc = "More device targets (sycl_device_target) besides the primary one (named by wrapper_target); --@rules_sycl//sycl:targets picks which are built.",
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

def _cuda_info(ctx):
    # CUDA's AOT (ptxas per architecture, then fatbinary) applies only when
    # the target sets ptx_arch; whether its tools are present is checked
    # where an image is built, so a toolchain without them still builds
    # every other target.
    if not ctx.attr.ptx_arch:
        return None
    missing = list(ctx.attr.cuda_missing)
    for t in ["ptxas", "fatbinary"]:
        if getattr(ctx.attr, t) == None and not [m for m in missing if m.startswith(t)]:
            missing.append(t)
    return struct(
        ptxas = ctx.attr.ptxas[DefaultInfo].files_to_run if ctx.attr.ptxas else None,
        fatbinary = ctx.attr.fatbinary[DefaultInfo].files_to_run if ctx.attr.fatbinary else None,
        ptx_arch = ctx.attr.ptx_arch,
        missing = missing,
        all_files = _files_of([t for t in [ctx.attr.ptxas, ctx.attr.fatbinary] if t]),
    )

def _sycl_device_target_impl(ctx):
    tools = [t for t in [ctx.attr.compiler, ctx.attr.linker, ctx.attr.assembler, ctx.attr.disassembler, ctx.attr.translator, ctx.attr.aot, ctx.attr.aot_server] if t]
    return [_target_info(
        ctx,
        name = ctx.attr.target,
        libraries = ctx.files.libraries,
        all_files = _files_of(tools),
        image_format = ctx.attr.image_format,
        aot = ctx.attr.aot,
        aot_args = ctx.attr.aot_args,
        aot_extension = ctx.attr.aot_extension,
        cuda = _cuda_info(ctx),
    )]

sycl_device_target = rule(
    implementation = _sycl_device_target_impl,
    doc = """One more device target of a toolchain (see sycl_toolchain.extra_targets):
compile with `compiler` for `device_triple`, link with `linker` (plus
`libraries`, only where referenced), split, then per device image an optional
SPIR-V translation and an optional ahead-of-time step (`aot` with `aot_args`,
where {in} and {out} name the image and the output).""",
    attrs = {
        "target": attr.string(mandatory = True, doc = "The target's name, recorded in its images (e.g. nvptx64, spir64_gen, spir64_x86_64)."),
        "compiler": attr.label(mandatory = True, doc = "Device compiler.", **_TOOL),
        "linker": attr.label(mandatory = True, doc = "llvm-link.", **_TOOL),
        "assembler": attr.label(mandatory = True, doc = "llvm-as matching the compiler.", **_TOOL),
        "disassembler": attr.label(mandatory = True, doc = "llvm-dis matching the compiler.", **_TOOL),
        "device_triple": attr.string(mandatory = True, doc = "The compiler's target triple."),
        "compile_flags": attr.string_list(doc = "Flags for every device compile."),
        "libraries": attr.label_list(allow_files = [".bc"], doc = "Bitcode libraries linked only where referenced (e.g. libclc)."),
        "translator": attr.label(doc = "SPIR-V translator run per image before `aot` (unset: no translation).", **_TOOL),
        "translate_flags": attr.string_list(doc = "Translator flags."),
        "aot": attr.label(doc = "Ahead-of-time compiler run per image (llc, ocloc, opencl-aot).", **_TOOL),
        "aot_args": attr.string_list(doc = "Arguments of `aot`; {in} and {out} are replaced per image."),
        "aot_extension": attr.string(default = ".bin", doc = "Extension of the AOT outputs."),
        "aot_server": attr.label(doc = "tools/imagec/codegen.cc built against the LLVM of an llc `aot` (sycl_configure sets it for nvptx64 where it finds LLVM 19's library): when `aot_args` are flags it knows, one process per CPU runs the backend over every image, byte-identical to one `aot` run per image. Unset: one `aot` process per image.", **_TOOL),
        "image_format": attr.string(
            default = "native",
            values = ["none", "native", "spirv", "llvmbc"],
            doc = "The wrapper's -format for this target's images (images packed by fatbinary are always 'native').",
        ),
        "ptx_arch": attr.string(doc = "CUDA targets: the architecture `aot` writes PTX for (e.g. sm_70, what llc's -mcpu says). Set, each PTX image is compiled by `ptxas` once per --@rules_sycl//sycl:cuda_archs architecture and packed with its cubins by `fatbinary` into the image that is wrapped (format native)."),
        "ptxas": attr.label(doc = "CUDA's ptxas: PTX to a cubin for one architecture (with ptx_arch).", **_TOOL),
        "fatbinary": attr.label(doc = "CUDA's fatbinary: packs the cubins and the PTX of an image (with ptx_arch).", **_TOOL),
        "cuda_missing": attr.string_list(doc = "Set by sycl_configure: the CUDA tools it could not find. Building an image of this target with a non-empty --@rules_sycl//sycl:cuda_archs then fails with this list."),
    },
    provides = [SyclDeviceTargetInfo],
)
