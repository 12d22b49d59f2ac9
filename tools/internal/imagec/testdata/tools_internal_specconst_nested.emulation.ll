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


define spir_kernel void @k(i8 addrspace(1)* %out, %struct.outer addrspace(1)* %out2, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %gep = getelementptr i8, i8 addrspace(4)* %b, i32 0
  %bc = bitcast i8 addrspace(4)* %gep to i8 addrspace(4)*
  %load = load i8, i8 addrspace(4)* %bc, align 1
  store i8 %load, i8 addrspace(1)* %out, align 1
  %tmp = alloca %struct.outer, align 8
  %tmp.as = addrspacecast %struct.outer* %tmp to %struct.outer addrspace(4)*
  %gep1 = getelementptr i8, i8 addrspace(4)* %b, i32 8
  %bc1 = bitcast i8 addrspace(4)* %gep1 to %struct.outer addrspace(4)*
  %load1 = load %struct.outer, %struct.outer addrspace(4)* %bc1, align 8
  store %struct.outer %load1, %struct.outer addrspace(4)* %tmp.as, align 8
  %v = load %struct.outer, %struct.outer* %tmp, align 8
  store %struct.outer %v, %struct.outer addrspace(1)* %out2, align 8
  ret void
}

!sycl.specialization-constants = !{!0, !2}
!sycl.specialization-constants-default-values = !{!1, !3, !4}
!0 = !{!"char", i32 0, i32 0, i32 1, i32 -1, i32 1, i32 7}
!1 = !{i8 65}
!2 = !{!"outer", i32 1, i32 0, i32 32}
!3 = !{[7 x i8] zeroinitializer}
!4 = !{%struct.outer { [2 x i32] [i32 1, i32 2], <2 x float> <float 3.000000e+00, float 4.000000e+00>, %struct.inner { i8 5, double 6.000000e+00 } }}
