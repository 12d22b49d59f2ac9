; SYCL/virtual functions:
; - an image defining virtual functions (attribute "indirectly-callable")
;   gets virtual-functions-set = the first one's set name;
; - an image whose functions call virtual functions (attribute
;   "calls-indirectly", comma-separated sets) gets
;   uses-virtual-functions-set = the union of the sets over all its
;   functions, in first-seen order (sycl-post-link joins a hash set's order;
;   with one set, the common case, they agree);
; - an image with neither has no set.
; props: -split=kernel
target triple = "spir64-unknown-unknown"

define spir_func void @_Z3vf1v() #1 {
entry:
  ret void
}

define spir_kernel void @k_uses() #2 {
entry:
  call spir_func void @helper()
  ret void
}

define internal spir_func void @helper() #3 {
entry:
  ret void
}

define spir_kernel void @k_plain() #0 {
entry:
  ret void
}

attributes #0 = { "sycl-module-id"="vf.cpp" }
attributes #1 = { "sycl-module-id"="vf.cpp" "indirectly-callable"="set-a" }
attributes #2 = { "sycl-module-id"="vf.cpp" "calls-indirectly"="set-b,set-a" }
attributes #3 = { "calls-indirectly"="set-c,set-b" }
