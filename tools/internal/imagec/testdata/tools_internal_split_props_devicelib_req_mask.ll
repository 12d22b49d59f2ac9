; SYCL/devicelib req mask: written for every image; DeviceLibReqMask ORs one
; bit per fallback device library whose __devicelib_ function the image
; declares (a definition means the library is linked in already).
;   k_math:   cosf (math, 0x2) + imf_umulhi (imf, 0x40)         -> 66
;   k_string: memcpy (cstring, 0x20) + group sort (0x400)
;             + an unknown __devicelib_ name (no bit)            -> 1056
;   k_assert: __devicelib_assert_fail is defined here            -> 0
;   k_plain:  no device library                                  -> 0
; props: -split=kernel
; props: -split=none
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func float @__devicelib_cosf(float)
declare spir_func i32 @__devicelib_imf_umulhi(i32, i32)
declare spir_func ptr addrspace(4) @__devicelib_memcpy(ptr addrspace(4), ptr addrspace(4), i64)
declare spir_func void @__devicelib_default_work_group_joint_sort_ascending_p1i32_u32_p1i8(ptr addrspace(1), i32, ptr addrspace(1))
declare spir_func void @__devicelib_not_a_library_function()

define weak spir_func void @__devicelib_assert_fail(ptr addrspace(4) %expr) {
entry:
  ret void
}

define spir_kernel void @k_math(ptr addrspace(1) %out) #0 {
entry:
  %c = call spir_func float @__devicelib_cosf(float 1.0)
  %h = call spir_func i32 @__devicelib_imf_umulhi(i32 3, i32 4)
  store float %c, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @k_string(ptr addrspace(1) %buf) #0 {
entry:
  %p = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %r = call spir_func ptr addrspace(4) @__devicelib_memcpy(ptr addrspace(4) %p, ptr addrspace(4) %p, i64 4)
  call spir_func void @__devicelib_default_work_group_joint_sort_ascending_p1i32_u32_p1i8(ptr addrspace(1) %buf, i32 4, ptr addrspace(1) %buf)
  call spir_func void @__devicelib_not_a_library_function()
  ret void
}

define spir_kernel void @k_assert() #0 {
entry:
  call spir_func void @__devicelib_assert_fail(ptr addrspace(4) null)
  ret void
}

define spir_kernel void @k_plain() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="mask.cpp" }
