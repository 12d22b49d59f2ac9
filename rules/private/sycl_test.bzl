"""sycl_test: a sycl_binary that `bazel test` runs."""

load(":attrs.bzl", "BINARY_ATTRS", "TOOLCHAINS")
load(":sycl_binary.bzl", "BINARY_DOC", "device_targets_transition", "sycl_binary_impl")

sycl_test = rule(
    implementation = sycl_binary_impl,
    doc = BINARY_DOC + "\n\nA test: `bazel test` runs it; exit code 0 passes.",
    attrs = BINARY_ATTRS,
    toolchains = TOOLCHAINS,
    fragments = ["cpp"],
    test = True,
    cfg = device_targets_transition,
)
