package split

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// splitFixture splits testdata/audit/<name> and returns each image's IR,
// in output order, checking that llvm-as-15 and opt-15 accept it.
func splitFixture(t *testing.T, name string, opts Options) []string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "audit", name))
	if err != nil {
		t.Fatal(err)
	}
	m, err := llvmir.Parse(src, name)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGraph(m, opts)
	var out []string
	for _, grp := range Groups(m, opts) {
		img := g.Extract(grp)
		verifyIR(t, img.Text)
		out = append(out, string(img.Text))
	}
	return out
}

type auditCase struct {
	name    string
	fixture string
	opts    Options
	want    []string // image texts in output order
}

func runAuditCases(t *testing.T, tests []auditCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := splitFixture(t, tc.fixture, tc.opts)
			if os.Getenv("AUDIT_DUMP") != "" {
				for k, s := range got {
					t.Logf("image %d:\n%s", k, s)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("images (-want +got):\n%s", diff)
			}
		})
	}
}

// Aliases and ifuncs are reached through their users, never roots; a kept
// alias whose aliasee is not defined in the image (a virtual function of
// another image, or an exported function under dynamic linking) becomes a
// declaration of its own type, since "Alias must point to a definition";
// one whose aliasee is defined here becomes internal unless images may
// depend on each other.
func TestAuditAliases(t *testing.T) {
	runAuditCases(t, []auditCase{
		{"alias_ifunc kernel", "alias_ifunc.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "spir64-unknown-unknown"
@ifn = internal ifunc void (), ptr @resolver
define spir_kernel void @k2() #0 {
  call void @ifn()
  ret void
}

define internal ptr @resolver() {
  ret ptr @impl
}

define internal void @impl() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@helper_alias = internal alias void (), ptr @helper
define spir_kernel void @k1() #0 {
  call void @helper_alias()
  ret void
}

define internal void @helper() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
		}},
		{"alias_use kernel", "alias_use.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @vf() #1 {
  ret void
}

define spir_func ptr @vf_resolver() #1 {
  ret ptr @vf
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @vf_as1() addrspace(1) #1 {
  ret void
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @vf() #1 {
  ret void
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
declare void @vf_alias()
@ext_alias = internal alias void (), ptr @ext
declare void @chain()
@galias = internal alias i32, ptr addrspace(1) @g
@gep_vf = external global i8
declare void @as1_alias() addrspace(1)
@0 = internal alias void (i32, ...), ptr @varf
declare void @vf_ifunc()
define spir_kernel void @k() #0 {
  call void @vf_alias()
  call void @ext_alias()
  call void @chain()
  %x = load i32, ptr addrspace(1) @galias
  %y = load i8, ptr @gep_vf
  call addrspace(1) void @as1_alias()
  call void (i32, ...) @0(i32 1)
  call void @vf_ifunc()
  ret void
}

define internal spir_func void @ext() #0 {
  ret void
}

define internal void @varf(i32 %a, ...) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @ext() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
		}},
		{"alias_use source", "alias_use.ll", Options{Mode: ModeSource}, []string{
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @vf() #1 {
  ret void
}

define spir_func void @vf_as1() addrspace(1) #1 {
  ret void
}

define spir_func ptr @vf_resolver() #1 {
  ret ptr @vf
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
declare void @vf_alias()
@ext_alias = internal alias void (), ptr @ext
declare void @chain()
@galias = internal alias i32, ptr addrspace(1) @g
@gep_vf = external global i8
declare void @as1_alias() addrspace(1)
@0 = internal alias void (i32, ...), ptr @varf
declare void @vf_ifunc()
define spir_kernel void @k() #0 {
  call void @vf_alias()
  call void @ext_alias()
  call void @chain()
  %x = load i32, ptr addrspace(1) @galias
  %y = load i8, ptr @gep_vf
  call addrspace(1) void @as1_alias()
  call void (i32, ...) @0(i32 1)
  call void @vf_ifunc()
  ret void
}

define spir_func void @ext() #0 {
  ret void
}

define internal void @varf(i32 %a, ...) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
		}},
		{"alias_use dynamic linking", "alias_use.ll", Options{Mode: ModeKernel, AllowDeviceImageDependencies: true}, []string{
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
declare spir_func void @vf() #1
define spir_func ptr @vf_resolver() #1 {
  ret ptr @vf
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @vf_as1() addrspace(1) #1 {
  ret void
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @vf() #1 {
  ret void
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
declare void @vf_alias()
declare void @ext_alias()
declare void @chain()
@galias = alias i32, ptr addrspace(1) @g
@gep_vf = external global i8
declare void @as1_alias() addrspace(1)
@0 = alias void (i32, ...), ptr @varf
declare void @vf_ifunc()
define spir_kernel void @k() #0 {
  call void @vf_alias()
  call void @ext_alias()
  call void @chain()
  %x = load i32, ptr addrspace(1) @galias
  %y = load i8, ptr @gep_vf
  call addrspace(1) void @as1_alias()
  call void (i32, ...) @0(i32 1)
  call void @vf_ifunc()
  ret void
}

define internal void @varf(i32 %a, ...) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@g = addrspace(1) global i32 0
define spir_func void @ext() #0 {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
		}},
		{"alias_typed kernel", "alias_typed.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "spir64-unknown-unknown"
define spir_func void @vf(i32* %p) #1 {
  ret void
}

attributes #1 = { "indirectly-callable"="set1" "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
declare void @vf_alias(i32*)
@helper_alias = internal alias void (i32*), void (i32*)* @helper
define spir_kernel void @k(i32* %p) #0 {
  call void @vf_alias(i32* %p)
  call void @helper_alias(i32* %p)
  ret void
}

define internal void @helper(i32* %p) {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
		}},
	})
}

// !nvvm.annotations marks a kernel with a "kernel", i32 1 pair at any pair
// position; nodes of dropped globals and null nodes are pruned.
func TestAuditNVVMAnnotations(t *testing.T) {
	runAuditCases(t, []auditCase{
		{"nvvm_multi kernel", "nvvm_multi.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "nvptx64-nvidia-cuda"
define void @kb() {
  ret void
}

!nvvm.annotations = !{!1}
!1 = !{ptr @kb, !"kernel", i32 1, !"maxntidy", i32 2}
`,
			`target triple = "nvptx64-nvidia-cuda"
define void @ka() {
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @ka, !"maxntidx", i32 128, !"kernel", i32 1}
`,
		}},
		{"nvvm_multi none", "nvvm_multi.ll", Options{Mode: ModeNone}, []string{
			`target triple = "nvptx64-nvidia-cuda"
define void @ka() {
  ret void
}

define void @kb() {
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @ka, !"maxntidx", i32 128, !"kernel", i32 1}
!1 = !{ptr @kb, !"kernel", i32 1, !"maxntidy", i32 2}
`,
		}},
	})
}

// @llvm.used is erased before the split; what @llvm.compiler.used still
// lists (without device_globals on spir triples) stays in every image.
func TestAuditUsedLists(t *testing.T) {
	runAuditCases(t, []auditCase{
		{"used spir", "used.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "spir64-unknown-unknown"
@llvm.compiler.used = appending global [2 x ptr] [ptr @cu_fn, ptr @cu_gv], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@cu_gv = internal global i32 1
define spir_kernel void @k2() #0 {
  ret void
}

define internal void @cu_fn() {
  ret void
}

define internal void @ctor() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
			`target triple = "spir64-unknown-unknown"
@llvm.compiler.used = appending global [2 x ptr] [ptr @cu_fn, ptr @cu_gv], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@cu_gv = internal global i32 1
define spir_kernel void @k() #0 {
  call void @f()
  ret void
}

define internal void @f() {
  ret void
}

define internal void @cu_fn() {
  ret void
}

define internal void @ctor() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
`,
		}},
		{"used nvptx", "used_nvptx.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "nvptx64-nvidia-cuda"
@llvm.compiler.used = appending global [3 x ptr] [ptr @cu_fn, ptr addrspacecast (ptr addrspace(1) @dg to ptr), ptr @cu_gv], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@cu_gv = internal global i32 1
@dg = internal addrspace(1) global i32 0 #1
define ptx_kernel void @k2() #0 {
  ret void
}

define internal void @cu_fn() {
  ret void
}

define internal void @ctor() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }
`,
			`target triple = "nvptx64-nvidia-cuda"
@llvm.compiler.used = appending global [3 x ptr] [ptr @cu_fn, ptr addrspacecast (ptr addrspace(1) @dg to ptr), ptr @cu_gv], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@cu_gv = internal global i32 1
@dg = internal addrspace(1) global i32 0 #1
define ptx_kernel void @k() #0 {
  call void @f()
  ret void
}

define internal void @f() {
  ret void
}

define internal void @cu_fn() {
  ret void
}

define internal void @ctor() {
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-device-global-size"="4" "sycl-unique-id"="uid_dg" }
`,
		}},
		{"used typed", "used_typed.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "spir64-unknown-unknown"
define spir_kernel void @k() {
  call void @f()
  ret void
}

define internal void @f() {
  ret void
}

`,
		}},
	})
}

// A compile unit's globals: list loses the expressions of global variables
// the image dropped (StripDeadDebugInfo), unless the list is shared.
func TestAuditDeadDebugGlobals(t *testing.T) {
	runAuditCases(t, []auditCase{
		{"dbg kernel", "dbg.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k3() {
  ret void
}

!llvm.dbg.cu = !{!0, !50}
!llvm.module.flags = !{!5, !6}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!3 = !{}
!5 = !{i32 7, !"Dwarf Version", i32 4}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!50 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !51, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !53)
!51 = !DIFile(filename: "b.cpp", directory: "/tmp")
!53 = !{!54}
!54 = !DIGlobalVariableExpression(var: !55, expr: !56)
!55 = distinct !DIGlobalVariable(name: "cst", scope: !50, file: !51, line: 1, type: !8, isLocal: true, isDefinition: true)
!56 = !DIExpression(DW_OP_constu, 7, DW_OP_stack_value)
`,
			`target triple = "amdgcn-amd-amdhsa"
@gv2 = internal addrspace(1) global i32 0, !dbg !22
define amdgpu_kernel void @k2() !dbg !12 {
  %x = load i32, ptr addrspace(1) @gv2, !dbg !16
  ret void, !dbg !16
}

!llvm.dbg.cu = !{!0, !50}
!llvm.module.flags = !{!5, !6}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!3 = !{!22}
!5 = !{i32 7, !"Dwarf Version", i32 4}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !DISubroutineType(types: !{null})
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!12 = distinct !DISubprogram(name: "k2", scope: !1, file: !1, line: 2, type: !7, spFlags: DISPFlagDefinition, unit: !0)
!16 = !DILocation(line: 2, scope: !12)
!22 = !DIGlobalVariableExpression(var: !23, expr: !DIExpression())
!23 = distinct !DIGlobalVariable(name: "gv2", scope: !0, file: !1, line: 1, type: !8, isLocal: true, isDefinition: true)
!50 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !51, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !53)
!51 = !DIFile(filename: "b.cpp", directory: "/tmp")
!53 = !{!54}
!54 = !DIGlobalVariableExpression(var: !55, expr: !56)
!55 = distinct !DIGlobalVariable(name: "cst", scope: !50, file: !51, line: 1, type: !8, isLocal: true, isDefinition: true)
!56 = !DIExpression(DW_OP_constu, 7, DW_OP_stack_value)
`,
			`target triple = "amdgcn-amd-amdhsa"
@gv = internal addrspace(1) global i32 0, !dbg !20
define amdgpu_kernel void @k1() !dbg !10 {
  %x = load i32, ptr addrspace(1) @gv, !dbg !15
  ret void, !dbg !15
}

!llvm.dbg.cu = !{!0, !50}
!llvm.module.flags = !{!5, !6}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!3 = !{!20}
!5 = !{i32 7, !"Dwarf Version", i32 4}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!7 = !DISubroutineType(types: !{null})
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = distinct !DISubprogram(name: "k1", scope: !1, file: !1, line: 1, type: !7, spFlags: DISPFlagDefinition, unit: !0)
!15 = !DILocation(line: 1, scope: !10)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !8, isLocal: true, isDefinition: true)
!50 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !51, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !53)
!51 = !DIFile(filename: "b.cpp", directory: "/tmp")
!53 = !{!54}
!54 = !DIGlobalVariableExpression(var: !55, expr: !56)
!55 = distinct !DIGlobalVariable(name: "cst", scope: !50, file: !51, line: 1, type: !8, isLocal: true, isDefinition: true)
!56 = !DIExpression(DW_OP_constu, 7, DW_OP_stack_value)
`,
		}},
		{"dbg shared", "dbg_shared.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k1() {
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5, !6}
!other = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !3)
!1 = !DIFile(filename: "a.cpp", directory: "/tmp")
!3 = !{!20}
!5 = !{i32 7, !"Dwarf Version", i32 4}
!6 = !{i32 2, !"Debug Info Version", i32 3}
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "gv", scope: !0, file: !1, line: 1, type: !8, isLocal: true, isDefinition: true)
`,
		}},
	})
}

// FuzzSplitAudit is FuzzSplit seeded with the fixtures above (aliases,
// ifuncs, used lists, debug info, annotations), with and without dynamic
// linking: no input the reader accepts may make the split panic.
func FuzzSplitAudit(f *testing.F) {
	fixtures, _ := filepath.Glob(filepath.Join("testdata", "audit", "*.ll"))
	for _, path := range fixtures {
		if b, err := os.ReadFile(path); err == nil {
			f.Add(b, false)
			f.Add(b, true)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, dynamic bool) {
		m, err := llvmir.Parse(data, "fuzz.ll")
		if err != nil {
			return
		}
		for _, mode := range []Mode{ModeKernel, ModeSource} {
			opts := Options{Mode: mode, AllowDeviceImageDependencies: dynamic}
			g := NewGraph(m, opts)
			for _, grp := range Groups(m, opts) {
				img := g.Extract(grp)
				Properties(m, img, PropOptions{Mode: mode, ExportedSymbols: true, ImportedSymbols: true, DeviceGlobals: true, AllowDeviceImageDependencies: dynamic})
			}
		}
	})
}
