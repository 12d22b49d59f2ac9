package split

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// groupSummary is a group's ESIMD flag, entry names and image number.
type groupSummary struct {
	ESIMD   bool
	Entries []string
	ID      int
}

func summarize(m *llvmir.Module, gs []Group) []groupSummary {
	var out []groupSummary
	for _, g := range gs {
		s := groupSummary{ESIMD: g.ESIMD, ID: g.ID}
		for _, i := range g.Entries {
			s.Entries = append(s.Entries, llvmir.GlobalName(m.Entities[i].Name))
		}
		out = append(out, s)
	}
	return out
}

func TestGroupsESIMD(t *testing.T) {
	m := loadFixture(t, "esimd.ll")
	tests := []struct {
		name string
		opts Options
		want []groupSummary
	}{
		// The halves of one source share its number (X_0 and X_esimd_0).
		{"source", Options{Mode: ModeSource, SplitESIMD: true}, []groupSummary{
			{false, []string{"sycl_b1"}, 0},
			{false, []string{"sycl_a1"}, 1},
			{true, []string{"esimd_b1"}, 0},
			{true, []string{"esimd_a1", "esimd_a2"}, 1},
		}},
		// One number per kernel, ESIMD ones included (X_esimd_2, ...).
		{"kernel", Options{Mode: ModeKernel, SplitESIMD: true}, []groupSummary{
			{false, []string{"sycl_b1"}, 0},
			{false, []string{"sycl_a1"}, 1},
			{true, []string{"esimd_b1"}, 2},
			{true, []string{"esimd_a2"}, 3},
			{true, []string{"esimd_a1"}, 4},
		}},
		{"none", Options{Mode: ModeNone, SplitESIMD: true}, []groupSummary{
			{false, []string{"sycl_a1", "sycl_b1"}, 0},
			{true, []string{"esimd_a1", "esimd_a2", "esimd_b1"}, 0},
		}},
		{"source together", Options{Mode: ModeSource}, []groupSummary{
			{false, []string{"sycl_b1", "esimd_b1"}, 0},
			{false, []string{"esimd_a1", "sycl_a1", "esimd_a2"}, 1},
		}},
		{"none together", Options{Mode: ModeNone}, []groupSummary{
			{false, []string{"esimd_a1", "sycl_a1", "esimd_a2", "sycl_b1", "esimd_b1"}, 0},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, summarize(m, Groups(m, tc.opts))); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

// A module of ESIMD entry points only gives ESIMD groups only.
func TestGroupsESIMDOnly(t *testing.T) {
	m, err := llvmir.Parse([]byte("define spir_kernel void @e() !sycl_explicit_simd !0 {\n  ret void\n}\n!0 = !{}\n"), "e.ll")
	if err != nil {
		t.Fatal(err)
	}
	want := []groupSummary{{true, []string{"e"}, 0}}
	if diff := cmp.Diff(want, summarize(m, Groups(m, Options{Mode: ModeAuto, SplitESIMD: true}))); diff != "" {
		t.Errorf("groups (-want +got):\n%s", diff)
	}
}

func TestClassifyESIMD(t *testing.T) {
	m := loadFixture(t, "esimd.ll")
	idx := map[string]int{}
	for i := range m.Entities {
		if m.Entities[i].Kind == llvmir.KindFunction {
			idx[llvmir.GlobalName(m.Entities[i].Name)] = i
		}
	}
	tests := []struct {
		entries []string
		want    ESIMDStatus
	}{
		{nil, SYCLOnly},
		{[]string{"sycl_a1", "sycl_b1"}, SYCLOnly},
		{[]string{"esimd_a1", "esimd_b1"}, ESIMDOnly},
		{[]string{"sycl_a1", "esimd_a1"}, SYCLAndESIMD},
	}
	for _, tc := range tests {
		var entries []int
		for _, n := range tc.entries {
			entries = append(entries, idx[n])
		}
		if got := ClassifyESIMD(m, entries); got != tc.want {
			t.Errorf("ClassifyESIMD(%v) = %v, want %v", tc.entries, got, tc.want)
		}
	}
}

// An ESIMD image keeps its ESIMD helper; the SYCL image of the same TU
// does not get it.
func TestExtractESIMD(t *testing.T) {
	m := loadFixture(t, "esimd.ll")
	opts := Options{Mode: ModeSource, SplitESIMD: true}
	g := NewGraph(m, opts)
	var got [][]string
	for _, grp := range Groups(m, opts) {
		img := g.Extract(grp)
		verifyIR(t, img.Text)
		var defs []string
		for _, i := range img.Defs {
			defs = append(defs, llvmir.GlobalName(m.Entities[i].Name))
		}
		got = append(got, defs)
	}
	want := [][]string{{"sycl_b1"}, {"sycl_a1"}, {"esimd_b1"}, {"esimd_a1", "esimd_a2", "esimd_helper"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("defined functions per image (-want +got):\n%s", diff)
	}
}
