; SYCL/misc properties idQueriesRange (-id-queries-range): not written for
; the default int range, 1 for uint, 2 for size_t; it follows optLevel.
; props: -split=none
; props: -split=none -id-queries-range=uint
; props: -split=none -id-queries-range=size_t
target triple = "spir64-unknown-unknown"

define spir_kernel void @k() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="ids.cpp" "sycl-optlevel"="2" }
