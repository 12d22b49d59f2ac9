#!/usr/bin/env bash
# One SyclAot action per image table and Intel GPU: for every target of
# TARGETS (comma-separated intel_gpu_<arch> names), the SyclAot actions of
# the targets PATTERN matches, built with --//sycl:targets=spir64,TARGETS,
# run tools/gpuaot for that architecture's ocloc device, each over an image
# table of its own, and every SPIR-V translation of that architecture
# (device-link path) has one over its table; the per-TU path's over the
# compile's own tables. Run from a
# workspace; prints the counts.
#   check_intel_gpu_aot.sh PATTERN TARGETS
set -euo pipefail
pattern="$1" targets="$2"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bazel aquery --output=text "--//sycl:targets=spir64,$targets" "mnemonic('SyclAot|SyclTranslate', $pattern)" >"$out" 2>/dev/null
python3 - "$out" "$targets" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
targets = sys.argv[2].split(",")
actions = []
for block in ("\n" + text).split("\naction ")[1:]:
    m = re.search(r"Mnemonic: (\S+)", block)
    cmd = block[block.find("Command Line:"):]
    args = re.findall(r"'([^']*)'|(\S+)", cmd)
    # aquery's text form continues lines with a backslash.
    args = [a or b for a, b in args if (a or b) != "\\"]
    actions.append((m.group(1), args))
failed = False
for t in targets:
    def under(args, flag):
        for i, a in enumerate(args):
            if a == flag and i + 1 < len(args):
                return args[i + 1]
        return ""
    aot = [a for m, a in actions if m == "SyclAot" and ("/%s/" % t) in under(a, "-out-table")]
    tr = [a for m, a in actions if m == "SyclTranslate" and ("/%s/" % t) in under(a, "-out-table")]
    tables = {under(a, "-table") for a in aot}
    devices = {x for a in aot for x in a if x.startswith("-device=")}
    print("%s: %d SyclAot actions over %d image tables (%s), %d SPIR-V translations" % (t, len(aot), len(tables), " ".join(sorted(devices)), len(tr)))
    untranslated = {under(a, "-out-table") for a in tr} - tables
    if not aot or len(tables) != len(aot) or len(devices) != 1 or untranslated:
        print("FAIL: %s: want one SyclAot per image table, all for one device, and one for every translation (%d not compiled)" % (t, len(untranslated)))
        failed = True
sys.exit(1 if failed else 0)
PY
