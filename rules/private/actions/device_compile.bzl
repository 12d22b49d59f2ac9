"""Device compile: one translation unit's OpenCL C / C++ for OpenCL source to LLVM bitcode."""

load("//rules/private:tables.bzl", "device_language_flags")

def emit_device_compile(sycl, device_target, src, headers, includes, defines, copts):
    """Compiles src to LLVM bitcode (mnemonic SyclDeviceCompile).

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo to compile for.
      src: File, a .cl or .clcpp source.
      headers: depset of File the source may include.
      includes: list of include directories (relative to the execroot).
      defines: list of macro definitions.
      copts: list of extra compiler flags.

    Returns:
      File: the bitcode, _sycl/<rule>/[<device target>/]<src>.bc.
    """
    out = sycl.declare(sycl, src.short_path + ".bc", device_target = device_target)
    args = sycl.actions.args()
    args.add_all(device_language_flags(src))
    args.add("-target", device_target.device_triple)
    args.add_all(device_target.compile_flags)
    args.add_all(includes, format_each = "-I%s")
    args.add_all(defines, format_each = "-D%s")
    args.add_all(copts)
    args.add_all(["-emit-llvm", "-c"])
    args.add(src)
    args.add("-o", out)

    # Include directories grow with the dependencies; clang reads @file.
    args.use_param_file("@%s")
    args.set_param_file_format("shell")
    sycl.actions.run(
        executable = device_target.compiler,
        arguments = [args],
        inputs = depset([src], transitive = [headers]),
        tools = device_target.all_files,
        outputs = [out],
        mnemonic = "SyclDeviceCompile",
        progress_message = "Compiling SYCL device code %s" % src.short_path,
    )
    return out
