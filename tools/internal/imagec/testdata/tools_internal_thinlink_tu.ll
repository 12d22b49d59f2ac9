; A TU as clang emits it for spir64: a kernel, an exported helper that
; reaches another TU through an internal function, a global, a comdat pair.
target triple = "spir64"

$pair = comdat any

@counter = addrspace(1) global i32 0
@.str = private unnamed_addr constant [3 x i8] c"hi\00"
@llvm.used = appending global [1 x ptr] [ptr @kept], section "llvm.metadata"

declare spir_func i64 @_Z13get_global_idj(i32)
declare spir_func i32 @"helper next"(i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define spir_kernel void @k(ptr addrspace(1) %out) !sycl.note !0 {
  %g = call spir_func i64 @_Z13get_global_idj(i32 0)
  %v = call spir_func i32 @helper(i32 1)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define spir_func i32 @helper(i32 %x) {
  %r = call spir_func i32 @inner(i32 %x)
  ret i32 %r
}

define internal spir_func i32 @inner(i32 %x) {
  %r = call spir_func i32 @"helper next"(i32 %x)
  %c = load i32, ptr addrspace(1) @counter
  ret i32 %r
}

define linkonce_odr spir_func i32 @pair_a(i32 %x) comdat($pair) {
  ret i32 %x
}

define linkonce_odr spir_func i32 @pair_b(i32 %x) comdat($pair) {
  ret i32 %x
}

define spir_func void @kept() !dbg.like !1 {
  ret void
}

define spir_func i32 @uses_pair(i32 %x) !note !3 {
  %r = call spir_func i32 @pair_a(i32 %x)
  ret i32 %r
}

!0 = !{ptr @"helper next"}
!1 = distinct !{!1, !2}
!2 = !{!"debug-like metadata that names no global", !1}
!3 = !{!"two levels down", !4}
!4 = !{ptr addrspace(1) @counter}
