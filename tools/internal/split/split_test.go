package split

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

func loadFixture(t *testing.T, name string) *llvmir.Module {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	m, err := llvmir.Parse(src, name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestIsBuiltinName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"_Z28__spirv_GlobalInvocationId_xv", true},
		{"_Z20__sycl_getScalarSpecv", true},
		{"_Z5__esimd_foov", true},
		{"__builtin_memcpy", true},
		{"_Z__spirv_x", false}, // no length digits
		{"_Z3foov", false},
		{"__spirv_x", false},
		{"kernel", false},
	}
	for _, tc := range tests {
		if got := IsBuiltinName(tc.name); got != tc.want {
			t.Errorf("IsBuiltinName(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseMode(t *testing.T) {
	for in, want := range map[string]Mode{
		"kernel": ModeKernel, "per_kernel": ModeKernel, "source": ModeSource, "per_source": ModeSource,
		"auto": ModeAuto, "none": ModeNone, "off": ModeNone,
	} {
		got, err := ParseMode(in)
		if err != nil || got != want {
			t.Errorf("ParseMode(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseMode("per_module"); err == nil {
		t.Error("ParseMode(per_module) succeeded")
	}
}

func groupNames(m *llvmir.Module, gs []Group) [][]string {
	var out [][]string
	for _, g := range gs {
		names := []string{g.Key}
		for _, i := range g.Entries {
			names = append(names, llvmir.GlobalName(m.Entities[i].Name))
		}
		out = append(out, names)
	}
	return out
}

func TestGroups(t *testing.T) {
	m := loadFixture(t, "two_tu.ll")
	tests := []struct {
		name string
		opts Options
		want [][]string
	}{
		{"kernel", Options{Mode: ModeKernel}, [][]string{
			{"k_c", "k_c"}, {"k_b", "k_b"}, {"k_a", "k_a"}, {"_Z8externalv", "_Z8externalv"},
		}},
		{"source", Options{Mode: ModeSource}, [][]string{
			{"b.cpp-----2-4294967295-------", "k_c"},
			{"a.cpp------64-1-1------", "k_a"},
			{"a.cpp-----------", "k_b", "_Z8externalv"},
		}},
		{"only kernels", Options{Mode: ModeKernel, EmitOnlyKernelsAsEntryPoints: true}, [][]string{
			{"k_c", "k_c"}, {"k_b", "k_b"}, {"k_a", "k_a"},
		}},
		{"none", Options{Mode: ModeNone}, [][]string{{GlobalKey, "k_a", "k_b", "k_c", "_Z8externalv"}}},
		// Different device requirements kept apart: k_a's work-group size
		// and k_c's aspects.
		{"none by device requirements", Options{Mode: ModeNone, SplitByDeviceRequirements: true}, [][]string{
			{"<GLOBAL>----2-4294967295-------", "k_c"},
			{"<GLOBAL>-----64-1-1------", "k_a"},
			{GlobalKey, "k_b", "_Z8externalv"},
		}},
		{"auto ir-only", Options{Mode: ModeAuto, IROutputOnly: true}, [][]string{{GlobalKey, "k_a", "k_b", "k_c", "_Z8externalv"}}},
		{"auto ir-only by device requirements", Options{Mode: ModeAuto, IROutputOnly: true, SplitByDeviceRequirements: true}, [][]string{{GlobalKey, "k_a", "k_b", "k_c", "_Z8externalv"}}},
		{"source by device requirements", Options{Mode: ModeSource, SplitByDeviceRequirements: true}, [][]string{
			{"b.cpp-----2-4294967295-------", "k_c"},
			{"a.cpp------64-1-1------", "k_a"},
			{"a.cpp-----------", "k_b", "_Z8externalv"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, groupNames(m, Groups(m, tc.opts))); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

func TestGroupsWithoutEntryPoints(t *testing.T) {
	m, err := llvmir.Parse([]byte("define void @f() {\n ret void\n}\n"), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{GlobalKey}}
	if diff := cmp.Diff(want, groupNames(m, Groups(m, Options{Mode: ModeKernel}))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestExtractGolden splits the fixture in every mode and compares each
// image's IR, symbols and properties with testdata/golden. Set
// UPDATE_GOLDEN=1 to rewrite. Every image is also checked with
// llvm-as-15 and opt-15 -passes=verify when they are installed.
func TestExtractGolden(t *testing.T) {
	m := loadFixture(t, "two_tu.ll")
	g := NewGraph(m, Options{})
	for _, mode := range []struct {
		name string
		mode Mode
	}{{"kernel", ModeKernel}, {"source", ModeSource}, {"none", ModeNone}} {
		t.Run(mode.name, func(t *testing.T) {
			var got bytes.Buffer
			for id, grp := range Groups(m, Options{Mode: mode.mode}) {
				img := g.Extract(grp)
				reg := Properties(m, img, PropOptions{Mode: mode.mode, ExportedSymbols: true, KernelNames: true})
				fmt.Fprintf(&got, "=== image %d: %s\n--- ir\n%s--- sym\n%s--- prop\n", id, grp.Key, img.Text, Symbols(img))
				if err := reg.Write(&got); err != nil {
					t.Fatal(err)
				}
				verifyIR(t, img.Text)
			}
			path := filepath.Join("testdata", "golden", mode.name+".txt")
			if os.Getenv("UPDATE_GOLDEN") != "" {
				os.MkdirAll(filepath.Dir(path), 0o755)
				os.WriteFile(path, got.Bytes(), 0o644)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got.String()); diff != "" {
				t.Errorf("images (-want +got):\n%s", diff)
			}
		})
	}
}

func verifyIR(t *testing.T, text []byte) {
	t.Helper()
	as, err := exec.LookPath("llvm-as-15")
	if err != nil {
		return
	}
	opt, err := exec.LookPath("opt-15")
	if err != nil {
		return
	}
	dir := t.TempDir()
	bc := filepath.Join(dir, "x.bc")
	cmd := exec.Command(as, "-", "-o", bc)
	cmd.Stdin = bytes.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("llvm-as-15 rejects image: %v\n%s", err, out)
		return
	}
	if out, err := exec.Command(opt, "-passes=verify", "-disable-output", bc).CombinedOutput(); err != nil {
		t.Errorf("opt-15 verify rejects image: %v\n%s", err, out)
	}
}

func TestExtractDropsUnreachable(t *testing.T) {
	m := loadFixture(t, "two_tu.ll")
	g := NewGraph(m, Options{})
	for _, grp := range Groups(m, Options{Mode: ModeKernel}) {
		text := string(g.Extract(grp).Text)
		for _, gone := range []string{"@unused_decl", "%struct.Unused", "@str", "_Z16__spirv_Builtinv"} {
			if strings.Contains(text, gone) {
				t.Errorf("image %s still contains %s", grp.Key, gone)
			}
		}
	}
}

// TestQuotedNVVMAnnotation: an annotation spelling the kernel @"kern" marks
// the function defined as @kern (names compare by value).
func TestQuotedNVVMAnnotation(t *testing.T) {
	src := `target triple = "nvptx64-nvidia-cuda"
define void @kern() {
  ret void
}
define void @"not a kernel"() {
  ret void
}
!nvvm.annotations = !{!0}
!0 = !{ptr @"kern", !"kernel", i32 1}
`
	m, err := llvmir.Parse([]byte(src), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	k := FindKernels(m)
	var got []string
	for i := range m.Entities {
		if k.IsKernel(&m.Entities[i]) {
			got = append(got, llvmir.GlobalName(m.Entities[i].Name))
		}
	}
	if diff := cmp.Diff([]string{"kern"}, got); diff != "" {
		t.Errorf("kernels (-want +got):\n%s", diff)
	}
}
