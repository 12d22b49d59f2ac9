#!/bin/sh
# Regenerates the SPIR-V images of the tests from their assembly
# (spirv-as of SPIRV-Tools, Debian's spirv-tools).
set -eu
cd "$(dirname "$0")"
for f in valid invalid; do
  spirv-as --target-env spv1.0 "$f.spvasm" -o "$f.spv"
done
