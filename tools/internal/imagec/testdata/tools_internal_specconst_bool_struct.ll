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

declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI9user_typeET_PKcPKvS5_(%struct.user_type addrspace(4)* sret(%struct.user_type) align 4, i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*)

define spir_kernel void @kernel_A(i8 addrspace(1)* %out, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %call = tail call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(i8 addrspace(4)* getelementptr inbounds ([7 x i8], [7 x i8] addrspace(4)* addrspacecast ([7 x i8] addrspace(1)* @name_A to [7 x i8] addrspace(4)*), i64 0, i64 0), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* getelementptr inbounds (%struct.spec_id_type, %struct.spec_id_type addrspace(1)* @spec_const1, i64 0, i32 0) to i8 addrspace(4)*), i8 addrspace(4)* %b)
  %frombool = zext i1 %call to i8
  store i8 %frombool, i8 addrspace(1)* %out, align 1
  ret void
}

define spir_kernel void @kernel_B(%struct.user_type addrspace(1)* %out, i8 addrspace(1)* %buf) {
entry:
  %b = addrspacecast i8 addrspace(1)* %buf to i8 addrspace(4)*
  %tmp = alloca %struct.user_type, align 4
  %tmp.as = addrspacecast %struct.user_type* %tmp to %struct.user_type addrspace(4)*
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI9user_typeET_PKcPKvS5_(%struct.user_type addrspace(4)* sret(%struct.user_type) align 4 %tmp.as, i8 addrspace(4)* getelementptr inbounds ([7 x i8], [7 x i8] addrspace(4)* addrspacecast ([7 x i8] addrspace(1)* @name_B to [7 x i8] addrspace(4)*), i64 0, i64 0), i8 addrspace(4)* addrspacecast (i8 addrspace(1)* bitcast (%struct.spec_id_type2 addrspace(1)* @spec_const2 to i8 addrspace(1)*) to i8 addrspace(4)*), i8 addrspace(4)* %b)
  %v = load %struct.user_type, %struct.user_type* %tmp, align 4
  store %struct.user_type %v, %struct.user_type addrspace(1)* %out, align 4
  ret void
}
