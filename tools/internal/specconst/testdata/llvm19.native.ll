; clang-19 output (examples/spec_constants built in Debian sid): opaque
; pointers, and the sret argument of the composite getter carries LLVM 18's
; dead_on_unwind and writable; range() and nofpclass() are LLVM 19/17
; attributes with an operand.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64"

%struct.int_id_t = type { i32 }
%struct.params_id_t = type { %struct.params_t }
%struct.params_t = type { i32, float, i8 }

@factor_name = dso_local addrspace(2) constant [22 x i8] c"spec_constants_factor\00", align 1
@params_name = dso_local addrspace(2) constant [22 x i8] c"spec_constants_params\00", align 1
@factor_id = dso_local addrspace(2) constant %struct.int_id_t { i32 3 }, align 4
@params_id = dso_local addrspace(2) constant %struct.params_id_t { %struct.params_t { i32 2, float 5.000000e-01, i8 1 } }, align 4

define dso_local spir_kernel void @spec_scale(ptr addrspace(1) nocapture noundef writeonly align 4 %out, ptr addrspace(1) noundef %buf) {
  %p = alloca %struct.params_t, align 4
  %sc = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 3)
  call void @llvm.lifetime.start.p0(i64 12, ptr nonnull %p)
  %sc1 = call i32 @_Z20__spirv_SpecConstantii(i32 1, i32 2)
  %sc2 = call float @_Z20__spirv_SpecConstantif(i32 2, float 5.000000e-01)
  %sc3 = call i8 @_Z20__spirv_SpecConstantia(i32 3, i8 1)
  %sc4 = call %struct.params_t @_Z29__spirv_SpecConstantCompositeifa_Rstruct.params_t(i32 %sc1, float %sc2, i8 %sc3)
  store %struct.params_t %sc4, ptr %p, align 4
  %a = load i32, ptr %p, align 4
  %m = mul nsw i32 %a, %sc
  store i32 %m, ptr addrspace(1) %out, align 4
  call void @llvm.lifetime.end.p0(i64 12, ptr nonnull %p)
  ret void
}

declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
declare float @_Z20__spirv_SpecConstantif(i32, float)
declare i8 @_Z20__spirv_SpecConstantia(i32, i8)
declare %struct.params_t @_Z29__spirv_SpecConstantCompositeifa_Rstruct.params_t(i32, float, i8)


declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3}
!0 = !{!"spec_constants_factor", i32 0, i32 0, i32 4}
!1 = !{i32 3}
!2 = !{!"spec_constants_params", i32 1, i32 0, i32 4, i32 2, i32 4, i32 4, i32 3, i32 8, i32 1, i32 -1, i32 9, i32 3}
!3 = !{%struct.params_t { i32 2, float 5.000000e-01, i8 1 }}
