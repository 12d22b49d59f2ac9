; SYCL/misc properties sanUsed: "tsan" when the image holds
; __TsanKernelMetadata and neither the asan nor the msan metadata global.
; props: -split=none
target triple = "spir64-unknown-unknown"

@__TsanKernelMetadata = addrspace(1) global [1 x i64] zeroinitializer

define spir_kernel void @k() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="tsan.cpp" }
