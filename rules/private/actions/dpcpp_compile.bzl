"""DPC++ device compile: the device part of a single-source SYCL C++ file."""

def emit_dpcpp_compile(sycl, device_target, src, headers, includes, defines, copts):
    """Compiles the device part of src with DPC++ (mnemonic SyclDeviceCompile).

    Writes the device bitcode (DPC++ stamps sycl-module-id itself) and the
    integration header and footer that the host compile of the same source
    includes.

    Args:
      sycl: the SYCL context (context.bzl) of a dpcpp toolchain.
      device_target: SyclDeviceTargetInfo to compile for.
      src: File, a SYCL C++ source.
      headers: depset of File the source may include.
      includes: list of include directories (relative to the execroot).
      defines: list of macro definitions.
      copts: list of extra compiler flags.

    Returns:
      struct(bitcode, int_header, int_footer) of File.
    """
    out = sycl.declare(sycl, src.short_path + ".bc", device_target = device_target)
    int_header = sycl.declare(sycl, src.short_path + ".int_header.h", device_target = device_target)
    int_footer = sycl.declare(sycl, src.short_path + ".int_footer.h", device_target = device_target)
    args = sycl.actions.args()
    args.add_all(["-fsycl", "-fsycl-device-only"])
    args.add("-fsycl-targets=" + device_target.device_triple)
    args.add_all(device_target.compile_flags)
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

    # Include directories grow with the dependencies; the driver reads @file.
    args.use_param_file("@%s")
    args.set_param_file_format("shell")
    sycl.actions.run(
        executable = device_target.compiler,
        arguments = [args],
        inputs = depset([src], transitive = [headers]),
        tools = device_target.all_files,
        outputs = [out, int_header, int_footer],
        mnemonic = "SyclDeviceCompile",
        progress_message = "Compiling SYCL device code %s" % src.short_path,
    )
    return struct(bitcode = out, int_header = int_header, int_footer = int_footer)
