#!/usr/bin/env python3
"""Keeps the documentation true (a step of ./test.sh).

    tests/docs/check_docs.py [--aquery-output FILE]

Fails, naming each problem on a line of its own, when
  - a relative link of a Markdown file git tracks (README.md,
    ARCHITECTURE.md, docs/, the tool manuals tools/*/README.md, ...) names a
    file that does not exist, or an anchor no heading of the target gives;
  - README.md is longer than 300 lines;
  - a mnemonic of an action of a rules_sycl rule's target is missing from
    ARCHITECTURE.md's "Action mnemonics" table: every mnemonic `bazel aquery`
    shows for the targets of kind sycl_* among
    deps(//examples/... + //tests/opencl/...) (the rules' own actions and
    the Bazel actions they cause on those targets; other rules' actions,
    such as rules_go's GoCompilePkg for the tools, are not the rules'), and
    every "Sycl..." mnemonic string under rules/private/actions/, which
    also covers mnemonics no example reaches; or the table lists a Sycl*
    mnemonic the rules no longer emit.
Then it checks itself: the same checks on edited copies of a file's text
(a broken link, a broken anchor, a missing table row, a long README) must
fail.

--aquery-output reads a saved `bazel aquery --output=text` of the query
`--query` prints, instead of running bazel. ./test.sh runs that aquery
itself, right after the command-line check, whose aquery analysed the same
targets in the same server, so it takes seconds: the same bazel client
environment matters, a python3 that changes PATH (pyenv's shims do) would
make Bazel re-run the configure repositories and the analysis.
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
README_MAX_LINES = 300
AQUERY = 'kind("sycl_", deps(//examples/... + //tests/opencl/...))'
MNEMONIC_SECTION = "## Action mnemonics"

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
HREF = re.compile(r"<a\s[^>]*href=\"([^\"]+)\"")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def markdown_files(root):
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
        cwd=root, check=True, capture_output=True, text=True).stdout.split()
    return sorted(p for p in set(out) if (root / p).is_file())


def read(root, path, edits):
    """path's text, or the edited text the self-test substitutes for it."""
    path = pathlib.Path(path).resolve()
    rel = str(path.relative_to(root.resolve()))
    return edits[rel] if rel in edits else path.read_text(encoding="utf-8")


def prose_lines(text):
    """Yields (line number, line) outside fenced code, inline code blanked."""
    fenced = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            if fenced is None:
                fenced = m.group(1)
            elif m.group(1) == fenced:
                fenced = None
            continue
        if fenced is None:
            yield n, INLINE_CODE.sub(lambda c: " " * len(c.group(0)), line)


def slug(heading):
    """The anchor GitHub gives a heading (its rendered text, then slugged)."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    # HTML tags render as nothing, except in code spans (`intel_gpu_<arch>`
    # renders its <arch>): the odd pieces between backticks are code.
    parts = text.split("`")
    text = "".join(p if i % 2 else re.sub(r"<[^>]+>", "", p) for i, p in enumerate(parts))
    text = text.replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def check_links(root, files, edits):
    problems, cache = [], {}
    for rel in files:
        src = root / rel
        for n, line in prose_lines(read(root, src, edits)):
            targets = LINK.findall(line) + HREF.findall(line)
            m = REF_DEF.match(line)
            if m:
                targets.append(m.group(1))
            for target in targets:
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                    continue  # http:, https:, mailto:
                path, _, anchor = target.partition("#")
                if path.startswith("/"):
                    dest = root / path.lstrip("/")
                elif path:
                    dest = (src.parent / path)
                else:
                    dest = src
                where = "%s:%d: link %s" % (rel, n, target)
                try:
                    dest.resolve().relative_to(root.resolve())
                except ValueError:
                    problems.append("%s: leaves the repository" % where)
                    continue
                if not dest.exists():
                    problems.append("%s: no such file" % where)
                    continue
                if anchor and dest.suffix == ".md" and dest.is_file():
                    if anchor not in real_anchors(root, dest, cache, edits):
                        problems.append("%s: no heading of %s gives #%s" % (where, dest.resolve().relative_to(root.resolve()), anchor))
    return problems


def real_anchors(root, path, cache, edits):
    """Anchors of path's headings, inline code included in their text."""
    path = path.resolve()
    if path not in cache:
        seen, found = {}, set()
        fenced = None
        for line in read(root, path, edits).split("\n"):
            m = FENCE.match(line)
            if m:
                if fenced is None:
                    fenced = m.group(1)
                elif m.group(1) == fenced:
                    fenced = None
                continue
            if fenced is not None:
                continue
            h = HEADING.match(line)
            if not h:
                continue
            s = slug(h.group(2))
            k = seen.get(s, 0)
            seen[s] = k + 1
            found.add(s if k == 0 else "%s-%d" % (s, k))
        cache[path] = found
    return cache[path]


def check_readme(root, edits):
    n = len(read(root, root / "README.md", edits).splitlines())
    if n > README_MAX_LINES:
        return ["README.md: %d lines, more than %d" % (n, README_MAX_LINES)]
    return []


def table_mnemonics(root, edits):
    """The mnemonics in the first column of ARCHITECTURE.md's table."""
    lines = read(root, root / "ARCHITECTURE.md", edits).split("\n")
    try:
        start = lines.index(MNEMONIC_SECTION)
    except ValueError:
        return None
    found = set()
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|") and not line.startswith("|---"):
            first = line.split("|")[1]
            found.update(re.findall(r"`([A-Z][A-Za-z0-9]*)`", first))
    return found


def emitted_by_rules(root):
    """Every "Sycl..." string of rules/private/actions (providers aside)."""
    providers = set(re.findall(r"^(\w+)\s*=\s*provider\(", (root / "rules" / "private" / "providers.bzl").read_text(encoding="utf-8"), re.M))
    found = set()
    for bzl in sorted((root / "rules" / "private" / "actions").glob("*.bzl")):
        for name in re.findall(r"\"(Sycl[A-Z][A-Za-z0-9]*)\"", bzl.read_text(encoding="utf-8")):
            if name not in providers:
                found.add(name)
    return found


def aquery_mnemonics(saved):
    if saved:
        try:
            text = pathlib.Path(saved).read_text(encoding="utf-8")
        except OSError as e:
            raise SystemExit("docs: --aquery-output %s: %s" % (saved, e.strerror))
    else:
        r = subprocess.run(["bazel", "aquery", "--output=text", AQUERY], cwd=ROOT,
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write("\n".join(r.stderr.splitlines()[-10:]) + "\n")
            raise SystemExit("docs: bazel aquery %r failed (exit %d)" % (AQUERY, r.returncode))
        text = r.stdout
    found = set(re.findall(r"^  Mnemonic: (\S+)$", text, re.M))
    if "SyclDeviceCompile" not in found:
        raise SystemExit("docs: bazel aquery %r shows no SyclDeviceCompile: the query is broken" % AQUERY)
    return found


def check_mnemonics(root, from_aquery, edits):
    table = table_mnemonics(root, edits)
    if table is None:
        return ["ARCHITECTURE.md: no %r section" % MNEMONIC_SECTION]
    problems = []
    static = emitted_by_rules(root)
    for m in sorted(from_aquery - table):
        problems.append("ARCHITECTURE.md: mnemonic %s (bazel aquery of sycl_* targets) is not in the %r table" % (m, MNEMONIC_SECTION))
    for m in sorted(static - table - from_aquery):
        problems.append("ARCHITECTURE.md: mnemonic %s (rules/private/actions) is not in the %r table" % (m, MNEMONIC_SECTION))
    for m in sorted(t for t in table if t.startswith("Sycl") and t not in static):
        problems.append("ARCHITECTURE.md: the %r table lists %s, which rules/private/actions no longer emits" % (MNEMONIC_SECTION, m))
    return problems


def check(root, files, from_aquery, edits=None):
    edits = edits or {}
    return check_links(root, files, edits) + check_readme(root, edits) + check_mnemonics(root, from_aquery, edits)


def self_test(files, from_aquery):
    """The checks must fail on a broken link, a missing row, a long README
    (each an edited copy of one file's text; the tree is not touched)."""
    def text(rel):
        return (ROOT / rel).read_text(encoding="utf-8")

    cases = [
        ("a link to a missing file", "docs/reference.md:",
         {"docs/reference.md": text("docs/reference.md") + "\n[gone](no-such-file.md)\n"}),
        ("a link to a missing heading", "#no-such-heading",
         {"README.md": text("README.md") + "\n[gone](docs/reference.md#no-such-heading)\n"}),
        ("a mnemonic missing from the table", "mnemonic SyclWrap",
         {"ARCHITECTURE.md": "\n".join(l for l in text("ARCHITECTURE.md").split("\n") if not l.startswith("| `SyclWrap` |"))}),
        ("a README over %d lines" % README_MAX_LINES, "README.md: ",
         {"README.md": text("README.md") + "x\n" * README_MAX_LINES}),
    ]
    failures = []
    for what, needle, edits in cases:
        got = check(ROOT, files, from_aquery, edits)
        if not any(needle in p for p in got):
            failures.append("self-test: %s went unnoticed (problems: %s)" % (what, got or "none"))
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--aquery-output", help="a saved `bazel aquery --output=text` of %s" % AQUERY)
    ap.add_argument("--query", action="store_true", help="print the aquery expression and exit")
    args = ap.parse_args()
    if args.query:
        print(AQUERY)
        return 0
    files = markdown_files(ROOT)
    from_aquery = aquery_mnemonics(args.aquery_output)
    problems = check(ROOT, files, from_aquery)
    for p in problems:
        print("docs: " + p, file=sys.stderr)
    failures = self_test(files, from_aquery)
    for f in failures:
        print("docs: " + f, file=sys.stderr)
    if problems or failures:
        return 1
    table = table_mnemonics(ROOT, {})
    print("docs: %d Markdown files, their relative links resolve; README.md %d lines; "
          "%d mnemonics of sycl_* targets (aquery) and %d of rules/private/actions in ARCHITECTURE.md's table of %d" % (
              len(files), len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()),
              len(from_aquery), len(emitted_by_rules(ROOT)), len(table)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
