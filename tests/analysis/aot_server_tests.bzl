"""Analysis tests of the nvptx64 AOT step's command: one tools/imagec/codegen.cc
server per CPU through foreach -serve=codegen where the target has an
aot_server and aot_args it knows, else one llc per image."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts", "unittest")

# buildifier: disable=bzl-visibility
load("//rules/private/actions:aot.bzl", "server_flags")

def _aot_action(env):
    aots = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclAot"]
    asserts.equals(env, 1, len(aots), "one SyclAot action")
    return aots[0]

def _command(action):
    return action.argv[action.argv.index("--") + 1:]

def _aot_server_test_impl(ctx):
    env = analysistest.begin(ctx)
    aot = _aot_action(env)
    cmd = _command(aot)
    asserts.true(env, "-serve=codegen" in aot.argv, "foreach -serve=codegen")
    asserts.true(env, "-jobs=0" in aot.argv, "one server per CPU")
    asserts.true(env, cmd[0].endswith("/stand_in_aot_server") and not cmd[0].startswith("/"), "the server by a relative path: " + cmd[0])
    asserts.equals(env, ["serve", "-march=nvptx64", "-mcpu=sm_70", "-O3"], cmd[1:], "the llc flags without {in} -o {out}")
    asserts.equals(env, ".ptx", aot.argv[aot.argv.index("-out-ext") + 1])
    asserts.true(env, "stand_in_aot_server" in [f.basename for f in aot.inputs.to_list()], "the server is an input")
    return analysistest.end(env)

aot_server_test = analysistest.make(
    _aot_server_test_impl,
    config_settings = {
        "//command_line_option:extra_toolchains": [str(Label("//tests/analysis:aot_server_toolchain"))],
        str(Label("//sycl:cuda_archs")): [],
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["nvptx64"],
    },
)

def _aot_per_image_test_impl(ctx):
    env = analysistest.begin(ctx)
    aot = _aot_action(env)
    cmd = _command(aot)
    asserts.false(env, [a for a in aot.argv if a.startswith("-serve")], "no server without aot_server")
    asserts.true(env, cmd[0].endswith("/bin/nvptx_llc"), "llc: " + cmd[0])
    asserts.equals(env, ["-march=nvptx64", "-mcpu=sm_70", "{in}", "-o", "{out}"], cmd[1:], "llc per image")
    return analysistest.end(env)

# tests/analysis:no_cuda_toolchain's nvptx64 target has no aot_server.
aot_per_image_test = analysistest.make(
    _aot_per_image_test_impl,
    config_settings = {
        "//command_line_option:extra_toolchains": [str(Label("//tests/analysis:no_cuda_toolchain"))],
        str(Label("//sycl:cuda_archs")): [],
        str(Label("//sycl:device_link_mode")): "whole",
        str(Label("//sycl:targets")): ["nvptx64"],
    },
)

def _server_flags_test_impl(ctx):
    env = unittest.begin(ctx)
    for args, want in [
        (["-march=nvptx64", "-mcpu=sm_70", "{in}", "-o", "{out}"], ["-march=nvptx64", "-mcpu=sm_70"]),
        (["{in}", "-o", "{out}", "-O1", "-mattr=+ptx80", "-mtriple=nvptx64-nvidia-cuda"], ["-O1", "-mattr=+ptx80", "-mtriple=nvptx64-nvidia-cuda"]),
        (["{in}", "-o", "{out}"], []),
        # llc-only flags the server does not parse, and odd shapes: llc per image.
        (["-march=nvptx64", "-filetype=obj", "{in}", "-o", "{out}"], None),
        (["-march=nvptx64", "-O", "{in}", "-o", "{out}"], None),
        (["-march=nvptx64", "{in}", "-o{out}"], None),
        (["-march=nvptx64", "-o", "{out}", "{in}"], None),
        (["-march=nvptx64"], None),
    ]:
        asserts.equals(env, want, server_flags(args), "server_flags(%s)" % args)
    return unittest.end(env)

server_flags_test = unittest.make(_server_flags_test_impl)
