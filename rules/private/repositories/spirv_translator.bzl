"""sycl_spirv_translator: SPIRV-LLVM-Translator 22 as a hermetic Bazel repository.

libsycl-jit (DPC++ 2026.2) writes LLVM 23 device code. The device link
reads a SYCL C++ TU's SPIR-V back to LLVM bitcode, links, splits and
translates it forward again; LLVM 15's translator, three years older than
the SPIR-V it reads, loses ordinary programs on that round trip (a zero-fill
loop's llvm.memset: "Intrinsic name not mangled correctly"). Debian 12 has
LLVM 22 (bookworm-security) but no translator for it; Debian sid's
llvm-spirv-22 needs glibc >= 2.38. So the repository holds sid's
llvm-spirv-22 with the LLVM 22 library it links and sid's C/C++ runtime and
loader (sid_packages.bzl), run without any host library, and sid's
llvm-link, llvm-as and llvm-dis of the same LLVM (llvm-22): the device
link's tools, the same on every machine (Debian 12's bookworm-security
llvm-22 is the same LLVM, but a host package, absent in Bazel 7's chroot).

The repository also holds sid's SPIRV-Tools (spirv-val, spirv-dis,
spirv-opt; 2026.4, static but for the C/C++ runtime), which knows
NonSemantic.Shader.DebugInfo.200 and SPIR-V extensions Debian 12's 2023.1
does not: tests validate device debug info with it.

Targets:
  :llvm-spirv  the launcher (bin/llvm-spirv); :llvm-link, :llvm-as,
               :llvm-dis, bin/spirv-val, bin/spirv-dis, bin/spirv-opt
               likewise;
  :files       every file they run or load (inputs of each action that runs
               one: they travel with it under remote execution).
"""

load(":sid_packages.bzl", "DEBS_ENV", "MIRROR_ENV", "SID_RUNTIME_DEBS", "unpack_sid_packages")

_LIB = "usr/lib/x86_64-linux-gnu/"

# LLVM 22's programs the repository holds (sid's llvm-22, on the libLLVM the
# translator links): the SYCL C++ device link's llvm-link, llvm-as, llvm-dis.
LLVM_TOOLS = ["llvm-link", "llvm-as", "llvm-dis"]

# SPIRV-Tools' programs the repository holds.
SPIRV_TOOLS = ["spirv-val", "spirv-dis", "spirv-opt"]
SPIRV_TOOLS_VERSION = "2026.4"

def _deb(name, version, pool, sha256, libs = [], files = []):
    return struct(name = name, version = version, pool = pool, sha256 = sha256, files = files + ["%s%s=lib/%s" % (_LIB, lib, lib) for lib in libs])

# Debian sid's llvm-spirv-22 and what it loads (sid's main/binary-amd64/
# Packages of 2026-12-03), then the C/C++ runtime: `files`/`libs` are what
# it loads from each, by soname (symlinks become copies).
SPIRV_TRANSLATOR_DEBS = [
    _deb(
        name = "llvm-spirv-22",
        version = "22.1.0-1",
        pool = "pool/main/s/spirv-llvm-translator-22/llvm-spirv-22_22.1.0-1_amd64.deb",
        sha256 = "dfc66ec425f73ff33264ca29f541f6285e7b81e711a45fa52576e64893a99a66",
        files = ["usr/bin/llvm-spirv-22=libexec/llvm-spirv"],
    ),
    _deb(
        name = "spirv-tools",
        version = "2026.4~rc2-1",
        pool = "pool/main/s/spirv-tools/spirv-tools_2026.4~rc2-1_amd64.deb",
        sha256 = "a1adafdf7f9f1046b9bd821fd613836ccaf976fef66842ebf73a806277921ced",
        files = ["usr/bin/%s=libexec/%s" % (t, t) for t in SPIRV_TOOLS],
    ),
    _deb(
        name = "libllvmspirvlib22.1",
        version = "22.1.0-1",
        pool = "pool/main/s/spirv-llvm-translator-22/libllvmspirvlib22.1_22.1.0-1_amd64.deb",
        sha256 = "05e28dd918d66524d6c16d98b7be5e77d56bb3a01559e8bb4e21350b19e1d10e",
        libs = ["libLLVMSPIRVLib.so.22.1"],
    ),
    _deb(
        name = "llvm-22",
        version = "1:22.1.8-3",
        pool = "pool/main/l/llvm-toolchain-22/llvm-22_22.1.8-3_amd64.deb",
        sha256 = "a9dbfd339bdd79a3469cb3052ae4d29c9453fa990924e495d0f4bd7a24bdb9ce",
        files = ["usr/lib/llvm-22/bin/%s=libexec/%s" % (t, t) for t in LLVM_TOOLS],
    ),
    _deb(
        name = "libllvm22",
        version = "1:22.1.8-3",
        pool = "pool/main/l/llvm-toolchain-22/libllvm22_22.1.8-3_amd64.deb",
        sha256 = "4c4a1219e6d3b38024f13d1781f398dc1ebeca759a3bafd2cc9dc9366e6f741e",
        libs = ["libLLVM.so.22.1"],
    ),
    _deb(
        name = "libffi8",
        version = "3.8.0-2",
        pool = "pool/main/libf/libffi/libffi8_3.8.0-2_amd64.deb",
        sha256 = "8f52979b2f3831088c419aae858f10fd3ad7e42cc6c1d28967bae996a98223a4",
        libs = ["libffi.so.8"],
    ),
    _deb(
        name = "libedit2",
        version = "3.1-20260512-1",
        pool = "pool/main/libe/libedit/libedit2_3.1-20260512-1_amd64.deb",
        sha256 = "85133718b6f81f44c88c4d95162e4e39af1521fbbd97d108d36294a37076a4cd",
        libs = ["libedit.so.2"],
    ),
    _deb(
        name = "libbsd0",
        version = "0.12.2-3",
        pool = "pool/main/libb/libbsd/libbsd0_0.12.2-3_amd64.deb",
        sha256 = "0383e47d704a5e58080606cbcafd2f2aa725702767ccf8b877fb224d04ff38c5",
        libs = ["libbsd.so.0"],
    ),
    _deb(
        name = "libmd0",
        version = "1.3.0-1",
        pool = "pool/main/libm/libmd/libmd0_1.3.0-1_amd64.deb",
        sha256 = "b93615e08319799bedd98a68643d607b06a7713365f829fb3cae131f8a3b81b1",
        libs = ["libmd.so.0"],
    ),
    _deb(
        name = "libtinfo6",
        version = "6.6+20260608-2",
        pool = "pool/main/n/ncurses/libtinfo6_6.6+20260608-2_amd64.deb",
        sha256 = "14682d1f6e35df22df0fe1eb2c09418aff0e29e2ea5a7bc0aa1bcd37192ba5a7",
        libs = ["libtinfo.so.6"],
    ),
    _deb(
        name = "libz3-4",
        version = "4.13.3-1.1",
        pool = "pool/main/z/z3/libz3-4_4.13.3-1.1_amd64.deb",
        sha256 = "17a0b6d5dba8db60732334ae3eb6be5f0c58f72a77304311add514a4d55bc434",
        libs = ["libz3.so.4"],
    ),
    _deb(
        name = "libzstd1",
        version = "1.5.7+dfsg-4",
        pool = "pool/main/libz/libzstd/libzstd1_1.5.7+dfsg-4_amd64.deb",
        sha256 = "93e7930e4c25b918f1dd980cc1c6d4487654a248f5fa71eacb976ed7bbe954bd",
        libs = ["libzstd.so.1"],
    ),
    _deb(
        name = "libxml2-16",
        version = "2.15.4+dfsg-1+b1",
        pool = "pool/main/libx/libxml2/libxml2-16_2.15.4+dfsg-1+b1_amd64.deb",
        sha256 = "f2b4d9acff743ff71f5409ae301452ebbb37d0d8709cf46fc9ec755d7df803ff",
        libs = ["libxml2.so.16"],
    ),
] + SID_RUNTIME_DEBS

SPIRV_TRANSLATOR_VERSION = "22.1.0"
SPIRV_TRANSLATOR_LLVM_VERSION = "22.1.8"

_BUILD = """\
# Generated by @rules_sycl//rules:repositories.bzl%sycl_spirv_translator:
# SPIRV-LLVM-Translator {version} with LLVM {llvm} from Debian sid, pinned by sha256.
package(default_visibility = ["//visibility:public"])

exports_files(glob(["bin/*"]) + ["VERSIONS"])

# The launchers and every file they run or load.
filegroup(
    name = "files",
    srcs = glob(["bin/*", "libexec/*", "lib/*"]),
)

alias(
    name = "llvm-spirv",
    actual = "bin/llvm-spirv",
)

alias(
    name = "spirv-opt",
    actual = "bin/spirv-opt",
)

alias(
    name = "llvm-link",
    actual = "bin/llvm-link",
)

alias(
    name = "llvm-as",
    actual = "bin/llvm-as",
)

alias(
    name = "llvm-dis",
    actual = "bin/llvm-dis",
)
"""

def _sycl_spirv_translator_impl(rctx):
    tools = {
        "llvm-spirv": struct(tool = "llvm-spirv", what = "llvm-spirv %s with LLVM %s" % (SPIRV_TRANSLATOR_VERSION, SPIRV_TRANSLATOR_LLVM_VERSION)),
    }
    for t in SPIRV_TOOLS:
        tools[t] = struct(tool = t, what = "%s of SPIRV-Tools %s" % (t, SPIRV_TOOLS_VERSION))
    for t in LLVM_TOOLS:
        tools[t] = struct(tool = t, what = "%s of LLVM %s" % (t, SPIRV_TRANSLATOR_LLVM_VERSION))
    unpack_sid_packages(rctx, "sycl_spirv_translator", SPIRV_TRANSLATOR_DEBS, tools)
    rctx.file("BUILD.bazel", _BUILD.format(version = SPIRV_TRANSLATOR_VERSION, llvm = SPIRV_TRANSLATOR_LLVM_VERSION))

sycl_spirv_translator = repository_rule(
    implementation = _sycl_spirv_translator_impl,
    environ = [DEBS_ENV, MIRROR_ENV, "PATH"],
    doc = """SPIRV-LLVM-Translator {version} (llvm-spirv-22, with LLVM {llvm}) from pinned Debian
sid packages, with sid's C and C++ runtime and dynamic loader, as a repository
that runs on any x86-64 Linux without installing anything (`:llvm-spirv`,
`:files`). sycl_configure's toolchain reads SYCL C++ device code back from
SPIR-V and translates the device link's images with it (the
`sycl_cxx_llvm` tools, with `:llvm-link`, `:llvm-as` and `:llvm-dis` of the same
LLVM); `:spirv-opt` is SPIRV-Tools' optimizer. RULES_SYCL_DEBS (--repo_env) names a directory holding the .debs
(offline); RULES_SYCL_DEBIAN_MIRROR a comma-separated list of Debian mirrors.""".format(version = SPIRV_TRANSLATOR_VERSION, llvm = SPIRV_TRANSLATOR_LLVM_VERSION),
)
