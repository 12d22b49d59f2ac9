"""Device link: all translation units' device bitcode into one module."""

def device_link(ctx, toolchain, objects, libraries, out):
    """Links device bitcode into `out` (mnemonic SyclDeviceLink).

    Args:
      ctx: rule context.
      toolchain: SyclToolchainInfo.
      objects: depset of File, per-TU device bitcode; all of it is linked.
      libraries: depset of File, device libraries; only what is referenced is linked.
      out: File, the linked .bc.
    """
    args = ctx.actions.args()
    args.add_all(objects)
    args.add_all(libraries, before_each = "--only-needed")
    args.add("-o", out)
    ctx.actions.run(
        executable = toolchain.linker,
        arguments = [args],
        inputs = depset(transitive = [objects, libraries]),
        tools = toolchain.all_files,
        outputs = [out],
        mnemonic = "SyclDeviceLink",
        progress_message = "Linking SYCL device code of %s" % ctx.label,
    )
