; Aliases and ifuncs are not roots: @helper_alias (and @helper) only in
; the image of @k1, which calls it; @ifn and its resolver only in @k2's.
target triple = "spir64-unknown-unknown"

@helper_alias = alias void (), ptr @helper
@ifn = ifunc void (), ptr @resolver

define spir_kernel void @k1() #0 {
  call void @helper_alias()
  ret void
}

define spir_kernel void @k2() #0 {
  call void @ifn()
  ret void
}

define internal void @helper() {
  ret void
}

define internal ptr @resolver() {
  ret ptr @impl
}

define void @impl() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
