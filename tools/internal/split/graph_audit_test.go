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
