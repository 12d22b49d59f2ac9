"""Lists the public attributes of rules_sycl's rules, for the docs test.

An aspect reads the attribute names of real targets (dir(ctx.rule.attr)), so
a new attribute shows up here without anyone having to remember to list it.
"""

# Attributes every Bazel rule (or every test/executable rule) has: documented
# by Bazel, not by rules_sycl.
_BAZEL_COMMON = [
    "applicable_licenses",
    "args",
    # Bazel 7+.
    "aspect_hints",
    "compatible_with",
    "deprecation",
    "distribs",
    "env_inherit",
    "exec_compatible_with",
    "exec_properties",
    "expect_failure",
    "features",
    "flaky",
    "licenses",
    "local",
    "name",
    "output_licenses",
    "restricted_to",
    "shard_count",
    "size",
    "tags",
    "target_compatible_with",
    "testonly",
    "timeout",
    "toolchains",
    "transitive_configs",
    "visibility",
]

PublicAttrsInfo = provider(
    doc = "Public attribute names of one target's rule.",
    fields = {"lines": "list of 'rule_kind attribute' strings"},
)

def _public_attrs_aspect_impl(_target, ctx):
    names = [
        n
        for n in dir(ctx.rule.attr)
        if not n.startswith("_") and not n.startswith("generator_") and n not in _BAZEL_COMMON and n not in ("to_json", "to_proto")
    ]
    return [PublicAttrsInfo(lines = ["%s %s" % (ctx.rule.kind, n) for n in sorted(names)])]

public_attrs_aspect = aspect(implementation = _public_attrs_aspect_impl)

def _public_attrs_impl(ctx):
    lines = []
    for t in ctx.attr.targets:
        lines += t[PublicAttrsInfo].lines
    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, "\n".join(sorted(lines)) + "\n")
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

public_attrs = rule(
    implementation = _public_attrs_impl,
    doc = "Writes '<rule kind> <attribute>' for every public attribute of the rules of `targets`.",
    attrs = {"targets": attr.label_list(aspects = [public_attrs_aspect])},
)
