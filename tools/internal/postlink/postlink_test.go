package postlink

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

func TestOutputPrefix(t *testing.T) {
	for _, tc := range []struct {
		file, outDir, want string
	}{
		{"m.table", "", "m"},
		{"out/m.table", "", "out/m"},
		{"/m.table", "", "/m"},
		{"out/m.table", "imgs/", "imgs/m"},
		{"out/m", "imgs", "imgs/m"},
		{"out/a.b.table", "", "out/a.b"},
	} {
		c := &Config{Outputs: []Output{{File: tc.file}}, OutDir: tc.outDir}
		if diff := cmp.Diff(tc.want, c.outputPrefix()); diff != "" {
			t.Errorf("outputPrefix(-o %s -out-dir %q) (-want +got):\n%s", tc.file, tc.outDir, diff)
		}
	}
}

func TestSeparateESIMD(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    Config
		mode split.Mode
		want bool
	}{
		{"no -split", Config{}, split.ModeNone, true},
		{"-split=auto", Config{SplitGiven: true}, split.ModeAuto, true},
		{"-split=kernel", Config{SplitGiven: true}, split.ModeKernel, false},
		{"-split=kernel -split-esimd", Config{SplitGiven: true, SplitESIMD: true}, split.ModeKernel, true},
		{"-ir-output-only", Config{IROnly: true, SplitESIMD: true}, split.ModeAuto, false},
	} {
		if got := separateESIMD(&tc.c, tc.mode); got != tc.want {
			t.Errorf("%s: separateESIMD = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Run reports a missing input as a one-line error naming it.
func TestRunMissingInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "missing.ll")
	outs := atomicfile.NewStaging()
	defer outs.Abort()
	err := Run(&Config{Input: in, Outputs: []Output{{File: filepath.Join(dir, "m.table")}}, SplitMode: "kernel"}, nil, outs)
	if want := in + ": stat " + in + ": no such file or directory"; err == nil || err.Error() != want {
		t.Fatalf("Run = %v", err)
	}
}

func TestCheck(t *testing.T) {
	out := []Output{{File: "m.table"}}
	for _, tc := range []struct {
		name string
		c    Config
		want string // "" for no error
	}{
		{"per-kernel", Config{Outputs: out, SplitMode: "kernel", IDQueriesRange: "int"}, ""},
		{"no output", Config{SplitMode: "kernel", IDQueriesRange: "int"}, "no output specified (-o)"},
		{"bad split", Config{Outputs: out, SplitMode: "bogus", IDQueriesRange: "int"}, `unknown split mode "bogus"`},
		{"bad range", Config{Outputs: out, SplitMode: "kernel", IDQueriesRange: "long"}, `invalid -id-queries-range value "long" (want int, uint or size_t)`},
		{"bad spec-const", Config{Outputs: out, SplitMode: "kernel", IDQueriesRange: "int", SpecConst: "x"}, `invalid -spec-const value "x" (want native or emulation)`},
		{"nothing to do", Config{Outputs: out, SplitMode: "none", IDQueriesRange: "int"}, "no actions specified; nothing to do"},
		{"ir-only with symbols", Config{Outputs: out, SplitMode: "none", IDQueriesRange: "int", IROnly: true, Symbols: true}, "-ir-output-only cannot be combined with -symbols, -properties or -emit-*"},
		{"ir-only per kernel", Config{Outputs: out, SplitMode: "kernel", IDQueriesRange: "int", IROnly: true}, "-ir-output-only is incompatible with -split=kernel"},
	} {
		got := ""
		if err := tc.c.Check(); err != nil {
			got = err.Error()
		}
		if tc.want != "" && len(got) > len(tc.want) {
			got = got[:len(tc.want)] // ParseMode's message goes on
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: Check() (-want +got):\n%s", tc.name, diff)
		}
	}
}
