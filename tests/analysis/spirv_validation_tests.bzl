"""Analysis tests of SyclSpirvValidate: spirv-val of every JIT SPIR-V image table a program wraps, on both paths."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load(":actions.bzl", "actions_by_mnemonic", "assert_no_absolute_paths", "flag_value", "make_per_tu")

_SYCL = Label("@local_config_sycl//:BUILD.bazel").workspace_root

def _tree_of(table):
    # The tree artifact that holds a file table: its directory.
    return table[:table.rindex("/")]

def _check(env, want_trees, validator = _SYCL + "/bin/validator"):
    """Asserts one SyclSpirvValidate per JIT SPIR-V image tree, each in the output group."""
    by = actions_by_mnemonic(env)
    validations = by.get("SyclSpirvValidate", [])
    tables = [flag_value(a.argv, "-table") for a in validations]
    asserts.equals(env, sorted(want_trees), sorted([_tree_of(t).split("/")[-1] for t in tables]), "one validation per SPIR-V image table")
    reports = []
    for a in validations:
        table = flag_value(a.argv, "-table")
        asserts.true(env, a.argv[0].endswith("/spirvval"), "tools/spirvval: " + a.argv[0])
        asserts.equals(env, validator, flag_value(a.argv, "-validator"), "the toolchain's spirv-val, by a relative path")
        inputs = [f.path for f in a.inputs.to_list()]
        asserts.true(env, _tree_of(table) in inputs, "input: the image tree of " + table)
        if validator:
            asserts.true(env, validator in inputs, "input: the validator")
        outs = a.outputs.to_list()
        asserts.equals(env, 1, len(outs), "one report")
        asserts.equals(env, outs[0].path, flag_value(a.argv, "-o"))
        reports += outs
    groups = analysistest.target_under_test(env)[OutputGroupInfo]
    asserts.equals(env, sorted([f.path for f in reports]), sorted([f.path for f in groups.sycl_spirv_validation.to_list()]), "sycl_spirv_validation: every report")
    assert_no_absolute_paths(env, validations)

# The per-TU path: every SYCL C++ TU's own images (the dependency's too);
# not the bfloat16 device library's (pipeline.bzl says why).
def _per_tu_test_impl(ctx):
    env = analysistest.begin(ctx)
    _check(env, ["ext.cpp.images", "util.cpp.images", "vadd.cpp.images"])
    return analysistest.end(env)

spirv_validation_per_tu_test = make_per_tu(_per_tu_test_impl)

# The device-link path: the translation of each per-TU link's split.
def _rdc_test_impl(ctx):
    env = analysistest.begin(ctx)
    by = actions_by_mnemonic(env)
    translated = sorted([flag_value(a.argv, "-out-table") for a in by["SyclTranslate"]])
    asserts.equals(env, 3, len(translated), "a translation per TU")
    validated = sorted([flag_value(a.argv, "-table") for a in by.get("SyclSpirvValidate", [])])
    asserts.equals(env, translated, validated, "every translation's table is validated")
    _check(env, ["spirv", "spirv", "spirv"])
    return analysistest.end(env)

spirv_validation_rdc_test = analysistest.make(_rdc_test_impl)

# The DPC++ toolchain has no validator: the action is there, and fails
# (tools/spirvval: "-validator is required") when the group is asked for.
def _no_validator_test_impl(ctx):
    env = analysistest.begin(ctx)
    _check(env, ["spirv"], validator = None)
    return analysistest.end(env)

spirv_validation_no_validator_test = analysistest.make(
    _no_validator_test_impl,
    config_settings = {str(Label("//sycl:device_link_mode")): "whole", str(Label("//sycl:toolchain")): "dpcpp"},
)
