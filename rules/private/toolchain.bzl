"""The sycl_toolchain rule: the device targets, tools and runtime of one SYCL toolchain."""

load("@rules_cc//cc:defs.bzl", "CcInfo")
load("//rules/private/actions:sycl_devicelibs.bzl", "emit_sycl_devicelibs")
load("//rules/private/actions:sycl_jit_check.bzl", "emit_sycl_jit_check")
load("//sycl:cpu_aot_isas.bzl", "DEFAULT_CPU_AOT_ISA", "DEFAULT_TARGETS")
load(":device_target.bzl", "TOOL", "device_target_info", "files_of")
load(":providers.bzl", "SyclDeviceTargetInfo", "SyclLlvmToolsInfo", "SyclToolchainInfo")
load(":sycl_jit.bzl", "SYCL_JIT")
load(":tables.bzl", "TOOLCHAIN_TYPE")

_REQUIRED_TOOLS = ["compiler", "linker", "assembler", "disassembler", "translator"]

# The rules_sycl tools every pipeline runs: attribute of sycl_toolchain ->
# field of SyclToolchainInfo.tools.
_RULES_SYCL_TOOLS = {
    "_annotate": Label("//tools/annotate"),
    "_bundler": Label("//tools/bundler"),
    "_devlink": Label("//tools/devlink"),
    "_foreach": Label("//tools/foreach"),
    "_kernelinfo": Label("//tools/kernelinfo"),
    "_moduleid": Label("//tools/moduleid"),
    "_propdiff": Label("//tools/propdiff"),
    "_splitter": Label("//tools/splitter"),
    "_spirvdedup": Label("//tools/spirvdedup"),
    "_spirvval": Label("//tools/spirvval"),
    "_wrapper": Label("//tools/wrapper"),
}

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
    compilers = [getattr(ctx.attr, t) for t in _REQUIRED_TOOLS]
    if ctx.attr.image_compiler:
        compilers.append(ctx.attr.image_compiler)
    if ctx.attr.split_assembler:
        compilers.append(ctx.attr.split_assembler)

    # The primary device target, from this rule's own attributes.
    primary = device_target_info(
        ctx,
        name = ctx.attr.wrapper_target,
        libraries = ctx.files.device_libraries,
        all_files = files_of(compilers),
        image_format = "spirv",
        image_compiler = ctx.attr.image_compiler[DefaultInfo].files_to_run if ctx.attr.image_compiler else None,
        split_assembler = ctx.attr.split_assembler[DefaultInfo].files_to_run if ctx.attr.split_assembler else None,
    )
    device_targets = {primary.name: primary}
    for t in ctx.attr.extra_targets:
        info = t[SyclDeviceTargetInfo]
        if info.name in device_targets:
            fail("sycl_toolchain %s: device target '%s' is declared twice" % (ctx.label, info.name))
        device_targets[info.name] = info
    sycl_cxx = _sycl_cxx(ctx)
    return [platform_common.ToolchainInfo(
        sycl = SyclToolchainInfo(
            kind = ctx.attr.kind,
            primary = primary,
            device_targets = device_targets,
            tools = struct(**{
                name[1:]: getattr(ctx.attr, name)[DefaultInfo].files_to_run
                for name in _RULES_SYCL_TOOLS
            }),
            runtime = ctx.attr.runtime[CcInfo] if ctx.attr.runtime else None,
            runtime_runfiles = ctx.attr.runtime[DefaultInfo].default_runfiles if ctx.attr.runtime else None,
            image_version = ctx.attr.image_version,
            offload_entries = ctx.attr.offload_entries,
            sycl_compiler = sycl_cxx.compiler,
            sycl_jit = sycl_cxx.jit,
            sycl_jit_files = sycl_cxx.jit_files,
            sycl_jit_check = sycl_cxx.check,
            sycl_devicelibs = sycl_cxx.devicelibs,
            sycl_cxx_missing = sycl_cxx.missing,
            host_compiler = ctx.attr.host_compiler[DefaultInfo].files_to_run if ctx.attr.host_compiler else None,
            host_compile_flags = ctx.attr.host_compile_flags,
            sycl_cxx_llvm = ctx.attr.sycl_cxx_llvm[SyclLlvmToolsInfo] if ctx.attr.sycl_cxx_llvm else None,
            validator = ctx.attr.validator[DefaultInfo].files_to_run if ctx.attr.validator else None,
        ),
    )]

def _sycl_cxx(ctx):
    """The SYCL C++ device compiler of a clang toolchain: syclc, libsycl-jit, its check.

    Returns:
      struct(compiler, jit, jit_files, check, devicelibs, missing): missing lists what
      the toolchain lacks to compile SYCL C++ (then the rest is None).
    """
    missing = list(ctx.attr.sycl_cxx_missing)
    jit_files = depset(ctx.files.sycl_jit)
    jits = [f for f in ctx.files.sycl_jit if f.basename.startswith("libsycl-jit.so")]
    if ctx.attr.kind == "clang":
        if not ctx.attr.sycl_compiler:
            missing.append("sycl_compiler (tools/syclc)")
        if len(jits) != 1:
            missing.append("sycl_jit: one libsycl-jit.so among its files (%s has %d)" % (ctx.attr.sycl_jit.label if ctx.attr.sycl_jit else "unset", len(jits)))
        if not ctx.attr.host_compiler:
            missing.append("host_compiler (a clang for the host side)")
    if missing or ctx.attr.kind != "clang":
        return struct(compiler = None, jit = None, jit_files = jit_files, check = None, devicelibs = None, missing = missing)
    compiler = ctx.attr.sycl_compiler[DefaultInfo].files_to_run
    check = emit_sycl_jit_check(
        ctx.actions,
        label = ctx.label,
        compiler = compiler,
        jit = jits[0],
        jit_files = jit_files,
        sha256 = ctx.attr.sycl_jit_sha256,
        origin = ctx.attr.sycl_jit_origin,
    )
    return struct(
        compiler = compiler,
        jit = jits[0],
        jit_files = jit_files,
        check = check,
        devicelibs = emit_sycl_devicelibs(
            ctx.actions,
            label = ctx.label,
            compiler = compiler,
            jit = jits[0],
            jit_files = jit_files,
            check = check,
            sha256s = struct(
                native = ctx.attr.bfloat16_devicelib_sha256.get("native", ""),
                fallback = ctx.attr.bfloat16_devicelib_sha256.get("fallback", ""),
            ),
        ),
        missing = [],
    )

_ATTRS = {
    "kind": attr.string(
        default = "clang",
        values = ["clang", "dpcpp"],
        doc = "Toolchain family. 'clang': upstream clang compiling OpenCL C / C++ for OpenCL device sources (rules_sycl stamps sycl-module-id), and SYCL C++ sources compiled per TU to device images by sycl_compiler (tools/syclc with DPC++'s libsycl-jit) and on the host by host_compiler. 'dpcpp': DPC++ (icpx or intel/llvm clang++) compiling SYCL C++ sources with -fsycl-device-only and integration header/footer, the host side by host_compiler.",
    ),
    "compiler": attr.label(doc = "Device compiler (clang, clang++ or icpx).", **TOOL),
    "linker": attr.label(doc = "Bitcode linker (llvm-link).", **TOOL),
    "assembler": attr.label(doc = "llvm-as.", **TOOL),
    "disassembler": attr.label(doc = "llvm-dis.", **TOOL),
    "translator": attr.label(doc = "SPIR-V translator (llvm-spirv).", **TOOL),
    "validator": attr.label(doc = "Optional SPIR-V validator (spirv-val of SPIRV-Tools; sycl_configure sets it): the `sycl_spirv_validation` output group runs it on every JIT SPIR-V image a program wraps (SyclSpirvValidate). Unset: asking for that output group fails, saying the toolchain has none.", **TOOL),
    "device_triple": attr.string(default = "spir64", doc = "Device target triple given to the compiler."),
    "wrapper_target": attr.string(default = "spir64", doc = "Name of the primary device target: the target spec recorded in its device images (what the runtime matches devices against)."),
    "compile_flags": attr.string_list(doc = "Flags for every device compile."),
    "translate_flags": attr.string_list(doc = "Flags for every SPIR-V translation."),
    "image_compiler": attr.label(doc = "tools/imagec built against the LLVM and SPIRV-LLVM-Translator libraries of `assembler` and `translator` (sycl_configure sets it where it finds them): one process per action assembles and translates every image, byte-identical to the per-image tools. Unset: one assembler and translator process per image.", **TOOL),
    "split_assembler": attr.label(doc = "tools/imagec built with only its assembler (`imagec serve` speaking just `as`), e.g. sycl_configure's imagec_as, statically linked against LLVM's archives: the split assembles its images in it (one process per CPU) instead of in `image_compiler`, whose shared libLLVM costs ~55 MB per process. Unset: `image_compiler`, else one `assembler` process per image. Its output must be byte-identical to `assembler`'s.", **TOOL),
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
    "sycl_compiler": attr.label(doc = "kind 'clang': the SYCL C++ device compiler, @rules_sycl//tools/syclc (one SyclDeviceCompile per TU: device images, their property sets and symbols, integration header and footer).", **TOOL),
    "sycl_jit": attr.label(
        allow_files = True,
        doc = "kind 'clang': libsycl-jit.so (DPC++'s device compiler, which sycl_compiler loads) and the libraries beside it that it loads, e.g. @oneapi_runtime//:sycl_jit. Toolchain files: they never enter a program's runfiles.",
    ),
    "sycl_jit_sha256": attr.string(
        default = SYCL_JIT.sha256,
        doc = "sha256 the libsycl-jit.so of sycl_jit must have (SyclJitCheck): sycl_compiler calls its unversioned entry points. Default: that of " + SYCL_JIT.origin + "'s " + SYCL_JIT.library + ".",
    ),
    "bfloat16_devicelib_sha256": attr.string_dict(
        default = {
            "fallback": SYCL_JIT.bfloat16_devicelib_sha256.fallback,
            "native": SYCL_JIT.bfloat16_devicelib_sha256.native,
        },
        doc = "sha256 of the bfloat16 device library's SPIR-V images (keys native, fallback) that sycl_jit compiles (SyclDeviceLibs: `syclc -devicelibs`); programs whose SYCL C++ images import the library wrap them. Default: those of " + SYCL_JIT.origin + "'s " + SYCL_JIT.library + ".",
    ),
    "sycl_jit_origin": attr.string(
        default = SYCL_JIT.origin,
        doc = "Where sycl_jit comes from, for SyclJitCheck's message (the wheel and version).",
    ),
    "host_compiler": attr.label(doc = "A clang that compiles the host side of SYCL C++ TUs (generated host source: integration header, source, footer) with -Xclang -fsycl-is-host; sycl_configure: clang++-19, else clang++-15; dpcpp_configure: the install's compiler. g++ cannot: unnamed kernel lambdas need __builtin_sycl_unique_stable_name.", **TOOL),
    "host_compile_flags": attr.string_list(doc = "Extra flags for every SYCL C++ host compile."),
    "sycl_cxx_llvm": attr.label(
        providers = [SyclLlvmToolsInfo],
        doc = "A sycl_llvm_tools of libsycl-jit's LLVM generation (sycl_configure: LLVM 22's llvm-link, llvm-as, llvm-dis and @rules_sycl_llvm_spirv's SPIRV-LLVM-Translator 22): SYCL C++ device code on the device link is read back from SPIR-V, linked, split and translated with them on every SPIR-V device target. Unset: the device targets' own tools (LLVM 15's translator loses programs on that round trip, e.g. a zero-fill loop's llvm.memset).",
    ),
    "sycl_cxx_missing": attr.string_list(doc = "Set by sycl_configure: what it could not find for SYCL C++ (e.g. the host clang). Rules with C++ sources fail with this list; OpenCL C still builds."),
    "missing": attr.string_list(doc = "Set by sycl_configure: tools it could not find. A non-empty list makes every use fail with this list."),
    "error": attr.string(doc = "If set, every use fails with this message (used for the fallback that explains why no toolchain matched)."),
}

_ATTRS.update({
    name: attr.label(default = label, executable = True, cfg = "exec")
    for name, label in _RULES_SYCL_TOOLS.items()
})

_TARGETS_SETTING = str(Label("//sycl:targets"))
_CPU_AOT_ISA_SETTING = str(Label("//sycl:cpu_aot_isa"))
_RDC_SETTING = str(Label("//sycl:rdc"))

def _shared_toolchain_impl(_settings, _attr):
    # The toolchain declares every device target; which ones a rule builds,
    # and for which ISA, the rule reads from its own configuration, which
    # sycl_binary's `targets`/`cpu_aot_isa` change. Reset here, every
    # configuration of the rules shares one toolchain: its exec tools (which
    # under Bazel 7 carry these flags into the exec configuration) and
    # runtime files (the CUDA adapter) build once, not once per `targets`.
    return {
        _TARGETS_SETTING: DEFAULT_TARGETS,
        _CPU_AOT_ISA_SETTING: DEFAULT_CPU_AOT_ISA,
        _RDC_SETTING: True,
    }

_shared_toolchain = transition(
    implementation = _shared_toolchain_impl,
    inputs = [],
    outputs = [_TARGETS_SETTING, _CPU_AOT_ISA_SETTING, _RDC_SETTING],
)

_ATTRS["_allowlist_function_transition"] = attr.label(default = "@bazel_tools//tools/allowlists/function_transition_allowlist")

sycl_toolchain = rule(
    implementation = _sycl_toolchain_impl,
    cfg = _shared_toolchain,
    doc = """Declares the tools of a SYCL device toolchain. Wrap it in a toolchain()
with toolchain_type = "@rules_sycl//sycl:toolchain_type" and register it; pick
among several with target_settings (see //sycl:toolchain).""",
    attrs = _ATTRS,
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
