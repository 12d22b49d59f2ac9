; SYCL/misc properties:
; - sycl-register-alloc-mode, sycl-grf-size: u32 from the first entry point
;   having the attribute (k_a; k_b's differing values do not count);
; - optLevel: from the first entry point whose sycl-optlevel parses as an
;   integer (k_a's "fast" is skipped, k_b's 2 is taken);
; - sanUsed: "asan" when the image holds __AsanKernelMetadata. It is added
;   after the assert-used set: at the end of an existing misc set, or as a
;   misc set after [SYCL/assert used] (image of k_d).
; -split=none puts all kernels into one image; -split=kernel shows each
; kernel's own values (k_a: "fast" is no optLevel).
; props: -split=none
; props: -split=kernel
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__AsanKernelMetadata = addrspace(1) global [1 x i64] zeroinitializer

define spir_kernel void @k_a() #0 {
entry:
  call spir_func void @__devicelib_assert_fail()
  ret void
}

define spir_kernel void @k_b() #1 {
entry:
  ret void
}

define spir_kernel void @k_c() #2 {
entry:
  ret void
}

define spir_kernel void @k_d() #3 {
entry:
  call spir_func void @__devicelib_assert_fail()
  ret void
}

declare spir_func void @__devicelib_assert_fail()

attributes #0 = { "sycl-module-id"="misc.cpp" "sycl-register-alloc-mode"="2" "sycl-grf-size"="256" "sycl-optlevel"="fast" }
attributes #1 = { "sycl-module-id"="misc.cpp" "sycl-register-alloc-mode"="0" "sycl-grf-size"="128" "sycl-optlevel"="2" }
attributes #2 = { "sycl-module-id"="misc.cpp" "sycl-optlevel"="3" }
attributes #3 = { "sycl-module-id"="misc.cpp" }
