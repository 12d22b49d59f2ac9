"""What the analysis tests share."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")

def actions_by_mnemonic(env):
    """Groups the actions of the target under test by mnemonic.

    Args:
      env: the analysistest environment.

    Returns:
      dict: mnemonic -> list of actions, in the target's order.
    """
    by = {}
    for a in analysistest.target_actions(env):
        by.setdefault(a.mnemonic, []).append(a)
    return by

def flag_value(argv, flag):
    """Returns V for `flag=V` or `flag V` in argv, or None.

    Args:
      argv: an action's argv.
      flag: the flag, e.g. "-split".

    Returns:
      string or None.
    """
    for i, a in enumerate(argv):
        if a.startswith(flag + "="):
            return a[len(flag) + 1:]
        if a == flag and i + 1 < len(argv):
            return argv[i + 1]
    return None

def assert_no_absolute_paths(env, actions):
    """Fails the test for an absolute path on any action's command line.

    Args:
      env: the analysistest environment.
      actions: the actions to check.
    """
    for a in actions:
        for arg in a.argv or []:
            # Look inside -Dx=/y, -I/x, -B/x and @/param-file forms too.
            value = arg.split("=", 1)[-1]
            for prefix in ["-I", "-L", "-B", "@"]:
                if value.startswith(prefix):
                    value = value[len(prefix):]
            asserts.false(
                env,
                value.startswith("/"),
                "%s action has an absolute path on its command line: %s" % (a.mnemonic, arg),
            )

_RDC = str(Label("//sycl:rdc"))

def make_per_tu(impl, config_settings = {}, **kwargs):
    """analysistest.make with SYCL C++ on the per-TU path (rdc off).

    For tests of the per-TU images and of the OpenCL C pipeline, whose
    targets' C++ TUs are then not device objects of the link.

    Args:
      impl: the test's implementation.
      config_settings: more settings of the test's configuration.
      **kwargs: analysistest.make's other arguments.

    Returns:
      the test rule.
    """
    settings = dict(config_settings)
    settings[_RDC] = False
    return analysistest.make(impl, config_settings = settings, **kwargs)
