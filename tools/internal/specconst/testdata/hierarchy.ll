; Intel's e2e SpecConstants/2020/hierarchy.cpp, read back by llvm-spirv-15 -r: the constant's type is packed with explicit padding fields that its default value (a literal struct, undef where the padding is) does not have.
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v24:32:32-v32:32:32-v48:64:64-v64:64:64-v96:128:128-v128:128:128-v192:256:256-v256:256:256-v512:512:512-v1024:1024:1024"
target triple = "spir64-unknown-unknown"

%structtype = type { %structtype.0 }
%structtype.0 = type { float, i8, i32, %struct.anon, [4 x i8], i32, [5 x i64], [5 x %struct.anon.0], [5 x i8], [15 x i8] }
%struct.anon = type { i32, i32 }
%struct.anon.0 = type { i32 }
%struct.scary = type { %struct.layer4.base, [15 x i8] }
%struct.layer4.base = type { %struct.layer3.base }
%struct.layer3.base = type <{ %struct.layer2, [4 x i8], %struct.foo.base }>
%struct.layer2 = type { %struct.layer1 }
%struct.layer1 = type { %struct.base }
%struct.base = type { float, i8, i32, %struct.anon }
%struct.foo.base = type <{ i32, [4 x i8], [5 x i64], [5 x %struct.anon.0], [5 x i8] }>

@__usid_str = internal unnamed_addr addrspace(4) constant [25 x i8] c"____ZL16scary_spec_const\00", align 1
@_ZL16scary_spec_const = internal addrspace(1) constant %structtype { %structtype.0 { float 0.000000e+00, i8 98, i32 0, %struct.anon zeroinitializer, [4 x i8] undef, i32 3, [5 x i64] [i64 5, i64 0, i64 0, i64 0, i64 0], [5 x %struct.anon.0] [%struct.anon.0 { i32 1 }, %struct.anon.0 { i32 2 }, %struct.anon.0 zeroinitializer, %struct.anon.0 zeroinitializer, %struct.anon.0 zeroinitializer], [5 x i8] c"abc\00\00", [15 x i8] undef } }, align 16

; Function Attrs: nounwind
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI5scaryET_PKcPKvS5_(%struct.scary addrspace(4)* sret(%struct.scary) align 16, i8 addrspace(4)*, i8 addrspace(4)*, i8 addrspace(4)*) #0

; Function Attrs: nounwind
define spir_kernel void @_ZTSZ4mainEUlN4sycl3_V114kernel_handlerEE_(%struct.scary addrspace(1)* align 16 %0) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_type_qual !9 !kernel_arg_base_type !8 {
  %2 = alloca %struct.scary, align 16
  %3 = addrspacecast %struct.scary* %2 to %struct.scary addrspace(4)*
  %4 = bitcast %struct.scary* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 112, i8* %4)
  %5 = addrspacecast %structtype addrspace(1)* @_ZL16scary_spec_const to %structtype addrspace(4)*
  %6 = bitcast [25 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %7 = bitcast %structtype addrspace(4)* %5 to i8 addrspace(4)*
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI5scaryET_PKcPKvS5_(%struct.scary addrspace(4)* sret(%struct.scary) align 16 %3, i8 addrspace(4)* %6, i8 addrspace(4)* %7, i8 addrspace(4)* null) #0
  %8 = bitcast %struct.scary addrspace(1)* %0 to i8 addrspace(1)*
  %9 = bitcast %struct.scary* %2 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 16 %8, i8* align 16 %9, i64 97, i1 false)
  %10 = bitcast %struct.scary* %2 to i8*
  call void @llvm.lifetime.end.p0i8(i64 112, i8* %10)
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly nocallback nofree nounwind willreturn
declare void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #2

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

attributes #0 = { nounwind }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { argmemonly nocallback nofree nounwind willreturn }

!spirv.MemoryModel = !{!0}
!spirv.Source = !{!1}
!opencl.spir.version = !{!2}
!opencl.ocl.version = !{!3}
!opencl.used.extensions = !{!4}
!opencl.used.optional.core.features = !{!4}
!spirv.Generator = !{!5}

!0 = !{i32 2, i32 2}
!1 = !{i32 4, i32 100000}
!2 = !{i32 1, i32 2}
!3 = !{i32 1, i32 0}
!4 = !{}
!5 = !{i16 6, i16 14}
!6 = !{i32 1}
!7 = !{!"none"}
!8 = !{!"struct scary*"}
!9 = !{!""}
