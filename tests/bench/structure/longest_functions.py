#!/usr/bin/env python3
"""Lengths of the Starlark functions under rules/, longest first.

A function runs from its `def` line to the last non-blank line before the
next top-level statement. Prints the top K (default 5).
    tests/bench/structure/longest_functions.py [K]
"""
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[3]
k = int(sys.argv[1]) if len(sys.argv) > 1 else 5
found = []
for path in sorted((root / "rules").rglob("*.bzl")):
    lines = path.read_text().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("def "):
            name = lines[i][4:].split("(")[0]
            end = i
            j = i + 1
            while j < len(lines) and (lines[j] == "" or lines[j][0] in " \t" or lines[j].startswith(")")):
                if lines[j].strip():
                    end = j
                j += 1
            found.append((end - i + 1, str(path.relative_to(root)), name))
            i = j
        else:
            i += 1
found.sort(key=lambda f: (-f[0], f[1], f[2]))
for n, path, name in found[:k]:
    print("%4d  %s  %s" % (n, path, name))
