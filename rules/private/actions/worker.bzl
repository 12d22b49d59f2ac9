"""Persistent workers: the Go tools serve many actions from one process.

Each of tools/{moduleid,devlink,splitter,foreach,wrapper,bundler,kernelinfo} serves
Bazel's work requests when started with --persistent_worker (see
tools/internal/worker). Where Bazel picks the worker strategy (the default
for actions that support it, locally), an action runs in a warm process
instead of a new process in a new sandbox: on an incremental rebuild the
sandbox setup is most of a small action's time. Remote execution and
--strategy=MNEMONIC=sandboxed|local run the same command line one-shot.
"""

# Bazel starts a worker only for actions that say they support one.
WORKER_REQUIREMENTS = {"supports-workers": "1"}

def worker_args(args):
    """Puts all of args into a param file, as a worker action needs.

    Bazel sends a worker the expanded lines of the action's last argument,
    which must be a param file (@FILE); everything before it would start a
    separate worker. Bazel 4.2.3 expands @FILE lines inside it too (a
    per-TU link's @TU list arrives as its lines, seen in a worker's log);
    a one-shot run expands the param file itself and devlink then the TU
    list, so both get the same arguments (tools/devlink/worker_test.go).

    Args:
      args: the action's only Args object.

    Returns:
      args.
    """
    args.use_param_file("@%s", use_always = True)
    args.set_param_file_format("multiline")
    return args
