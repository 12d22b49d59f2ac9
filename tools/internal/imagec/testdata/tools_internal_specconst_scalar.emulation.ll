; Two int constants, one used twice (one ID, two calls) and one whose call
; result is an unnamed (numbered) value; a float constant whose symbolic ID
; goes through the alloca store/load pattern of -O0 code.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { i32 }
%"class.sycl::_V1::specialization_id.0" = type { float }

@__usid_str = private unnamed_addr constant [9 x i8] c"uid_int\5C\00", align 1
@__usid_str.1 = private unnamed_addr constant [10 x i8] c"uid_float\00", align 1
@_ZL6int_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i32 -7 }, align 4
@_ZL8float_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.0" { float 1.500000e+00 }, align 4

define spir_kernel void @k1(i32 addrspace(1)* %out, i8 addrspace(1)* %buf) {
entry:
  %buf.as = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %gep = getelementptr i8, i8 addrspace(4)* %buf.as, i32 0
  %bc = bitcast i8 addrspace(4)* %gep to i32 addrspace(4)*
  %load = load i32, i32 addrspace(4)* %bc, align 4
  %gep1 = getelementptr i8, i8 addrspace(4)* %buf.as, i32 0
  %bc1 = bitcast i8 addrspace(4)* %gep1 to i32 addrspace(4)*
  %0 = load i32, i32 addrspace(4)* %bc1, align 4
  %sum = add i32 %load, %0
  %1 = add i32 %sum, 1
  store i32 %1, i32 addrspace(1)* %out, align 4
  ret void
}

define spir_kernel void @k2(float addrspace(1)* %out, i8 addrspace(1)* %buf) {
entry:
  %TName = alloca i8 addrspace(4)*, align 8
  %TName.ascast = addrspacecast i8 addrspace(4)** %TName to i8 addrspace(4)* addrspace(4)*
  store i8 addrspace(4)* addrspacecast (i8* getelementptr inbounds ([10 x i8], [10 x i8]* @__usid_str.1, i64 0, i64 0) to i8 addrspace(4)*), i8 addrspace(4)* addrspace(4)* %TName.ascast, align 8
  %name = load i8 addrspace(4)*, i8 addrspace(4)* addrspace(4)* %TName.ascast, align 8
  %buf.as = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %gep = getelementptr i8, i8 addrspace(4)* %buf.as, i32 4
  %bc = bitcast i8 addrspace(4)* %gep to float addrspace(4)*
  %load = load float, float addrspace(4)* %bc, align 4
  store float %load, float addrspace(1)* %out, align 4
  ret void
}


!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3}
!0 = !{!"uid_int\5C", i32 0, i32 0, i32 4}
!1 = !{i32 -7}
!2 = !{!"uid_float", i32 1, i32 0, i32 4}
!3 = !{float 1.500000e+00}
