source_filename = "llvm-link"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
define spir_kernel void @k_a(ptr addrspace(1) %p) #0 !reqd_work_group_size !10 !dbg !20 {
entry:
  %v = call spir_func i32 @_Z6helperi(i32 1), !dbg !22
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define internal spir_func i32 @_Z6helperi(i32 %x) #2 {
entry:
  %y = call spir_func i32 @_Z22__spirv_BuiltInGlobalIdv()
  ret i32 %x
}

declare spir_func i32 @_Z22__spirv_BuiltInGlobalIdv()
attributes #0 = { nounwind "sycl-module-id"="a.cpp" }
attributes #2 = { nounwind }
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!4, !5}
!opencl.ocl.version = !{!6}
!spirv.ExecutionMode = !{!8}
!sycl_registered_kernels = !{!12}
!llvm.ident = !{!15}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.cpp", directory: "/src")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 3, i32 0}
!8 = !{ptr @k_a, i32 31, i32 64, i32 1, i32 1}
!10 = !{i32 64, i32 1, i32 1}
!12 = !{!13}
!13 = !{!"reg_a", !"k_a"}
!15 = !{!"clang version 15"}
!20 = distinct !DISubprogram(name: "k_a", scope: !2, file: !2, line: 1, type: !21, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !1)
!21 = !DISubroutineType(types: !{})
!22 = !DILocation(line: 2, scope: !20)
