; StripDeadDebugInfo: a compile unit's globals: list keeps only the
; DIGlobalVariableExpressions of global variables in the image, and
; constant ones; the list stays, possibly empty.
target triple = "amdgcn-amd-amdhsa"

@gv = internal addrspace(1) global i32 0, !dbg !20
@gv2 = internal addrspace(1) global i32 0, !dbg !22

define amdgpu_kernel void @k1() !dbg !10 {
  %x = load i32, ptr addrspace(1) @gv, !dbg !15
  ret void, !dbg !15
}

define amdgpu_kernel void @k2() !dbg !12 {
  %x = load i32, ptr addrspace(1) @gv2, !dbg !16
  ret void, !dbg !16
}

define amdgpu_kernel void @k3() {
  ret void
}

!llvm.dbg.cu = !{!0, !50}
!llvm.module.flags = !{!5, !6}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!3 = !{!20, !22}
!5 = !{i32 7, !"Dwarf Version", i32 4}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !DISubroutineType(types: !{null})
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "k1", scope: !1, file: !1, line: 1, type: !7, spFlags: DISPFlagDefinition, unit: !0)
!12 = distinct !DISubprogram(name: "k2", scope: !1, file: !1, line: 2, type: !7, spFlags: DISPFlagDefinition, unit: !0)
!15 = !DILocation(line: 1, scope: !10)
!16 = !DILocation(line: 2, scope: !12)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !8, isLocal: true, isDefinition: true)
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(name: "gv2", scope: !0, file: !1, line: 1, type: !8, isLocal: true, isDefinition: true)
!50 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !51, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !53)
!51 = !DIFile(filename: "b.cpp", directory: "/tmp")
!53 = !{!54}
!54 = !DIGlobalVariableExpression(var: !55, expr: !56)
!55 = distinct !DIGlobalVariable(name: "cst", scope: !50, file: !51, line: 1, type: !8, isLocal: true, isDefinition: true)
!56 = !DIExpression(DW_OP_constu, 7, DW_OP_stack_value)
