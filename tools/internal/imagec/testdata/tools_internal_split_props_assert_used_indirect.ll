; SYCL/assert used when a caller on the way up from __devicelib_assert_fail
; is "referenced-indirectly": any kernel may call it through a pointer, so
; every SPIR kernel of the image is listed, in module order (k_unrelated
; too, although it never reaches the assert).
; props: -split=none
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@table = addrspace(1) global ptr @checked

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)

define spir_func void @checked() #1 {
entry:
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) null, ptr addrspace(4) null, i32 1, ptr addrspace(4) null, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

define spir_kernel void @k_unrelated() #0 {
entry:
  ret void
}

define spir_kernel void @k_calls_ptr() #0 {
entry:
  %f = load ptr, ptr addrspace(1) @table, align 8
  call spir_func void %f()
  ret void
}

attributes #0 = { "sycl-module-id"="indirect.cpp" }
attributes #1 = { "referenced-indirectly" }
