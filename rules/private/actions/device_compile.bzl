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
