; SYCL/kernel names (-emit-kernel-names): the image's kernels, u32 1 each;
; SYCL_EXTERNAL entry points are not kernels.
; props: -split=none -emit-kernel-names
target triple = "spir64-unknown-unknown"

define spir_func void @_Z3extv() #0 {
entry:
  ret void
}

define spir_kernel void @k_one() #0 {
entry:
  ret void
}

define spir_kernel void @k_two() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="names.cpp" }
