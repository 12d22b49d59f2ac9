; Kernels as libsycl-jit compiles them for spir64, with the masks tools/annotate restores: dead-argument elimination removed @K's and @KO0's spec-constant buffer (the last element of their !sycl_kernel_omit_args is true) and the intrinsic calls pass null. @K reads in its body and through @helper (not inlined), @KO0 through two levels of -O0 calls that load the null from its kernel_handler; @Plain reads none; @Kept is DPC++ AOT code whose buffer was kept and passed (left as it is).
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v24:32:32-v32:32:32-v48:64:64-v64:64:64-v96:128:128-v128:128:128-v192:256:256-v256:256:256-v512:512:512-v1024:1024:1024"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { i32 }
%"class.sycl::_V1::kernel_handler" = type { i8 addrspace(4)* }

@__usid_str = internal unnamed_addr addrspace(4) constant [17 x i8] c"____ZL9factor_id\00", align 1
@_ZL9factor_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 3 }, align 4

declare i32 @_Z20__spirv_SpecConstantii(i32, i32)

define spir_kernel void @K(i32 addrspace(1)* align 4 %0) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_type_qual !4 !kernel_arg_base_type !3 !sycl_kernel_omit_args !5 {
  %2 = bitcast [17 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %3 = addrspacecast %"class.sycl::_V1::specialization_id" addrspace(1)* @_ZL9factor_id to i8 addrspace(4)*
  %4 = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)
  %5 = call spir_func i32 @helper(i32 %4)
  store i32 %5, i32 addrspace(1)* %0, align 4
  ret void
}

define internal spir_func i32 @helper(i32 %x) {
  %s = bitcast [17 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %d = addrspacecast %"class.sycl::_V1::specialization_id" addrspace(1)* @_ZL9factor_id to i8 addrspace(4)*
  %sc = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)
  %r = mul i32 %x, %sc
  ret i32 %r
}

define spir_kernel void @KO0(i32 addrspace(1)* %out) !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_type_qual !9 !kernel_arg_base_type !8 !kernel_arg_name !10 !sycl_kernel_omit_args !5 {
entry:
  %kh = alloca %"class.sycl::_V1::kernel_handler", align 8
  %f = getelementptr inbounds %"class.sycl::_V1::kernel_handler", %"class.sycl::_V1::kernel_handler"* %kh, i64 0, i32 0
  store i8 addrspace(4)* null, i8 addrspace(4)** %f, align 8
  %kh.ascast = addrspacecast %"class.sycl::_V1::kernel_handler"* %kh to %"class.sycl::_V1::kernel_handler" addrspace(4)*
  %v = call spir_func i32 @_ZN4sycl3_V114kernel_handler26get_specialization_constantEv(%"class.sycl::_V1::kernel_handler" addrspace(4)* %kh.ascast)
  store i32 %v, i32 addrspace(1)* %out, align 4
  ret void
}

define linkonce_odr spir_func i32 @_ZN4sycl3_V114kernel_handler26get_specialization_constantEv(%"class.sycl::_V1::kernel_handler" addrspace(4)* %this) {
entry:
  %v = call spir_func i32 @_ZN4sycl3_V114kernel_handler33getSpecializationConstantOnDeviceEv(%"class.sycl::_V1::kernel_handler" addrspace(4)* %this)
  ret i32 %v
}

define linkonce_odr spir_func i32 @_ZN4sycl3_V114kernel_handler33getSpecializationConstantOnDeviceEv(%"class.sycl::_V1::kernel_handler" addrspace(4)* %this) {
entry:
  %f = getelementptr inbounds %"class.sycl::_V1::kernel_handler", %"class.sycl::_V1::kernel_handler" addrspace(4)* %this, i64 0, i32 0
  %buf = load i8 addrspace(4)*, i8 addrspace(4)* addrspace(4)* %f, align 8
  %s = bitcast [17 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %d = addrspacecast %"class.sycl::_V1::specialization_id" addrspace(1)* @_ZL9factor_id to i8 addrspace(4)*
  %sc = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)
  ret i32 %sc
}

define spir_kernel void @Plain(i32 addrspace(1)* align 4 %0) !kernel_arg_addr_space !1 !kernel_arg_access_qual !2 !kernel_arg_type !3 !kernel_arg_type_qual !4 !kernel_arg_base_type !3 !sycl_kernel_omit_args !11 {
  store i32 42, i32 addrspace(1)* %0, align 4
  ret void
}

define spir_kernel void @Kept(i32 addrspace(1)* %out, i8 addrspace(1)* %_arg__specialization_constants_buffer) !sycl_kernel_omit_args !12 {
entry:
  %buf = addrspacecast i8 addrspace(1)* %_arg__specialization_constants_buffer to i8 addrspace(4)*
  %s = bitcast [17 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %d = addrspacecast %"class.sycl::_V1::specialization_id" addrspace(1)* @_ZL9factor_id to i8 addrspace(4)*
  %sc = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)
  store i32 %sc, i32 addrspace(1)* %out, align 4
  ret void
}

!1 = !{i32 1}
!2 = !{!"none"}
!3 = !{!"int*"}
!4 = !{!""}
!5 = !{i1 false, i1 true}
!6 = !{i32 1}
!7 = !{!"none"}
!8 = !{!"int*"}
!9 = !{!""}
!10 = !{!"out"}
!11 = !{i1 false}
!12 = !{i1 false, i1 false}

!sycl.specialization-constants = !{!13}
!sycl.specialization-constants-default-values = !{!14}
!13 = !{!"____ZL9factor_id", i32 0, i32 0, i32 4}
!14 = !{i32 3}
