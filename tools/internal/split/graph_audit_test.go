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
// declaration of its own type, since "Alias must point to a definition".
func TestAuditAliases(t *testing.T) {
	runAuditCases(t, []auditCase{
		{"alias_ifunc kernel", "alias_ifunc.ll", Options{Mode: ModeKernel}, []string{
			`target triple = "spir64-unknown-unknown"
@ifn = ifunc void (), ptr @resolver
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
@helper_alias = alias void (), ptr @helper
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
@ext_alias = alias void (), ptr @ext
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
@ext_alias = alias void (), ptr @ext
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
@helper_alias = alias void (i32*), void (i32*)* @helper
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
