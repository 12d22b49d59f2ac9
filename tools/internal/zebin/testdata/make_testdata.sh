#!/bin/sh
# Rebuilds the test images: kernels.spv (two OpenCL C kernels, vadd and
# scale), its zebins for pvc and bmg-g21, and nokernels.zebin, which ocloc
# writes (exit 0) for the first 200 bytes of kernels.spv: a zebin without
# kernels. Usage: make_testdata.sh OCLOC (e.g. the launcher of
# @rules_sycl_ocloc: "$(bazel info output_base)/external/rules_sycl_ocloc/bin/ocloc"
# after `bazel build @rules_sycl_ocloc//:files`). Needs clang-15 and
# llvm-spirv-15 (Debian 12).
set -eu
ocloc="$1"
cd "$(dirname "$0")"
clang-15 -cl-std=CL2.0 -target spir64 -O1 -emit-llvm -c kernels.cl -o kernels.bc
llvm-spirv-15 kernels.bc -o kernels.spv
rm kernels.bc
head -c 200 kernels.spv >truncated.spv
for dev in pvc bmg-g21; do
  "$ocloc" compile -spirv_input -file kernels.spv -device "$dev" -output "$dev" -output_no_suffix -q
  mv "$dev.bin" "$dev.zebin"
done
"$ocloc" compile -spirv_input -file truncated.spv -device pvc -output nokernels -output_no_suffix -q
mv nokernels.bin nokernels.zebin
# The archive ocloc writes for a list of devices (spir64_gen).
"$ocloc" compile -spirv_input -file kernels.spv -device pvc,bmg-g21 -output pvc_bmg-g21.ar -output_no_suffix -q
# An image exporting a function (kept with -library-compilation).
clang-15 -cl-std=CL2.0 -target spir64 -O1 -emit-llvm -c exports.cl -o exports.bc
llvm-spirv-15 exports.bc -o exports.spv
rm exports.bc
# An image importing that function (gpuaot -device-library links it).
clang-15 -cl-std=CL2.0 -target spir64 -O1 -emit-llvm -c imports.cl -o imports.bc
llvm-spirv-15 imports.bc -o imports.spv
rm imports.bc
