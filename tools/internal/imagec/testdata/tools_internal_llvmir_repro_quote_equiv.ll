target triple = "spir64-unknown-unknown"
define spir_kernel void @k() {
  call void @"helper"()
  ret void
}
define internal void @helper() {
  ret void
}
