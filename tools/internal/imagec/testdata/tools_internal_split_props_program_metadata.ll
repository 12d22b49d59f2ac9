; SYCL/program metadata (-emit-program-metadata), over all functions in
; module order, then device globals:
; - <f>@reqd_work_group_size: u32 array (64-bit values truncated);
; - <f>@reqd_sub_group_size, <f>@work_group_num_dim: u32;
; - <f>@max_work_group_size: u32 array;
; - <f>@max_linear_work_group_size: u32 (a u64 narrowed: 2^32+5 -> 5);
; - <unique id>@global_id_mapping: the device global's IR name as a string.
; An image without any of these has no set at all (k_plain: the internal
; device global is not in its image).
; props: -split=kernel -emit-program-metadata
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@dg = internal addrspace(1) global i32 0, align 4 #1

define spir_kernel void @k_meta() #0 !reqd_work_group_size !1 !intel_reqd_sub_group_size !2 !work_group_num_dim !3 !max_work_group_size !4 !max_linear_work_group_size !5 {
entry:
  store i32 1, ptr addrspace(1) @dg, align 4
  ret void
}

define spir_kernel void @k_plain() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="meta.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }

!1 = !{i64 4294967304, i64 2, i64 1}
!2 = !{i32 32}
!3 = !{i32 3}
!4 = !{i32 256, i32 16, i32 1}
!5 = !{i64 4294967301}
