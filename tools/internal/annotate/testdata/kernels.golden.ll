target triple = "spir64-unknown-unknown"
%"class.sycl::_V1::range" = type { [1 x i64] }
define spir_func i32 @ext(i32 %x) #0 "sycl-optlevel"="2" {
entry:
  ret i32 %x
}

define weak_odr spir_kernel void @_ZTS7KernelA(i32 addrspace(1)* align 4 %out, i32 %unused, double %d) #0 "sycl-optlevel"="2" !kernel_arg_addr_space !1 !sycl_kernel_omit_args !3 !sycl_used_aspects !4 !work_group_num_dim !5 {
entry:
  %c = call spir_func i32 @ext(i32 1)
  ret void
}

define linkonce_odr spir_kernel void @_ZTS7KernelB() #0 "sycl-optlevel"="3" !reqd_work_group_size !2 !sycl_kernel_omit_args !6 {
entry:
  ret void
}

declare spir_func i64 @_Z33__spirv_BuiltInGlobalInvocationIdi(i32) #0
attributes #0 = { nounwind }
!opencl.spir.version = !{!0}
!0 = !{i32 1, i32 2}
!1 = !{i32 1, i32 0, i32 0}
!2 = !{i32 4, i32 1, i32 1}
!3 = !{i1 false, i1 true, i1 false}
!4 = !{i32 1, i32 6}
!5 = !{i32 1}
!6 = !{}
