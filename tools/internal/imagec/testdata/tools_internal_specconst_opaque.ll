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

declare spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIlET_PKcPKvS4_(ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef)
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4pairET_PKcPKvS5_(ptr addrspace(4) sret(%struct.pair) align 8, ptr addrspace(4) noundef, ptr addrspace(4) noundef, ptr addrspace(4) noundef)

define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %out2, ptr addrspace(1) %buf) {
entry:
  %b = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %l = call spir_func i64 @_Z37__sycl_getScalar2020SpecConstantValueIlET_PKcPKvS4_(ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @s_long to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id_long to ptr addrspace(4)), ptr addrspace(4) noundef %b)
  store i64 %l, ptr addrspace(1) %out, align 8
  %tmp = alloca %struct.pair, align 8
  %tmp.as = addrspacecast ptr %tmp to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI4pairET_PKcPKvS5_(ptr addrspace(4) sret(%struct.pair) align 8 %tmp.as, ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @s_pair to ptr addrspace(4)), ptr addrspace(4) noundef addrspacecast (ptr addrspace(1) @id_pair to ptr addrspace(4)), ptr addrspace(4) noundef %b)
  %v = load %struct.pair, ptr %tmp, align 8
  store %struct.pair %v, ptr addrspace(1) %out2, align 8
  ret void
}
