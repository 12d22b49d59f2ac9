"""The device image and offload entry layouts reach the wrapper's command line."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts", "unittest")

# Tests of private helpers: they are not public API.
# buildifier: disable=bzl-visibility
load("//rules/private/actions:wrap.bzl", "emit_wrap")

# buildifier: disable=bzl-visibility
load("//rules/private/repositories:dpcpp_configure.bzl", "image_version_for_libsycl")

# --- emit_wrap(): each layout becomes its flags -------------------------------

def _declare(sycl, name, **_layout):
    # One file per fixture; the layout arguments do not matter here.
    return sycl.actions.declare_file(sycl.label.name + "/" + name)

def _wrap_fixture_impl(ctx):
    # The parts of the SYCL context (rules/private/context.bzl) emit_wrap reads.
    sycl = struct(
        label = ctx.label,
        actions = ctx.actions,
        declare = _declare,
        toolchain = struct(image_version = ctx.attr.image_version, offload_entries = ctx.attr.offload_entries),
        tools = struct(wrapper = ctx.attr._wrapper[DefaultInfo].files_to_run),
        modes = struct(compression = None),
        cc_toolchain = struct(cpu = "k8"),
    )
    out = emit_wrap(
        sycl,
        image_tables = [struct(dirs = [ctx.file.table], table = ctx.file.table.path, device_target = struct(name = "spir64", image_target = "spir64", compile_target = ""), format = "spirv")],
    )
    return [DefaultInfo(files = depset([out]))]

wrap_fixture = rule(
    implementation = _wrap_fixture_impl,
    attrs = {
        "table": attr.label(allow_single_file = True, mandatory = True),
        "image_version": attr.int(mandatory = True),
        "offload_entries": attr.string(mandatory = True),
        "_wrapper": attr.label(default = Label("//tools/wrapper"), executable = True, cfg = "exec"),
    },
)

def _wrap_layout_test_impl(ctx):
    env = analysistest.begin(ctx)
    argv = [a for a in analysistest.target_actions(env) if a.mnemonic == "SyclWrap"][0].argv
    versions = [a for a in argv if a.startswith("-image-version=")]
    asserts.equals(env, [ctx.attr.expect_image_version], versions, "one explicit -image-version")
    asserts.equals(env, ctx.attr.expect_new_entries, "-new-offload-entries" in argv, "-new-offload-entries")
    return analysistest.end(env)

wrap_layout_test = analysistest.make(_wrap_layout_test_impl, attrs = {
    "expect_image_version": attr.string(mandatory = True),
    "expect_new_entries": attr.bool(mandatory = True),
})

# --- a DPC++ install's layout follows its libsycl.so.N ----------------------

def _libsycl_layout_test_impl(ctx):
    env = unittest.begin(ctx)
    for major, want in [(7, 2), (8, 2), (9, 3), (10, 3), (None, 3)]:
        asserts.equals(env, want, image_version_for_libsycl(major), "libsycl.so.%s" % major)
    return unittest.end(env)

libsycl_layout_test = unittest.make(_libsycl_layout_test_impl)
