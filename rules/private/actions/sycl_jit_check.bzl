"""SYCL JIT check: the toolchain's libsycl-jit verified once, before any SYCL C++ compile."""

def emit_sycl_jit_check(actions, label, compiler, jit, jit_files, sha256, origin):
    """Verifies libsycl-jit for tools/syclc (mnemonic SyclJitCheck).

    The toolchain's own action (one per toolchain configuration, no SYCL
    context): `syclc -check` compares the library's sha256 with the pinned
    one, looks up the entry points it calls and compiles a tiny kernel, then
    writes a stamp. Every SYCL C++ device compile takes the stamp as an
    input, so a missing or altered library fails this one action, with one
    message naming the wheel and its sha256, instead of every compile.

    Args:
      actions: the toolchain rule's ctx.actions.
      label: the toolchain's Label (names the stamp).
      compiler: FilesToRunProvider, tools/syclc.
      jit: File, libsycl-jit.so.
      jit_files: depset of File: jit and the libraries it loads.
      sha256: string, the sha256 jit must have.
      origin: string, the wheel it comes from (e.g. intel-sycl-rt==2026.2.0).

    Returns:
      File: the stamp, <toolchain>.sycl_jit_check.
    """
    out = actions.declare_file(label.name + ".sycl_jit_check")
    args = actions.args()
    args.add("-check")
    args.add("-jit=" + jit.path)
    args.add("-sha256=" + sha256)
    args.add("-wheel=" + origin)
    args.add("-o", out)
    actions.run(
        executable = compiler,
        arguments = [args],
        tools = jit_files,
        outputs = [out],
        mnemonic = "SyclJitCheck",
        progress_message = "Checking %s from %s" % (jit.basename, origin),
    )
    return out
