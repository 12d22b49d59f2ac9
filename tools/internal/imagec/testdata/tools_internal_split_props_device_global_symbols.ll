; SYCL/exported and SYCL/imported symbols of device_global variables.
; Exported (-emit-exported-symbols): definitions with external linkage and
; without device_image_scope (@dg_shared, and @dg_scope_false whose scope is
; spelled "false"); not @dg_scoped (one copy per image), not @dg_internal
; (internal linkage), not @not_dg (no sycl-device-global-size).
; Imported (-emit-imported-symbols, only with dynamic linking): external
; declarations whose struct type names a device_global (@dg_elsewhere);
; declarations carry no attributes, so the type name is all there is. Not
; @plain_decl (i32), not @other_struct (a struct of another name).
; props: -split=none -emit-exported-symbols -emit-imported-symbols -allow-device-image-dependencies
; props: -split=none -emit-exported-symbols -emit-imported-symbols
target triple = "spir64-unknown-unknown"

%"class.sycl::_V1::ext::oneapi::experimental::device_global" = type { ptr addrspace(4) }
%struct.other = type { i32 }

@dg_shared = addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global" zeroinitializer, align 8 #1
@dg_scoped = addrspace(1) global i32 0, align 4 #2
@dg_scope_false = addrspace(1) global i16 0, align 2 #3
@dg_internal = internal addrspace(1) global i32 0, align 4 #4
@not_dg = addrspace(1) global i32 0, align 4
@dg_elsewhere = external addrspace(1) global %"class.sycl::_V1::ext::oneapi::experimental::device_global", align 8
@plain_decl = external addrspace(1) global i32, align 4
@other_struct = external addrspace(1) global %struct.other, align 4

define spir_kernel void @k() #0 {
entry:
  store i32 1, ptr addrspace(1) @dg_scoped, align 4
  store i32 2, ptr addrspace(1) @dg_internal, align 4
  %a = load ptr addrspace(4), ptr addrspace(1) @dg_elsewhere, align 8
  %b = load i32, ptr addrspace(1) @plain_decl, align 4
  %c = load i32, ptr addrspace(1) @other_struct, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="dgsym.cpp" }
attributes #1 = { "sycl-device-global-size"="8" "sycl-unique-id"="uid_shared" }
attributes #2 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_scoped" "sycl-device-image-scope" }
attributes #3 = { "sycl-device-global-size"="2" "sycl-unique-id"="uid_false" "sycl-device-image-scope"="false" }
attributes #4 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_internal" }
