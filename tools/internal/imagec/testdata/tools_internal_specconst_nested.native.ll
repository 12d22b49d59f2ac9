; Nested composite: a struct holding an array, a vector and an inner struct
; with padding, after a char constant (emulation inserts alignment padding).
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.inner = type { i8, double }
%struct.outer = type { [2 x i32], <2 x float>, %struct.inner }
%struct.id_outer = type { %struct.outer }
%struct.id_char = type { i8 }

@s_char = private unnamed_addr addrspace(1) constant [5 x i8] c"char\00", align 1
@s_outer = private unnamed_addr addrspace(1) constant [6 x i8] c"outer\00", align 1
@id_char = internal addrspace(1) constant %struct.id_char { i8 65 }, align 1
@id_outer = internal addrspace(1) constant %struct.id_outer { %struct.outer { [2 x i32] [i32 1, i32 2], <2 x float> <float 3.000000e+00, float 4.000000e+00>, %struct.inner { i8 5, double 6.000000e+00 } } }, align 8

declare i8 @_Z20__spirv_SpecConstantia(i32, i8)
declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
declare [2 x i32] @_Z29__spirv_SpecConstantCompositeii_RA2_i(i32, i32)
declare float @_Z20__spirv_SpecConstantif(i32, float)
declare <2 x float> @_Z29__spirv_SpecConstantCompositeff_RDv2_f(float, float)
declare double @_Z20__spirv_SpecConstantid(i32, double)
declare %struct.inner @_Z29__spirv_SpecConstantCompositead_Rstruct.inner(i8, double)
declare %struct.outer @_Z29__spirv_SpecConstantCompositeA2_iDv2_fstruct.inner_Rstruct.outer([2 x i32], <2 x float>, %struct.inner)

define spir_kernel void @k(i8 addrspace(1)* %out, %struct.outer addrspace(1)* %out2, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %sc = call i8 @_Z20__spirv_SpecConstantia(i32 0, i8 65)
  store i8 %sc, i8 addrspace(1)* %out, align 1
  %tmp = alloca %struct.outer, align 8
  %tmp.as = addrspacecast %struct.outer* %tmp to %struct.outer addrspace(4)*
  %sc1 = call i32 @_Z20__spirv_SpecConstantii(i32 1, i32 1)
  %sc2 = call i32 @_Z20__spirv_SpecConstantii(i32 2, i32 2)
  %sc3 = call [2 x i32] @_Z29__spirv_SpecConstantCompositeii_RA2_i(i32 %sc1, i32 %sc2)
  %sc4 = call float @_Z20__spirv_SpecConstantif(i32 3, float 3.000000e+00)
  %sc5 = call float @_Z20__spirv_SpecConstantif(i32 4, float 4.000000e+00)
  %sc6 = call <2 x float> @_Z29__spirv_SpecConstantCompositeff_RDv2_f(float %sc4, float %sc5)
  %sc7 = call i8 @_Z20__spirv_SpecConstantia(i32 5, i8 5)
  %sc8 = call double @_Z20__spirv_SpecConstantid(i32 6, double 6.000000e+00)
  %sc9 = call %struct.inner @_Z29__spirv_SpecConstantCompositead_Rstruct.inner(i8 %sc7, double %sc8)
  %sc10 = call %struct.outer @_Z29__spirv_SpecConstantCompositeA2_iDv2_fstruct.inner_Rstruct.outer([2 x i32] %sc3, <2 x float> %sc6, %struct.inner %sc9)
  store %struct.outer %sc10, %struct.outer addrspace(4)* %tmp.as, align 8
  %v = load %struct.outer, %struct.outer* %tmp, align 8
  store %struct.outer %v, %struct.outer addrspace(1)* %out2, align 8
  ret void
}

!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3}
!0 = !{!"char", i32 0, i32 0, i32 1}
!1 = !{i8 65}
!2 = !{!"outer", i32 1, i32 0, i32 4, i32 2, i32 4, i32 4, i32 3, i32 8, i32 4, i32 4, i32 12, i32 4, i32 5, i32 16, i32 1, i32 6, i32 24, i32 8}
!3 = !{%struct.outer { [2 x i32] [i32 1, i32 2], <2 x float> <float 3.000000e+00, float 4.000000e+00>, %struct.inner { i8 5, double 6.000000e+00 } }}
