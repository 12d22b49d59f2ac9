"""device_image_validation_test: every device image of a target is valid IR and SPIR-V."""

def device_image_validation_test(name, target, spirv_only = False, **kwargs):
    """Validates the split modules and SPIR-V images of a SYCL target.

    Args:
      name: test name.
      target: a sycl_binary, sycl_test, sycl_device_link or sycl_bundle with
        spir64 images only (opt-15 cannot read other targets' newer bitcode).
      spirv_only: the target's device code is SYCL C++ only: its images come
        out of their compile (no split modules, which are not asked for);
        each must pass spirv-val and read back with llvm-spirv -r.
      **kwargs: passed to sh_test.
    """
    groups = [name + "_spirv"]
    native.filegroup(
        name = name + "_spirv",
        srcs = [target],
        output_group = "device_images",
        testonly = True,
    )
    if not spirv_only:
        groups.insert(0, name + "_split")
        native.filegroup(
            name = name + "_split",
            srcs = [target],
            output_group = "device_split",
            testonly = True,
        )
    tools = [
        "@local_config_sycl//:opt",
        "@local_config_sycl//:bin/translator",
        "@local_config_sycl//:spirv_val",
    ]
    native.sh_test(
        name = name,
        srcs = ["//tests/integration:validate_images.sh"],
        args = (["--spirv-only"] if spirv_only else []) + ["$(rootpath %s)" % t for t in tools] + [
            "$(rootpaths :%s)" % g
            for g in groups
        ],
        data = tools + [":" + g for g in groups],
        **kwargs
    )
