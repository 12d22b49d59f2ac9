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

declare spir_func signext i8 @_Z37__sycl_getScalar2020SpecConstantValueIcET_PKcPKvS4_(i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI5outerET_PKcPKvS5_(%struct.outer addrspace(4)* sret(%struct.outer) align 8, i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)

define spir_kernel void @k(i8 addrspace(1)* %out, %struct.outer addrspace(1)* %out2, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %c = call spir_func signext i8 @_Z37__sycl_getScalar2020SpecConstantValueIcET_PKcPKvS4_(i8 addrspace(4)* addrspacecast (i8 addrspace(1)* getelementptr inbounds ([5 x i8], [5 x i8] addrspace(1)* @s_char, i64 0, i64 0) to i8 addrspace(4)*), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* getelementptr inbounds (%struct.id_char, %struct.id_char addrspace(1)* @id_char, i64 0, i32 0) to i8 addrspace(4)*), i8 addrspace(4)* %b)
  store i8 %c, i8 addrspace(1)* %out, align 1
  %tmp = alloca %struct.outer, align 8
  %tmp.as = addrspacecast %struct.outer* %tmp to %struct.outer addrspace(4)*
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI5outerET_PKcPKvS5_(%struct.outer addrspace(4)* sret(%struct.outer) align 8 %tmp.as, i8 addrspace(4)* addrspacecast (i8 addrspace(1)* getelementptr inbounds ([6 x i8], [6 x i8] addrspace(1)* @s_outer, i64 0, i64 0) to i8 addrspace(4)*), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast (%struct.id_outer addrspace(1)* @id_outer to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* %b)
  %v = load %struct.outer, %struct.outer* %tmp, align 8
  store %struct.outer %v, %struct.outer addrspace(1)* %out2, align 8
  ret void
}
