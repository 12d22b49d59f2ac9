; SYCL/assert used: the SPIR kernels from which __devicelib_assert_fail is
; reachable, found by walking callers upwards (breadth first) from it; only
; call instructions count. Written only when non-empty.
; - k_direct calls __assert_fail (which calls __devicelib_assert_fail);
; - k_deep reaches it through helper -> wrapper -> __assert_fail, and also
;   calls __assert_fail directly (listed once);
; - k_none does not reach it (its image has no set);
; - k_ptr only takes __assert_fail's address: not a call, not listed.
; Callers of one function are visited latest call site first (LLVM's use
; list order in a split module): in the shared image k_deep comes first.
; props: -split=kernel
; props: -split=none
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@fp = internal addrspace(1) global ptr null

declare spir_func void @__devicelib_assert_fail(ptr addrspace(4), ptr addrspace(4), i32, ptr addrspace(4), i64, i64, i64, i64, i64, i64)

define weak spir_func void @__assert_fail(ptr addrspace(4) %expr, ptr addrspace(4) %file, i32 %line, ptr addrspace(4) %func) {
entry:
  tail call spir_func void @__devicelib_assert_fail(ptr addrspace(4) %expr, ptr addrspace(4) %file, i32 %line, ptr addrspace(4) %func, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret void
}

define internal spir_func void @wrapper() {
entry:
  call spir_func void @__assert_fail(ptr addrspace(4) null, ptr addrspace(4) null, i32 1, ptr addrspace(4) null)
  ret void
}

define internal spir_func void @helper() {
entry:
  call spir_func void @wrapper()
  ret void
}

define spir_kernel void @k_direct() #0 {
entry:
  call spir_func void @__assert_fail(ptr addrspace(4) null, ptr addrspace(4) null, i32 2, ptr addrspace(4) null)
  ret void
}

define spir_kernel void @k_deep() #0 {
entry:
  call spir_func void @helper()
  call spir_func void @__assert_fail(ptr addrspace(4) null, ptr addrspace(4) null, i32 3, ptr addrspace(4) null)
  ret void
}

define spir_kernel void @k_none() #0 {
entry:
  ret void
}

define spir_kernel void @k_ptr() #0 {
entry:
  store ptr @__assert_fail, ptr addrspace(1) @fp, align 8
  ret void
}

attributes #0 = { "sycl-module-id"="assert.cpp" }
