define spir_kernel void @f() {
  call void @nope()
  ret void
}
