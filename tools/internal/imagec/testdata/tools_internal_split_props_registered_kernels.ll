; SYCL/registered kernels: from !sycl_registered_kernels (one tuple of
; {registered name, mangled name} pairs), the pairs whose kernel is in the
; image: registered name = mangled name as a string.
; props: -split=kernel
target triple = "spir64-unknown-unknown"

define spir_kernel void @_Z8kernel_av() #0 {
entry:
  ret void
}

define spir_kernel void @_Z8kernel_bv() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="reg.cpp" }

!sycl_registered_kernels = !{!0}
!0 = !{!1, !2}
!1 = !{!"ns::kernel_a", !"_Z8kernel_av"}
!2 = !{!"kernel_b", !"_Z8kernel_bv"}
