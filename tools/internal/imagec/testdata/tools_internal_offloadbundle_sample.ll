
; __CLANG_OFFLOAD_BUNDLE____START__ host-x86_64-unknown-linux-gnu-
define void @h() {
  ret void
}

; __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-unknown-linux-gnu-

; __CLANG_OFFLOAD_BUNDLE____START__ sycl-spir64-unknown-unknown--
no trailing newline
; __CLANG_OFFLOAD_BUNDLE____END__ sycl-spir64-unknown-unknown--

; __CLANG_OFFLOAD_BUNDLE____START__ openmp-nvptx64-nvidia-cuda--

; __CLANG_OFFLOAD_BUNDLE____END__ openmp-nvptx64-nvidia-cuda--
