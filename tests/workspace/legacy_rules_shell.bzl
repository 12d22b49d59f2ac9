"""@rules_shell for WORKSPACE builds: Bazel's own sh_binary and sh_test, re-exported.

rules_sycl's BUILD files load sh_test and sh_binary from rules_shell, as
Bazel 9 requires (it has no native ones). Under bzlmod that is the
rules_shell module (MODULE.bazel). rules_shell's releases do not load on
Bazel 4.2 (0.4.0: `name 'visibility' is not defined`, its .bzl files call
visibility(), which Bazel 4.2 lacks), and WORKSPACE builds only run on
Bazel 8 and older, which still have the native rules: for WORKSPACE
(rules_sycl's development workspace, Bazel 4.2.3) this repository stands in
for rules_shell, with its two .bzl files and the native rules as their
symbols.
"""

_RULES = ["sh_binary", "sh_test"]

def _legacy_rules_shell_impl(rctx):
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    rctx.file("BUILD.bazel", "")
    rctx.file("shell/BUILD.bazel", "exports_files(%s)\n" % repr(["%s.bzl" % r for r in _RULES]))
    for rule in _RULES:
        rctx.file("shell/%s.bzl" % rule, "\n".join([
            "\"\"\"%s: Bazel's native rule (written by rules_sycl's legacy_rules_shell).\"\"\"" % rule,
            "",
            "%s = native.%s" % (rule, rule),
            "",
        ]))

legacy_rules_shell = repository_rule(
    implementation = _legacy_rules_shell_impl,
    doc = "rules_shell's sh_binary.bzl and sh_test.bzl for WORKSPACE builds (Bazel 4.2 to 8): the native rules.",
)
