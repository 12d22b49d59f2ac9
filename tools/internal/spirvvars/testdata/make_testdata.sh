#!/bin/sh
# Regenerates the SPIR-V test modules from their assembly (SPIRV-Tools'
# spirv-as; Debian's spirv-tools package).
set -eu
cd "$(dirname "$0")"
# SPIR-V 1.2: what llvm-spirv-15 reads (1.0-1.4) and OpenCL 2.2 takes.
for f in *.spvasm; do spirv-as --target-env spv1.2 "$f" -o "${f%.spvasm}.spv"; done
