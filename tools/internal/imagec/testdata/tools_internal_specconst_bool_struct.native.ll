; A bool (i1 in registers, i8 in memory) and a struct with tail padding
; returned through sret.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.spec_id_type = type { i8 }
%struct.spec_id_type2 = type { %struct.user_type }
%struct.user_type = type { float, i32, i8 }

@name_A = private unnamed_addr addrspace(1) constant [7 x i8] c"name_A\00", align 1
@name_B = private unnamed_addr addrspace(1) constant [7 x i8] c"name_B\00", align 1
@spec_const1 = linkonce_odr addrspace(1) constant %struct.spec_id_type { i8 1 }, align 1
@spec_const2 = linkonce_odr addrspace(1) constant %struct.spec_id_type2 { %struct.user_type { float 2.000000e+01, i32 20, i8 20 } }, align 4

declare i8 @_Z20__spirv_SpecConstantia(i32, i8)
declare float @_Z20__spirv_SpecConstantif(i32, float)
declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
declare %struct.user_type @_Z29__spirv_SpecConstantCompositefia_Rstruct.user_type(float, i32, i8)

define spir_kernel void @kernel_A(i8 addrspace(1)* %out, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %sc = call i8 @_Z20__spirv_SpecConstantia(i32 0, i8 1)
  %tobool = trunc i8 %sc to i1
  %frombool = zext i1 %tobool to i8
  store i8 %frombool, i8 addrspace(1)* %out, align 1
  ret void
}

define spir_kernel void @kernel_B(%struct.user_type addrspace(1)* %out, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %tmp = alloca %struct.user_type, align 4
  %tmp.as = addrspacecast %struct.user_type* %tmp to %struct.user_type addrspace(4)*
  %sc = call float @_Z20__spirv_SpecConstantif(i32 1, float 2.000000e+01)
  %sc1 = call i32 @_Z20__spirv_SpecConstantii(i32 2, i32 20)
  %sc2 = call i8 @_Z20__spirv_SpecConstantia(i32 3, i8 20)
  %sc3 = call %struct.user_type @_Z29__spirv_SpecConstantCompositefia_Rstruct.user_type(float %sc, i32 %sc1, i8 %sc2)
  store %struct.user_type %sc3, %struct.user_type addrspace(4)* %tmp.as, align 4
  %v = load %struct.user_type, %struct.user_type* %tmp, align 4
  store %struct.user_type %v, %struct.user_type addrspace(1)* %out, align 4
  ret void
}

!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3}
!0 = !{!"name_A", i32 0, i32 0, i32 1}
!1 = !{i8 1}
!2 = !{!"name_B", i32 1, i32 0, i32 4, i32 2, i32 4, i32 4, i32 3, i32 8, i32 1, i32 -1, i32 9, i32 3}
!3 = !{%struct.user_type { float 2.000000e+01, i32 20, i8 20 }}
