; !nvvm.annotations nodes hold key/value pairs after the global; "kernel"
; may be at any pair and must be 1. Nodes of dropped globals and null
; nodes are pruned.
target triple = "nvptx64-nvidia-cuda"

define void @ka() {
  ret void
}

define void @kb() {
  ret void
}

define void @notk() {
  ret void
}

!nvvm.annotations = !{!0, !1, !2, !3}
!0 = !{ptr @ka, !"maxntidx", i32 128, !"kernel", i32 1}
!1 = !{ptr @kb, !"kernel", i32 1, !"maxntidy", i32 2}
!2 = !{ptr @notk, !"maxntidx", i32 1, !"kernel", i32 0}
!3 = !{null, !"align", i32 8}
