"""Analysis tests of which assembler server the split runs: the toolchain's
split_assembler (sycl_configure's statically linked imagec_as) where it has
one, else its image_compiler (the shared imagec), else llvm-as per image."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _split(env):
    splits = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclSplit"]
    asserts.equals(env, 1, len(splits), "one SyclSplit action")
    return splits[0]

def _imagec_flags(split):
    return [a[len("-imagec="):] for a in split.argv if a.startswith("-imagec=")]

def _check(ctx, env):
    split = _split(env)
    servers = _imagec_flags(split)
    if not ctx.attr.want:
        asserts.equals(env, [], servers, "no server: llvm-as per image")
        return
    asserts.equals(env, 1, len(servers), "one -imagec")
    if servers:
        asserts.true(env, servers[0].endswith("/" + ctx.attr.want) and not servers[0].startswith("/"), "the split's server by a relative path: " + servers[0])
        asserts.true(env, ctx.attr.want in [f.basename for f in split.inputs.to_list()], "the server is an input of the split")

def _split_assembler_test_impl(ctx):
    env = analysistest.begin(ctx)
    _check(ctx, env)

    # Translation keeps the image compiler (the translator is not static).
    if ctx.attr.translate_server:
        translate = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclTranslate"][0]
        cmd = translate.argv[translate.argv.index("--") + 1:]
        asserts.true(env, cmd[0].endswith("/" + ctx.attr.translate_server), "SyclTranslate serves through " + cmd[0])
    return analysistest.end(env)

def _make(toolchain):
    return analysistest.make(
        _split_assembler_test_impl,
        attrs = {
            "translate_server": attr.string(),
            "want": attr.string(),
        },
        config_settings = {
            "//command_line_option:extra_toolchains": [toolchain],
            str(Label("//sycl:device_link_mode")): "whole",
            str(Label("//sycl:targets")): ["spir64"],
        },
    )

split_assembler_test = _make(str(Label("//tests/analysis:split_assembler_toolchain")))
split_image_compiler_test = _make(str(Label("//tests/analysis:split_image_compiler_toolchain")))
split_per_image_test = _make(str(Label("//tests/analysis:no_cuda_toolchain")))
