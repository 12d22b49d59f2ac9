"""Analysis tests of sycl_bundle: the shared device pipeline, once per device target, ending in one SyclBundle."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load(":actions.bzl", "actions_by_mnemonic")

def _bundled(argv):
    """(device target, IR type, table's tree) per -table of the bundler's argv, in order."""
    out = []
    target = None
    ir_type = "spirv"
    for a in argv:
        if a.startswith("-target="):
            target = a[len("-target="):]
        elif a.startswith("-ir-type="):
            ir_type = a[len("-ir-type="):]
        elif a.startswith("-table="):
            out.append((target, ir_type, a.split("/")[-2]))
    return out

def _check_counts(env, by, counts):
    for m, n in counts.items():
        asserts.equals(env, n, len(by.get(m, [])), "number of %s actions" % m)

def _bundle_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    _check_counts(env, by, {"SyclBundle": 1, "SyclDeviceLink": 1, "SyclSplit": 1, "SyclTranslate": 1, "SyclWrap": 0})
    asserts.true(env, "-emit-kernel-names" in by["SyclSplit"][0].argv, "kernel names travel in the property sets")
    argv = by["SyclBundle"][0].argv
    asserts.equals(env, [("spir64", "spirv", "spirv")], _bundled(argv), "one SPIR-V table of the primary device target")
    asserts.true(env, "-state=executable" in argv, "the default state")
    return analysistest.end(env)

bundle_test = analysistest.make(_bundle_test_impl)

def _bundle_two_device_targets_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)

    # A SYCLBIN holds PTX, not CUDA fat binaries: no ptxas or fatbinary even
    # with --@rules_sycl//sycl:cuda_archs set.
    _check_counts(env, by, {
        "SyclAot": 1,
        "SyclBundle": 1,
        "SyclDeviceLink": 2,
        "SyclFatbinary": 0,
        "SyclPtxas": 0,
        "SyclSplit": 2,
        "SyclTranslate": 1,
        "SyclWrap": 0,
    })
    for s in by["SyclSplit"]:
        asserts.true(env, "-emit-kernel-names" in s.argv, "kernel names travel in the property sets")
    bundle = by["SyclBundle"][0]
    asserts.equals(
        env,
        [("spir64", "spirv", "spirv"), ("nvptx64", "ptx", "aot")],
        _bundled(bundle.argv),
        "one table per device target: SPIR-V for spir64, PTX for nvptx64",
    )
    inputs = [f.path for f in bundle.inputs.to_list()]
    asserts.true(env, [p for p in inputs if p.endswith("/_sycl/bundle/nvptx64/aot")] != [], "the nvptx64 PTX tree is an input")
    asserts.true(env, [p for p in inputs if p.endswith("/_sycl/bundle/spirv")] != [], "the spir64 SPIR-V tree is an input")
    return analysistest.end(env)

bundle_two_device_targets_test = analysistest.make(
    _bundle_two_device_targets_test_impl,
    config_settings = {
        str(Label("//sycl:cuda_archs")): ["sm_80"],
        str(Label("//sycl:targets")): ["spir64", "nvptx64"],
    },
)
