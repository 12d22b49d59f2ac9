; A globals: tuple that something else refers to is left as it is.
target triple = "amdgcn-amd-amdhsa"

@gv = internal addrspace(1) global i32 0, !dbg !20

define amdgpu_kernel void @k1() {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !6}
!other = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!3 = !{!20}
!5 = !{i32 7, !"Dwarf Version", i32 4}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !8, isLocal: true, isDefinition: true)
