; Aliases and ifuncs reached from kernel @k whose aliasee (resolver) is a
; virtual function defined in another image, or (with
; -allow-device-image-dependencies) an exported SYCL_EXTERNAL function:
; each must become a declaration of its own type, never an alias of a
; declaration. Aliases of definitions in the image stay aliases.
target triple = "spir64-unknown-unknown"

@g = addrspace(1) global i32 0
@0 = alias void (), ptr @ext
@vf_alias = alias void (), ptr @vf
@ext_alias = alias void (), ptr @ext
@chain = alias void (), ptr @vf_alias
@galias = alias i32, ptr addrspace(1) @g
@gep_vf = alias i8, getelementptr (i8, ptr @vf, i64 0)
@as1_alias = alias void (), ptr addrspace(1) @vf_as1
@1 = alias void (i32, ...), ptr @varf
@vf_ifunc = ifunc void (), ptr @vf_resolver

define spir_kernel void @k() #0 {
  call void @vf_alias()
  call void @ext_alias()
  call void @chain()
  %x = load i32, ptr addrspace(1) @galias
  %y = load i8, ptr @gep_vf
  call addrspace(1) void @as1_alias()
  call void (i32, ...) @1(i32 1)
  call void @vf_ifunc()
  ret void
}

define spir_func void @vf() #1 {
  ret void
}

define spir_func void @vf_as1() addrspace(1) #1 {
  ret void
}

define spir_func ptr @vf_resolver() #1 {
  ret ptr @vf
}

define spir_func void @ext() #0 {
  ret void
}

define internal void @varf(i32 %a, ...) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
