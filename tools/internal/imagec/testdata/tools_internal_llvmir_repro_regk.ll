target triple = "spir64-unknown-unknown"

define spir_kernel void @"k$1"() {
  ret void
}

define spir_kernel void @k2() {
  ret void
}

!sycl_registered_kernels = !{!0}
!0 = !{!1, !2}
!1 = !{!"reg1", !"k$1"}
!2 = !{!"reg2", !"k2"}
!spirv.ExecutionMode = !{!3, !4, !5}
!3 = !{ptr @"k$1", i32 17, i32 1, i32 1, i32 1}
!4 = !{ptr @k2, i32 17, i32 1, i32 1, i32 1}
!5 = !{null, i32 31}
