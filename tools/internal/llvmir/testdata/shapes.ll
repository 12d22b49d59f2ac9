; Top-level forms llvm-as-19 accepts (llvm-as-19 -o /dev/null shapes.ll): each
; must parse (TestTopLevelShapes).
source_filename = "v.c"
target datalayout = "e-m:e-i64:64-n32:64"
target triple = "spir64-unknown-unknown"
module asm "  .globl x"
module asm ""

$c1 = comdat any
$"q c" = comdat nodeduplicate
%T = type { i32, ptr }
%P = type <{ i8, i32 }>
%O = type opaque
%F = type void (i32)
%A = type [4 x %T]
@"q g" = linkonce_odr global i32 0, comdat($"q c"), align 4
@g1 = global i32 1, section "s", partition "p", align 8, !dbg !0, !foo !{}
@g2 = internal constant [2 x i8] c"a\00", comdat($c1)
@g3 = global ptr getelementptr inbounds ([2 x i8], ptr @g2, i64 0, i64 1), code_model "large"
@g4 = external global i32, align 4
@g5 = global <2 x i32> splat (i32 3)
@g6 = global %T { i32 1, ptr null } #0
@g7 = dso_local global i32 0, no_sanitize_address, align 4
@g8 = global float 0x3FF0000000000000
@g9 = global double -1.5e+10
@g10 = global { i32, i32 } zeroinitializer, !dbg !0
@g11 = thread_local(localdynamic) global i32 0
@g12 = global %P <{ i8 1, i32 2 }>
@g13 = global i1 true
@g14 = global ptr undef
@g15 = global ptr poison
@a1 = alias i32, ptr @g1
@a2 = alias i32, ptr @g1, partition "p"
@i1 = ifunc void (), ptr @r

define ptr @r() {
  ret ptr null
}

define void @"f q"(i32 %x) #0 !dbg !0 {
  %y = add i32 %x, 1
  %z = add i32 %x, 2
  ret void
}

declare void @d()
  nounwind

uselistorder ptr @g1, { 1, 0 }

attributes #0 = { nounwind "k"="v" }

!llvm.ident = !{!1}
!0 = distinct !{}
!1 = !{!"x"}
!2 = !DILocation(line: 1, scope: !0)
