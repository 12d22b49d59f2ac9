; Intel's e2e SpecConstants/2020/nested-non-packed-struct.cpp, read back by llvm-spirv-15 -r: padding inside nested structs and at their ends; the defaults' types differ from the constants'.
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v24:32:32-v32:32:32-v48:64:64-v64:64:64-v96:128:128-v128:128:128-v192:256:256-v256:256:256-v512:512:512-v1024:1024:1024"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { %struct.user_defined_type2 }
%struct.user_defined_type2 = type { float, i8, i32, [20 x i8] }
%structtype = type { %structtype.0 }
%structtype.0 = type { float, [28 x i8], %struct.user_defined_type2, i32, i8, [27 x i8] }
%structtype.1 = type { %structtype.2 }
%structtype.2 = type { i8, %structtype.3, i8 }
%structtype.3 = type { i8, i32, i8 }
%struct.user_defined_type = type <{ float, [28 x i8], %struct.user_defined_type2, i32, i8, [27 x i8] }>
%struct.user_defined_type3 = type { i8, [3 x i8], %struct.anon, i8, [3 x i8] }
%struct.anon = type <{ i8, [3 x i8], i32, i8, [3 x i8] }>
%"class.sycl::_V1::id" = type { %"class.sycl::_V1::detail::array" }
%"class.sycl::_V1::detail::array" = type { [1 x i64] }
%structtype.4 = type { i32, i8, i32 }

@__usid_str = internal unnamed_addr addrspace(4) constant [16 x i8] c"____ZL8spec_id2\00", align 1
@_ZL8spec_id2 = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { %struct.user_defined_type2 { float 0x40091EB860000000, i8 42, i32 8, [20 x i8] undef } }, align 32
@__usid_str.1 = internal unnamed_addr addrspace(4) constant [15 x i8] c"____ZL7spec_id\00", align 1
@_ZL7spec_id = internal addrspace(1) constant %structtype { %structtype.0 { float 0x40091EB860000000, [28 x i8] undef, %struct.user_defined_type2 { float 0x40091EB860000000, i8 8, i32 42, [20 x i8] undef }, i32 42, i8 8, [27 x i8] undef } }, align 32
@__usid_str.2 = internal unnamed_addr addrspace(4) constant [16 x i8] c"____ZL8spec_id3\00", align 1
@_ZL8spec_id3 = internal addrspace(1) constant %structtype.1 { %structtype.2 { i8 120, %structtype.3 { i8 121, i32 122, i8 97 }, i8 98 } }, align 4

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind
define spir_kernel void @_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE_clES2_EUlNS0_14kernel_handlerEE_(%struct.user_defined_type2 addrspace(1)* align 32 %0, %"class.sycl::_V1::id"* byval(%"class.sycl::_V1::id") align 8 %1) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !6 !kernel_arg_type !7 !kernel_arg_type_qual !8 !kernel_arg_base_type !7 {
  %3 = alloca %struct.user_defined_type2, align 32
  %4 = bitcast %"class.sycl::_V1::id"* %1 to i64*
  %5 = load i64, i64* %4, align 8
  %6 = getelementptr inbounds %struct.user_defined_type2, %struct.user_defined_type2 addrspace(1)* %0, i64 %5
  %7 = addrspacecast %struct.user_defined_type2* %3 to %struct.user_defined_type2 addrspace(4)*
  %8 = bitcast %struct.user_defined_type2* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 32, i8* %8)
  %9 = addrspacecast %"class.sycl::_V1::specialization_id" addrspace(1)* @_ZL8spec_id2 to %"class.sycl::_V1::specialization_id" addrspace(4)*
  %10 = bitcast [16 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %11 = bitcast %"class.sycl::_V1::specialization_id" addrspace(4)* %9 to i8 addrspace(4)*
  store %struct.user_defined_type2 { float 0x40091EB860000000, i8 42, i32 8, [20 x i8] undef }, %struct.user_defined_type2 addrspace(4)* %7, align 4
  %12 = bitcast %struct.user_defined_type2* %3 to %structtype.4*
  %13 = getelementptr inbounds %structtype.4, %structtype.4* %12, i64 0, i32 0
  %14 = bitcast %struct.user_defined_type2 addrspace(1)* %6 to %structtype.4 addrspace(1)*
  %15 = getelementptr inbounds %structtype.4, %structtype.4 addrspace(1)* %14, i64 0, i32 0
  %16 = load i32, i32* %13, align 32
  store i32 %16, i32 addrspace(1)* %15, align 32
  %17 = bitcast %struct.user_defined_type2* %3 to %structtype.4*
  %18 = getelementptr inbounds %structtype.4, %structtype.4* %17, i64 0, i32 1
  %19 = bitcast %struct.user_defined_type2 addrspace(1)* %6 to %structtype.4 addrspace(1)*
  %20 = getelementptr inbounds %structtype.4, %structtype.4 addrspace(1)* %19, i64 0, i32 1
  %21 = load i8, i8* %18, align 4
  store i8 %21, i8 addrspace(1)* %20, align 4
  %22 = bitcast %struct.user_defined_type2* %3 to %structtype.4*
  %23 = getelementptr inbounds %structtype.4, %structtype.4* %22, i64 0, i32 2
  %24 = bitcast %struct.user_defined_type2 addrspace(1)* %6 to %structtype.4 addrspace(1)*
  %25 = getelementptr inbounds %structtype.4, %structtype.4 addrspace(1)* %24, i64 0, i32 2
  %26 = load i32, i32* %23, align 8
  store i32 %26, i32 addrspace(1)* %25, align 8
  %27 = bitcast %struct.user_defined_type2* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 32, i8* %27)
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: nounwind
define spir_kernel void @_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE0_clES2_EUlNS0_14kernel_handlerEE_(%struct.user_defined_type addrspace(1)* align 32 %0, %"class.sycl::_V1::id"* byval(%"class.sycl::_V1::id") align 8 %1) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !6 !kernel_arg_type !9 !kernel_arg_type_qual !8 !kernel_arg_base_type !9 {
  %3 = alloca %struct.user_defined_type, align 32
  %4 = bitcast %"class.sycl::_V1::id"* %1 to i64*
  %5 = load i64, i64* %4, align 8
  %6 = getelementptr inbounds %struct.user_defined_type, %struct.user_defined_type addrspace(1)* %0, i64 %5
  %7 = addrspacecast %struct.user_defined_type* %3 to %struct.user_defined_type addrspace(4)*
  %8 = bitcast %struct.user_defined_type* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 96, i8* %8)
  %9 = addrspacecast %structtype addrspace(1)* @_ZL7spec_id to %structtype addrspace(4)*
  %10 = bitcast [15 x i8] addrspace(4)* @__usid_str.1 to i8 addrspace(4)*
  %11 = bitcast %structtype addrspace(4)* %9 to i8 addrspace(4)*
  %sret.cast = bitcast %struct.user_defined_type addrspace(4)* %7 to %structtype.0 addrspace(4)*
  store %structtype.0 { float 0x40091EB860000000, [28 x i8] undef, %struct.user_defined_type2 { float 0x40091EB860000000, i8 8, i32 42, [20 x i8] undef }, i32 42, i8 8, [27 x i8] undef }, %structtype.0 addrspace(4)* %sret.cast, align 4
  %12 = bitcast %struct.user_defined_type addrspace(1)* %6 to i8 addrspace(1)*
  %13 = bitcast %struct.user_defined_type* %3 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 32 %12, i8* align 32 %13, i64 69, i1 false)
  %14 = bitcast %struct.user_defined_type* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 96, i8* %14)
  ret void
}

; Function Attrs: argmemonly nocallback nofree nounwind willreturn
declare void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #2

; Function Attrs: nounwind
define spir_kernel void @_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE1_clES2_EUlNS0_14kernel_handlerEE_(%struct.user_defined_type addrspace(1)* align 32 %0, %"class.sycl::_V1::id"* byval(%"class.sycl::_V1::id") align 8 %1) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !6 !kernel_arg_type !9 !kernel_arg_type_qual !8 !kernel_arg_base_type !9 {
  %3 = alloca %struct.user_defined_type, align 32
  %4 = bitcast %"class.sycl::_V1::id"* %1 to i64*
  %5 = load i64, i64* %4, align 8
  %6 = getelementptr inbounds %struct.user_defined_type, %struct.user_defined_type addrspace(1)* %0, i64 %5
  %7 = addrspacecast %struct.user_defined_type* %3 to %struct.user_defined_type addrspace(4)*
  %8 = bitcast %struct.user_defined_type* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 96, i8* %8)
  %9 = addrspacecast %structtype addrspace(1)* @_ZL7spec_id to %structtype addrspace(4)*
  %10 = bitcast [15 x i8] addrspace(4)* @__usid_str.1 to i8 addrspace(4)*
  %11 = bitcast %structtype addrspace(4)* %9 to i8 addrspace(4)*
  %sret.cast = bitcast %struct.user_defined_type addrspace(4)* %7 to %structtype.0 addrspace(4)*
  store %structtype.0 { float 0x40091EB860000000, [28 x i8] undef, %struct.user_defined_type2 { float 0x40091EB860000000, i8 8, i32 42, [20 x i8] undef }, i32 42, i8 8, [27 x i8] undef }, %structtype.0 addrspace(4)* %sret.cast, align 4
  %12 = bitcast %struct.user_defined_type addrspace(1)* %6 to i8 addrspace(1)*
  %13 = bitcast %struct.user_defined_type* %3 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 32 %12, i8* align 32 %13, i64 69, i1 false)
  %14 = bitcast %struct.user_defined_type* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 96, i8* %14)
  ret void
}

; Function Attrs: nounwind
define spir_kernel void @_ZTSZZ4mainENKUlRN4sycl3_V17handlerEE2_clES2_EUlNS0_14kernel_handlerEE_(%struct.user_defined_type3 addrspace(1)* align 4 %0, %"class.sycl::_V1::id"* byval(%"class.sycl::_V1::id") align 8 %1) #0 !kernel_arg_addr_space !3 !kernel_arg_access_qual !6 !kernel_arg_type !10 !kernel_arg_type_qual !8 !kernel_arg_base_type !10 {
  %3 = alloca %struct.user_defined_type3, align 4
  %4 = bitcast %"class.sycl::_V1::id"* %1 to i64*
  %5 = load i64, i64* %4, align 8
  %6 = getelementptr inbounds %struct.user_defined_type3, %struct.user_defined_type3 addrspace(1)* %0, i64 %5
  %7 = addrspacecast %struct.user_defined_type3* %3 to %struct.user_defined_type3 addrspace(4)*
  %8 = bitcast %struct.user_defined_type3* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 20, i8* %8)
  %9 = addrspacecast %structtype.1 addrspace(1)* @_ZL8spec_id3 to %structtype.1 addrspace(4)*
  %10 = bitcast [16 x i8] addrspace(4)* @__usid_str.2 to i8 addrspace(4)*
  %11 = bitcast %structtype.1 addrspace(4)* %9 to i8 addrspace(4)*
  %sret.cast = bitcast %struct.user_defined_type3 addrspace(4)* %7 to %structtype.2 addrspace(4)*
  store %structtype.2 { i8 120, %structtype.3 { i8 121, i32 122, i8 97 }, i8 98 }, %structtype.2 addrspace(4)* %sret.cast, align 4
  %12 = bitcast %struct.user_defined_type3 addrspace(1)* %6 to i8 addrspace(1)*
  %13 = bitcast %struct.user_defined_type3* %3 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 4 %12, i8* align 4 %13, i64 17, i1 false)
  %14 = bitcast %struct.user_defined_type3* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 20, i8* %14)
  ret void
}

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
!6 = !{!"none", !"none"}
!7 = !{!"struct user_defined_type2*", !"class.sycl::_V1::id"}
!8 = !{!"", !""}
!9 = !{!"struct user_defined_type*", !"class.sycl::_V1::id"}
!10 = !{!"struct user_defined_type3*", !"class.sycl::_V1::id"}

!sycl.specialization-constants-default-values-module = !{}
!sycl.specialization-constants = !{}
!sycl.specialization-constants-default-values = !{}
