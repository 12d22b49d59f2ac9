#!/bin/sh
# Regenerates the SPIR-V images of the tests from their assembly
# (spirv-as of SPIRV-Tools, Debian's spirv-tools).
set -eu
cd "$(dirname "$0")"
for f in valid invalid; do
  spirv-as --target-env spv1.0 "$f.spvasm" -o "$f.spv"
done
# Numeric ids kept: the two modules differ only by the instructions dropped.
for f in global_variable_decorations global_variable_decorations_dropped; do
  spirv-as --preserve-numeric-ids --target-env spv1.2 "$f.spvasm" -o "$f.spv"
done
