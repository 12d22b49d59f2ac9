; Every type of tests/sycl_cxx/spec_constant_types.cpp (scalars, half, vec4, vec3, vec16, marray, std::array, a padded struct): the image libsycl-jit compiles, read back by llvm-spirv-15 -r. The SPIR-V round trip gives the vec defaults literal struct types of their own.
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v24:32:32-v32:32:32-v48:64:64-v64:64:64-v96:128:128-v128:128:128-v192:256:256-v256:256:256-v512:512:512-v1024:1024:1024"
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::specialization_id" = type { i8 }
%"class.sycl::_V1::specialization_id.107" = type { i8 }
%"class.sycl::_V1::specialization_id.108" = type { i16 }
%"class.sycl::_V1::specialization_id.109" = type { i32 }
%"class.sycl::_V1::specialization_id.110" = type { i64 }
%"class.sycl::_V1::specialization_id.111" = type { %"class.sycl::_V1::detail::half_impl::half" }
%"class.sycl::_V1::detail::half_impl::half" = type { half }
%"class.sycl::_V1::specialization_id.112" = type { float }
%"class.sycl::_V1::specialization_id.113" = type { double }
%structtype = type { %structtype.0 }
%structtype.0 = type { [4 x float] }
%structtype.1 = type { %structtype.2 }
%structtype.2 = type { [4 x i32] }
%structtype.3 = type { %structtype.4 }
%structtype.4 = type { [16 x i8] }
%"class.sycl::_V1::specialization_id.117" = type { %"class.sycl::_V1::marray" }
%"class.sycl::_V1::marray" = type { [3 x i16] }
%"class.sycl::_V1::specialization_id.118" = type { %"struct.std::array" }
%"struct.std::array" = type { [5 x i32] }
%"class.sycl::_V1::specialization_id.119" = type { %struct.Padded }
%struct.Padded = type { i8, double, %struct.Inner, %"struct.std::array.106", i8 }
%struct.Inner = type { i16, i32 }
%"struct.std::array.106" = type { [3 x i8] }
%"class.sycl::_V1::vec" = type { %"class.sycl::_V1::detail::vec_base" }
%"class.sycl::_V1::detail::vec_base" = type { [4 x float] }
%"class.sycl::_V1::vec.32" = type { %"class.sycl::_V1::detail::vec_base.68" }
%"class.sycl::_V1::detail::vec_base.68" = type { [4 x i32] }
%"class.sycl::_V1::vec.69" = type { %"class.sycl::_V1::detail::vec_base.105" }
%"class.sycl::_V1::detail::vec_base.105" = type { [16 x i8] }
%struct.Values = type { i8, i8, i16, i32, i64, %"class.sycl::_V1::detail::half_impl::half", float, double, %"class.sycl::_V1::vec", %"class.sycl::_V1::vec.32", %"class.sycl::_V1::vec.69", %"class.sycl::_V1::marray", %"struct.std::array", %struct.Padded }

@__usid_str = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4b_id\00", align 1
@_ZL4b_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id" { i8 1 }, align 1
@__usid_str.1 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4c_id\00", align 1
@_ZL4c_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.107" { i8 120 }, align 1
@__usid_str.2 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4s_id\00", align 1
@_ZL4s_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.108" { i16 -1234 }, align 2
@__usid_str.3 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4i_id\00", align 1
@_ZL4i_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.109" { i32 -123456789 }, align 4
@__usid_str.4 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4l_id\00", align 1
@_ZL4l_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.110" { i64 -1234567890123 }, align 8
@__usid_str.5 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4h_id\00", align 1
@_ZL4h_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.111" { %"class.sycl::_V1::detail::half_impl::half" { half 0xH3E00 } }, align 2
@__usid_str.6 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4f_id\00", align 1
@_ZL4f_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.112" { float 2.750000e+00 }, align 4
@__usid_str.7 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4d_id\00", align 1
@_ZL4d_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.113" { double -3.125000e+00 }, align 8
@__usid_str.8 = internal unnamed_addr addrspace(4) constant [13 x i8] c"____ZL5v4_id\00", align 1
@_ZL5v4_id = internal addrspace(1) constant %structtype { %structtype.0 { [4 x float] [float 1.000000e+00, float -2.000000e+00, float 3.500000e+00, float 4.250000e+00] } }, align 16
@__usid_str.9 = internal unnamed_addr addrspace(4) constant [13 x i8] c"____ZL5v3_id\00", align 1
@_ZL5v3_id = internal addrspace(1) constant %structtype.1 { %structtype.2 { [4 x i32] [i32 7, i32 -8, i32 9, i32 0] } }, align 16
@__usid_str.10 = internal unnamed_addr addrspace(4) constant [14 x i8] c"____ZL6v16_id\00", align 1
@_ZL6v16_id = internal addrspace(1) constant %structtype.3 { %structtype.4 { [16 x i8] c"\14\14\14\14\14\14\14\14\14\14\14\14\14\14\14\14" } }, align 16
@__usid_str.11 = internal unnamed_addr addrspace(4) constant [13 x i8] c"____ZL5m3_id\00", align 1
@_ZL5m3_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.117" { %"class.sycl::_V1::marray" { [3 x i16] [i16 11, i16 -12, i16 13] } }, align 2
@__usid_str.12 = internal unnamed_addr addrspace(4) constant [13 x i8] c"____ZL5a5_id\00", align 1
@_ZL5a5_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.118" { %"struct.std::array" { [5 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5] } }, align 4
@__usid_str.13 = internal unnamed_addr addrspace(4) constant [12 x i8] c"____ZL4p_id\00", align 1
@_ZL4p_id = internal addrspace(1) constant %"class.sycl::_V1::specialization_id.119" { %struct.Padded { i8 112, double 6.500000e+00, %struct.Inner { i16 -7, i32 8 }, %"struct.std::array.106" { [3 x i8] c"\09\F6\0B" }, i8 1 } }, align 8

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind

; Function Attrs: nounwind
define spir_kernel void @_ZTS17ReadSpecConstants(%struct.Values addrspace(1)* align 16 %0) #0 !kernel_arg_addr_space !7 !kernel_arg_access_qual !8 !kernel_arg_type !9 !kernel_arg_type_qual !10 !kernel_arg_base_type !9 {
  %2 = alloca %"class.sycl::_V1::detail::half_impl::half", align 2
  %3 = alloca %"class.sycl::_V1::vec", align 16
  %4 = alloca %"class.sycl::_V1::vec.32", align 16
  %5 = alloca %"class.sycl::_V1::vec.69", align 16
  %6 = alloca %"class.sycl::_V1::marray", align 2
  %7 = alloca %"struct.std::array", align 4
  %8 = alloca %struct.Padded, align 8
  %9 = addrspacecast %"class.sycl::_V1::detail::half_impl::half"* %2 to %"class.sycl::_V1::detail::half_impl::half" addrspace(4)*
  %10 = addrspacecast %"class.sycl::_V1::vec"* %3 to %"class.sycl::_V1::vec" addrspace(4)*
  %11 = addrspacecast %"class.sycl::_V1::vec.32"* %4 to %"class.sycl::_V1::vec.32" addrspace(4)*
  %12 = addrspacecast %"class.sycl::_V1::vec.69"* %5 to %"class.sycl::_V1::vec.69" addrspace(4)*
  %13 = addrspacecast %"class.sycl::_V1::marray"* %6 to %"class.sycl::_V1::marray" addrspace(4)*
  %14 = addrspacecast %"struct.std::array"* %7 to %"struct.std::array" addrspace(4)*
  %15 = addrspacecast %struct.Padded* %8 to %struct.Padded addrspace(4)*
  %16 = addrspacecast %"class.sycl::_V1::specialization_id" addrspace(1)* @_ZL4b_id to %"class.sycl::_V1::specialization_id" addrspace(4)*
  %17 = bitcast [12 x i8] addrspace(4)* @__usid_str to i8 addrspace(4)*
  %18 = bitcast %"class.sycl::_V1::specialization_id" addrspace(4)* %16 to i8 addrspace(4)*
  %19 = trunc i8 1 to i1
  %20 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 0
  %21 = select i1 %19, i8 1, i8 0
  store i8 %21, i8 addrspace(1)* %20, align 16
  %22 = addrspacecast %"class.sycl::_V1::specialization_id.107" addrspace(1)* @_ZL4c_id to %"class.sycl::_V1::specialization_id.107" addrspace(4)*
  %23 = bitcast [12 x i8] addrspace(4)* @__usid_str.1 to i8 addrspace(4)*
  %24 = bitcast %"class.sycl::_V1::specialization_id.107" addrspace(4)* %22 to i8 addrspace(4)*
  %25 = bitcast i8 120 to i8
  %26 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 1
  store i8 %25, i8 addrspace(1)* %26, align 1
  %27 = addrspacecast %"class.sycl::_V1::specialization_id.108" addrspace(1)* @_ZL4s_id to %"class.sycl::_V1::specialization_id.108" addrspace(4)*
  %28 = bitcast [12 x i8] addrspace(4)* @__usid_str.2 to i8 addrspace(4)*
  %29 = bitcast %"class.sycl::_V1::specialization_id.108" addrspace(4)* %27 to i8 addrspace(4)*
  %30 = bitcast i16 -1234 to i16
  %31 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 2
  store i16 %30, i16 addrspace(1)* %31, align 2
  %32 = addrspacecast %"class.sycl::_V1::specialization_id.109" addrspace(1)* @_ZL4i_id to %"class.sycl::_V1::specialization_id.109" addrspace(4)*
  %33 = bitcast [12 x i8] addrspace(4)* @__usid_str.3 to i8 addrspace(4)*
  %34 = bitcast %"class.sycl::_V1::specialization_id.109" addrspace(4)* %32 to i8 addrspace(4)*
  %35 = bitcast i32 -123456789 to i32
  %36 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 3
  store i32 %35, i32 addrspace(1)* %36, align 4
  %37 = addrspacecast %"class.sycl::_V1::specialization_id.110" addrspace(1)* @_ZL4l_id to %"class.sycl::_V1::specialization_id.110" addrspace(4)*
  %38 = bitcast [12 x i8] addrspace(4)* @__usid_str.4 to i8 addrspace(4)*
  %39 = bitcast %"class.sycl::_V1::specialization_id.110" addrspace(4)* %37 to i8 addrspace(4)*
  %40 = bitcast i64 -1234567890123 to i64
  %41 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 4
  store i64 %40, i64 addrspace(1)* %41, align 8
  %42 = bitcast %"class.sycl::_V1::detail::half_impl::half"* %2 to i8*
  call void @llvm.lifetime.start.p0i8(i64 2, i8* %42)
  %43 = addrspacecast %"class.sycl::_V1::specialization_id.111" addrspace(1)* @_ZL4h_id to %"class.sycl::_V1::specialization_id.111" addrspace(4)*
  %44 = bitcast [12 x i8] addrspace(4)* @__usid_str.5 to i8 addrspace(4)*
  %45 = bitcast %"class.sycl::_V1::specialization_id.111" addrspace(4)* %43 to i8 addrspace(4)*
  store %"class.sycl::_V1::detail::half_impl::half" { half 0xH3E00 }, %"class.sycl::_V1::detail::half_impl::half" addrspace(4)* %9, align 2
  %46 = getelementptr inbounds %"class.sycl::_V1::detail::half_impl::half", %"class.sycl::_V1::detail::half_impl::half"* %2, i64 0, i32 0
  %47 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 5
  %48 = load half, half* %46, align 2
  %49 = bitcast %"class.sycl::_V1::detail::half_impl::half" addrspace(1)* %47 to half addrspace(1)*
  store half %48, half addrspace(1)* %49, align 16
  %50 = bitcast %"class.sycl::_V1::detail::half_impl::half"* %2 to i8*
  call void @llvm.lifetime.end.p0i8(i64 2, i8* %50)
  %51 = addrspacecast %"class.sycl::_V1::specialization_id.112" addrspace(1)* @_ZL4f_id to %"class.sycl::_V1::specialization_id.112" addrspace(4)*
  %52 = bitcast [12 x i8] addrspace(4)* @__usid_str.6 to i8 addrspace(4)*
  %53 = bitcast %"class.sycl::_V1::specialization_id.112" addrspace(4)* %51 to i8 addrspace(4)*
  %54 = bitcast float 2.750000e+00 to float
  %55 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 6
  store float %54, float addrspace(1)* %55, align 4
  %56 = addrspacecast %"class.sycl::_V1::specialization_id.113" addrspace(1)* @_ZL4d_id to %"class.sycl::_V1::specialization_id.113" addrspace(4)*
  %57 = bitcast [12 x i8] addrspace(4)* @__usid_str.7 to i8 addrspace(4)*
  %58 = bitcast %"class.sycl::_V1::specialization_id.113" addrspace(4)* %56 to i8 addrspace(4)*
  %59 = bitcast double -3.125000e+00 to double
  %60 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 7
  store double %59, double addrspace(1)* %60, align 8
  %61 = bitcast %"class.sycl::_V1::vec"* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %61)
  %62 = addrspacecast %structtype addrspace(1)* @_ZL5v4_id to %structtype addrspace(4)*
  %63 = bitcast [13 x i8] addrspace(4)* @__usid_str.8 to i8 addrspace(4)*
  %64 = bitcast %structtype addrspace(4)* %62 to i8 addrspace(4)*
  %sret.cast = bitcast %"class.sycl::_V1::vec" addrspace(4)* %10 to %structtype.0 addrspace(4)*
  store %structtype.0 { [4 x float] [float 1.000000e+00, float -2.000000e+00, float 3.500000e+00, float 4.250000e+00] }, %structtype.0 addrspace(4)* %sret.cast, align 4
  %65 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 8
  %66 = bitcast %"class.sycl::_V1::vec" addrspace(1)* %65 to i8 addrspace(1)*
  %67 = bitcast %"class.sycl::_V1::vec"* %3 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 16 %66, i8* align 16 %67, i64 16, i1 false)
  %68 = bitcast %"class.sycl::_V1::vec"* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 16, i8* %68)
  %69 = bitcast %"class.sycl::_V1::vec.32"* %4 to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %69)
  %70 = addrspacecast %structtype.1 addrspace(1)* @_ZL5v3_id to %structtype.1 addrspace(4)*
  %71 = bitcast [13 x i8] addrspace(4)* @__usid_str.9 to i8 addrspace(4)*
  %72 = bitcast %structtype.1 addrspace(4)* %70 to i8 addrspace(4)*
  %sret.cast1 = bitcast %"class.sycl::_V1::vec.32" addrspace(4)* %11 to %structtype.2 addrspace(4)*
  store %structtype.2 { [4 x i32] [i32 7, i32 -8, i32 9, i32 0] }, %structtype.2 addrspace(4)* %sret.cast1, align 4
  %73 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 9
  %74 = bitcast %"class.sycl::_V1::vec.32" addrspace(1)* %73 to i8 addrspace(1)*
  %75 = bitcast %"class.sycl::_V1::vec.32"* %4 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 16 %74, i8* align 16 %75, i64 16, i1 false)
  %76 = bitcast %"class.sycl::_V1::vec.32"* %4 to i8*
  call void @llvm.lifetime.end.p0i8(i64 16, i8* %76)
  %77 = bitcast %"class.sycl::_V1::vec.69"* %5 to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %77)
  %78 = addrspacecast %structtype.3 addrspace(1)* @_ZL6v16_id to %structtype.3 addrspace(4)*
  %79 = bitcast [14 x i8] addrspace(4)* @__usid_str.10 to i8 addrspace(4)*
  %80 = bitcast %structtype.3 addrspace(4)* %78 to i8 addrspace(4)*
  %sret.cast2 = bitcast %"class.sycl::_V1::vec.69" addrspace(4)* %12 to %structtype.4 addrspace(4)*
  store %structtype.4 { [16 x i8] [i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20, i8 20] }, %structtype.4 addrspace(4)* %sret.cast2, align 1
  %81 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 10
  %82 = bitcast %"class.sycl::_V1::vec.69" addrspace(1)* %81 to i8 addrspace(1)*
  %83 = bitcast %"class.sycl::_V1::vec.69"* %5 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 16 %82, i8* align 16 %83, i64 16, i1 false)
  %84 = bitcast %"class.sycl::_V1::vec.69"* %5 to i8*
  call void @llvm.lifetime.end.p0i8(i64 16, i8* %84)
  %85 = bitcast %"class.sycl::_V1::marray"* %6 to i8*
  call void @llvm.lifetime.start.p0i8(i64 6, i8* %85)
  %86 = addrspacecast %"class.sycl::_V1::specialization_id.117" addrspace(1)* @_ZL5m3_id to %"class.sycl::_V1::specialization_id.117" addrspace(4)*
  %87 = bitcast [13 x i8] addrspace(4)* @__usid_str.11 to i8 addrspace(4)*
  %88 = bitcast %"class.sycl::_V1::specialization_id.117" addrspace(4)* %86 to i8 addrspace(4)*
  store %"class.sycl::_V1::marray" { [3 x i16] [i16 11, i16 -12, i16 13] }, %"class.sycl::_V1::marray" addrspace(4)* %13, align 2
  %89 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 11
  %90 = bitcast %"class.sycl::_V1::marray" addrspace(1)* %89 to i8 addrspace(1)*
  %91 = bitcast %"class.sycl::_V1::marray"* %6 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 16 %90, i8* align 16 %91, i64 6, i1 false)
  %92 = bitcast %"class.sycl::_V1::marray"* %6 to i8*
  call void @llvm.lifetime.end.p0i8(i64 6, i8* %92)
  %93 = bitcast %"struct.std::array"* %7 to i8*
  call void @llvm.lifetime.start.p0i8(i64 20, i8* %93)
  %94 = addrspacecast %"class.sycl::_V1::specialization_id.118" addrspace(1)* @_ZL5a5_id to %"class.sycl::_V1::specialization_id.118" addrspace(4)*
  %95 = bitcast [13 x i8] addrspace(4)* @__usid_str.12 to i8 addrspace(4)*
  %96 = bitcast %"class.sycl::_V1::specialization_id.118" addrspace(4)* %94 to i8 addrspace(4)*
  store %"struct.std::array" { [5 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5] }, %"struct.std::array" addrspace(4)* %14, align 4
  %97 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 12
  %98 = bitcast %"struct.std::array" addrspace(1)* %97 to i8 addrspace(1)*
  %99 = bitcast %"struct.std::array"* %7 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 8 %98, i8* align 8 %99, i64 20, i1 false)
  %100 = bitcast %"struct.std::array"* %7 to i8*
  call void @llvm.lifetime.end.p0i8(i64 20, i8* %100)
  %101 = bitcast %struct.Padded* %8 to i8*
  call void @llvm.lifetime.start.p0i8(i64 32, i8* %101)
  %102 = addrspacecast %"class.sycl::_V1::specialization_id.119" addrspace(1)* @_ZL4p_id to %"class.sycl::_V1::specialization_id.119" addrspace(4)*
  %103 = bitcast [12 x i8] addrspace(4)* @__usid_str.13 to i8 addrspace(4)*
  %104 = bitcast %"class.sycl::_V1::specialization_id.119" addrspace(4)* %102 to i8 addrspace(4)*
  store %struct.Padded { i8 112, double 6.500000e+00, %struct.Inner { i16 -7, i32 8 }, %"struct.std::array.106" { [3 x i8] [i8 9, i8 -10, i8 11] }, i8 1 }, %struct.Padded addrspace(4)* %15, align 8
  %105 = getelementptr inbounds %struct.Values, %struct.Values addrspace(1)* %0, i64 0, i32 13
  %106 = bitcast %struct.Padded addrspace(1)* %105 to i8 addrspace(1)*
  %107 = bitcast %struct.Padded* %8 to i8*
  call void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* align 16 %106, i8* align 16 %107, i64 32, i1 false)
  %108 = bitcast %struct.Padded* %8 to i8*
  call void @llvm.lifetime.end.p0i8(i64 32, i8* %108)
  ret void
}

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly nocallback nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #1

; Function Attrs: argmemonly nocallback nofree nounwind willreturn
declare void @llvm.memcpy.p1i8.p0i8.i64(i8 addrspace(1)* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #2

attributes #0 = { nounwind }
attributes #1 = { argmemonly nocallback nofree nosync nounwind willreturn }
attributes #2 = { argmemonly nocallback nofree nounwind willreturn }

!spirv.MemoryModel = !{!0}
!spirv.Source = !{!1}
!opencl.spir.version = !{!2}
!opencl.ocl.version = !{!3}
!opencl.used.extensions = !{!4}
!opencl.used.optional.core.features = !{!5}
!spirv.Generator = !{!6}

!0 = !{i32 2, i32 2}
!1 = !{i32 4, i32 100000}
!2 = !{i32 1, i32 2}
!3 = !{i32 1, i32 0}
!4 = !{}
!5 = !{!"cl_doubles"}
!6 = !{i16 6, i16 14}
!7 = !{i32 1}
!8 = !{!"none"}
!9 = !{!"struct Values*"}
!10 = !{!""}

!sycl.specialization-constants-default-values-module = !{}
!sycl.specialization-constants = !{}
!sycl.specialization-constants-default-values = !{}
