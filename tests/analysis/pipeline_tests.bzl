"""Analysis tests of the actions sycl_library, sycl_binary and sycl_toolchain register."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("@rules_cc//cc:defs.bzl", "CcInfo")
load("//rules:defs.bzl", "SyclInfo")
load(":actions.bzl", "actions_by_mnemonic", "assert_no_absolute_paths", "flag_value", "make_per_tu")

def _assert_counts(env, by, counts):
    for m, n in counts.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)

def _opencl_compiles(by):
    # SyclDeviceCompile of OpenCL C / C++ for OpenCL (clang -x ...); the
    # fixtures' C++ sources are SYCL C++ (tools/syclc), see sycl_cxx_tests.bzl.
    return [a for a in by.get("SyclDeviceCompile", []) if "-x" in a.argv]

# --- sycl_binary: every pipeline step is its own action -----------------------

# kernels.cl (OpenCL C) and main.cc (SYCL C++: a device compile to images
# and a host compile).
_BINARY_COUNTS = {
    "CppCompile": 0,
    "CppLink": 1,
    "SyclDeviceCompile": 2,
    "SyclHostCompile": 1,
    "SyclDeviceLink": 1,
    "SyclModuleId": 1,
    "SyclSplit": 1,
    "SyclTranslate": 1,
    "SyclWrap": 1,
}

def _binary_pipeline_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    _assert_counts(env, by, _BINARY_COUNTS)

    compile = _opencl_compiles(by)[0]
    asserts.true(env, "-emit-llvm" in compile.argv, "device compile emits LLVM bitcode")
    asserts.equals(env, "spir64", flag_value(compile.argv, "-target"))
    asserts.true(env, "-cl-std=CL3.0" in compile.argv, "OpenCL C compiles as CL3.0")
    asserts.true(env, "-DBINARY_DEFINE=1" in compile.argv, "defines reach device code")

    stamp = by["SyclModuleId"][0]
    asserts.equals(env, "tests/analysis/kernels.cl", flag_value(stamp.argv, "-id"), "module id is the TU's path")

    link = by["SyclDeviceLink"][0]
    linked = sorted([f.basename for f in link.inputs.to_list() if f.basename.endswith(".id.bc")])
    asserts.equals(env, ["helpers.cl.id.bc", "kernels.cl.id.bc"], linked, "device link takes every TU, the dependency's too")

    split = by["SyclSplit"][0]
    asserts.equals(env, ctx.attr.expected_split, flag_value(split.argv, "-split"))
    for flag in ["-symbols", "-properties", "-spec-const=native", "-split-by-device-requirements"]:
        asserts.true(env, flag in split.argv, "split passes " + flag)
    asserts.true(env, "-S" in link.argv, "the linked module is textual IR (llvm-link -S)")
    asserts.equals(env, ["ll"], [f.extension for f in link.outputs.to_list()], "the linked module is named .ll")
    split_data = [f for f in split.inputs.to_list() if f.extension in ["bc", "ll"]]
    asserts.equals(env, link.outputs.to_list(), split_data, "split reads the linked module only")

    translate = by["SyclTranslate"][0]
    if "-serve" in translate.argv:
        # The toolchain has imagec: one process per CPU for every image.
        asserts.true(env, [a for a in translate.argv if a.endswith("/imagec")] != [], "foreach -serve runs imagec")
        asserts.true(env, [a for a in split.argv if a.startswith("-imagec=")] != [], "the split assembles in imagec too")
    else:
        asserts.true(env, "{in}" in translate.argv and "{out}" in translate.argv, "translation runs once per image")
    asserts.true(env, "-jobs=0" in translate.argv, "as many images at once as the machine has CPUs")
    asserts.equals(env, split.outputs.to_list(), [f for f in translate.inputs.to_list() if f in split.outputs.to_list()])

    wrap = by["SyclWrap"][0]
    asserts.equals(env, "sycl", flag_value(wrap.argv, "-kind"))
    asserts.equals(env, "spirv", flag_value(wrap.argv, "-format"))
    asserts.equals(env, "spir64", flag_value(wrap.argv, "-target"))
    asserts.true(env, flag_value(wrap.argv, "-host").endswith("-linux-gnu"), "wrapper host triple")
    asserts.true(env, flag_value(wrap.argv, "-batch") != None, "wrapper reads the translated file table")
    asserts.equals(env, "3", flag_value(wrap.argv, "-image-version"), "the clang toolchain's runtime (libsycl.so.9) reads 80-byte images")
    asserts.false(env, "-new-offload-entries" in wrap.argv, "32-byte offload entries")

    link_inputs = [f.basename for f in by["CppLink"][0].inputs.to_list()]
    wrapper_object = analysistest.target_under_test(env).label.name + ".images.o"
    asserts.true(env, wrapper_object in link_inputs, "host link takes the wrapper object")
    asserts.equals(env, [wrapper_object], [f.basename for f in wrap.outputs.to_list()])

    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

_BINARY_TEST_ATTRS = {"expected_split": attr.string(mandatory = True)}

# The whole-program device link (one link and split; per-TU mode, the
# default, is in target_tests.bzl).
_WHOLE = {str(Label("//sycl:device_link_mode")): "whole"}

binary_pipeline_test = make_per_tu(_binary_pipeline_test_impl, attrs = _BINARY_TEST_ATTRS, config_settings = _WHOLE)

# The build setting reaches the split action.
binary_pipeline_per_kernel_test = make_per_tu(
    _binary_pipeline_test_impl,
    attrs = _BINARY_TEST_ATTRS,
    config_settings = dict(_WHOLE, **{str(Label("//sycl:split_mode")): "per_kernel"}),
)

binary_pipeline_off_test = make_per_tu(
    _binary_pipeline_test_impl,
    attrs = _BINARY_TEST_ATTRS,
    config_settings = dict(_WHOLE, **{str(Label("//sycl:split_mode")): "off"}),
)

# --- OpenCL C device compiles do not get the SYCL runtime's headers ----------

def _opencl_inputs_test_impl(ctx):
    env = analysistest.begin(ctx)
    compiles = _opencl_compiles(actions_by_mnemonic(env))
    asserts.equals(env, 1, len(compiles))

    # SYCL C++, which OpenCL C cannot parse: they would only be sandbox
    # inputs. (A dependency's CcInfo still carries them: its host compile
    # merged the runtime's.)
    asserts.equals(env, [], [f.short_path for f in compiles[0].inputs.to_list() if f.basename.endswith(".hpp")], "no SYCL runtime header is an OpenCL C compile's input")
    asserts.false(env, "-DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING" in compiles[0].argv, "nor the runtime's defines")
    return analysistest.end(env)

opencl_inputs_test = make_per_tu(_opencl_inputs_test_impl)

# --- sycl_library: per-TU device compile, host compile, no device link --------

def _library_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    _assert_counts(env, by, {
        "CppCompile": 0,
        "SyclDeviceCompile": 3,
        "SyclDeviceLink": 0,
        "SyclHostCompile": 1,
        "SyclModuleId": 2,
        "SyclSplit": 0,
    })
    langs = sorted([flag_value(a.argv, "-x") for a in _opencl_compiles(by)])
    asserts.equals(env, ["cl", "clcpp"], langs, ".cl is OpenCL C, .clcpp is C++ for OpenCL")
    for a in _opencl_compiles(by):
        if flag_value(a.argv, "-x") == "clcpp":
            asserts.true(env, "-cl-std=clc++2021" in a.argv, "C++ for OpenCL 2021")

    target = analysistest.target_under_test(env)
    objects = sorted([f.basename for f in target[SyclInfo].device_objects.to_list()])
    asserts.equals(env, ["helpers.cl.id.bc", "lib_extra.cl.id.bc", "lib_kernels.clcpp.id.bc"], objects, "SyclInfo carries the stamped TUs, the dependency's too")
    asserts.true(env, CcInfo in target, "sycl_library provides CcInfo for cc deps")
    assert_no_absolute_paths(env, analysistest.target_actions(env))
    return analysistest.end(env)

library_test = make_per_tu(_library_test_impl)

# --- sycl_toolchain: a detection failure names what is missing ----------------

def _toolchain_missing_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, "missing: llvm-spirv-15 (set SYCL_LLVM_SPIRV or apt-get install llvm-spirv-15)")
    return analysistest.end(env)

toolchain_missing_test = make_per_tu(_toolchain_missing_test_impl, expect_failure = True)

# --- compression: build setting and attribute reach the wrapper -------------

def _wrap_compression_test_impl(ctx):
    env = analysistest.begin(ctx)
    wrap = actions_by_mnemonic(env)["SyclWrap"][0]
    asserts.equals(env, ctx.attr.expect_compress, "-offload-compress" in wrap.argv, "-offload-compress on the wrapper command line")
    if ctx.attr.expect_compress:
        asserts.equals(env, ctx.attr.expect_level, flag_value(wrap.argv, "-offload-compression-level"))
        asserts.equals(env, "512", flag_value(wrap.argv, "-offload-compression-threshold"))
    return analysistest.end(env)

_COMPRESSION_ATTRS = {
    "expect_compress": attr.bool(mandatory = True),
    "expect_level": attr.string(),
}

wrap_compression_test = make_per_tu(_wrap_compression_test_impl, attrs = _COMPRESSION_ATTRS)

wrap_compression_setting_test = make_per_tu(
    _wrap_compression_test_impl,
    attrs = _COMPRESSION_ATTRS,
    config_settings = {
        str(Label("//sycl:compress")): True,
        str(Label("//sycl:compression_level")): 19,
    },
)

# --- --//sycl:image_shards: one translation action per slice of the table ----

def _image_shards_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    _assert_counts(env, by, {"SyclSplit": 1, "SyclTranslate": 3, "SyclWrap": 1})
    shards = sorted([flag_value(a.argv, "-shard") for a in by["SyclTranslate"]])
    asserts.equals(env, ["0/3", "1/3", "2/3"], shards, "each translation takes one slice")
    split_out = by["SyclSplit"][0].outputs.to_list()
    for a in by["SyclTranslate"]:
        asserts.equals(env, split_out, [f for f in a.inputs.to_list() if f in split_out], "every shard reads the one split")
    wrap = by["SyclWrap"][0]
    batches = [wrap.argv[i + 1] for i, a in enumerate(wrap.argv) if a == "-batch"]
    asserts.equals(env, 4, len(batches), "the wrapper reads every shard's table, and main.cc's SYCL C++ images'")
    asserts.equals(env, sorted([f for a in by["SyclTranslate"] for f in a.outputs.to_list()]), sorted([f for f in wrap.inputs.to_list() if "/spirv" in f.path]), "and every shard's images")
    return analysistest.end(env)

image_shards_test = make_per_tu(
    _image_shards_test_impl,
    config_settings = dict(_WHOLE, **{str(Label("//sycl:image_shards")): 3}),
)
