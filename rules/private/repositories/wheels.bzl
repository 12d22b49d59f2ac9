"""Pinned PyPI wheels for repository rules: fetched by name with pip.

Wheels are asked for by project name and version (`pip download --no-deps
--only-binary=:all:`), so whatever index the user's pip is configured for
serves them, and each is checked against the sha256 pinned next to it. A
directory named by RULES_SYCL_WHEELHOUSE (./setup.sh fills one with
`wheels.py prefetch`) is used first, with the same check, so fetching needs
no network.

A pinned wheel is a struct(name, version, file, sha256): the project, its
version, the file pip must produce, and that file's sha256. wheels.py finds
the pins of every .bzl file it is told about by that field order.
"""

WHEELHOUSE_ENV = "RULES_SYCL_WHEELHOUSE"

def fetch_wheel(rctx, python, w, dest):
    """Puts wheel w at dest/w.file, from the wheelhouse or through pip.

    Args:
      rctx: repository_ctx.
      python: path of python3.
      w: the pinned wheel (struct with name, version, file, sha256).
      dest: directory, relative to the repository, to put it in.

    Returns:
      "" when the wheel is there, else a one-paragraph error saying what to do.
      The sha256 is checked by the caller's unpacking step (wheels.py).
    """
    wheelhouse = rctx.os.environ.get(WHEELHOUSE_ENV, "")
    if wheelhouse:
        cached = rctx.path(wheelhouse + "/" + w.file)
        if cached.exists:
            rctx.symlink(cached, dest + "/" + w.file)
            return ""
    pip = rctx.execute([python, "-m", "pip", "--version"])
    if pip.return_code != 0:
        return "wheel {n}=={v} is needed but {py} has no pip ({err}). Install pip (Debian: apt-get install python3-pip), or put {f} into a directory named by {env} (./setup.sh does).".format(
            n = w.name,
            v = w.version,
            py = python,
            err = (pip.stderr.strip().splitlines() or ["no output"])[-1],
            f = w.file,
            env = WHEELHOUSE_ENV,
        )
    rctx.report_progress("pip download %s==%s" % (w.name, w.version))
    r = rctx.execute(
        [
            python,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--disable-pip-version-check",
            "--dest",
            dest,
            "%s==%s" % (w.name, w.version),
        ],
        timeout = 1800,
        quiet = True,
    )
    if r.return_code != 0:
        lines = [line for line in (r.stdout + "\n" + r.stderr).strip().splitlines() if line.strip()]
        errors = [line for line in lines if line.startswith("ERROR")]
        lines = errors or lines
        return "pip could not download wheel {n}=={v}: {err}\nCheck that pip reaches a package index (pip config list; PIP_INDEX_URL), or download {f} on a machine that does and name its directory with --repo_env={env}=DIR.".format(
            n = w.name,
            v = w.version,
            err = lines[-1] if lines else "exit %d" % r.return_code,
            f = w.file,
            env = WHEELHOUSE_ENV,
        )
    if not rctx.path(dest + "/" + w.file).exists:
        return "pip downloaded wheel {n}=={v}, but not as {f} (a different platform or build?): the index pip uses does not serve the file rules_sycl pins.".format(
            n = w.name,
            v = w.version,
            f = w.file,
        )
    return ""
