package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const esimdModule = `target triple = "spir64"
define spir_kernel void @k1() #0 {
  ret void
}
define spir_kernel void @e1() #0 !sycl_explicit_simd !0 {
  ret void
}
define spir_kernel void @k2() #1 {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cl" }
attributes #1 = { "sycl-module-id"="b.cl" }
!0 = !{}
`

// image is one table row: its IR file, its .sym text and whether its
// .prop marks it an ESIMD image.
type image struct {
	Code, Sym string
	ESIMD     bool
}

func TestESIMDSplit(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []image
	}{
		// An ESIMD image takes the number of the split it comes from
		// (here a.cl's, shared with k1's image, or e1's own per kernel).
		{"split-esimd per source", []string{"-split-esimd", "-split=source"}, []image{
			{"x_0.ll", "k2\n", false}, {"x_1.ll", "k1\n", false}, {"x_esimd_1.ll", "e1\n", true},
		}},
		{"split-esimd per kernel", []string{"-split-esimd", "-split=kernel"}, []image{
			{"x_0.ll", "k2\n", false}, {"x_1.ll", "k1\n", false}, {"x_esimd_2.ll", "e1\n", true},
		}},
		{"auto separates", []string{"-split=auto"}, []image{
			{"x_0.ll", "k2\n", false}, {"x_1.ll", "k1\n", false}, {"x_esimd_1.ll", "e1\n", true},
		}},
		{"no split separates", nil, []image{
			{"x_0.ll", "k1\nk2\n", false}, {"x_esimd_0.ll", "e1\n", true},
		}},
		{"split-esimd none", []string{"-split-esimd", "-split=none"}, []image{
			{"x_0.ll", "k1\nk2\n", false}, {"x_esimd_0.ll", "e1\n", true},
		}},
		{"explicit per source keeps together", []string{"-split=source"}, []image{
			{"x_0.ll", "k2\n", false}, {"x_1.ll", "k1\ne1\n", false},
		}},
		{"explicit none keeps together", []string{"-split=none"}, []image{
			{"x_0.ll", "k1\ne1\nk2\n", false},
		}},
		{"explicit per kernel: an ESIMD kernel alone is an ESIMD image", []string{"-split=kernel"}, []image{
			{"x_0.ll", "k2\n", false}, {"x_1.ll", "k1\n", false}, {"x_2.ll", "e1\n", true},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"-S", "-symbols", "-properties", "-o", "x.table"}, tc.args...)
			if rc, stderr := runIn(t, dir, esimdModule, args...); rc != 0 {
				t.Fatalf("rc=%d stderr=%s", rc, stderr)
			}
			table, err := os.ReadFile(filepath.Join(dir, "x.table"))
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(table)), "\n")
			if lines[0] != "[Code|Properties|Symbols]" {
				t.Fatalf("table header %q", lines[0])
			}
			var got []image
			for _, row := range lines[1:] {
				cells := strings.Split(row, "|")
				if len(cells) != 3 {
					t.Fatalf("row %q", row)
				}
				sym, _ := os.ReadFile(filepath.Join(dir, cells[2]))
				prop, _ := os.ReadFile(filepath.Join(dir, cells[1]))
				got = append(got, image{Code: cells[0], Sym: string(sym), ESIMD: strings.Contains(string(prop), "isEsimdImage=1|1")})
				// Every cell of a row names the same image.
				stem := strings.TrimSuffix(cells[0], ".ll")
				if cells[1] != stem+".prop" || cells[2] != stem+".sym" {
					t.Errorf("row %q mixes images", row)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("images (-want +got):\n%s", diff)
			}
		})
	}
}

func TestESIMDErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"lower-esimd", []string{"-lower-esimd", "-split=auto", "-o", "x.table"}, "-lower-esimd is not supported"},
		{"ir-output-only", []string{"-split-esimd", "-ir-output-only", "-o", "x.ll"}, "-ir-output-only cannot be combined with -split-esimd"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			rc, stderr := runIn(t, dir, esimdModule, tc.args...)
			if rc != 1 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("rc=%d stderr=%q, want 1 and one line with %q", rc, stderr, tc.want)
			}
			if names := listDir(t, dir); len(names) != 0 {
				t.Errorf("outputs left behind: %v", names)
			}
		})
	}
	// Without ESIMD code, -lower-esimd has nothing to do.
	dir := t.TempDir()
	if rc, stderr := runIn(t, dir, module, "-lower-esimd", "-split=auto", "-S", "-o", "x.table"); rc != 0 {
		t.Errorf("rc=%d stderr=%s", rc, stderr)
	}
}

// sycl-post-link numbers images by split and moves the later splits' numbers
// up by one after each split written again with default spec constants, so
// an ESIMD image after two such splits is X_esimd_4 (kernels kb, ka, e1 in
// image order; kb's and ka's images each get a clone).
func TestESIMDNumberAfterDefaultValueClones(t *testing.T) {
	dir := t.TempDir()
	module := specModule + "define spir_kernel void @e1() !sycl_explicit_simd !0 {\n  ret void\n}\n!0 = !{}\n"
	if rc, stderr := runIn(t, dir, module, "-split=kernel", "-split-esimd", "-spec-const=native",
		"-generate-device-image-default-spec-consts", "-symbols", "-S", "-o", "x.table"); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr)
	}
	table, err := os.ReadFile(filepath.Join(dir, "x.table"))
	if err != nil {
		t.Fatal(err)
	}
	want := "[Code|Symbols]\nx_0.ll|x_0.sym\nx_1.ll|x_1.sym\nx_2.ll|x_2.sym\nx_3.ll|x_3.sym\nx_esimd_4.ll|x_esimd_4.sym\n"
	if diff := cmp.Diff(want, string(table)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	var syms []string
	for _, n := range []string{"x_0", "x_1", "x_2", "x_3", "x_esimd_4"} {
		b, _ := os.ReadFile(filepath.Join(dir, n+".sym"))
		syms = append(syms, strings.TrimSpace(string(b)))
	}
	if diff := cmp.Diff([]string{"kb", "kb", "ka", "ka", "e1"}, syms); diff != "" {
		t.Errorf("symbols per image (-want +got):\n%s", diff)
	}
}
