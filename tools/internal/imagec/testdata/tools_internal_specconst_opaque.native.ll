; Opaque pointers (clang-15 -cc1 output): a scalar and an sret composite.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

%struct.pair = type { i64, i16 }
%struct.id_pair = type { %struct.pair }
%struct.id_long = type { i64 }

@s_long = private unnamed_addr addrspace(1) constant [5 x i8] c"long\00", align 1
@s_pair = private unnamed_addr addrspace(1) constant [5 x i8] c"pair\00", align 1
@id_long = internal addrspace(1) constant %struct.id_long { i64 42 }, align 8
@id_pair = internal addrspace(1) constant %struct.id_pair zeroinitializer, align 8

declare i64 @_Z20__spirv_SpecConstantix(i32, i64)
declare i16 @_Z20__spirv_SpecConstantis(i32, i16)
declare %struct.pair @_Z29__spirv_SpecConstantCompositexs_Rstruct.pair(i64, i16)

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %out2, ptr addrspace(1) %buf) {
entry:
  %b = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %sc = call i64 @_Z20__spirv_SpecConstantix(i32 0, i64 42)
  store i64 %sc, ptr addrspace(1) %out, align 8
  %tmp = alloca %struct.pair, align 8
  %tmp.as = addrspacecast ptr %tmp to ptr addrspace(4)
  %sc1 = call i64 @_Z20__spirv_SpecConstantix(i32 1, i64 0)
  %sc2 = call i16 @_Z20__spirv_SpecConstantis(i32 2, i16 0)
  %sc3 = call %struct.pair @_Z29__spirv_SpecConstantCompositexs_Rstruct.pair(i64 %sc1, i16 %sc2)
  store %struct.pair %sc3, ptr addrspace(4) %tmp.as, align 8
  %v = load %struct.pair, ptr %tmp, align 8
  store %struct.pair %v, ptr addrspace(1) %out2, align 8
  ret void
}

!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3}
!0 = !{!"long", i32 0, i32 0, i32 8}
!1 = !{i64 42}
!2 = !{!"pair", i32 1, i32 0, i32 8, i32 2, i32 8, i32 2, i32 -1, i32 10, i32 6}
!3 = !{%struct.pair zeroinitializer}
