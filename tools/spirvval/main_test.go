package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvval"
)

var spirvVal = flag.String("spirv-val", "", "spirv-val to run (Bazel: the toolchain's); default: the one on PATH")

// validator is the spirv-val the tests run. Under Bazel it is always given
// (the BUILD file passes the toolchain's); only a plain `go test` without
// spirv-val on PATH skips.
func validator(t *testing.T) string {
	if *spirvVal != "" {
		abs, err := filepath.Abs(proctest.Runfile(*spirvVal))
		if err != nil {
			t.Fatal(err)
		}
		return abs
	}
	p, err := exec.LookPath("spirv-val")
	if err != nil {
		t.Skip("spirv-val not on PATH and no -spirv-val")
	}
	return p
}

func writeTable(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRun(t *testing.T) {
	val := validator(t)
	dir := t.TempDir()
	valid := writeTable(t, dir, "valid.table", "[Code|Properties|Symbols]\ntestdata/valid.spv|a.prop|a.sym\ntestdata/valid.spv|b.prop|b.sym\n")
	second := writeTable(t, dir, "second.table", "[Code|Properties|Symbols]\ntestdata/valid.spv|c.prop|c.sym\n")
	invalid := writeTable(t, dir, "invalid.table", "[Code|Properties|Symbols]\ntestdata/valid.spv|a.prop|a.sym\ntestdata/invalid.spv|b.prop|b.sym\n")
	noCode := writeTable(t, dir, "nocode.table", "[Properties|Symbols]\na.prop|a.sym\n")
	empty := writeTable(t, dir, "empty.table", "[Code|Properties|Symbols]\n")
	for _, tc := range []struct {
		name       string
		args       []string
		wantRC     int
		wantReport string // "": no report written
		wantStderr string
	}{
		{
			name:       "valid",
			args:       []string{"-table=" + valid},
			wantReport: "spirv-val: valid SPIR-V images: 2\ntestdata/valid.spv\ntestdata/valid.spv\n",
		},
		{
			name:       "two tables",
			args:       []string{"-table=" + valid, "-table=" + second},
			wantReport: "spirv-val: valid SPIR-V images: 3\ntestdata/valid.spv\ntestdata/valid.spv\ntestdata/valid.spv\n",
		},
		{
			// DPC++'s device_global decorations, which no spirv-val knows:
			// the rest of the image is validated, and the report says so.
			name:       "global variable decorations",
			args:       []string{"-table=" + writeTable(t, dir, "gvd.table", "[Code]\ntestdata/global_variable_decorations.spv\n")},
			wantReport: "spirv-val: valid SPIR-V images: 1\ntestdata/global_variable_decorations.spv (without SPV_INTEL_global_variable_decorations, capability 6146 and 2 decorations: DPC++'s, not in SPIRV-Headers)\n",
		},
		{
			name:       "no images",
			args:       []string{"-table=" + empty},
			wantReport: "spirv-val: valid SPIR-V images: 0\n",
		},
		{
			name:       "invalid image",
			args:       []string{"-table=" + valid, "-table=" + invalid},
			wantRC:     1,
			wantStderr: "spirvval: testdata/invalid.spv: spirv-val failed (exit status 1): error: line 12: Expected int scalar or vector type as Result Type: IAdd;   %7 = OpIAdd %float %float_1 %float_1\n",
		},
		{
			name:       "missing image",
			args:       []string{"-table=" + writeTable(t, dir, "missing.table", "[Code]\ntestdata/missing.spv\n")},
			wantRC:     1,
			wantStderr: "spirvval: testdata/missing.spv: no such file or directory\n",
		},
		{
			name:       "no code column",
			args:       []string{"-table=" + noCode},
			wantRC:     1,
			wantStderr: "spirvval: " + noCode + ": no Code column\n",
		},
		{
			name:       "malformed table",
			args:       []string{"-table=" + writeTable(t, dir, "bad.table", "[Code|Properties]\ntestdata/valid.spv\n")},
			wantRC:     1,
			wantStderr: "spirvval: " + filepath.Join(dir, "bad.table") + ":2: row size mismatch: 1 cells, 2 columns\n",
		},
		{
			name:       "no validator",
			args:       []string{"-validator=", "-table=" + valid},
			wantRC:     1,
			wantStderr: "spirvval: -validator is required: no SPIR-V validator (spirv-val) to run\n",
		},
		{
			name:       "no table",
			args:       nil,
			wantRC:     1,
			wantStderr: "spirvval: -table is required\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			report := filepath.Join(t.TempDir(), "report.txt")
			args := append([]string{"-validator=" + val, "-o", report}, tc.args...)
			var stdout, stderr bytes.Buffer
			if rc := run(args, &stdout, &stderr); rc != tc.wantRC {
				t.Errorf("exit status %d, want %d (stderr %q)", rc, tc.wantRC, stderr.String())
			}
			if diff := cmp.Diff(tc.wantStderr, stderr.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			got, err := os.ReadFile(report)
			if tc.wantReport == "" {
				if err == nil {
					t.Errorf("a failed run wrote a report: %q", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.wantReport, string(got)); diff != "" {
				t.Errorf("report (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-h"}, &stdout, &stderr); rc != 0 || stderr.Len() > 0 {
		t.Fatalf("-h: exit status %d, stderr %q", rc, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "usage: spirvval ") {
		t.Errorf("-h printed %q", stdout.String())
	}
}

func TestWithoutGlobalVariableDecorations(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	in, want := read("global_variable_decorations.spv"), read("global_variable_decorations_dropped.spv")
	got, dropped, err := spirvval.WithoutGlobalVariableDecorations(in)
	if err != nil || dropped != 2 || !bytes.Equal(got, want) {
		t.Errorf("dropped %d, err %v, equal to the _dropped module: %v; want 2, nil, true", dropped, err, bytes.Equal(got, want))
	}
	for _, name := range []string{"global_variable_decorations_dropped.spv", "valid.spv"} {
		b := read(name)
		if got, dropped, err := spirvval.WithoutGlobalVariableDecorations(b); err != nil || dropped != 0 || !bytes.Equal(got, b) {
			t.Errorf("%s: changed (dropped %d, err %v)", name, dropped, err)
		}
	}
	for _, bad := range [][]byte{in[:16], in[:len(in)-1], append([]byte{1, 2, 3, 4}, in[4:]...), in[:len(in)-4]} {
		if _, _, err := spirvval.WithoutGlobalVariableDecorations(bad); err == nil {
			t.Errorf("no error for a malformed module of %d bytes", len(bad))
		}
	}
	// Why the decorations go: spirv-val rejects the capability itself. When
	// a spirv-val knows it, this fails and the dropping can go.
	out, err := exec.Command(validator(t), "testdata/global_variable_decorations.spv").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "Invalid capability operand: 6146") {
		t.Errorf("spirv-val on the module with DPC++'s decorations: %v, %s", err, out)
	}
}

// An image spirvval cannot read itself goes to spirv-val as it is, whose
// message (it differs between SPIRV-Tools versions) names the problem.
func TestRunNotSPIRV(t *testing.T) {
	val := validator(t)
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.spv")
	if err := os.WriteFile(junk, []byte("not a SPIR-V module"), 0o644); err != nil {
		t.Fatal(err)
	}
	table := writeTable(t, dir, "junk.table", "[Code]\n"+junk+"\n")
	var stdout, stderr bytes.Buffer
	rc := run([]string{"-validator=" + val, "-o", filepath.Join(dir, "report.txt"), "-table=" + table}, &stdout, &stderr)
	want := "spirvval: " + junk + ": spirv-val failed (exit status 1): error: "
	if rc != 1 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("exit status %d, stderr %q; want 1 and a line starting %q", rc, stderr.String(), want)
	}
}
