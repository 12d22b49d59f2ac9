target triple = "amdgcn-amd-amdhsa"

@gv = addrspace(1) global i32 0, !dbg !20
@gv2 = internal addrspace(1) global i32 0, !dbg !22

define amdgpu_kernel void @k1() !dbg !10 {
  call void @helper(), !dbg !15
  ret void, !dbg !15
}

define amdgpu_kernel void @k2() !dbg !12 {
  %x = load i32, ptr addrspace(1) @gv2, !dbg !16
  ret void, !dbg !16
}

define internal void @helper() !dbg !13 {
  ret void, !dbg !17
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !6}
!opencl.ocl.version = !{!30, !31}

