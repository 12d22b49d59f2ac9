; Typed pointers: @llvm.used goes, its member @g with it; @f stays (called).
target triple = "spir64-unknown-unknown"
@llvm.used = appending global [2 x i8*] [i8* bitcast (void ()* @f to i8*), i8* bitcast (void ()* @g to i8*)], section "llvm.metadata"
define spir_kernel void @k() {
  call void @f()
  ret void
}
define internal void @f() {
  ret void
}
define internal void @g() {
  ret void
}
