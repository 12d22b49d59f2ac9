"""Analysis tests of rules/private/driver_flags.bzl: DPC++ driver options in copts, device_copts and linkopts."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def _refused_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, ctx.attr.message)
    return analysistest.end(env)

# A target with one option: the one-line failure it gives (message).
driver_flags_refused_test = analysistest.make(
    _refused_test_impl,
    expect_failure = True,
    attrs = {"message": attr.string(mandatory = True)},
)

# The failure of each class of option (tests/analysis/BUILD.bazel).
DRIVER_FLAGS_REFUSED = {
    "attribute": "copts has DPC++'s -fsycl-targets=spir64_x86_64: use the targets attribute of sycl_binary/sycl_test or --@rules_sycl//sycl:targets",
    "split": "device_copts has DPC++'s -fsycl-device-code-split=per_kernel: use the split_mode attribute or --@rules_sycl//sycl:split_mode",
    "backend": "device_copts has DPC++'s -Xsycl-target-backend=spir64_x86_64: the ahead-of-time compilers' options are settings",
    "preview": "device_copts has DPC++'s -fpreview-breaking-changes: needs libsycl-preview.so, which the pinned intel-sycl-rt 2026.2.0 wheel (and dpcpp-cpp-rt 2026.2.0) does not ship",
    "device_in_copts": "copts has DPC++'s -fno-sycl-early-optimizations, a flag of the device compile: put it in device_copts",
    "unknown_in_linkopts": "linkopts has -fsycl-something-new, a DPC++ driver option that the host link does not take: device front-end flags go in device_copts",
    "both": "device_copts has DPC++'s -sycl-std=121: not supported: SYCL 2020 (DPC++'s default) in the host and the device compile",
}

def _accepted_test_impl(ctx):
    # Device-compile options in device_copts reach the device compile and
    # not the host compile.
    env = analysistest.begin(ctx)
    device = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclDeviceCompile"]
    host = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclHostCompile"]
    asserts.true(env, len(device) > 0 and len(host) > 0, "a device and a host compile")
    for a in device:
        argv = " ".join(a.argv)
        for flag in ["-fno-sycl-dead-args-optimization", "-foffload-fp32-prec-sqrt"]:
            asserts.true(env, flag in argv, "%s in the device compile: %s" % (flag, argv))
    for a in host:
        argv = " ".join(a.argv)
        asserts.false(env, "-foffload-fp32-prec-sqrt" in argv, "no device option in the host compile: %s" % argv)
    return analysistest.end(env)

driver_flags_accepted_test = analysistest.make(_accepted_test_impl)
