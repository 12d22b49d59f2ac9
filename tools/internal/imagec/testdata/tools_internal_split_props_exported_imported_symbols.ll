; SYCL/exported symbols (-emit-exported-symbols): the image's entry points
; with the spir_func calling convention that are not virtual functions.
; SYCL/imported symbols (-emit-imported-symbols): with dynamic linking, the
; functions an image calls but another image defines; SPIR-V builtins,
; intrinsics and reserved names (__x, _Z..__x) are never imported, nor are
; virtual functions. Both sets are written only when non-empty.
; - image of _Z6helperv exports it;
; - image of k_user imports _Z6helperv and undefined_ext, not the builtin,
;   the intrinsic or __reserved;
; - image of _Z7virtualv: a virtual function is an entry point but is
;   neither exported nor imported.
; props: -split=kernel -emit-exported-symbols -emit-imported-symbols -allow-device-image-dependencies
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
declare spir_func void @__reserved()
declare spir_func void @undefined_ext()
declare void @llvm.assume(i1)

define spir_func void @_Z6helperv() #0 {
entry:
  ret void
}

define spir_func void @_Z7virtualv() #1 {
entry:
  ret void
}

define spir_kernel void @k_user() #0 {
entry:
  call spir_func void @_Z6helperv()
  call spir_func void @undefined_ext()
  call spir_func void @__reserved()
  %id = call spir_func i64 @_Z28__spirv_GlobalInvocationId_xv()
  call void @llvm.assume(i1 true)
  ret void
}

attributes #0 = { "sycl-module-id"="symbols.cpp" }
attributes #1 = { "sycl-module-id"="symbols.cpp" "indirectly-callable"="set-a" }
