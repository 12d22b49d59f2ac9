#!/usr/bin/env bash
# Runs examples/syclbin on the plain (container-less) SYCLBIN, prints its
# output, and exits 0 only if it failed with status 1.
set -uo pipefail
out="$(examples/syclbin/syclbin examples/syclbin/kernels_plain.syclbin 2>&1)"
rc=$?
printf '%s\n' "$out"
[ "$rc" -eq 1 ]
