"""device_image_validation_test: every device image of a target is valid IR and SPIR-V."""

def device_image_validation_test(name, target, **kwargs):
    """Validates the split modules and SPIR-V images of a SYCL target.

    Args:
      name: test name.
      target: a sycl_binary, sycl_test, sycl_device_link or sycl_bundle with
        spir64 images only (opt-15 cannot read other targets' newer bitcode).
      **kwargs: passed to sh_test.
    """
    native.filegroup(
        name = name + "_split",
        srcs = [target],
        output_group = "device_split",
        testonly = True,
    )
    native.filegroup(
        name = name + "_spirv",
        srcs = [target],
        output_group = "device_images",
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
        args = ["$(rootpath %s)" % t for t in tools] + [
            "$(rootpaths :%s_split)" % name,
            "$(rootpaths :%s_spirv)" % name,
        ],
        data = tools + [":" + name + "_split", ":" + name + "_spirv"],
        **kwargs
    )
