"""device_image_validation_test: every device image of a target is valid IR and SPIR-V."""

def _shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _validation_test_impl(ctx):
    groups = ctx.attr.target[OutputGroupInfo]
    wanted = ctx.attr.groups or (["device_images"] if ctx.attr.spirv_only else ["device_split", "device_images"])
    images = []
    for group in wanted:
        if not hasattr(groups, group):
            fail("{} has no {} output group: not a SYCL target with spir64 images".format(ctx.attr.target.label, group))
        images += getattr(groups, group).to_list()
    tools = [ctx.file._opt, ctx.file._translator, ctx.file._spirv_val]
    validate = ctx.file.validate or ctx.file._validate
    args = ["--spirv-only"] if ctx.attr.spirv_only else []
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        script,
        "#!/bin/sh\nexec {} {}\n".format(
            _shell_quote(validate.short_path),
            " ".join(args + [_shell_quote(f.short_path) for f in tools + images]),
        ),
        is_executable = True,
    )
    return [DefaultInfo(
        executable = script,
        runfiles = ctx.runfiles(files = [validate] + tools + images),
    )]

# A test rule, not an sh_test over filegroups: a filegroup is not a test, and
# since Bazel 5 (--trim_test_configuration) a test that a non-test target
# depends on is configured twice, into conflicting actions.
_device_image_validation_test = rule(
    implementation = _validation_test_impl,
    attrs = {
        "groups": attr.string_list(doc = "The output groups whose files are validated (default: by spirv_only)."),
        "spirv_only": attr.bool(),
        "target": attr.label(mandatory = True),
        "_opt": attr.label(default = "@local_config_sycl//:opt", allow_single_file = True),
        "_spirv_val": attr.label(default = "@local_config_sycl//:spirv_val", allow_single_file = True),
        "_translator": attr.label(default = "@local_config_sycl//:bin/translator", allow_single_file = True),
        "_validate": attr.label(default = "//tests/integration:validate_images.sh", allow_single_file = True),
        "validate": attr.label(allow_single_file = True, doc = "The script (default: validate_images.sh); it takes OPT LLVM_SPIRV SPIRV_VAL PATH..."),
    },
    test = True,
)

def device_image_validation_test(name, target, spirv_only = False, **kwargs):
    """Validates the split modules and SPIR-V images of a SYCL target.

    Each split module passes `opt -passes=verify` and translates with the
    toolchain's llvm-spirv, and each SPIR-V image passes spirv-val
    (tests/integration/validate_images.sh).

    Args:
      name: test name.
      target: a sycl_binary, sycl_test, sycl_device_link or sycl_bundle with
        spir64 images only (the toolchain's opt cannot read other targets'
        newer bitcode).
      spirv_only: the target's device code is SYCL C++ only: its images come
        out of their compile (no split modules, which are not asked for);
        each must pass spirv-val and read back with llvm-spirv -r.
      **kwargs: passed to the test rule (size, tags, ...).
    """
    _device_image_validation_test(
        name = name,
        target = target,
        spirv_only = spirv_only,
        **kwargs
    )

def device_library_validation_test(name, target, **kwargs):
    """spirv-val on the bfloat16 device library's two images a SYCL C++ target's wrap was offered (bfloat16 only).

    tests/integration/validate_device_libraries.sh: both images (native,
    fallback) pass, except that a spirv-val older than SPIRV-Tools 2023.2
    (Debian 12's 2023.1) must reject the native image for exactly the
    capability it does not know (6115, BFloat16ConversionINTEL); a newer one
    (sid's, the Bazel 7 chroot's) must accept both.

    Args:
      name: test name.
      target: a sycl_binary or sycl_test whose device code calls the
        bfloat16 device library.
      **kwargs: passed to the test rule (size, tags, ...).
    """
    _device_image_validation_test(
        name = name,
        target = target,
        groups = ["device_libraries"],
        validate = Label("//tests/integration:validate_device_libraries.sh"),
        **kwargs
    )
