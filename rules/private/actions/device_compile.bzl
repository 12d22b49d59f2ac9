"""Device compile: one translation unit's device source to LLVM bitcode."""

# Source language by extension: OpenCL C, and C++ for OpenCL.
DEVICE_LANGUAGES = {
    ".cl": ["-x", "cl", "-cl-std=CL3.0"],
    ".clcpp": ["-x", "clcpp", "-cl-std=clc++2021"],
}

def device_language_flags(src):
    """Returns the compiler's language flags for a device source.

    Args:
      src: File, a source file.

    Returns:
      A list of flags, or None if src is not device code.
    """
    for ext, flags in DEVICE_LANGUAGES.items():
        if src.basename.endswith(ext):
            return flags
    return None

def device_compile(ctx, toolchain, src, headers, includes, defines, copts, out):
    """Compiles src to LLVM bitcode `out` (mnemonic SyclDeviceCompile).

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo.
      src: File, a .cl or .clcpp source.
      headers: depset of File the source may include.
      includes: list of include directories (relative to the execroot).
      defines: list of macro definitions.
      copts: list of extra compiler flags.
      out: File, the .bc to write.
    """
    args = ctx.actions.args()
    args.add_all(device_language_flags(src))
    args.add("-target", toolchain.device_triple)
    args.add_all(toolchain.compile_flags)
    args.add_all(includes, format_each = "-I%s")
    args.add_all(defines, format_each = "-D%s")
    args.add_all(copts)
    args.add_all(["-emit-llvm", "-c"])
    args.add(src)
    args.add("-o", out)
    ctx.actions.run(
        executable = toolchain.compiler,
        arguments = [args],
        inputs = depset([src], transitive = [headers]),
        tools = toolchain.all_files,
        outputs = [out],
        mnemonic = "SyclDeviceCompile",
        progress_message = "Compiling SYCL device code %s" % src.short_path,
    )

def dpcpp_device_compile(ctx, toolchain, src, headers, includes, defines, copts, out, int_header, int_footer):
    """Compiles the device part of a single-source SYCL file with DPC++ (mnemonic SyclDeviceCompile).

    Writes the device bitcode and the integration header and footer that the
    host compile of the same source includes.

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo of kind dpcpp.
      src: File, a SYCL C++ source.
      headers: depset of File the source may include.
      includes: list of include directories (relative to the execroot).
      defines: list of macro definitions.
      copts: list of extra compiler flags.
      out: File, the device .bc to write.
      int_header: File, the integration header to write.
      int_footer: File, the integration footer to write.
    """
    args = ctx.actions.args()
    args.add_all(["-fsycl", "-fsycl-device-only"])
    args.add("-fsycl-targets=" + toolchain.device_triple)
    args.add_all(toolchain.compile_flags)
    args.add_all(includes, format_each = "-I%s")
    args.add_all(defines, format_each = "-D%s")
    args.add_all(copts)
    args.add("-Xclang")
    args.add(int_header, format = "-fsycl-int-header=%s")
    args.add("-Xclang")
    args.add(int_footer, format = "-fsycl-int-footer=%s")
    args.add("-c")
    args.add(src)
    args.add("-o", out)
    ctx.actions.run(
        executable = toolchain.compiler,
        arguments = [args],
        inputs = depset([src], transitive = [headers]),
        tools = toolchain.all_files,
        outputs = [out, int_header, int_footer],
        mnemonic = "SyclDeviceCompile",
        progress_message = "Compiling SYCL device code %s" % src.short_path,
    )

def host_source(int_header, src, int_footer):
    """The host translation unit of a single-source SYCL file.

    DPC++'s driver appends the integration footer to a temporary copy of the
    source; here it is a tracked, cacheable file that includes the three in
    order, so relative #includes in the source keep working.

    Args:
      int_header: File, the integration header.
      src: File, the SYCL source.
      int_footer: File, the integration footer.

    Returns:
      The file's text.
    """
    return "".join(['#include "%s"\n' % f.path for f in [int_header, src, int_footer]])
