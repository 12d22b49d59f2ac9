"""dpcpp_configure: a SYCL toolchain from a DPC++ installation.

Works with an intel/llvm build (bin/clang++, bin/llvm-link, ...) and with an
oneAPI compiler (bin/icpx, LLVM tools under bin/compiler/). Command lines
name the tools by relative paths (bin/compiler, ...). For an install given
by `path` (or $DPCPP_ROOT, $CMPLR_ROOT) each is a script that runs the
install's tool by absolute path after checking its sha256 (tool_script): a
remote worker runs its own copy of the install, which must be at the same
path. Headers, libsycl and the device libraries are inputs (the install's
include/ and lib/, symlinked), sent to workers as files.
"""

load(":tool_script.bzl", "tool_script")

# (attribute, names tried under bin/ and bin/compiler/ in order)
_TOOLS = [
    ("compiler", ["clang++", "icpx"]),
    ("linker", ["llvm-link"]),
    ("assembler", ["llvm-as"]),
    ("disassembler", ["llvm-dis"]),
    ("translator", ["llvm-spirv"]),
]

# What the DPC++ driver passes llvm-spirv for JIT SPIR-V images (a subset that
# the SPIR-V consumers of every DPC++ backend accept).
_TRANSLATE_FLAGS = [
    "-spirv-max-version=1.4",
    "-spirv-debug-info-version=nonsemantic-shader-200",
    "-spirv-allow-unknown-intrinsics=llvm.genx.",
    "-spirv-allow-extra-diexpressions",
    "-spirv-preserve-auxdata",
]

_AOT_TARGET = """
sycl_device_target(
    name = "{target}",
    target = "{target}",
    compiler = "bin/compiler",
    linker = "bin/linker",
    assembler = "bin/assembler",
    disassembler = "bin/disassembler",
    device_triple = "{target}-unknown-unknown",
    libraries = glob(["lib/libsycl-*.bc"], allow_empty = True),
    translator = "bin/translator",
    translate_flags = {translate_flags},
    aot = "{tool}",
    aot_args = {args},
    aot_isa_flag = "{isa_flag}",
    aot_extension = ".bin",
    image_format = "native",
)
"""

def _libsycl_major(rctx, root):
    """The major version of the install's libsycl.so.N, or None."""
    lib = rctx.path("{}/lib".format(root))
    if not lib.exists:
        return None
    major = None
    for f in lib.readdir():
        rest = f.basename[len("libsycl.so."):] if f.basename.startswith("libsycl.so.") else ""
        digits = rest.split(".")[0]
        if digits and digits.isdigit() and (major == None or int(digits) > major):
            major = int(digits)
    return major

def image_version_for_libsycl(major):
    """The wrapper's -image-version for libsycl.so.<major>.

    libsycl.so.9 (oneAPI 2026.x, intel/llvm after #20748) reads the 80-byte
    device image struct; libsycl.so.8 and older the 96-byte one with
    manifest pointers. Evidence: __sycl_register_lib steps through the image
    array by 0x50 in libsycl.so.9.0.0 of intel-sycl-rt 2026.2.0 and by 0x60
    in libsycl.so.8.0.0 of intel-sycl-rt 2025.3.3.

    Args:
      major: int or None (no versioned libsycl found: today's layout).

    Returns:
      3 or 2.
    """
    if major != None and major <= 8:
        return 2
    return 3

def _workspace_root(rctx):
    root = getattr(rctx, "workspace_root", None)
    if root:
        return str(root)
    return str(rctx.path(Label("@//:WORKSPACE")).dirname)

def _install_path(rctx):
    if rctx.attr.install:
        # A file at the install's root, in whatever repository provides it.
        return rctx.path(rctx.attr.install).dirname
    path = rctx.attr.path or rctx.os.environ.get("DPCPP_ROOT", "") or rctx.os.environ.get("CMPLR_ROOT", "")
    if not path:
        return None
    if not path.startswith("/"):
        path = _workspace_root(rctx) + "/" + path
    return rctx.path(path)

def _tool(rctx, tool, name):
    """Puts the install's TOOL at NAME in the repository.

    An install from another repository (`install`) lies in this output base,
    whose absolute path a script would put into every action key: its tools
    stay symlinks (local and sandboxed builds only; a remote worker gets a
    lone copy of the tool without the install around it).
    """
    if rctx.attr.install:
        rctx.symlink(tool, name)
    else:
        tool_script(rctx, tool, name, "dpcpp_configure")

def _write_error(rctx, message):
    rctx.file("BUILD.bazel", """\
load("@rules_sycl//rules:defs.bzl", "sycl_toolchain")

sycl_toolchain(
    name = "sycl_toolchain",
    error = {message},
)

toolchain(
    name = "toolchain",
    target_settings = ["@rules_sycl//sycl:toolchain_dpcpp"],
    toolchain = ":sycl_toolchain",
    toolchain_type = "@rules_sycl//sycl:toolchain_type",
)
""".format(message = repr(message)))

def _dpcpp_configure_impl(rctx):
    root = _install_path(rctx)
    if root == None or not root.exists:
        _write_error(rctx, "dpcpp_configure(name = '{}'): no DPC++ installation ({}); set `path`, DPCPP_ROOT or CMPLR_ROOT.".format(
            rctx.name,
            "path {} does not exist".format(root) if root else "none given",
        ))
        return

    found = {}
    missing = []
    for key, names in _TOOLS:
        for d in ["bin", "bin/compiler"]:
            for n in names:
                p = rctx.path("{}/{}/{}".format(root, d, n))
                if p.exists and key not in found:
                    found[key] = p
        if key in found:
            _tool(rctx, found[key], "bin/" + key)
        else:
            missing.append("{} (under {}/bin or bin/compiler)".format(" or ".join(names), root))
    if missing:
        _write_error(rctx, "dpcpp_configure(name = '{}'): the DPC++ installation at {} lacks {}".format(rctx.name, root, ", ".join(missing)))
        return
    for d in ["include", "lib"]:
        rctx.symlink(rctx.path("{}/{}".format(root, d)), d)

    # Ahead-of-time targets, when their compilers are installed: spir64_gen
    # (ocloc, Intel GPUs) and spir64_x86_64 (opencl-aot, x86 CPUs). Each
    # image is compiled from SPIR-V, as the DPC++ driver does.
    aot = []
    for tool in ["ocloc", "opencl-aot"]:
        for d in ["bin", "bin/compiler"]:
            p = rctx.path("{}/{}/{}".format(root, d, tool))
            if p.exists and tool not in aot:
                _tool(rctx, p, "bin/" + tool)
                aot.append(tool)
    major = _libsycl_major(rctx, root)
    aot_targets = ""
    extra_targets = []
    if "ocloc" in aot:
        extra_targets.append(":spir64_gen")
        aot_targets += _AOT_TARGET.format(
            target = "spir64_gen",
            tool = "bin/ocloc",
            args = repr(["compile", "-file", "{in}", "-spirv_input", "-device", rctx.attr.gen_device, "-output", "{out}", "-output_no_suffix"]),
            isa_flag = "",
            translate_flags = repr(rctx.attr.translate_flags or _TRANSLATE_FLAGS),
        )
    if "opencl-aot" in aot:
        extra_targets.append(":spir64_x86_64")
        aot_targets += _AOT_TARGET.format(
            target = "spir64_x86_64",
            tool = "bin/opencl-aot",
            args = repr(["--device=cpu", "-o={out}", "{in}"]),
            # --@rules_sycl//sycl:cpu_aot_isa, not the build machine's CPU
            # (opencl-aot's default without --march).
            isa_flag = "--march=",
            translate_flags = repr(rctx.attr.translate_flags or _TRANSLATE_FLAGS),
        )

    rctx.file("BUILD.bazel", """\
# Generated by @rules_sycl//rules:repositories.bzl%dpcpp_configure from {root}.
load("@rules_cc//cc:defs.bzl", "cc_library")
load("@rules_sycl//rules:defs.bzl", "sycl_device_target", "sycl_toolchain")

package(default_visibility = ["//visibility:public"])
{aot_targets}
# The SYCL runtime host code compiles and links against.
cc_library(
    name = "sycl_runtime",
    srcs = glob(["lib/libsycl.so", "lib/libsycl.so.*"], allow_empty = True),
    hdrs = glob(["include/sycl/**", "include/CL/**", "include/std/**"], allow_empty = True),
    includes = ["include", "include/sycl"],
)

sycl_toolchain(
    name = "sycl_toolchain",
    kind = "dpcpp",
    compiler = "bin/compiler",
    linker = "bin/linker",
    assembler = "bin/assembler",
    disassembler = "bin/disassembler",
    translator = "bin/translator",
    device_triple = "spir64-unknown-unknown",
    wrapper_target = "spir64",
    translate_flags = {translate_flags},
    # DPC++'s device libraries (assert, cmath, complex, ...): linked only for
    # the symbols a program references.
    device_libraries = glob(["lib/libsycl-*.bc"], allow_empty = True),
    runtime = ":sycl_runtime",
    # The host side of each SYCL C++ TU (integration header, source, footer)
    # with -Xclang -fsycl-is-host, as the DPC++ driver's host pass.
    host_compiler = "bin/compiler",
    # {layout_why}
    image_version = {image_version},
    extra_targets = {extra_targets},
)

toolchain(
    name = "toolchain",
    exec_compatible_with = ["@platforms//os:linux"],
    target_settings = ["@rules_sycl//sycl:toolchain_dpcpp"],
    toolchain = ":sycl_toolchain",
    toolchain_type = "@rules_sycl//sycl:toolchain_type",
)
""".format(
        root = root,
        translate_flags = repr(rctx.attr.translate_flags or _TRANSLATE_FLAGS),
        aot_targets = aot_targets,
        extra_targets = repr(extra_targets),
        image_version = image_version_for_libsycl(major),
        layout_why = "The device image layout of lib/libsycl.so.{}.".format(major) if major != None else "No lib/libsycl.so.N found: the layout of today's DPC++ (libsycl.so.9).",
    ))

dpcpp_configure = repository_rule(
    implementation = _dpcpp_configure_impl,
    attrs = {
        "path": attr.string(doc = "The DPC++ installation (absolute, or relative to the main workspace). Default: $DPCPP_ROOT, then $CMPLR_ROOT."),
        "install": attr.label(
            allow_single_file = True,
            doc = "Instead of `path`: a file at the root of a DPC++ installation that another repository provides (e.g. an http_archive of an intel/llvm release: \"@dpcpp_release//:LICENSE.TXT\").",
        ),
        "translate_flags": attr.string_list(doc = "llvm-spirv flags for JIT SPIR-V images; default: a set DPC++ uses."),
        "gen_device": attr.string(default = "pvc", doc = "ocloc -device for spir64_gen images (e.g. pvc, dg2, or a comma list)."),
    },
    environ = ["DPCPP_ROOT", "CMPLR_ROOT"],
    local = True,
    doc = "A SYCL toolchain (kind dpcpp) from a DPC++ installation, selected by --@rules_sycl//sycl:toolchain=dpcpp.",
)
