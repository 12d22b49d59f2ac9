package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = `source_filename = "t.ll"
target triple = "spir64"
define spir_kernel void @k1() #0 {
  ret void
}
define spir_kernel void @k2() #1 {
  call void @h()
  ret void
}
define void @h() {
  ret void
}
attributes #0 = { "sycl-module-id"="a.cl" }
attributes #1 = { "sycl-module-id"="b.cl" }
`

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

func runIn(t *testing.T, dir string, stdin string, args ...string) (int, string) {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stderr bytes.Buffer
	rc := run(args, strings.NewReader(stdin), io.Discard, &stderr)
	return rc, stderr.String()
}

func TestSplitSourceRelativePaths(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "out"), 0o755)
	rc, stderr := runIn(t, dir, module, "-split=per_source", "-S", "-symbols", "-properties", "-o", "out/x.table")
	if rc != 0 {
		t.Fatalf("rc=%d stderr=%s", rc, stderr)
	}
	want := []string{"x.table", "x_0.ll", "x_0.prop", "x_0.sym", "x_1.ll", "x_1.prop", "x_1.sym"}
	if diff := cmp.Diff(want, listDir(t, filepath.Join(dir, "out"))); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	table, _ := os.ReadFile(filepath.Join(dir, "out", "x.table"))
	wantTable := "[Code|Properties|Symbols]\nout/x_0.ll|out/x_0.prop|out/x_0.sym\nout/x_1.ll|out/x_1.prop|out/x_1.sym\n"
	if diff := cmp.Diff(wantTable, string(table)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	// Images are numbered in descending key order: b.cl first.
	sym0, _ := os.ReadFile(filepath.Join(dir, "out", "x_0.sym"))
	if string(sym0) != "k2\n" {
		t.Errorf("x_0.sym = %q, want k2", sym0)
	}
}

func TestOutDirAndColumns(t *testing.T) {
	// The Properties and Symbols columns (and files) come with -properties
	// and -symbols only, as in intel/llvm's skip-properties-gen test.
	for _, tc := range []struct {
		flags []string
		want  string
		files []string
	}{
		{nil, "[Code]\nimgs/t_0.ll\nimgs/t_1.ll\n", []string{"t_0.ll", "t_1.ll"}},
		{[]string{"-properties"}, "[Code|Properties]\nimgs/t_0.ll|imgs/t_0.prop\nimgs/t_1.ll|imgs/t_1.prop\n",
			[]string{"t_0.ll", "t_0.prop", "t_1.ll", "t_1.prop"}},
		{[]string{"-symbols"}, "[Code|Symbols]\nimgs/t_0.ll|imgs/t_0.sym\nimgs/t_1.ll|imgs/t_1.sym\n",
			[]string{"t_0.ll", "t_0.sym", "t_1.ll", "t_1.sym"}},
	} {
		dir := t.TempDir()
		os.Mkdir(filepath.Join(dir, "imgs"), 0o755)
		args := append([]string{"-split=kernel", "-S", "-out-dir", "imgs", "-o", "t.table"}, tc.flags...)
		rc, stderr := runIn(t, dir, module, append(args, "-")...)
		if rc != 0 {
			t.Fatalf("%v: rc=%d stderr=%s", tc.flags, rc, stderr)
		}
		table, _ := os.ReadFile(filepath.Join(dir, "t.table"))
		if diff := cmp.Diff(tc.want, string(table)); diff != "" {
			t.Errorf("%v: table (-want +got):\n%s", tc.flags, diff)
		}
		var files []string
		entries, _ := os.ReadDir(filepath.Join(dir, "imgs"))
		for _, e := range entries {
			files = append(files, e.Name())
		}
		if diff := cmp.Diff(tc.files, files); diff != "" {
			t.Errorf("%v: files (-want +got):\n%s", tc.flags, diff)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"unknown flag", module, []string{"-bogus", "-o", "x.table"}, "splitter: flag provided but not defined: -bogus\n"},
		{"bad split", module, []string{"-split=per_module", "-o", "x.table"}, "splitter: unknown split mode \"per_module\" (want kernel, source, auto or none)\n"},
		{"no output", module, []string{"-split=kernel"}, "splitter: no output specified (-o)\n"},
		{"parse error", "define void @f() {\n", []string{"-split=kernel", "-S", "-o", "x.table"}, "splitter: <stdin>:2:1: unexpected end of file: 1 unclosed bracket(s)\n"},
		{"missing input", "", []string{"-split=kernel", "-o", "x.table", "nope.ll"}, "splitter: nope.ll: stat nope.ll: no such file or directory\n"},
		{"spec constant without a literal ID", "declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8*, i8*, i8*)\n" +
			"define spir_kernel void @k(i8* %p) {\n" +
			"  %v = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8* %p, i8* %p, i8* null)\n  ret void\n}\n",
			[]string{"-spec-const=native", "-split=kernel", "-S", "-o", "x.table"},
			"splitter: x_0.ll:3:8: cannot trace the symbolic ID argument \"%p\" to a string literal\n"},
		{"bad id-queries-range", module, []string{"-split=kernel", "-id-queries-range=long", "-o", "x.table"}, "splitter: invalid -id-queries-range value \"long\" (want int, uint or size_t)\n"},
		{"two inputs", module, []string{"-split=kernel", "-o", "x.table", "a.ll", "b.ll"}, "splitter: one input module expected, got 2: a.ll b.ll\n"},
		{"no actions", module, []string{"-S", "-o", "x.table"}, "splitter: no actions specified; nothing to do\n"},
		{"missing output directory, text", module, []string{"-split=kernel", "-S", "-o", "nodir/x.table"}, "splitter: nodir/x_0.ll: cannot write: no such file or directory\n"},
		{"missing output directory, bitcode", module, []string{"-split=kernel", "-o", "nodir/x.table"}, "splitter: nodir/x_0.bc: cannot write: no such file or directory\n"},
		{"bf16 device library images", "declare spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4))\n" +
			"define spir_kernel void @k(ptr addrspace(4) %p) {\n  %v = call spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) %p)\n  ret void\n}\n",
			[]string{"-split=kernel", "-S", "-device-lib-dir=lib", "-o", "x.table"},
			"splitter: <stdin>: __devicelib_ConvertBF16ToFINTEL needs the bf16 device-library images of -device-lib-dir, which this splitter does not produce; link libsycl-fallback-bfloat16.bc into the device code instead\n"},
		{"legacy spec constants", "declare i32 @_Z33__sycl_getScalarSpecConstantValueIiET_PKc(i8*)\n",
			[]string{"-spec-const=native", "-S", "-o", "x.table"},
			"splitter: <stdin>: pre-SYCL-2020 specialization constants are not supported; module uses @_Z33__sycl_getScalarSpecConstantValueIiET_PKc\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			rc, stderr := runIn(t, dir, tc.stdin, tc.args...)
			if rc != 1 {
				t.Errorf("rc = %d, want 1", rc)
			}
			if diff := cmp.Diff(tc.want, stderr); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if got := listDir(t, dir); len(got) != 0 {
				t.Errorf("outputs left behind: %v", got)
			}
		})
	}
}

// TestNoPartialOutputs makes llvm-as fail on the image of k1 (the second
// one): the first image and the .sym files, already written, must go.
func TestNoPartialOutputs(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-as")
	script := "#!/bin/sh\n[ \"$1\" = --version ] && { echo 'LLVM version 15.0.6'; exit 0; }\nd=$(cat)\ncase \"$d\" in *@k1*) echo boom >&2; exit 1;; esac\nprintf '%s' \"$d\"\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "out"), 0o755)
	rc, stderr := runIn(t, dir, module, "-split=kernel", "-symbols", "-llvm-as="+fake, "-o", "out/x.table")
	if rc != 1 || !strings.Contains(stderr, "boom") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("rc=%d stderr=%q", rc, stderr)
	}
	if got := listDir(t, filepath.Join(dir, "out")); len(got) != 0 {
		t.Errorf("outputs left behind: %v", got)
	}
}

func TestBitcodeRoundTrip(t *testing.T) {
	for _, tool := range []string{"llvm-as-15", "llvm-dis-15"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.ll")
	os.WriteFile(in, []byte(module), 0o644)
	bc := filepath.Join(dir, "in.bc")
	if out, err := exec.Command("llvm-as-15", in, "-o", bc).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	rc, stderr := runIn(t, dir, "", "-split=kernel", "-o", "x.table", "in.bc")
	if rc != 0 {
		t.Fatalf("rc=%d stderr=%s", rc, stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "x_0.bc"))
	if !bytes.HasPrefix(data, []byte("BC\xc0\xde")) {
		t.Errorf("x_0.bc is not bitcode")
	}
}

func TestDeterministic(t *testing.T) {
	var outs [2]string
	for i := range outs {
		dir := t.TempDir()
		rc, stderr := runIn(t, dir, module, "-split=kernel", "-S", "-symbols", "-properties", "-o", "x.table")
		if rc != 0 {
			t.Fatalf("rc=%d stderr=%s", rc, stderr)
		}
		for _, n := range listDir(t, dir) {
			b, _ := os.ReadFile(filepath.Join(dir, n))
			outs[i] += n + "\n" + string(b)
		}
	}
	if outs[0] != outs[1] {
		t.Error("outputs differ between runs")
	}
}

// TestTargetTables: a table for a device target gets its own .prop files
// (with compile_target); an untargeted table after it still gets plain ones.
func TestTargetTables(t *testing.T) {
	dir := t.TempDir()
	rc, stderr := runIn(t, dir, module, "-split=kernel", "-S", "-properties", "-o", "intel_gpu_pvc,a.table", "-o", "b.table")
	if rc != 0 {
		t.Fatalf("rc=%d stderr=%s", rc, stderr)
	}
	want := []string{"a.table", "a_0.intel_gpu_pvc.prop", "a_0.ll", "a_0.prop", "a_1.intel_gpu_pvc.prop", "a_1.ll", "a_1.prop", "b.table"}
	if diff := cmp.Diff(want, listDir(t, dir)); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "b.table"))
	if diff := cmp.Diff("[Code|Properties]\na_0.ll|a_0.prop\na_1.ll|a_1.prop\n", string(b)); diff != "" {
		t.Errorf("b.table (-want +got):\n%s", diff)
	}
	p, _ := os.ReadFile(filepath.Join(dir, "a_0.intel_gpu_pvc.prop"))
	if !strings.Contains(string(p), "compile_target=2|") {
		t.Errorf("no compile_target in %q", p)
	}
}

// TestSplitByDeviceRequirements: -split=none writes one image, as
// sycl-post-link does; with -split-by-device-requirements kernels that need
// different work-group sizes get images of their own, each keeping its size.
func TestSplitByDeviceRequirements(t *testing.T) {
	const src = `target triple = "spir64"
define spir_kernel void @k64() !reqd_work_group_size !0 {
  ret void
}
define spir_kernel void @k32() !reqd_work_group_size !1 {
  ret void
}
define spir_kernel void @plain() {
  ret void
}
!0 = !{i32 64, i32 1, i32 1}
!1 = !{i32 32, i32 1, i32 1}
`
	for _, tc := range []struct {
		flags []string
		want  []string
	}{
		{nil, []string{"k64\nk32\nplain\n"}},
		{[]string{"-split-by-device-requirements"}, []string{"k64\n", "k32\n", "plain\n"}},
	} {
		dir := t.TempDir()
		args := append([]string{"-split=none", "-S", "-symbols", "-o", "x.table"}, tc.flags...)
		if rc, stderr := runIn(t, dir, src, args...); rc != 0 {
			t.Fatalf("%v: rc=%d stderr=%s", tc.flags, rc, stderr)
		}
		var got []string
		for i := 0; ; i++ {
			b, err := os.ReadFile(filepath.Join(dir, "x_"+strconv.Itoa(i)+".sym"))
			if err != nil {
				break
			}
			got = append(got, string(b))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%v: .sym files (-want +got):\n%s", tc.flags, diff)
		}
	}
}
