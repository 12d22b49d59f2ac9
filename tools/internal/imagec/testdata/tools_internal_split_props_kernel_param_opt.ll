; SYCL/kernel param opt (-emit-param-info): per kernel, a bit vector of its
; source-level arguments, bit i set = argument i was removed by the front
; end's dead-argument elimination, which leaves !sycl_kernel_omit_args (one
; i1 per original argument). The bit count is the number of arguments.
; - k_ten: 10 arguments, 1, 3 and 9 removed: bits 0b1000001010 -> bytes 0a 02.
; - k_empty: an empty list says nothing: no entry.
; - k_none: no metadata (DAE did not run): no entry; its image still gets
;   the bare [SYCL/kernel param opt] header.
; props: -split=kernel -emit-param-info
; props: -split=none -emit-param-info
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @k_ten(i32 %a0, i32 %a2, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8) #0 !sycl_kernel_omit_args !1 {
entry:
  ret void
}

define spir_kernel void @k_empty() #0 !sycl_kernel_omit_args !2 {
entry:
  ret void
}

define spir_kernel void @k_none(i32 %x) #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="param.cpp" }

!1 = !{i1 false, i1 true, i1 false, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false, i1 true}
!2 = !{}
