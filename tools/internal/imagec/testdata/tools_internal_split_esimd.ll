; Two TUs, each with SYCL and ESIMD kernels; the ESIMD kernel of a.cpp
; calls an ESIMD helper, and both kinds call a shared SPIR-V builtin.
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()

define spir_kernel void @esimd_a1() #0 !sycl_explicit_simd !0 {
  %c = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  call spir_func void @esimd_helper()
  ret void
}

define spir_kernel void @sycl_a1() #0 {
  %c = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  ret void
}

define spir_kernel void @esimd_a2() #0 !sycl_explicit_simd !0 {
  ret void
}

define spir_kernel void @sycl_b1() #1 {
  ret void
}

define spir_kernel void @esimd_b1() #1 !sycl_explicit_simd !0 {
  ret void
}

define internal spir_func void @esimd_helper() !sycl_explicit_simd !0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }

!0 = !{}
