; SYCL/devicelib req mask on a non-SPIR target: the set is still written,
; with mask 0 (fallback libraries exist for SPIR-V only).
; props: -split=kernel
target triple = "nvptx64-nvidia-cuda"

declare float @__devicelib_cosf(float)

define ptx_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %c = call float @__devicelib_cosf(float 1.0)
  store float %c, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="nvptx.cpp" }
