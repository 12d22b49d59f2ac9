source_filename = "llvm-link"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"
%struct.S = type { i32, %struct.T }
%struct.T = type { i8 }
@_ZL5table = internal addrspace(1) constant [2 x i32] [i32 7, i32 9], align 4
define spir_kernel void @k_a(ptr addrspace(1) %p) #0 !reqd_work_group_size !10 !dbg !20 {
entry:
  %v = call spir_func i32 @_Z6helperi(i32 1), !dbg !22
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define spir_kernel void @k_b(ptr addrspace(1) %p) #0 {
entry:
  %t = load i32, ptr addrspace(1) @_ZL5table, align 4
  call spir_func void @_Z8externalv()
  ret void
}

define spir_kernel void @k_c(ptr addrspace(1) %p, ptr %fp) #1 !sycl_used_aspects !11 {
entry:
  %r = call spir_func i32 %fp(i32 1, i32 2)
  %s = alloca %struct.S, align 4
  ret void
}

define internal spir_func i32 @_Z6helperi(i32 %x) #2 {
entry:
  %y = call spir_func i32 @_Z22__spirv_BuiltInGlobalIdv()
  ret i32 %x
}

define spir_func void @_Z8externalv() #0 {
entry:
  ret void
}

define spir_func i32 @_Z7virtualii(i32 %a, i32 %b) #3 {
entry:
  ret i32 %a
}

declare spir_func i32 @_Z22__spirv_BuiltInGlobalIdv()
attributes #0 = { nounwind "sycl-module-id"="a.cpp" }
attributes #1 = { nounwind "sycl-module-id"="b.cpp" }
attributes #2 = { nounwind }
attributes #3 = { "referenced-indirectly" }
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!4, !5}
!opencl.ocl.version = !{!6}
!spirv.ExecutionMode = !{!8, !9}
!sycl_registered_kernels = !{!12}
!llvm.ident = !{!15}
!1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIFile(filename: "a.cpp", directory: "/src")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 3, i32 0}
!8 = !{ptr @k_a, i32 31, i32 64, i32 1, i32 1}
!9 = !{ptr @k_c, i32 35, i32 8}
!10 = !{i32 64, i32 1, i32 1}
!11 = !{i32 2, i32 -1}
!12 = !{!13, !14}
!13 = !{!"reg_a", !"k_a"}
!14 = !{!"reg_c", !"k_c"}
!15 = !{!"clang version 15"}
!20 = distinct !DISubprogram(name: "k_a", scope: !2, file: !2, line: 1, type: !21, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !1)
!21 = !DISubroutineType(types: !{})
!22 = !DILocation(line: 2, scope: !20)
