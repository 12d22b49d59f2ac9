"""Host compile: the host side of a single-source SYCL TU, with its integration header and footer."""

load("//rules/private:tables.bzl", "HOST_MODE_FLAGS")

# What makes a clang compile the host half of a SYCL TU: -fsycl-is-host
# (SYCL_LANGUAGE_VERSION, the kernel-name builtins) without -fsycl's device
# pass; __SYCL_UNNAMED_LAMBDA__ because the device compile accepts unnamed
# kernel lambdas (DPC++'s default), which the integration header then names
# with __builtin_sycl_unique_stable_name: g++ has no such builtin, hence a
# clang. PIC, so that one object serves executables and shared libraries.
_SYCL_HOST_FLAGS = [
    "-std=c++17",
    "-fPIC",
    "-Xclang",
    "-fsycl-is-host",
    "-D__SYCL_UNNAMED_LAMBDA__",
    "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING",
    # Same bytes in any checkout: no working directory in debug info, no
    # build time in the object (as the C++ toolchain redacts them).
    "-ffile-compilation-dir=.",
    "-Wno-builtin-macro-redefined",
    "-D__DATE__=\"redacted\"",
    "-D__TIMESTAMP__=\"redacted\"",
    "-D__TIME__=\"redacted\"",
]

def emit_host_compile(sycl, src, host_source, int_header, int_footer, compilation_context, copts, kernel_info = None):
    """Compiles the host TU of a SYCL source with the toolchain's host compiler (mnemonic SyclHostCompile).

    Shared by both toolchain kinds: the integration header and footer come
    from tools/syclc (clang) or DPC++'s own device compile (dpcpp), and the
    host TU (emit_host_source) includes header, source and footer in order.
    The rule's and its dependencies' headers, include directories and
    defines are those of its CcInfo (so the SYCL runtime's headers, as
    -isystem: its warnings stay quiet); `copts` the rule's. The C++
    toolchain's flags reach it as they reach a cc_library's compile: its
    features' (defaults, the compilation mode's: -g under -c dbg), before
    the SYCL flags, and --copt and --cxxopt after them, then `copts`, so
    that the user's flags win (context.bzl, cc_compile_flags).

    Args:
      sycl: the SYCL context (context.bzl); its toolchain has a host_compiler.
      src: File, the SYCL source (an input: the host TU includes it).
      host_source: File, the generated host TU.
      int_header: File, the integration header.
      int_footer: File, the integration footer.
      compilation_context: CcCompilationContext of the rule (its own
        headers, include paths and defines, and its dependencies').
      copts: list of extra host compiler flags.
      kernel_info: File or None, the descriptions of the kernels of the
        TUs src is linked with (emit_kernel_info), which the host TU
        includes.

    Returns:
      File: the PIC object, <src>.o.
    """
    toolchain = sycl.toolchain
    out = sycl.declare(sycl, src.short_path + ".o")
    cc = compilation_context
    args = sycl.actions.args()
    args.add_all(sycl.cc_compile_flags)
    args.add_all(_SYCL_HOST_FLAGS)
    args.add_all(toolchain.host_compile_flags)
    args.add_all(HOST_MODE_FLAGS[sycl.modes.compilation_mode])
    args.add_all(cc.quote_includes, before_each = "-iquote")

    # The host TU names its three files by execroot-relative paths
    # (host_source.bzl): the execroot must be on the quote path, where the
    # C++ rules put it only for targets of the main repository.
    if "." not in cc.quote_includes.to_list():
        args.add("-iquote", ".")
    args.add_all(cc.includes, format_each = "-I%s")
    args.add_all(cc.system_includes, before_each = "-isystem")
    args.add_all(cc.defines, format_each = "-D%s")

    # As DPC++'s driver: the host compile sees every requested target's
    # macros (__SYCL_TARGET_INTEL_GPU_<ARCH>__), as each device compile its
    # own, and the program's aspect trait macros, as every device compile.
    args.add_all([d for dt in sycl.device_targets for d in dt.device_defines], format_each = "-D%s")
    args.add_all(sycl.trait_flags)
    args.add_all(sycl.cc_user_flags)
    args.add_all(copts)
    args.add("-c", host_source)
    args.add("-o", out)

    # Include directories grow with the dependencies; clang reads @file.
    args.use_param_file("@%s")
    args.set_param_file_format("shell")
    sycl.actions.run(
        executable = toolchain.host_compiler,
        arguments = [args],
        inputs = depset([host_source, src, int_header, int_footer] + ([kernel_info] if kernel_info else []), transitive = [cc.headers]),
        outputs = [out],
        mnemonic = "SyclHostCompile",
        progress_message = "Compiling SYCL C++ host code %s" % src.short_path,
    )
    return out
