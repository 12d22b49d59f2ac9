; SYCL/device globals (-device-globals): one entry per global with
; "sycl-device-global-size", keyed by its "sycl-unique-id": {u32 size, u32
; device_image_scope}. device_image_scope is on when the attribute is
; present and not "false". Written only when non-empty. Without
; -device-globals the set is not written (second run).
; props: -split=none -device-globals
; props: -split=none
target triple = "spir64-unknown-unknown"

@dg_plain = addrspace(1) global i32 0, align 4 #1
@dg_scoped = addrspace(1) global [4 x i64] zeroinitializer, align 8 #2
@dg_scope_false = addrspace(1) global i16 0, align 2 #3
@not_dg = addrspace(1) global i32 0, align 4

define spir_kernel void @k() #0 {
entry:
  store i32 1, ptr addrspace(1) @dg_plain, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="dg.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_plain" }
attributes #2 = { "sycl-device-global-size"="32" "sycl-unique-id"="uid_scoped" "sycl-device-image-scope" }
attributes #3 = { "sycl-device-global-size"="2" "sycl-unique-id"="uid_false" "sycl-device-image-scope"="false" }
