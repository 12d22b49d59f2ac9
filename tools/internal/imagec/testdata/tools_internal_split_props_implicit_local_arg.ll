; SYCL/implicit local arg (SPIR targets): kernels with attribute
; "sycl-work-group-static" get the index of the parameter carrying
; "sycl-implicit-local-arg", or 0xFFFFFFFF when none does.
; props: -split=none
target triple = "spir64-unknown-unknown"

define spir_kernel void @k_arg(i32 %n, ptr addrspace(3) "sycl-implicit-local-arg" %local) #1 {
entry:
  ret void
}

define spir_kernel void @k_noarg(i32 %n) #1 {
entry:
  ret void
}

define spir_kernel void @k_plain(ptr addrspace(3) %p) #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="local.cpp" }
attributes #1 = { "sycl-module-id"="local.cpp" "sycl-work-group-static" }
