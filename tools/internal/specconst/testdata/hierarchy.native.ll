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
declare float @_Z20__spirv_SpecConstantif(i32, float)
declare i8 @_Z20__spirv_SpecConstantia(i32, i8)
declare i32 @_Z20__spirv_SpecConstantii(i32, i32)
declare %struct.anon @_Z29__spirv_SpecConstantCompositeii_Rstruct.anon(i32, i32)
declare %struct.base @_Z29__spirv_SpecConstantCompositefaistruct.anon_Rstruct.base(float, i8, i32, %struct.anon)
declare %struct.layer1 @_Z29__spirv_SpecConstantCompositestruct.base_Rstruct.layer1(%struct.base)
declare %struct.layer2 @_Z29__spirv_SpecConstantCompositestruct.layer1_Rstruct.layer2(%struct.layer1)
declare i64 @_Z20__spirv_SpecConstantix(i32, i64)
declare [5 x i64] @_Z29__spirv_SpecConstantCompositexxxxx_RA5_x(i64, i64, i64, i64, i64)
declare %struct.anon.0 @_Z29__spirv_SpecConstantCompositei_Rstruct.anon.0(i32)
declare [5 x %struct.anon.0] @_Z29__spirv_SpecConstantCompositestruct.anon.0struct.anon.0struct.anon.0struct.anon.0struct.anon.0_RA5_struct.anon.0(%struct.anon.0, %struct.anon.0, %struct.anon.0, %struct.anon.0, %struct.anon.0)
declare [5 x i8] @_Z29__spirv_SpecConstantCompositeaaaaa_RA5_a(i8, i8, i8, i8, i8)
declare %struct.foo.base @_Z29__spirv_SpecConstantCompositeiA4_aA5_xA5_struct.anon.0A5_a_Rstruct.foo.base(i32, [4 x i8], [5 x i64], [5 x %struct.anon.0], [5 x i8])
declare %struct.layer3.base @_Z29__spirv_SpecConstantCompositestruct.layer2A4_astruct.foo.base_Rstruct.layer3.base(%struct.layer2, [4 x i8], %struct.foo.base)
declare %struct.layer4.base @_Z29__spirv_SpecConstantCompositestruct.layer3.base_Rstruct.layer4.base(%struct.layer3.base)
declare %struct.scary @_Z29__spirv_SpecConstantCompositestruct.layer4.baseA15_a_Rstruct.scary(%struct.layer4.base, [15 x i8])

; Function Attrs: nounwind
define spir_kernel void @_ZTSZ4mainEUlN4sycl3_V114kernel_handlerEE_(%struct.scary addrspace(1)* align 16 %0) #0 !kernel_arg_addr_space !6 !kernel_arg_access_qual !7 !kernel_arg_type !8 !kernel_arg_type_qual !9 !kernel_arg_base_type !8 {
  %2 = alloca %struct.scary, align 16
  %3 = addrspacecast %struct.scary* %2 to %struct.scary addrspace(4)*
  %4 = bitcast %struct.scary* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 112, i8* %4)
  %5 = addrspacecast %structtype addrspace(1)* @_ZL16scary_spec_const to %structtype addrspace(4)*
  %6 = bitcast [25 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %7 = bitcast %structtype addrspace(4)* %5 to i8 addrspace(4)*
  %sc = call float @_Z20__spirv_SpecConstantif(i32 0, float 0.000000e+00)
  %sc1 = call i8 @_Z20__spirv_SpecConstantia(i32 1, i8 98)
  %sc2 = call i32 @_Z20__spirv_SpecConstantii(i32 2, i32 0)
  %sc3 = call i32 @_Z20__spirv_SpecConstantii(i32 3, i32 0)
  %sc4 = call i32 @_Z20__spirv_SpecConstantii(i32 4, i32 0)
  %sc5 = call %struct.anon @_Z29__spirv_SpecConstantCompositeii_Rstruct.anon(i32 %sc3, i32 %sc4)
  %sc6 = call %struct.base @_Z29__spirv_SpecConstantCompositefaistruct.anon_Rstruct.base(float %sc, i8 %sc1, i32 %sc2, %struct.anon %sc5)
  %sc7 = call %struct.layer1 @_Z29__spirv_SpecConstantCompositestruct.base_Rstruct.layer1(%struct.base %sc6)
  %sc8 = call %struct.layer2 @_Z29__spirv_SpecConstantCompositestruct.layer1_Rstruct.layer2(%struct.layer1 %sc7)
  %sc9 = call i32 @_Z20__spirv_SpecConstantii(i32 6, i32 3)
  %sc10 = call i64 @_Z20__spirv_SpecConstantix(i32 8, i64 5)
  %sc11 = call i64 @_Z20__spirv_SpecConstantix(i32 9, i64 0)
  %sc12 = call i64 @_Z20__spirv_SpecConstantix(i32 10, i64 0)
  %sc13 = call i64 @_Z20__spirv_SpecConstantix(i32 11, i64 0)
  %sc14 = call i64 @_Z20__spirv_SpecConstantix(i32 12, i64 0)
  %sc15 = call [5 x i64] @_Z29__spirv_SpecConstantCompositexxxxx_RA5_x(i64 %sc10, i64 %sc11, i64 %sc12, i64 %sc13, i64 %sc14)
  %sc16 = call i32 @_Z20__spirv_SpecConstantii(i32 13, i32 1)
  %sc17 = call %struct.anon.0 @_Z29__spirv_SpecConstantCompositei_Rstruct.anon.0(i32 %sc16)
  %sc18 = call i32 @_Z20__spirv_SpecConstantii(i32 14, i32 2)
  %sc19 = call %struct.anon.0 @_Z29__spirv_SpecConstantCompositei_Rstruct.anon.0(i32 %sc18)
  %sc20 = call i32 @_Z20__spirv_SpecConstantii(i32 15, i32 0)
  %sc21 = call %struct.anon.0 @_Z29__spirv_SpecConstantCompositei_Rstruct.anon.0(i32 %sc20)
  %sc22 = call i32 @_Z20__spirv_SpecConstantii(i32 16, i32 0)
  %sc23 = call %struct.anon.0 @_Z29__spirv_SpecConstantCompositei_Rstruct.anon.0(i32 %sc22)
  %sc24 = call i32 @_Z20__spirv_SpecConstantii(i32 17, i32 0)
  %sc25 = call %struct.anon.0 @_Z29__spirv_SpecConstantCompositei_Rstruct.anon.0(i32 %sc24)
  %sc26 = call [5 x %struct.anon.0] @_Z29__spirv_SpecConstantCompositestruct.anon.0struct.anon.0struct.anon.0struct.anon.0struct.anon.0_RA5_struct.anon.0(%struct.anon.0 %sc17, %struct.anon.0 %sc19, %struct.anon.0 %sc21, %struct.anon.0 %sc23, %struct.anon.0 %sc25)
  %sc27 = call i8 @_Z20__spirv_SpecConstantia(i32 18, i8 97)
  %sc28 = call i8 @_Z20__spirv_SpecConstantia(i32 19, i8 98)
  %sc29 = call i8 @_Z20__spirv_SpecConstantia(i32 20, i8 99)
  %sc30 = call i8 @_Z20__spirv_SpecConstantia(i32 21, i8 0)
  %sc31 = call i8 @_Z20__spirv_SpecConstantia(i32 22, i8 0)
  %sc32 = call [5 x i8] @_Z29__spirv_SpecConstantCompositeaaaaa_RA5_a(i8 %sc27, i8 %sc28, i8 %sc29, i8 %sc30, i8 %sc31)
  %sc33 = call %struct.foo.base @_Z29__spirv_SpecConstantCompositeiA4_aA5_xA5_struct.anon.0A5_a_Rstruct.foo.base(i32 %sc9, [4 x i8] undef, [5 x i64] %sc15, [5 x %struct.anon.0] %sc26, [5 x i8] %sc32)
  %sc34 = call %struct.layer3.base @_Z29__spirv_SpecConstantCompositestruct.layer2A4_astruct.foo.base_Rstruct.layer3.base(%struct.layer2 %sc8, [4 x i8] undef, %struct.foo.base %sc33)
  %sc35 = call %struct.layer4.base @_Z29__spirv_SpecConstantCompositestruct.layer3.base_Rstruct.layer4.base(%struct.layer3.base %sc34)
  %sc36 = call %struct.scary @_Z29__spirv_SpecConstantCompositestruct.layer4.baseA15_a_Rstruct.scary(%struct.layer4.base %sc35, [15 x i8] undef)
  store %struct.scary %sc36, %struct.scary addrspace(4)* %3, align 1
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

!sycl.specialization-constants = !{!10}
!sycl.specialization-constants-default-values = !{!11}
!10 = !{!"____ZL16scary_spec_const", i32 0, i32 0, i32 4, i32 1, i32 4, i32 1, i32 2, i32 8, i32 4, i32 3, i32 12, i32 4, i32 4, i32 16, i32 4, i32 6, i32 24, i32 4, i32 8, i32 32, i32 8, i32 9, i32 40, i32 8, i32 10, i32 48, i32 8, i32 11, i32 56, i32 8, i32 12, i32 64, i32 8, i32 13, i32 72, i32 4, i32 14, i32 76, i32 4, i32 15, i32 80, i32 4, i32 16, i32 84, i32 4, i32 17, i32 88, i32 4, i32 18, i32 92, i32 1, i32 19, i32 93, i32 1, i32 20, i32 94, i32 1, i32 21, i32 95, i32 1, i32 22, i32 96, i32 1, i32 -1, i32 97, i32 15}
!11 = !{%structtype.0 { float 0.000000e+00, i8 98, i32 0, %struct.anon zeroinitializer, [4 x i8] undef, i32 3, [5 x i64] [i64 5, i64 0, i64 0, i64 0, i64 0], [5 x %struct.anon.0] [%struct.anon.0 { i32 1 }, %struct.anon.0 { i32 2 }, %struct.anon.0 zeroinitializer, %struct.anon.0 zeroinitializer, %struct.anon.0 zeroinitializer], [5 x i8] [i8 97, i8 98, i8 99, i8 0, i8 0], [15 x i8] undef }}
