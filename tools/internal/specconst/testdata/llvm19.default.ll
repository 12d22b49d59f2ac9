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
  call void @llvm.lifetime.start.p0(i64 12, ptr nonnull %p)
  store %struct.params_t { i32 2, float 5.000000e-01, i8 1 }, ptr %p, align 4
  %a = load i32, ptr %p, align 4
  %m = mul nsw i32 %a, 3
  store i32 %m, ptr addrspace(1) %out, align 4
  call void @llvm.lifetime.end.p0(i64 12, ptr nonnull %p)
  ret void
}



declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

!sycl.specialization-constants-default-values-module = !{}
!sycl.specialization-constants = !{}
!sycl.specialization-constants-default-values = !{}
