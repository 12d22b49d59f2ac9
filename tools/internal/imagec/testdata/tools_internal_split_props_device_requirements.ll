; SYCL/device requirements: always written, keys in sorted order.
; - aspects: union over all functions of !sycl_used_aspects values >= 0,
;   deduplicated and sorted by value (names are ignored): k1 6,5,0 + h_aspect
;   6 (another name) -> [0,5,6]; -1 is an internal aspect and is dropped.
;   k2 has none: the empty array AAAAAAAAAAA.
; - fixed_target: union of !sycl_fixed_targets, sorted: [1,3,7].
; - joint_matrix(_mad): the last non-empty string in module order (k1's;
;   k2's empty string does not count).
; - reqd_sub_group_size: first *entry point* with it (16; h_dim's 8 is not an
;   entry point).
; - reqd_work_group_size_uint64_t: first function with !reqd_work_group_size,
;   as u64; k2's [64] is ABAAAAAAAAAQAAAAAAAAAA. Dropped with -split=none.
;   The same values as u32 go to the older key reqd_work_group_size too
;   (k2's [64] is gAAAAAAAAAAQAAAA), for runtimes before the 64-bit key.
; - work_group_num_dim: the last one seen before the first
;   reqd_work_group_size, the same function's included: h_dim 1, then k1 3;
;   h_aspect's 2 comes after k1's work-group size and is ignored.
; -split-by-device-requirements keeps k1 and k2 (different aspects and
; work-group sizes) apart even with -split=none.
; props: -split=kernel
; props: -split=none
; props: -split=none -split-by-device-requirements
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_func void @h_dim() !work_group_num_dim !10 !sycl_joint_matrix !20 !intel_reqd_sub_group_size !31 {
entry:
  ret void
}

define spir_kernel void @k1() #0 !sycl_used_aspects !1 !sycl_fixed_targets !5 !work_group_num_dim !11 !reqd_work_group_size !12 !intel_reqd_sub_group_size !30 !sycl_joint_matrix !21 !sycl_joint_matrix_mad !22 {
entry:
  call spir_func void @h_dim()
  call spir_func void @h_aspect()
  ret void
}

define spir_func void @h_aspect() !sycl_used_aspects !4 !sycl_fixed_targets !6 !work_group_num_dim !13 {
entry:
  ret void
}

define spir_kernel void @k2() #0 !reqd_work_group_size !14 !sycl_joint_matrix !23 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="reqs.cpp" }

!1 = !{!2, i32 5, !3, i32 -1}
!2 = !{!"fp64", i32 6}
!3 = !{!"host", i32 0}
!4 = !{!7}
!5 = !{i32 3, i32 1}
!6 = !{i32 1, i32 7}
!7 = !{!"fp64_alias", i32 6}
!10 = !{i32 1}
!11 = !{i32 3}
!12 = !{i32 8, i32 4, i32 1}
!13 = !{i32 2}
!14 = !{i32 64}
!20 = !{!"matrix.old"}
!21 = !{!"matrix,a,8,16;matrix,b,16,16"}
!22 = !{!"mad,a,b,c,d,8,16,16"}
!23 = !{!""}
!30 = !{i32 16}
!31 = !{i32 8}
