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


define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %out2, ptr addrspace(1) %buf) {
entry:
  %b = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  store i64 42, ptr addrspace(1) %out, align 8
  %tmp = alloca %struct.pair, align 8
  %tmp.as = addrspacecast ptr %tmp to ptr addrspace(4)
  store %struct.pair zeroinitializer, ptr addrspace(4) %tmp.as, align 8
  %v = load %struct.pair, ptr %tmp, align 8
  store %struct.pair %v, ptr addrspace(1) %out2, align 8
  ret void
}

!sycl.specialization-constants-default-values-module = !{}
!sycl.specialization-constants = !{}
!sycl.specialization-constants-default-values = !{}
