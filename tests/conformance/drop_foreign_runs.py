#!/usr/bin/env python3
"""Copies the sycl-post-link halves of mixed lit tests.

Some of intel/llvm's sycl-post-link tests also run intel's own
sycl-module-split or `llvm-split -sycl-split` on the same input and check
both outputs with the same CHECK lines. Those tools are not ours, so the
conformance suite reports such tests UNSUPPORTED. This script copies each
of them with the other tool's RUN lines turned into comments: the RUN line
that calls the tool, and every RUN line that reads a file it wrote (a path
starting with its -o prefix). The sycl-post-link RUN lines and all CHECK
lines stay as they are (a FileCheck run only reads the prefixes it is
given, so prefixes left without a RUN line are harmless), and so do line
numbers, so that FileCheck's messages point at the original test's lines.

  drop_foreign_runs.py CORPUS_DIR OUT_DIR

CORPUS_DIR holds lit.cfg.py, spl_lit_format.py, run.sh and tests/. OUT_DIR
gets the same harness and only the rewritten tests. Prints one line per
test: its path and the dropped line numbers.
"""

import os
import re
import shutil
import sys

RUN_RE = re.compile(r'\bRUN:(.*)$')
# A command position: start of the line or after a pipe / && / ; / ||.
FOREIGN_RE = re.compile(
    r'(?:^|\|\||&&|\||;)\s*(?:not\s+)?(sycl-module-split\b|llvm-split\b(?=.*-sycl-split))')
OUT_RE = re.compile(r'(?:^|\s)-o(?:\s+|=)(\S+)')
# Replaces "RUN:" so lit does not see the line; keeps the line's length
# out of concern only for readability (line numbers are what matter).
DROPPED = 'RUN(dropped: foreign tool):'


def run_commands(lines):
    """(first line index, last line index, joined text) of each RUN command."""
    out, start, cur = [], None, ''
    for i, line in enumerate(lines):
        m = RUN_RE.search(line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if start is None:
            start = i
        if part.endswith('\\'):
            cur += part[:-1] + ' '
            continue
        out.append((start, i, (cur + part).strip()))
        start, cur = None, ''
    if start is not None:
        out.append((start, len(lines) - 1, cur.strip()))
    return out


def reads_prefix(cmd, prefixes):
    for p in prefixes:
        if re.search(re.escape(p) + r'(?=[._]|$|\s)', cmd):
            return True
    return False


def rewrite(text):
    """Returns (new text, dropped 1-based line numbers) or (None, []) when
    the test calls no foreign tool."""
    lines = text.split('\n')
    cmds = run_commands(lines)
    prefixes = []
    for _, _, cmd in cmds:
        if FOREIGN_RE.search(cmd):
            m = OUT_RE.search(cmd)
            if m:
                prefixes.append(m.group(1))
    if not any(FOREIGN_RE.search(c) for _, _, c in cmds):
        return None, []
    dropped = []
    for first, last, cmd in cmds:
        if FOREIGN_RE.search(cmd) or reads_prefix(cmd, prefixes):
            for i in range(first, last + 1):
                lines[i] = lines[i].replace('RUN:', DROPPED, 1)
                dropped.append(i + 1)
    return '\n'.join(lines), dropped


def main(argv):
    if len(argv) != 3:
        sys.stderr.write('usage: drop_foreign_runs.py CORPUS_DIR OUT_DIR\n')
        return 2
    corpus, out = argv[1], argv[2]
    for name in ('lit.cfg.py', 'spl_lit_format.py', 'run.sh'):
        src = os.path.join(corpus, name)
        if not os.path.isfile(src):
            sys.stderr.write('drop_foreign_runs.py: %s: missing\n' % src)
            return 1
        shutil.copy2(src, os.path.join(out, name))
    tests = os.path.join(corpus, 'tests')
    n = 0
    for root, dirs, files in os.walk(tests):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(('.ll', '.test')):
                continue
            src = os.path.join(root, f)
            with open(src, encoding='utf-8') as fh:
                new, dropped = rewrite(fh.read())
            if new is None:
                continue
            rel = os.path.relpath(src, corpus)
            dst = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, 'w', encoding='utf-8') as fh:
                fh.write(new)
            print('%s: dropped RUN lines %s' % (rel, ','.join(map(str, dropped))))
            n += 1
    if n == 0:
        sys.stderr.write('drop_foreign_runs.py: no test in %s calls another splitter\n' % tests)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
