source_filename = "edit.ll"
target triple = "spir64"
$internalize_me = comdat any
@gone = external global i32
@llvm.used = appending global [1 x ptr] [ptr @kernel], section "llvm.metadata"
define internal spir_func i32 @internalize_me(i32 %x) #0 !dbg !0 {
entry:
  ret i32 %x
}

declare spir_func void @declare_me()
define spir_func void @externalize_me() #0 {
  ret void
}

define spir_kernel void @kernel(ptr addrspace(1) %p) local_unnamed_addr #0 "sycl-module-id"="a \22b\22.cl" align 4 !a !0 {
  ret void
}

attributes #0 = { nounwind }
!named = !{!0}
!0 = distinct !{null, !"kernel", i32 1}
