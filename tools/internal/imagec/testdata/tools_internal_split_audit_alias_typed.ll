; The same with typed pointers (LLVM 15 and older producers).
target triple = "spir64-unknown-unknown"

@vf_alias = alias void (i32*), void (i32*)* @vf
@helper_alias = alias void (i32*), void (i32*)* @helper
@unused_alias = alias void (i32*), void (i32*)* @helper

define spir_kernel void @k(i32* %p) #0 {
  call void @vf_alias(i32* %p)
  call void @helper_alias(i32* %p)
  ret void
}

define spir_func void @vf(i32* %p) #1 {
  ret void
}

define internal void @helper(i32* %p) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
