
; __CLANG_OFFLOAD_BUNDLE____START__ host-x86_64-unknown-linux-gnu-
define void @f() {
  ret void
}

; __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-unknown-linux-gnu-

; __CLANG_OFFLOAD_BUNDLE____START__ sycl-spir64-unknown-unknown--
define void @f() {
  ret void
}

; __CLANG_OFFLOAD_BUNDLE____END__ sycl-spir64-unknown-unknown--
