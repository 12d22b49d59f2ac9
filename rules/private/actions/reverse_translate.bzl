"""Reverse translation: a SYCL C++ TU's SPIR-V module back to LLVM bitcode for the device link."""

def emit_reverse_translate(sycl, device_target, src, module):
    """Translates a TU's SPIR-V module to LLVM bitcode (mnemonic SyclReverseTranslate).

    libsycl-jit's own bitcode is LLVM 23's, which the device target's LLVM
    15 link, split and translation cannot read; its SPIR-V is the version-
    neutral form. The translator reads it back as SPV-IR (__spirv_*
    built-ins, which the forward translation of the split's images turns
    into the same instructions; the default OpenCL built-in names would stay
    imports).

    Args:
      sycl: the SYCL context (context.bzl).
      device_target: SyclDeviceTargetInfo with a translator.
      src: File, the TU's source (names the output).
      module: File, the TU's SPIR-V module (emit_sycl_device_compile's).

    Returns:
      File: <src>.module.bc.
    """
    out = sycl.declare(sycl, src.short_path + ".module.bc", device_target = device_target)
    args = sycl.actions.args()
    args.add("-r")
    args.add("--spirv-target-env=SPV-IR")
    args.add(module)
    args.add("-o", out)
    sycl.actions.run(
        executable = device_target.translator,
        arguments = [args],
        inputs = [module],
        tools = device_target.all_files,
        outputs = [out],
        mnemonic = "SyclReverseTranslate",
        progress_message = "Reading SYCL C++ device code of %s back from SPIR-V" % src.short_path,
    )
    return out
