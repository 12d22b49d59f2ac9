"""What the analysis tests share."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest")

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
