; A composite whose type starts with a padding field its default lacks: the
; padding takes ID 0, unreported; the int is {1, 4, 4}. A second constant
; follows with ID 2.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.lead = type <{ [4 x i8], i32 }>

@s_lead = private unnamed_addr addrspace(1) constant [5 x i8] c"lead\00", align 1
@s_int = private unnamed_addr addrspace(1) constant [4 x i8] c"int\00", align 1
@id_lead = internal addrspace(1) constant { { [4 x i8], i32 } } { { [4 x i8], i32 } { [4 x i8] undef, i32 7 } }, align 4
@id_int = internal addrspace(1) constant { i32 } { i32 9 }, align 4

declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
declare %struct.lead @_Z29__spirv_SpecConstantCompositeA4_ai_Rstruct.lead([4 x i8], i32)

define spir_kernel void @k(%struct.lead addrspace(1)* %out, i32 addrspace(1)* %out2, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %tmp = alloca %struct.lead, align 4
  %tmp.as = addrspacecast %struct.lead* %tmp to %struct.lead addrspace(4)*
  %sc = call i32 @_Z20__spirv_SpecConstantii(i32 1, i32 7)
  %sc1 = call %struct.lead @_Z29__spirv_SpecConstantCompositeA4_ai_Rstruct.lead([4 x i8] undef, i32 %sc)
  store %struct.lead %sc1, %struct.lead addrspace(4)* %tmp.as, align 1
  %v = load %struct.lead, %struct.lead* %tmp, align 4
  store %struct.lead %v, %struct.lead addrspace(1)* %out, align 4
  %sc2 = call i32 @_Z20__spirv_SpecConstantii(i32 2, i32 9)
  store i32 %sc2, i32 addrspace(1)* %out2, align 4
  ret void
}

!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3}
!0 = !{!"lead", i32 1, i32 4, i32 4}
!1 = !{{ [4 x i8], i32 } { [4 x i8] undef, i32 7 }}
!2 = !{!"int", i32 2, i32 0, i32 4}
!3 = !{i32 9}
