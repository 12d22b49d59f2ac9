; Inputs for TestWriterGolden: one entity per kind of edit.
source_filename = "edit.ll"
target triple = "spir64"

$internalize_me = comdat any

@gone = external global i32
@llvm.used = appending global [2 x ptr] [ptr @gone, ptr @kernel], section "llvm.metadata"

; Function Attrs: nounwind
define linkonce_odr hidden spir_func i32 @internalize_me(i32 %x) #0 comdat !dbg !0 {
entry:
  ; a comment inside the body
  ret i32 %x ; trailing comment
}

define weak_odr dso_local spir_func void @declare_me() section "s" comdat($internalize_me) personality ptr @gone !a !0 {
  ret void
}

define linkonce_odr spir_func void @externalize_me() #0 {
  ret void
}

define spir_kernel void @kernel(ptr addrspace(1) %p) local_unnamed_addr #0 align 4 !a !0 {
  ret void
}

attributes #0 = { nounwind }
!named = !{!0, !0}
!0 = distinct !{ptr @gone, !"kernel", i32 1}
