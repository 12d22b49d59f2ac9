"""debug_info_test: the device debug info of a SYCL target's SPIR-V images (check_debug_info.py)."""

def _shell_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"

def _debug_info_test_impl(ctx):
    images = ctx.attr.target[OutputGroupInfo].device_images.to_list()
    tools = [ctx.file._spirv_val, ctx.file._spirv_dis, ctx.file._spirv_opt]
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(
        script,
        "#!/bin/sh\nexec python3 {} {}\n".format(
            _shell_quote(ctx.file._check.short_path),
            " ".join([_shell_quote(f.short_path) for f in tools] + [_shell_quote(ctx.attr.source)] + [_shell_quote(f.short_path) for f in images]),
        ),
        is_executable = True,
    )
    return [DefaultInfo(
        executable = script,
        runfiles = ctx.runfiles(files = [ctx.file._check] + tools + images + ctx.files._spirv_tools),
    )]

debug_info_test = rule(
    implementation = _debug_info_test_impl,
    doc = "Checks the device debug info of every SPIR-V image `target` wraps with SPIRV-Tools 2026.4 (tests/idioms/check_debug_info.py says what).",
    attrs = {
        "source": attr.string(mandatory = True, doc = "The source the images' DebugSource must name (workspace-relative)."),
        "target": attr.label(mandatory = True, doc = "A sycl_binary with SYCL C++ device code compiled with -g, spir64 only."),
        "_check": attr.label(default = ":check_debug_info.py", allow_single_file = True),
        "_spirv_dis": attr.label(default = "@rules_sycl_llvm_spirv//:bin/spirv-dis", allow_single_file = True),
        "_spirv_opt": attr.label(default = "@rules_sycl_llvm_spirv//:bin/spirv-opt", allow_single_file = True),
        "_spirv_tools": attr.label(default = "@rules_sycl_llvm_spirv//:files"),
        "_spirv_val": attr.label(default = "@rules_sycl_llvm_spirv//:bin/spirv-val", allow_single_file = True),
    },
    test = True,
)
