define spir_kernel void @f() {
  ret void
}
@g = globl i32 0
