; SYCL/host pipes: one entry per global with "sycl-host-pipe-size", keyed by
; its "sycl-unique-id": {u32 size}. Written without any option, only when
; the image holds a host pipe (the internal pipe stays with its user).
; props: -split=kernel
target triple = "spir64-unknown-unknown"

@pipe_in = addrspace(1) global i8 0, align 1 #1
@pipe_out = internal addrspace(1) global i64 0, align 8 #2

define spir_kernel void @k_io() #0 {
entry:
  store i64 1, ptr addrspace(1) @pipe_out, align 8
  ret void
}

define spir_kernel void @k_other() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="pipes.cpp" }
attributes #1 = { "sycl-host-pipe-size"="4" "sycl-unique-id"="uid_pipe_in" }
attributes #2 = { "sycl-host-pipe-size"="8" "sycl-unique-id"="uid_pipe_out" }
