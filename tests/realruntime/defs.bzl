"""Builds a sycl_binary with a toolchain that declares another layout."""

_LAYOUT = str(Label("//tests/realruntime:layout"))

def _layout_transition_impl(_settings, attr):
    return {_LAYOUT: attr.layout}

_layout_transition = transition(
    implementation = _layout_transition_impl,
    inputs = [],
    outputs = [_LAYOUT],
)

def _with_layout_impl(ctx):
    binary = ctx.attr.binary[0][DefaultInfo]
    return [DefaultInfo(files = depset([binary.files_to_run.executable]), runfiles = binary.default_runfiles)]

with_layout = rule(
    implementation = _with_layout_impl,
    doc = """`binary` (a sycl_binary) built with the test toolchain that declares
`layout` (see this package's toolchains): its executable and runfiles.""",
    attrs = {
        "binary": attr.label(mandatory = True, cfg = _layout_transition),
        "layout": attr.string(mandatory = True, values = ["v2_old", "v3_new"]),
        "_allowlist_function_transition": attr.label(default = "@bazel_tools//tools/allowlists/function_transition_allowlist"),
    },
)
