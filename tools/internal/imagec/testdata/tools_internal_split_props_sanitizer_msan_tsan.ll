; SYCL/misc properties sanUsed: msan wins over tsan (sycl-post-link checks
; asan, then msan, then tsan), wherever the globals stand in the module.
; props: -split=none
target triple = "spir64-unknown-unknown"

@__TsanKernelMetadata = addrspace(1) global [1 x i64] zeroinitializer
@__MsanKernelMetadata = addrspace(1) global [1 x i64] zeroinitializer

define spir_kernel void @k() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="msan.cpp" }
