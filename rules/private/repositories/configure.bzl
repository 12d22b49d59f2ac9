"""sycl_configure: detects the host's SYCL device toolchain.

Like local_config_cc, it looks the tools up on PATH (or takes them from
environment variables) and writes a repository holding a sycl_toolchain and
its toolchain() registration. Each tool is a small script in the repository
that runs the host's tool by absolute path, so that action command lines name
tools by relative paths and a remote worker runs its own installation (see
tool_script.bzl).
"""

load("//rules/private:intel_gpu.bzl", "INTEL_GPU_TARGETS", "intel_gpu_macro", "intel_gpu_support_args")
load("//rules/private:spirv_extensions.bzl", "SYCL_CXX_SPIRV_EXTENSIONS")
load(":spirv_translator.bzl", "SPIRV_TRANSLATOR_LLVM_VERSION")
load(":tool_script.bzl", "tool_script")

# (key, environment override, names tried in order, Debian package)
_TOOLS = [
    ("compiler", "SYCL_CLANG", ["clang-{v}"], "clang-{v}"),
    ("linker", "SYCL_LLVM_LINK", ["llvm-link-{v}"], "llvm-{v}"),
    ("assembler", "SYCL_LLVM_AS", ["llvm-as-{v}"], "llvm-{v}"),
    ("disassembler", "SYCL_LLVM_DIS", ["llvm-dis-{v}"], "llvm-{v}"),
    ("translator", "SYCL_LLVM_SPIRV", ["llvm-spirv-{v}", "llvm-spirv"], "llvm-spirv-{v}"),
    ("validator", "SYCL_SPIRV_VAL", ["spirv-val"], "spirv-tools"),
    ("verifier", "SYCL_OPT", ["opt-{v}"], "llvm-{v}"),
]

# Tools only tests use (image validation), not part of the sycl_toolchain.
# The validator (spirv-val) is both: the toolchain's `validator`, which the
# sycl_spirv_validation output group runs, and the tests' :spirv_val.
_TEST_TOOLS = ["verifier"]

def _find(rctx, env, names):
    override = rctx.os.environ.get(env, "")
    if override:
        p = rctx.path(override)
        return p if p.exists else None
    for n in names:
        p = rctx.which(n)
        if p:
            return p
    return None

# nvptx64, the second device target: a newer clang whose NVPTX backend and
# libclc build PTX from OpenCL C (LLVM 15's llvm-spirv needs LLVM 15 for
# spir64, so the two targets use different LLVMs).
_NVPTX_TOOLS = [
    ("nvptx_compiler", "clang-{v}"),
    ("nvptx_linker", "llvm-link-{v}"),
    ("nvptx_assembler", "llvm-as-{v}"),
    ("nvptx_disassembler", "llvm-dis-{v}"),
    ("nvptx_llc", "llc-{v}"),
]

_CUDA_TOOLS = ["ptxas", "fatbinary"]

# llvm-as and llvm-dis that read libsycl-jit's front-end bitcode (LLVM 23:
# LLVM 19's llvm-dis fails on some of it, "Invalid record"): SYCL C++ PTX
# compiles lower specialization constants with them (tools/internal/bcspec),
# and llvm-link links a program's TUs' bitcode (SyclPtxDeviceLink).
# Debian 12: llvm-22 (bookworm-security). SYCL_JIT_LLVM_VERSION picks
# another version; without them such TUs fail to compile for nvptx64 in one
# line.
_JIT_IR_TOOLS = [
    ("jit_ir_assembler", "llvm-as-{v}"),
    ("jit_ir_disassembler", "llvm-dis-{v}"),
    ("jit_ir_linker", "llvm-link-{v}"),
]

def _jit_ir_tools(rctx):
    """Symlinks the LLVM 22 tools of SYCL C++ PTX spec constants; their attribute text, or ""."""
    v = rctx.os.environ.get("SYCL_JIT_LLVM_VERSION", "22")
    paths = []
    for key, name in _JIT_IR_TOOLS:
        p = rctx.which(name.format(v = v))
        if not p:
            return ""
        paths.append((key, p))
    text = ""
    for key, p in paths:
        tool_script(rctx, p, "bin/" + key, "sycl_configure")
        text += '    {} = "bin/{}",\n'.format(key, key)
    return text

def _sycl_cxx_llvm(rctx):
    """The sycl_llvm_tools of SYCL C++ device code on the device link: (BUILD text, toolchain attribute text), or ("", "").

    LLVM 22's llvm-link, llvm-as and llvm-dis (the generation that reads
    libsycl-jit's device code) and the translator of the same LLVM, all
    from the spirv_translator repository (Debian sid's llvm-22 and
    SPIRV-LLVM-Translator 22 with the libLLVM they share, which need no
    host library): the same tools on every machine and under Bazel 7's
    chroot, whatever LLVM the host has.
    """
    v = rctx.os.environ.get("SYCL_JIT_LLVM_VERSION", "22")
    translator = rctx.attr.spirv_translator

    # The translator's own LLVM: the link and split tools must read and
    # write what it does.
    if not translator or v != SPIRV_TRANSLATOR_LLVM_VERSION.split(".")[0]:
        return "", ""
    return """
# SYCL C++ device code on the device link: read back from SPIR-V, linked,
# split and translated by tools of the LLVM generation that wrote it.
sycl_llvm_tools(
    name = "sycl_cxx_llvm",
    version = "{v}",
    linker = "{translator}//:llvm-link",
    assembler = "{translator}//:llvm-as",
    disassembler = "{translator}//:llvm-dis",
    translator = "{translator}//:llvm-spirv",
    data = ["{translator}//:files"],
    spirv_extensions = {extensions},
    # SPIR-V 1.4 and device debug info (-g) as libsycl-jit writes them.
    translate_flags = ["--spirv-max-version=1.4", "--spirv-debug-info-version=nonsemantic-shader-200"],
)
""".format(v = v, translator = translator, extensions = repr(SYCL_CXX_SPIRV_EXTENSIONS[v])), '    sycl_cxx_llvm = ":sycl_cxx_llvm",\n'

def _cuda_tools(rctx):
    """ptxas and fatbinary for nvptx64: labels of the tools and what is missing.

    SYCL_CUDA_PATH names a local CUDA install (its bin/ptxas, bin/fatbinary);
    otherwise the wheel repository named by the cuda_tools attribute.
    """
    cuda = rctx.os.environ.get("SYCL_CUDA_PATH", "")
    if cuda:
        labels, missing = {}, []
        for t in _CUDA_TOOLS:
            p = rctx.path(cuda + "/bin/" + t)
            if p.exists:
                rctx.symlink(p, "bin/cuda_" + t)
                labels[t] = "bin/cuda_" + t
            else:
                missing.append("%s (not in SYCL_CUDA_PATH=%s/bin)" % (t, cuda))
        return labels, missing
    if rctx.attr.cuda_tools:
        return {t: "%s//:bin/%s" % (rctx.attr.cuda_tools, t) for t in _CUDA_TOOLS}, []
    return {}, ["%s (set SYCL_CUDA_PATH to a CUDA install, or sycl_configure's cuda_tools to a repository such as @rules_sycl_cuda_nvcc)" % t for t in _CUDA_TOOLS]

def _cuda_libdevice(rctx):
    """NVIDIA's libdevice for SYCL C++ PTX compiles: its label, or "".

    SYCL_CUDA_PATH's nvvm/libdevice/libdevice.10.bc, else the cuda_libdevice
    attribute's filegroup (@rules_sycl_cuda_nvvm//:files).
    """
    cuda = rctx.os.environ.get("SYCL_CUDA_PATH", "")
    if cuda:
        p = rctx.path(cuda + "/nvvm/libdevice/libdevice.10.bc")
        if not p.exists:
            return ""
        rctx.symlink(p, "lib/libdevice.10.bc")
        return "lib/libdevice.10.bc"
    return rctx.attr.cuda_libdevice

def _nvptx_target(rctx):
    """Symlinks the nvptx64 tools and returns the sycl_device_target text, or ""."""
    v = rctx.os.environ.get("SYCL_NVPTX_LLVM_VERSION", "19")
    paths = {}
    for key, name in _NVPTX_TOOLS:
        p = rctx.which(name.format(v = v))
        if not p:
            return ""
        paths[key] = p
    libclc = rctx.path(rctx.os.environ.get("SYCL_NVPTX_LIBCLC", "/usr/lib/clc/nvptx64--nvidiacl.bc"))
    if not libclc.exists:
        return ""
    for key, p in paths.items():
        tool_script(rctx, p, "bin/" + key, "sycl_configure")
    rctx.symlink(libclc, "lib/nvptx64--nvidiacl.bc")
    cuda, cuda_missing = _cuda_tools(rctx)
    libdevice = _cuda_libdevice(rctx)
    codegen = _imagec_codegen(rctx, v)
    return codegen + """
# nvptx64: clang-{v} + libclc + llc-{v} -> PTX (sm_70), then per
# --@rules_sycl//sycl:cuda_archs architecture ptxas -> cubin, and fatbinary
# packs the cubins and the PTX. SYCL C++ sources compile to PTX in
# tools/syclc (libsycl-jit, with NVIDIA's libdevice), then the same ptxas and
# fatbinary steps. Build it with --@rules_sycl//sycl:targets=spir64,nvptx64
# or a binary's `targets`.
sycl_device_target(
    name = "nvptx64",
    target = "nvptx64",
    compiler = "bin/nvptx_compiler",
    linker = "bin/nvptx_linker",
    assembler = "bin/nvptx_assembler",
    disassembler = "bin/nvptx_disassembler",
    device_triple = "nvptx64-nvidia-cuda",
    compile_flags = ["-O2"],
    libraries = ["lib/nvptx64--nvidiacl.bc"],
    aot = "bin/nvptx_llc",
    aot_args = ["-march=nvptx64", "-mcpu=sm_70", "{{in}}", "-o", "{{out}}"],
    aot_extension = ".ptx",
{aot_server}    image_format = "none",
    ptx_arch = "sm_70",
{cuda}    cuda_missing = {cuda_missing},
{libdevice}{jit_ir}{adapter})
""".format(
        v = v,
        adapter = '    runtime_files = ["%s"],\n' % rctx.attr.cuda_adapter if rctx.attr.cuda_adapter else "",
        libdevice = '    libdevice = "%s",\n' % libdevice if libdevice else "",
        jit_ir = _jit_ir_tools(rctx) if libdevice else "",
        cuda = "".join(['    {} = "{}",\n'.format(t, cuda[t]) for t in _CUDA_TOOLS if t in cuda]),
        cuda_missing = repr(cuda_missing),
        aot_server = '    aot_server = ":imagec_codegen",\n' if codegen else "",
    )

# The LLVM library tools/imagec/codegen.cc links against for nvptx64 (the
# LLVM of llc-{v}; Debian: llvm-{v}-dev): where it is found, one process
# per CPU runs the NVPTX backend over every image of an action instead of
# one llc per image. SYCL_IMAGEC=0 turns it off, as it does imagec.
_IMAGEC_CODEGEN_FILES = [
    # (link in this repository, environment override, default path)
    ("imagec_codegen/llvm/include", "SYCL_NVPTX_LLVM_INCLUDE", "/usr/lib/llvm-{v}/include"),
    ("imagec_codegen/llvm/lib/libLLVM.so", "SYCL_NVPTX_LLVM_LIB", "/usr/lib/llvm-{v}/lib/libLLVM-{v}.so"),
]

def _imagec_codegen(rctx, version):
    """Links LLVM {version}'s library into the repository; returns the BUILD text or ""."""
    if rctx.os.environ.get("SYCL_IMAGEC", "1") == "0":
        return ""
    paths = []
    for link, env, default in _IMAGEC_CODEGEN_FILES:
        p = rctx.path(rctx.os.environ.get(env, "") or default.format(v = version))
        if not p.exists:
            return ""
        paths.append((link, p))
    if not rctx.path(str(paths[0][1]) + "/llvm/CodeGen/CommandFlags.h").exists:
        return ""
    for link, p in paths:
        rctx.symlink(p, link)
    return """
# tools/imagec/codegen.cc against llc's LLVM: runs the NVPTX backend over
# every image of an action in one process per CPU.
cc_library(
    name = "imagec_codegen_libs",
    srcs = ["imagec_codegen/llvm/lib/libLLVM.so"],
    hdrs = glob(["imagec_codegen/llvm/include/llvm/**", "imagec_codegen/llvm/include/llvm-c/**"]),
    includes = ["imagec_codegen/llvm/include"],
)

cc_binary(
    name = "imagec_codegen",
    srcs = ["@rules_sycl//tools/imagec:codegen.cc"],
    copts = ["-std=c++17", "-w"],
    deps = [":imagec_codegen_libs"],
)
"""

# The libraries tools/imagec links against (LLVM's and SPIRV-LLVM-
# Translator's, of the toolchain's LLVM version): where the toolchain has
# them, one imagec process per action assembles and translates every device
# image instead of one llvm-as / llvm-spirv process per image. Debian:
# llvm-{v}-dev and libllvmspirvlib-{v}-dev.
_IMAGEC_FILES = [
    # (link in this repository, environment override, default path)
    ("imagec/llvm/include", "SYCL_LLVM_INCLUDE", "/usr/lib/llvm-{v}/include"),
    ("imagec/llvm/lib/libLLVM.so", "SYCL_LLVM_LIB", "/usr/lib/llvm-{v}/lib/libLLVM-{v}.so"),
    ("imagec/spirv/include/LLVMSPIRVLib", "SYCL_LLVMSPIRV_INCLUDE", "/usr/include/LLVMSPIRVLib"),
    ("imagec/spirv/lib/libLLVMSPIRVLib.so", "SYCL_LLVMSPIRV_LIB", "/usr/lib/x86_64-linux-gnu/libLLVMSPIRVLib.so"),
]

def _imagec(rctx, version):
    """Links the imagec libraries into the repository; returns the BUILD text or ""."""
    if rctx.os.environ.get("SYCL_IMAGEC", "1") == "0":
        return ""
    paths = []
    for link, env, default in _IMAGEC_FILES:
        p = rctx.path(rctx.os.environ.get(env, "") or default.format(v = version))
        if not p.exists:
            return ""
        paths.append((link, p))
    if not rctx.path(str(paths[0][1]) + "/llvm/IR/Module.h").exists or not rctx.path(str(paths[2][1]) + "/LLVMSPIRVLib.h").exists:
        return ""
    for link, p in paths:
        rctx.symlink(p, link)
    return """
# tools/imagec against this toolchain's LLVM and SPIRV-LLVM-Translator
# libraries: assembles and translates every image of a split in-process.
cc_library(
    name = "imagec_libs",
    srcs = ["imagec/llvm/lib/libLLVM.so", "imagec/spirv/lib/libLLVMSPIRVLib.so"],
    hdrs = glob(["imagec/llvm/include/llvm/**", "imagec/llvm/include/llvm-c/**", "imagec/spirv/include/**"]),
    includes = ["imagec/llvm/include", "imagec/spirv/include"],
)

cc_binary(
    name = "imagec",
    srcs = ["@rules_sycl//tools/imagec:imagec.cc"],
    copts = ["-std=c++17", "-w"],
    deps = [":imagec_libs"],
)
"""

# imagec_as: tools/imagec built with -DIMAGEC_AS_ONLY against LLVM's static
# archives (Debian: llvm-{v}-dev ships them), for the split's assemblers.
# Linked to libLLVM-{v}.so, each of the split's one-per-CPU imagec processes
# is ~55 MB resident (the shared library's relocated data and touched code)
# whatever the images; statically linked with --gc-sections, ~5 MB. The
# translation keeps the shared imagec: SPIRV-LLVM-Translator has no static
# archive. SYCL_LLVM_CONFIG names llvm-config; SYCL_IMAGEC=0 turns it off.
_IMAGEC_AS_COMPONENTS = ["asmparser", "bitwriter", "core"]

def _stdout(rctx, tool, flags):
    r = rctx.execute([tool] + flags)
    return r.stdout.strip() if r.return_code == 0 else None

def _static_libs_exist(rctx, names):
    """Whether the host C++ compiler ($CC, else cc) finds every static library of names."""
    cc = _find(rctx, "CC", ["cc", "gcc", "clang"])
    if cc == None:
        return False
    for name in names:
        # -print-file-name echoes the bare name when no such file exists.
        found = _stdout(rctx, cc, ["-print-file-name=" + name]) or ""
        if "/" not in found:
            return False
    return True

def _imagec_as(rctx, version):
    """Links LLVM's static archives into the repository; returns the BUILD text or ""."""
    if rctx.os.environ.get("SYCL_IMAGEC", "1") == "0":
        return ""
    config = _find(rctx, "SYCL_LLVM_CONFIG", ["llvm-config-" + version])
    if config == None:
        return ""
    libdir = _stdout(rctx, config, ["--libdir"])
    includedir = _stdout(rctx, config, ["--includedir"])
    names = _stdout(rctx, config, ["--link-static", "--libnames"] + _IMAGEC_AS_COMPONENTS)
    system = _stdout(rctx, config, ["--link-static", "--system-libs"])
    if not libdir or not includedir or not names or system == None:
        return ""
    if not rctx.path(includedir + "/llvm/AsmParser/Parser.h").exists:
        return ""
    archives = []
    for name in names.split(" "):
        p = rctx.path(libdir + "/" + name)
        if not p.exists:
            return ""
        rctx.symlink(p, "imagec_as/lib/" + name)
        archives.append("imagec_as/lib/" + name)
    rctx.symlink(includedir, "imagec_as/include")

    # Only -l flags: an absolute path (Debian's libz3.so) would land in the
    # link command line, and these components do not use it.
    syslibs = [f for f in system.split(" ") if f.startswith("-l")]

    # A fully static link needs the static C and C++ libraries and every
    # system library: without one, the split keeps the shared imagec instead
    # of a toolchain whose assembler cannot link.
    if not _static_libs_exist(rctx, ["libc.a", "libstdc++.a"] + ["lib%s.a" % f[2:] for f in syslibs]):
        return ""
    return """
# tools/imagec's assembler alone, statically linked (see configure.bzl).
cc_library(
    name = "imagec_as_libs",
    # llvm-config's order: each archive before the ones it uses.
    srcs = {archives},
    hdrs = glob(["imagec_as/include/llvm/**", "imagec_as/include/llvm-c/**"]),
    includes = ["imagec_as/include"],
    linkopts = ["-Wl,--gc-sections"] + {syslibs},
)

cc_binary(
    name = "imagec_as",
    srcs = ["@rules_sycl//tools/imagec:imagec.cc"],
    copts = ["-std=c++17", "-w", "-DIMAGEC_AS_ONLY"],
    # Fully static (libstdc++ and libc too): no shared library to map and
    # relocate per process, 4.7 MB resident instead of 7.4 MB dynamically
    # linked to libstdc++ (one such process per CPU). It calls nothing that
    # needs NSS at run time (ld's getpwnam warning is about LLVM's ~user
    # path expansion, never reached here).
    linkopts = ["-static"],
    deps = [":imagec_as_libs"],
)
""".format(archives = repr(archives), syslibs = repr(syslibs))

# The clang that compiles the host side of SYCL C++ TUs (-Xclang
# -fsycl-is-host with the integration header and footer): g++ cannot, since
# unnamed kernel lambdas need __builtin_sycl_unique_stable_name.
_HOST_CLANGS = ["clang++-19", "clang++-15"]

def _sycl_cxx(rctx):
    """SYCL C++: tools/syclc with @oneapi_runtime's libsycl-jit, and a host clang.

    Returns:
      (BUILD attribute lines, what is missing).
    """
    lines = []
    missing = []
    host = _find(rctx, "SYCL_HOST_CLANG", _HOST_CLANGS)
    if host:
        tool_script(rctx, host, "bin/host_compiler", "sycl_configure")
        lines.append('    host_compiler = "bin/host_compiler",')
    else:
        missing.append("a host clang: %s (set SYCL_HOST_CLANG or apt-get install clang-19)" % " or ".join(_HOST_CLANGS))
    if rctx.attr.sycl_jit:
        lines.append('    sycl_compiler = "@rules_sycl//tools/syclc",')
        lines.append("    sycl_jit = %s," % repr(rctx.attr.sycl_jit))
    else:
        missing.append("libsycl-jit (sycl_configure's sycl_jit is empty)")
    return "\n".join(lines) + "\n", missing

# spir64_x86_64: the spir64 pipeline, then each SPIR-V image compiled ahead
# of time for x86-64 CPUs by tools/cpuaot, which drives Intel's CPU OpenCL
# runtime (libintelocl.so of the runtime repository cpu_runtime names) as
# opencl-aot does. tools/cpuaot needs the Khronos OpenCL headers (Debian:
# opencl-c-headers; SYCL_OPENCL_INCLUDE names another directory holding
# CL/cl_icd.h).
_OPENCL_INCLUDE = ("cpuaot/include", "SYCL_OPENCL_INCLUDE", "/usr/include")

def _cpu_aot_target(rctx, imagec, imagec_as):
    """Links the OpenCL headers; returns the spir64_x86_64 BUILD text, or ""."""
    if not rctx.attr.cpu_runtime:
        return ""
    link, env, default = _OPENCL_INCLUDE
    include = rctx.path(rctx.os.environ.get(env, "") or default)
    if not include.get_child("CL").get_child("cl_icd.h").exists:
        return ""
    rctx.symlink(include.get_child("CL"), link + "/CL")
    return """
# spir64_x86_64: the spir64 pipeline, then per SPIR-V image tools/cpuaot
# compiles it ahead of time through Intel's CPU OpenCL runtime, for the
# x86-64 instruction set --@rules_sycl//sycl:cpu_aot_isa names. Build it
# with --@rules_sycl//sycl:targets=spir64_x86_64 (AOT images only) or
# spir64,spir64_x86_64 (both; the CPU device picks the AOT one).
cc_library(
    name = "opencl_headers",
    hdrs = glob(["{link}/CL/*.h"]),
    includes = ["{link}"],
)

cc_binary(
    name = "cpuaot",
    srcs = ["@rules_sycl//tools/cpuaot:cpuaot.c"],
    copts = ["-std=c11"],
    linkopts = ["-ldl"],
    deps = [":opencl_headers"],
)

sycl_device_target(
    name = "spir64_x86_64",
    target = "spir64_x86_64",
    compiler = "bin/compiler",
    linker = "bin/linker",
    assembler = "bin/assembler",
    disassembler = "bin/disassembler",
    device_triple = "spir64",
    compile_flags = ["-O2"],
    translator = "bin/translator",
{imagec}    aot = ":cpuaot",
    aot_args = ["-runtime=$(execpath {runtime}//:libintelocl)", "{{in}}", "{{out}}"],
    aot_data = [
        "{runtime}//:libintelocl",
        "{runtime}//:cpu_compiler",
    ],
    aot_isa_flag = "-march=",
    aot_device_library_flag = "-device-library=",
    aot_extension = ".bin",
    image_format = "native",
)
""".format(
        link = link,
        runtime = rctx.attr.cpu_runtime,
        imagec = ('    image_compiler = ":imagec",\n' if imagec else "") + ('    split_assembler = ":imagec_as",\n' if imagec_as else ""),
    )

# intel_gpu_<arch>: the spir64 pipeline, then per SPIR-V image and
# architecture tools/gpuaot runs ocloc (@rules_sycl_ocloc: Debian sid's,
# through its own loader) for that architecture's device, as DPC++'s
# -fsycl-targets=intel_gpu_<arch> does, and checks each zebin holds the
# image's entry points (-kernels={Symbols}: ocloc 26.27 exits 0 on SPIR-V it
# cannot read whole and writes a zebin without kernels), and compiles an
# image that exports functions to other images (SYCL/exported symbols of
# -properties={Properties}: the per-TU path's SYCL_EXTERNAL functions) as a
# library, as DPC++'s -ftarget-export-symbols. The images are
# recorded as spir64_gen with the architecture as their compile_target
# requirement, and SYCL C++ device code is compiled per architecture with
# its __SYCL_TARGET_INTEL_GPU_<ARCH>__ macro.
def _intel_gpu_targets(rctx, imagec, imagec_as):
    """Returns (the BUILD text of the intel_gpu_<arch> targets, their labels), or ("", [])."""
    if not rctx.attr.intel_gpu_compiler:
        return "", []
    text = ""
    for row in INTEL_GPU_TARGETS:
        text += """
sycl_device_target(
    name = "{name}",
    target = "{name}",
    image_target = "spir64_gen",
    compile_target = "{name}",
    device_defines = ["{macro}"],
    compiler = "bin/compiler",
    linker = "bin/linker",
    assembler = "bin/assembler",
    disassembler = "bin/disassembler",
    device_triple = "spir64",
    compile_flags = ["-O2"],
    translator = "bin/translator",
{imagec}    aot = "@rules_sycl//tools/gpuaot",
    aot_args = ["-ocloc=$(execpath {ocloc}//:bin/ocloc)", "-device={device}",{options} "-kernels={{Symbols}}", "-properties={{Properties}}", {support}"{{in}}", "{{out}}"],
    aot_data = ["{ocloc}//:bin/ocloc", "{ocloc}//:files"],
    aot_device_library_flag = "-device-library=",
    aot_extension = ".zebin",
    # gpuaot's status for an image the architecture does not get.
    aot_left_out_status = 3,
    # As DPC++ wraps them: format none; the runtime knows a zebin by its
    # .ze_info section.
    image_format = "none",
)
""".format(
            name = row.name,
            options = ' "-options=%s",' % row.options if row.options else "",
            support = "".join(['"%s", ' % a for a in intel_gpu_support_args(row)]),
            macro = intel_gpu_macro(row),
            device = row.device,
            ocloc = rctx.attr.intel_gpu_compiler,
            imagec = ('    image_compiler = ":imagec",\n' if imagec else "") + ('    split_assembler = ":imagec_as",\n' if imagec_as else ""),
        )
    text += """
# spir64_gen: images for the ocloc devices --@rules_sycl//sycl:gen_devices
# lists (DPC++'s -fsycl-targets=spir64_gen -Xsycl-target-backend "-device
# ..."), one ocloc run per image for the whole list, no compile_target.
sycl_device_target(
    name = "spir64_gen",
    target = "spir64_gen",
    compiler = "bin/compiler",
    linker = "bin/linker",
    assembler = "bin/assembler",
    disassembler = "bin/disassembler",
    device_triple = "spir64",
    compile_flags = ["-O2"],
    translator = "bin/translator",
{imagec}    aot = "@rules_sycl//tools/gpuaot",
    aot_args = ["-ocloc=$(execpath {ocloc}//:bin/ocloc)", "-kernels={{Symbols}}", "-properties={{Properties}}", "{{in}}", "{{out}}"],
    aot_devices_flag = "-device=",
    aot_data = ["{ocloc}//:bin/ocloc", "{ocloc}//:files"],
    aot_device_library_flag = "-device-library=",
    aot_extension = ".zebin",
    image_format = "none",
)
""".format(
        ocloc = rctx.attr.intel_gpu_compiler,
        imagec = ('    image_compiler = ":imagec",\n' if imagec else "") + ('    split_assembler = ":imagec_as",\n' if imagec_as else ""),
    )
    return text, [":" + row.name for row in INTEL_GPU_TARGETS] + [":spir64_gen"]

# The LLVM versions whose clang + llvm-spirv build spir64 images, in order of
# preference: Debian 12 has llvm-spirv-15 only (its LLVM 19 has no
# translator); Debian sid has llvm-spirv-19 and no LLVM 15.
_LLVM_VERSIONS = ["15", "19"]

# The spir64 tools a version needs, all versioned (an unversioned llvm-spirv
# may belong to another LLVM).
_SPIR64_NAMES = ["clang-{v}", "llvm-link-{v}", "llvm-as-{v}", "llvm-dis-{v}", "llvm-spirv-{v}"]

def _llvm_version(rctx):
    """SYCL_LLVM_VERSION, else the first of _LLVM_VERSIONS whose spir64 tools are all on PATH."""
    version = rctx.os.environ.get("SYCL_LLVM_VERSION", "")
    if version:
        return version
    for v in _LLVM_VERSIONS:
        if all([rctx.which(n.format(v = v)) for n in _SPIR64_NAMES]):
            return v

    # None complete: the first, whose missing tools the toolchain then names.
    return _LLVM_VERSIONS[0]

def _sycl_configure_impl(rctx):
    version = _llvm_version(rctx)
    found = {}
    missing = []
    for key, env, names, package in _TOOLS:
        p = _find(rctx, env, [n.format(v = version) for n in names])
        if p == None:
            missing.append("{} (set {} or apt-get install {})".format(
                names[0].format(v = version),
                env,
                package.format(v = version),
            ))
            continue
        link = "bin/" + key
        tool_script(rctx, p, link, "sycl_configure")
        found[key] = link

    attrs = "\n".join([
        '    {} = "{}",'.format(k, found.get(k, "bin/missing"))
        for k, _, _, _ in _TOOLS
        if k not in _TEST_TOOLS
    ])
    nvptx = _nvptx_target(rctx) if not missing else ""
    imagec = _imagec(rctx, version) if not missing else ""
    imagec_as = _imagec_as(rctx, version) if not missing else ""
    sycl_cxx, sycl_cxx_missing = _sycl_cxx(rctx)
    cpu_aot = _cpu_aot_target(rctx, imagec, imagec_as) if not missing else ""
    intel_gpu, intel_gpu_labels = _intel_gpu_targets(rctx, imagec, imagec_as) if not missing else ("", [])
    sycl_cxx_llvm, sycl_cxx_llvm_attr = _sycl_cxx_llvm(rctx) if not missing and not sycl_cxx_missing else ("", "")
    if missing:
        rctx.file("bin/missing", "#!/bin/sh\necho 'sycl toolchain tool missing' >&2\nexit 1\n", executable = True)
    rctx.file("BUILD.bazel", """\
# Generated by @rules_sycl//rules:repositories.bzl%sycl_configure (LLVM {version}).
load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library")
load("@rules_sycl//rules:defs.bzl", "sycl_device_target", "sycl_llvm_tools", "sycl_toolchain")

package(default_visibility = ["//visibility:public"])

exports_files(glob(["bin/*", "lib/*"]))

# Whether SYCL C++ sources that read specialization constants compile for
# nvptx64 (the target has LLVM 22's llvm-as and llvm-dis): targets that need
# it name this in target_compatible_with. A constraint every Linux host
# has where they do, else @platforms//:incompatible (Bazel skips them).
alias(
    name = "nvptx64_spec_constants",
    actual = "{spec_compatible}",
)
{nvptx}{imagec}{imagec_as}{cpu_aot}{intel_gpu}{sycl_cxx_llvm}
sycl_toolchain(
    name = "sycl_toolchain",
    kind = "clang",
{attrs}
{image_compiler}{split_assembler}    compile_flags = ["-O2"],
    # The oneAPI runtime wheels (intel-sycl-rt 2026.2.0, libsycl.so.9) read
    # 80-byte device images: __sycl_register_lib steps by 0x50, and images
    # in the 96-byte layout crash it (see docs/runtime-layout.md).
    image_version = 3,
    extra_targets = {extra_targets},{runtime}
    # SYCL C++: per TU, tools/syclc runs DPC++'s device compiler
    # (libsycl-jit) and the host clang compiles the host side.
{sycl_cxx}{sycl_cxx_llvm_attr}    sycl_cxx_missing = {sycl_cxx_missing},
    missing = {missing},
)

toolchain(
    name = "toolchain",
    exec_compatible_with = ["@platforms//os:linux"],
    target_settings = ["@rules_sycl//sycl:toolchain_clang"],
    toolchain = ":sycl_toolchain",
    toolchain_type = "@rules_sycl//sycl:toolchain_type",
)

# spirv-val and opt, for tests that validate device images.
{validator}
{verifier}
""".format(
        version = version,
        attrs = attrs,
        missing = repr(missing),
        sycl_cxx = sycl_cxx,
        sycl_cxx_missing = repr(sycl_cxx_missing),
        sycl_cxx_llvm = sycl_cxx_llvm,
        sycl_cxx_llvm_attr = sycl_cxx_llvm_attr,
        nvptx = nvptx,
        spec_compatible = "@platforms//os:linux" if "jit_ir_assembler" in nvptx else "@platforms//:incompatible",
        imagec = imagec,
        image_compiler = '    image_compiler = ":imagec",\n' if imagec else "",
        imagec_as = imagec_as,
        cpu_aot = cpu_aot,
        intel_gpu = intel_gpu,
        split_assembler = '    split_assembler = ":imagec_as",\n' if imagec_as else "",
        runtime = "\n    # The SYCL runtime host code links and runs against.\n    runtime = %s," % repr(rctx.attr.runtime) if rctx.attr.runtime else "",
        extra_targets = repr(([":nvptx64"] if nvptx else []) + ([":spir64_x86_64"] if cpu_aot else []) + intel_gpu_labels),
        validator = 'alias(name = "spirv_val", actual = "bin/validator")' if "validator" in found else "",
        verifier = 'alias(name = "opt", actual = "bin/verifier")' if "verifier" in found else "",
    ))

sycl_configure = repository_rule(
    implementation = _sycl_configure_impl,
    attrs = {
        "cuda_tools": attr.string(
            default = "@rules_sycl_cuda_nvcc",
            doc = "Repository whose bin/ptxas and bin/fatbinary build nvptx64 cubins and fat binaries (cuda_tools_dependencies declares @rules_sycl_cuda_nvcc from NVIDIA's wheel). SYCL_CUDA_PATH=<CUDA install> takes precedence; empty and no SYCL_CUDA_PATH: nvptx64 builds PTX only and --@rules_sycl//sycl:cuda_archs must be empty.",
        ),
        "cuda_adapter": attr.string(
            doc = "Label of Unified Runtime's CUDA adapter (libur_adapter_cuda.so.0), e.g. @ur_adapter_cuda//:adapter of sycl_cuda_adapter: the nvptx64 target's runtime_files, which programs built for nvptx64 load through libsycl. Empty (the default): none; such programs find no CUDA platform.",
        ),
        "cuda_libdevice": attr.string(
            default = "@rules_sycl_cuda_nvvm//:files",
            doc = "Label of NVIDIA's libdevice.10.bc, which SYCL C++ PTX compiles for nvptx64 link (cuda_tools_dependencies declares @rules_sycl_cuda_nvvm from the nvidia-nvvm wheel). SYCL_CUDA_PATH=<CUDA install> takes precedence (its nvvm/libdevice). Empty: SYCL C++ sources do not build for nvptx64 (OpenCL C still does).",
        ),
        "sycl_jit": attr.string(
            default = "@oneapi_runtime//:sycl_jit",
            doc = "Label of libsycl-jit.so and the libraries it loads (sycl_toolchain's sycl_jit): DPC++'s device compiler that tools/syclc runs for SYCL C++ sources, by default from the intel-sycl-rt wheel of sycl_oneapi_runtime(name = \"oneapi_runtime\"). Empty: the toolchain compiles no SYCL C++ (OpenCL C only).",
        ),
        "cpu_runtime": attr.string(
            default = "@oneapi_runtime",
            doc = "Repository made by sycl_oneapi_runtime whose Intel CPU OpenCL runtime (its :libintelocl and :cpu_compiler targets) compiles spir64_x86_64 images ahead of time (tools/cpuaot). Empty: no spir64_x86_64 device target.",
        ),
        "intel_gpu_compiler": attr.string(
            default = "@rules_sycl_ocloc",
            doc = "Repository made by sycl_intel_gpu_compiler (intel_gpu_tools_dependencies declares @rules_sycl_ocloc: Intel's ocloc from pinned Debian sid packages) whose :ocloc compiles Intel GPU images ahead of time: one intel_gpu_<arch> device target per architecture it supports. Empty: none.",
        ),
        "spirv_translator": attr.string(
            default = "@rules_sycl_llvm_spirv",
            doc = "Repository made by sycl_spirv_translator (spirv_translator_dependencies declares @rules_sycl_llvm_spirv: SPIRV-LLVM-Translator 22 from pinned Debian sid packages): with the LLVM 22 llvm-link, llvm-as and llvm-dis it holds (unless SYCL_JIT_LLVM_VERSION names another LLVM), SYCL C++ device code on the device link is read back from SPIR-V, linked, split and translated by them (the toolchain's sycl_cxx_llvm). Empty, or without those tools: by the spir64 target's own LLVM tools.",
        ),
        "runtime": attr.string(
            default = "@oneapi_runtime//:sycl",
            doc = "Label of the SYCL runtime (a cc_library whose runfiles hold what programs load at run time) every sycl_binary links: by default Intel's oneAPI runtime from sycl_oneapi_runtime(name = \"oneapi_runtime\"). Empty: none (host code brings its own).",
        ),
    },
    environ = ["PATH", "SYCL_HOST_CLANG", "SYCL_OPENCL_INCLUDE", "SYCL_LLVM_VERSION", "SYCL_NVPTX_LLVM_VERSION", "SYCL_NVPTX_LIBCLC", "SYCL_JIT_LLVM_VERSION", "SYCL_CUDA_PATH", "SYCL_IMAGEC", "SYCL_LLVM_CONFIG", "CC"] + [t[1] for t in _TOOLS] + [f[1] for f in _IMAGEC_FILES + _IMAGEC_CODEGEN_FILES],
    local = True,
    doc = "Detects the host device toolchain (clang-V, llvm-link-V, llvm-as-V, llvm-dis-V, llvm-spirv-V for the first LLVM version V of 15 and 19 that has them all, or SYCL_LLVM_VERSION; spirv-val and opt-V for tests; for SYCL C++, a host clang (clang++-19, else clang++-15, or SYCL_HOST_CLANG) beside tools/syclc and `sycl_jit`; LLVM's and SPIRV-LLVM-Translator's libraries for tools/imagec, and LLVM's static archives (llvm-config-V) for imagec_as, the split's assembler, both off with SYCL_IMAGEC=0; clang-19, llc-19, libclc and CUDA's ptxas/fatbinary for nvptx64 (and llvm-as-22/llvm-dis-22, or SYCL_JIT_LLVM_VERSION's, for SYCL C++ specialization constants there), and LLVM 19's library for tools/imagec/codegen.cc, also off with SYCL_IMAGEC=0; the OpenCL headers (CL/cl_icd.h) for tools/cpuaot, which with cpu_runtime's CPU OpenCL runtime builds spir64_x86_64).",
)
