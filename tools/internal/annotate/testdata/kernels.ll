target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::range" = type { [1 x i64] }

; Function Attrs: nounwind
define spir_func i32 @ext(i32 %x) #0 {
entry:
  ret i32 %x
}

; Function Attrs: nounwind
define spir_kernel void @_ZTS7KernelA(i32 addrspace(1)* align 4 %out, i32 %unused, double %d) #0 !kernel_arg_addr_space !1 {
entry:
  %c = call spir_func i32 @ext(i32 1)
  ret void
}

define linkonce_odr spir_kernel void @_ZTS7KernelB() #0 !reqd_work_group_size !2 {
entry:
  ret void
}

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32) #0

attributes #0 = { nounwind }

!opencl.spir.version = !{!0}
!0 = !{i32 1, i32 2}
!1 = !{i32 1, i32 0, i32 0}
!2 = !{i32 4, i32 1, i32 1}
