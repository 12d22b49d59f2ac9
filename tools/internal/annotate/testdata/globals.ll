target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { i32 addrspace(4)* }

@dg = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 8, !spirv.Decorations !0
@scoped = addrspace(1) global i32 0, align 4, !spirv.Decorations !3 #1
@plain = addrspace(1) global i32 0, align 4

define spir_kernel void @_ZTS1K() #0 {
entry:
  ret void
}

attributes #0 = { nounwind }
attributes #1 = { "other"="x" }

!0 = !{!1, !2}
!1 = !{i32 44, i32 8}
!2 = !{i32 6147, i32 2, !"uid_dg"}
!3 = !{!4}
!4 = !{i32 6147, i32 0, !"uid_scoped"}
