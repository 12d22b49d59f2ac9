source_filename = "llvm-link"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
%struct.S = type { i32, %struct.T }
%struct.T = type { i8 }
define spir_kernel void @k_c(ptr addrspace(1) %p, ptr %fp) #1 !sycl_used_aspects !11 {
entry:
  %r = call spir_func i32 %fp(i32 1, i32 2)
  %s = alloca %struct.S, align 4
  ret void
}

define spir_func i32 @_Z7virtualii(i32 %a, i32 %b) #3 {
entry:
  ret i32 %a
}

attributes #1 = { nounwind "sycl-module-id"="b.cpp" }
attributes #3 = { "referenced-indirectly" }
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!4, !5}
!opencl.ocl.version = !{!6}
!spirv.ExecutionMode = !{!9}
!sycl_registered_kernels = !{!12}
!llvm.ident = !{!15}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.cpp", directory: "/src")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 3, i32 0}
!9 = !{ptr @k_c, i32 35, i32 8}
!11 = !{i32 2, i32 -1}
!12 = !{!14}
!14 = !{!"reg_c", !"k_c"}
!15 = !{!"clang version 15"}
