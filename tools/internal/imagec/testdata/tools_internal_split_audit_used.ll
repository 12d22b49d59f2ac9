; sycl-post-link erases @llvm.used before splitting (its members live only
; if something else uses them) and, for spir triples, takes device_global
; variables out of @llvm.compiler.used; the rest of @llvm.compiler.used is
; a root of every image.
target triple = "spir64-unknown-unknown"

@llvm.used = appending global [4 x ptr] [ptr @keepme, ptr @k, ptr @ugv, ptr @f], section "llvm.metadata"
@llvm.compiler.used = appending global [3 x ptr] [ptr @cu_fn, ptr addrspacecast (ptr addrspace(1) @dg to ptr), ptr @cu_gv], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@ugv = internal global i32 0
@cu_gv = internal global i32 1
@dg = internal addrspace(1) global i32 0 #1

define spir_kernel void @k() #0 {
  call void @f()
  ret void
}

define spir_kernel void @k2() #0 {
  ret void
}

define internal void @f() {
  ret void
}

define internal void @keepme() {
  ret void
}

define internal void @cu_fn() {
  ret void
}

define internal void @ctor() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }
