source_filename = "llvm-link"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
define spir_func void @_Z8externalv() #0 {
entry:
  ret void
}

attributes #0 = { nounwind "sycl-module-id"="a.cpp" }
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!4, !5}
!opencl.ocl.version = !{!6}
!sycl_registered_kernels = !{!12}
!llvm.ident = !{!15}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.cpp", directory: "/src")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 3, i32 0}
!12 = !{}
!15 = !{!"clang version 15"}
