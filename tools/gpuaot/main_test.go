package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/zebin"
)

var oclocFlag = flag.String("ocloc", "", "the ocloc to run (Bazel: @rules_sycl_ocloc's launcher, in the runfiles)")

func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// ocloc is the hermetic ocloc the BUILD file passes. Without it the test
// fails: these tests are what shows gpuaot works with the real ocloc.
func ocloc(t *testing.T) string {
	t.Helper()
	if *oclocFlag == "" {
		t.Fatal("no -ocloc: run under Bazel (bazel test //tools/gpuaot:gpuaot_test), or pass -args -ocloc=PATH")
	}
	abs, err := filepath.Abs(proctest.Runfile(*oclocFlag))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(abs); err != nil {
		t.Fatalf("ocloc: %v", err)
	}
	return abs
}

// The test images: tools/internal/zebin/testdata (make_testdata.sh).
const testdata = "../internal/zebin/testdata"

func td(name string) string { return filepath.Join(testdata, name) }

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// listDir lists the names in dir (dot files too: no staging directory or
// temporary file may be left).
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

func runTool(args ...string) (rc int, stdout, stderr string) {
	var o, e bytes.Buffer
	rc = run(args, &o, &e)
	return rc, o.String(), e.String()
}

// fakeOcloc writes a shell script standing in for ocloc (the timeout,
// output and exit cases only the real one cannot be made to show).
func fakeOcloc(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "ocloc")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// chdir runs the test in dir, so that paths in messages are relative as
// Bazel's are; the test images are copied there.
func chdir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range []string{"kernels.spv", "kernels.cl", "truncated.spv", "pvc.zebin", "bmg-g21.zebin", "nokernels.zebin", "pvc_bmg-g21.ar", "exports.spv", "imports.spv"} {
		writeFile(t, filepath.Join(dir, n), string(readFile(t, td(n))))
	}
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(old) })
	writeFile(t, "kernels.sym", "vadd\nscale\n")
	return dir
}

// Same SPIR-V, same zebin: the bytes make_testdata.sh got (other paths,
// another directory), for each device.
func TestCompile(t *testing.T) {
	oc := ocloc(t)
	dir := chdir(t)
	os.Mkdir("out", 0o755)
	for _, tc := range []struct{ device, golden string }{
		{"pvc", "pvc.zebin"},
		{"bmg-g21", "bmg-g21.zebin"},
		// spir64_gen's list: ocloc's archive, DPC++'s underscores as the
		// hyphens ocloc parses in a list.
		{"pvc,bmg_g21", "pvc_bmg-g21.ar"},
	} {
		t.Run(tc.device, func(t *testing.T) {
			out := filepath.Join("out", tc.device+".bin")
			start := time.Now()
			rc, stdout, stderr := runTool("-ocloc="+oc, "-device="+tc.device, "-kernels=kernels.sym", "kernels.spv", out)
			t.Logf("ocloc for %s: %v", tc.device, time.Since(start))
			if rc != 0 || stdout != "" || stderr != "" {
				t.Fatalf("gpuaot = %d, stdout %q, stderr %q; want 0 and no output", rc, stdout, stderr)
			}
			got := readFile(t, out)
			if !bytes.Equal(got, readFile(t, tc.golden)) {
				t.Errorf("%s differs from testdata/%s (ocloc is deterministic: same SPIR-V, same bytes)", out, tc.golden)
			}
			if bytes.Contains(got, []byte(dir)) {
				t.Errorf("%s holds the absolute path %s", out, dir)
			}
			st, _ := os.Stat(out)
			if st.Mode().Perm() != 0o644 {
				t.Errorf("%s: mode %v, want 0644", out, st.Mode().Perm())
			}
			// Again, over the existing output: same bytes.
			if rc, _, stderr := runTool("-ocloc="+oc, "-device="+tc.device, "-options=-ze-opt-large-register-file", "kernels.spv", out); rc != 0 {
				t.Fatalf("gpuaot over an existing output = %d: %s", rc, stderr)
			}
		})
	}
	if d := cmp.Diff([]string{"bmg-g21.bin", "pvc,bmg_g21.bin", "pvc.bin"}, listDir(t, "out")); d != "" {
		t.Errorf("out/ (-want +got):\n%s", d)
	}
}

// An image that exports a function other images call (SYCL/exported
// symbols: the per-TU path's SYCL_EXTERNAL functions) is compiled as a
// library, as DPC++'s -ftarget-export-symbols: without it ocloc inlines the
// function into the kernel and drops it, and the zebin lacks it.
func TestCompileExports(t *testing.T) {
	oc := ocloc(t)
	chdir(t)
	os.Mkdir("out", 0o755)
	writeFile(t, "exports.sym", "combine\nuse_combine\n")
	writeFile(t, "exports.prop", "[SYCL/exported symbols]\ncombine=1|1\n[SYCL/kernel names]\nuse_combine=1|1\n")
	writeFile(t, "kernel.prop", "[SYCL/kernel names]\nuse_combine=1|1\n")
	if rc, stdout, stderr := runTool("-ocloc="+oc, "-device=pvc", "-kernels=exports.sym", "-properties=exports.prop", "exports.spv", "out/lib.zebin"); rc != 0 || stdout != "" || stderr != "" {
		t.Fatalf("gpuaot with the exports = %d, stdout %q, stderr %q; want 0 and no output", rc, stdout, stderr)
	}
	z, err := zebin.ReadBytes(readFile(t, "out/lib.zebin"))
	if err != nil {
		t.Fatal(err)
	}
	if !z.HasFunction("combine") || !z.HasKernel("use_combine") {
		t.Errorf("zebin functions %v, kernels %v: want combine and use_combine", z.Functions, z.Kernels)
	}
	rc, _, stderr := runTool("-ocloc="+oc, "-device=pvc", "-kernels=exports.sym", "-properties=kernel.prop", "exports.spv", "out/nolib.zebin")
	if want := `gpuaot: exports.spv: the zebin ocloc wrote for pvc lacks kernel "combine" of exports.sym` + "\n"; rc != 1 || stderr != want {
		t.Errorf("gpuaot without the exports = %d, %q; want 1, %q", rc, stderr, want)
	}
	writeFile(t, "bad.prop", "not a property file\n")
	rc, _, stderr = runTool("-ocloc="+oc, "-device=pvc", "-properties=bad.prop", "exports.spv", "out/bad.zebin")
	if rc != 1 || !strings.HasPrefix(stderr, "gpuaot: bad.prop:") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("gpuaot with a malformed .prop = %d, %q; want 1 and one line naming bad.prop", rc, stderr)
	}
	if d := cmp.Diff([]string{"lib.zebin"}, listDir(t, "out")); d != "" {
		t.Errorf("out/ (-want +got):\n%s", d)
	}
}

// -device-library: an image importing a function the library exports
// (SYCL/imported symbols: the bfloat16 library's, in SYCL images) is
// linked with it (ocloc link), and its zebin defines what it called; an
// image importing nothing of it is compiled alone, to the same bytes as
// without the flag.
func TestCompileDeviceLibrary(t *testing.T) {
	oc := ocloc(t)
	chdir(t)
	os.Mkdir("out", 0o755)
	os.Mkdir("lib", 0o755)
	writeFile(t, "lib/combine.spv", string(readFile(t, "exports.spv")))
	writeFile(t, "lib/combine.prop", "[SYCL/exported symbols]\ncombine=1|1\n[SYCL/devicelib metadata]\nbfloat16=1|0\n")
	writeFile(t, "imports.sym", "call_combine\n")
	writeFile(t, "imports.prop", "[SYCL/imported symbols]\ncombine=1|1\n[SYCL/kernel names]\ncall_combine=1|1\n")
	writeFile(t, "kernels.prop", "[SYCL/kernel names]\nvadd=1|1\nscale=1|1\n")
	undefined := func(name string) []string {
		z, err := zebin.ReadBytes(readFile(t, name))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, u := range z.Undefined {
			if u == "combine" {
				out = append(out, u)
			}
		}
		return out
	}
	if rc, stdout, stderr := runTool("-ocloc="+oc, "-device=pvc", "-kernels=imports.sym", "-properties=imports.prop", "-device-library=lib/combine.spv", "imports.spv", "out/linked.zebin"); rc != 0 || stdout != "" || stderr != "" {
		t.Fatalf("gpuaot -device-library = %d, stdout %q, stderr %q; want 0 and no output", rc, stdout, stderr)
	}
	if u := undefined("out/linked.zebin"); len(u) != 0 {
		t.Errorf("linked zebin leaves %v undefined", u)
	}
	if rc, _, stderr := runTool("-ocloc="+oc, "-device=pvc", "-kernels=imports.sym", "-properties=imports.prop", "imports.spv", "out/alone.zebin"); rc != 0 {
		t.Fatalf("gpuaot without -device-library = %d: %s", rc, stderr)
	}
	if d := cmp.Diff([]string{"combine"}, undefined("out/alone.zebin")); d != "" {
		t.Errorf("zebin without the library: undefined (-want +got):\n%s", d)
	}
	// Nothing imported from the library: the image alone, the same bytes.
	if rc, _, stderr := runTool("-ocloc="+oc, "-device=pvc", "-kernels=kernels.sym", "-properties=kernels.prop", "-device-library=lib/combine.spv", "kernels.spv", "out/kernels.zebin"); rc != 0 {
		t.Fatalf("gpuaot -device-library, no import = %d: %s", rc, stderr)
	}
	if !bytes.Equal(readFile(t, "out/kernels.zebin"), readFile(t, "pvc.zebin")) {
		t.Error("an image importing nothing of the library: zebin differs from testdata/pvc.zebin")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-device-library=lib/combine.spv", "imports.spv", "out/x.zebin"}, "gpuaot: -device-library needs -properties: the image's imported symbols"},
		{[]string{"-properties=imports.prop", "-device-library=lib/combine.prop", "imports.spv", "out/x.zebin"}, `gpuaot: -device-library "lib/combine.prop": not a .spv file (its property sets are the .prop beside it)`},
		{[]string{"-properties=imports.prop", "-device-library=lib/missing.spv", "imports.spv", "out/x.zebin"}, "gpuaot: lib/missing.prop:"},
	} {
		rc, _, stderr := runTool(append([]string{"-ocloc=" + oc, "-device=pvc"}, tc.args...)...)
		if rc == 0 || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("gpuaot %v = %d, %q; want non-zero and one line starting %q", tc.args, rc, stderr, tc.want)
		}
	}
	if d := cmp.Diff([]string{"alone.zebin", "kernels.zebin", "linked.zebin"}, listDir(t, "out")); d != "" {
		t.Errorf("out/ (-want +got):\n%s", d)
	}
}

// Every failure: one line naming the input, exit 1, no output file (and
// nothing else) in OUT's directory.
func TestCompileErrors(t *testing.T) {
	oc := ocloc(t)
	chdir(t)
	orig := readFile(t, "kernels.spv")
	os.Mkdir("out", 0o755)
	os.Mkdir("adir", 0o755)
	writeFile(t, "empty.spv", "")
	writeFile(t, "short.spv", "\x03\x02\x23\x07\x00\x00\x01\x00")
	writeFile(t, "missing.sym", "vadd\nnope\nscale\n")
	writeFile(t, "nul.sym", "vadd\nx\x00y\n")
	if err := syscall.Mkfifo("fifo.spv", 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link("kernels.spv", "out/link.spv"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../kernels.spv", "out/symlink.spv"); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 3000)
	for _, tc := range []struct {
		name string
		args []string
		want string // standard error
	}{
		{"bad magic", []string{"kernels.cl", "out/k.bin"},
			"gpuaot: kernels.cl: not a SPIR-V module (it starts with 6b 65 72 6e, not the SPIR-V magic number 03 02 23 07)"},
		{"a zebin", []string{"pvc.zebin", "out/k.bin"},
			"gpuaot: pvc.zebin: not a SPIR-V module (it starts with 7f 45 4c 46, not the SPIR-V magic number 03 02 23 07)"},
		{"empty", []string{"empty.spv", "out/k.bin"},
			"gpuaot: empty.spv: not a SPIR-V module (0 bytes, shorter than a SPIR-V header: 20)"},
		{"short", []string{"short.spv", "out/k.bin"},
			"gpuaot: short.spv: not a SPIR-V module (8 bytes, shorter than a SPIR-V header: 20)"},
		{"FIFO", []string{"fifo.spv", "out/k.bin"},
			"gpuaot: fifo.spv: a named pipe (FIFO), not a regular file: cannot be read as a SPIR-V image"},
		{"directory", []string{"adir", "out/k.bin"},
			"gpuaot: adir: a directory, not a regular file: cannot be read as a SPIR-V image"},
		{"a device", []string{"/dev/zero", "out/k.bin"},
			"gpuaot: /dev/zero: a character device, not a regular file: cannot be read as a SPIR-V image"},
		{"no input", []string{"nosuch.spv", "out/k.bin"},
			"gpuaot: nosuch.spv: no such file or directory"},
		{"no output directory", []string{"kernels.spv", "nodir/k.bin"},
			"gpuaot: nodir/k.bin: directory nodir does not exist"},
		{"output directory a file", []string{"kernels.spv", "kernels.cl/k.bin"},
			"gpuaot: kernels.cl/k.bin: kernels.cl is not a directory"},
		{"OUT is IN", []string{"kernels.spv", "kernels.spv"},
			"gpuaot: kernels.spv: is also an input: the output would replace it"},
		{"OUT is IN, spelt otherwise", []string{"kernels.spv", "./kernels.spv"},
			"gpuaot: ./kernels.spv: is also an input: the output would replace it"},
		{"OUT is a link to IN", []string{"kernels.spv", "out/link.spv"},
			"gpuaot: out/link.spv: is the input kernels.spv: the output would replace it"},
		{"OUT is a symbolic link to IN", []string{"kernels.spv", "out/symlink.spv"},
			"gpuaot: out/symlink.spv: is the input kernels.spv: the output would replace it"},
		{"OUT is the -kernels file", []string{"-kernels=kernels.sym", "kernels.spv", "kernels.sym"},
			"gpuaot: kernels.sym: is also an input: the output would replace it"},
		{"OUT is a directory", []string{"kernels.spv", "adir"},
			"gpuaot: adir: is a directory"},
		{"OUT is a FIFO", []string{"kernels.spv", "fifo.spv"},
			"gpuaot: fifo.spv: exists and is not a regular file"},
		// OUT is checked before IN is read.
		{"OUT and IN both wrong", []string{"nosuch.spv", "nodir/k.bin"},
			"gpuaot: nodir/k.bin: directory nodir does not exist"},
		{"unknown device", []string{"-device=nosuch", "kernels.spv", "out/k.bin"},
			"gpuaot: kernels.spv: ocloc cannot compile it for nosuch (exit 223): Error: Cannot get HW Info for device nosuch."},
		{"a kernel missing", []string{"-kernels=missing.sym", "kernels.spv", "out/k.bin"},
			`gpuaot: kernels.spv: the zebin ocloc wrote for pvc lacks kernel "nope" of missing.sym`},
		{"every kernel missing", []string{"-kernels=kernels.sym", "truncated.spv", "out/k.bin"},
			`gpuaot: truncated.spv: the zebin ocloc wrote for pvc lacks kernels "vadd", "scale" (2 of 2) of kernels.sym`},
		{"no kernels file", []string{"-kernels=nosuch.sym", "kernels.spv", "out/k.bin"},
			"gpuaot: nosuch.sym: no such file or directory"},
		{"kernels file a FIFO", []string{"-kernels=fifo.spv", "kernels.spv", "out/k.bin"},
			"gpuaot: fifo.spv: a named pipe (FIFO), not a regular file: cannot be read as a symbol file"},
		{"properties file a FIFO", []string{"-properties=fifo.spv", "kernels.spv", "out/k.bin"},
			"gpuaot: fifo.spv: a named pipe (FIFO), not a regular file: cannot be read as a property set file"},
		{"no properties file", []string{"-properties=nosuch.prop", "kernels.spv", "out/k.bin"},
			"gpuaot: nosuch.prop: no such file or directory"},
		{"NUL in kernels file", []string{"-kernels=nul.sym", "kernels.spv", "out/k.bin"},
			`gpuaot: nul.sym: line 2: NUL byte in "x\x00y"`},
		{"device list with an option", []string{"-device=pvc,-q", "kernels.spv", "out/k.bin"},
			`gpuaot: -device "pvc,-q": "-q" is not an ocloc device name (pvc, bmg-g21, 12.60.7, ...)`},
		{"device list with an empty name", []string{"-device=pvc,", "kernels.spv", "out/k.bin"},
			`gpuaot: -device "pvc,": "" is not an ocloc device name (pvc, bmg-g21, 12.60.7, ...)`},
		{"device list with an unknown device", []string{"-device=pvc,nosuch", "kernels.spv", "out/k.bin"},
			`gpuaot: kernels.spv: ocloc cannot compile it for pvc,nosuch (exit 1): Failed to parse target : nosuch - invalid device:`},
		{"device list, a kernel missing", []string{"-device=pvc,bmg-g21", "-kernels=missing.sym", "kernels.spv", "out/k.bin"},
			`gpuaot: kernels.spv: the zebin ocloc wrote for pvc,bmg-g21 (archive member 64.12.60.7) lacks kernel "nope" of missing.sym`},
		{"device an option", []string{"-device=-q", "kernels.spv", "out/k.bin"},
			`gpuaot: -device "-q": not one ocloc device name (pvc, bmg-g21, 12.60.7, ...)`},
		{"no device", []string{"-device=", "kernels.spv", "out/k.bin"},
			"gpuaot: -device is required: the Intel GPU to compile for (an ocloc device: pvc, bmg-g21, 12.60.7, ...)"},
		{"one argument", []string{"kernels.spv"},
			"gpuaot: want IN.spv OUT, got 1 arguments"},
		{"timeout zero", []string{"-timeout=0", "kernels.spv", "out/k.bin"},
			"gpuaot: -timeout 0s: must be positive"},
		{"unknown flag", []string{"-frobnicate", "kernels.spv", "out/k.bin"},
			"gpuaot: flag provided but not defined: -frobnicate"},
		// The whole line is at most 1,000 bytes, "gpuaot: " and the
		// "... (N bytes)" that says it was cut included (errtext.ToolLine).
		{"long input name", []string{long + ".spv", "out/k.bin"},
			cutLine("gpuaot: " + long + ".spv: file name too long")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-ocloc=" + oc, "-device=pvc"}, tc.args...)
			done := make(chan struct{})
			var rc int
			var stdout, stderr string
			go func() { rc, stdout, stderr = runTool(args...); close(done) }()
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
				t.Fatal("gpuaot did not return (blocked on a FIFO?)")
			}
			if rc != 1 || stdout != "" || stderr != tc.want+"\n" {
				t.Errorf("gpuaot = %d, stdout %q, stderr\n%q; want 1, no output and\n%q", rc, stdout, stderr, tc.want+"\n")
			}
			if len(stderr) > errtext.MaxLine+1 {
				t.Errorf("message of %d bytes, more than %d", len(stderr)-1, errtext.MaxLine)
			}
			if d := cmp.Diff([]string{"link.spv", "symlink.spv"}, listDir(t, "out")); d != "" {
				t.Errorf("out/ after a failure (-want +got):\n%s", d)
			}
		})
	}
	if got := readFile(t, "kernels.spv"); !bytes.Equal(got, orig) {
		t.Error("kernels.spv changed")
	}
}

// The cases only a stand-in for ocloc shows: a hang, too much output, a
// crash, a success that wrote nothing or no zebin.
func TestCompileFakeOcloc(t *testing.T) {
	chdir(t)
	os.Mkdir("out", 0o755)
	marker := fmt.Sprintf("GPUAOT_TEST_MARKER_%d", os.Getpid())
	os.Setenv(marker, "1")
	defer os.Unsetenv(marker)
	os.Setenv("IGC_ShaderDumpEnable", "1")
	defer os.Unsetenv("IGC_ShaderDumpEnable")
	hugeLine := strings.Repeat("error: no ", 100000)
	for _, tc := range []struct {
		name, script string
		extra        []string
		want         string
		maxSeconds   float64
	}{
		{name: "timeout", script: "echo compiling; sleep 60; echo late",
			extra: []string{"-timeout=300ms"},
			want:  "gpuaot: kernels.spv: ocloc cannot compile it for pvc (timed out after 300ms): compiling", maxSeconds: 20},
		{name: "output beyond the cap", script: `i=0; while [ $i -lt 4000 ]; do echo "noise line $i ................................................"; i=$((i+1)); done; echo "Error: after the cap"; exit 5`,
			want: "gpuaot: kernels.spv: ocloc cannot compile it for pvc (exit 5): noise line 0 ................................................"},
		{name: "one huge error line", script: "printf '%s\\n' '" + hugeLine + "'; exit 2",
			// Of the 1,000,001 bytes the first 64 KiB kept (childproc.Capped
			// says how many were not), the line cut to 1,000 bytes.
			want: cutLine("gpuaot: kernels.spv: ocloc cannot compile it for pvc (exit 2): " + hugeLine[:64<<10] + fmt.Sprintf("... (%d more bytes not kept)", len(hugeLine)+1-(64<<10)))},
		{name: "the first error line", script: "echo Warning: something; echo; echo 'Command was: /abs/ocloc compile'; echo '  Error: the reason  '; echo 'error: later'; exit 1",
			want: "gpuaot: kernels.spv: ocloc cannot compile it for pvc (exit 1): Error: the reason"},
		{name: "no error line", script: "echo; echo 'Command was: /abs/ocloc'; echo 'something went wrong'; echo other; exit 3",
			want: "gpuaot: kernels.spv: ocloc cannot compile it for pvc (exit 3): something went wrong"},
		{name: "silent", script: "exit 4",
			want: "gpuaot: kernels.spv: ocloc cannot compile it for pvc (exit 4)"},
		{name: "crash", script: "kill -SEGV $$",
			want: "gpuaot: kernels.spv: ocloc cannot compile it for pvc (killed by signal 11 (segmentation fault))"},
		{name: "IGC variables removed", script: `env | grep '^IGC_'; echo "marker ${` + marker + `}"; exit 1`,
			want: "gpuaot: kernels.spv: ocloc cannot compile it for pvc (exit 1): marker 1"},
		{name: "wrote nothing", script: "exit 0",
			want: "gpuaot: kernels.spv: ocloc exited 0 for pvc, but it wrote no zebin (no such file or directory)"},
		{name: "wrote no zebin", script: `while [ "$1" != -output ]; do shift; done; cp kernels.spv "$2.bin"`,
			want: "gpuaot: kernels.spv: ocloc exited 0 for pvc, but what it wrote is no zebin: not an ELF file"},
		{name: "wrote a host object", script: `while [ "$1" != -output ]; do shift; done; cp /bin/sh "$2.bin"`,
			want: "gpuaot: kernels.spv: ocloc exited 0 for pvc, but what it wrote is no zebin: ELF machine 62 (EM_X86_64), not EM_INTELGT (205): not an Intel GPU zebin"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-ocloc=" + fakeOcloc(t, tc.script), "-device=pvc"}, tc.extra...)
			args = append(args, "kernels.spv", "out/k.bin")
			start := time.Now()
			rc, stdout, stderr := runTool(args...)
			if rc != 1 || stdout != "" || stderr != tc.want+"\n" {
				t.Errorf("gpuaot = %d, stdout %q, stderr\n%q; want 1, no output and\n%q", rc, stdout, stderr, tc.want+"\n")
			}
			if len(stderr) > errtext.MaxLine+1 {
				t.Errorf("message of %d bytes, more than %d", len(stderr)-1, errtext.MaxLine)
			}
			if tc.maxSeconds > 0 && time.Since(start).Seconds() > tc.maxSeconds {
				t.Errorf("gpuaot took %v", time.Since(start))
			}
			if d := cmp.Diff([]string(nil), listDir(t, "out")); d != "" {
				t.Errorf("out/ after a failure (-want +got):\n%s", d)
			}
			// The child's process group is gone (the shell and its sleep).
			if !proctest.WaitFor(5*time.Second, 50*time.Millisecond, func() bool { return len(proctest.ProcessesWith(marker+"=1")) == 0 }) {
				t.Errorf("processes left: %v", proctest.ProcessesWith(marker+"=1"))
			}
		})
	}
}

// cutLine is an ASCII line of more than 1,000 bytes as errtext.Line cuts
// it: 1,000 bytes in all, ending with "... (N bytes)", N its length.
func cutLine(full string) string {
	suffix := fmt.Sprintf("... (%d bytes)", len(full))
	return full[:errtext.MaxLine-len(suffix)] + suffix
}

// A long message of multibyte characters: one line of at most 1,000
// bytes in all, cut on a character, valid UTF-8.
func TestLongErrorLine(t *testing.T) {
	chdir(t)
	in := strings.Repeat("é", 600) + ".spv" // 1,204 bytes
	rc, stdout, stderr := runTool("-ocloc=ocloc", "-device=pvc", in, "k.bin")
	full := "gpuaot: " + in + ": file name too long" // over 255 bytes
	suffix := fmt.Sprintf("... (%d bytes)\n", len(full))
	if rc != 1 || stdout != "" || !strings.HasPrefix(stderr, "gpuaot: éé") || !strings.HasSuffix(stderr, suffix) {
		t.Fatalf("gpuaot = %d, stdout %q, stderr %.60q...; want 1 and a line ending %q", rc, stdout, stderr, suffix)
	}
	if len(stderr)-1 > errtext.MaxLine || len(stderr)-1 < errtext.MaxLine-1 || !utf8.ValidString(stderr) {
		t.Errorf("line of %d bytes (valid UTF-8: %v), want %d (or one less, cut on a character)", len(stderr)-1, utf8.ValidString(stderr), errtext.MaxLine)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"check", "-help"}} {
		rc, stdout, stderr := runTool(args...)
		if rc != 0 || !strings.HasPrefix(stdout, "usage: gpuaot") || stderr != "" {
			t.Errorf("gpuaot %v = %d, stdout %.40q, stderr %q", args, rc, stdout, stderr)
		}
	}
}

// As a process: exit status and the one line, as Bazel sees them. (Under
// Bazel the test binary run as the tool starts in the runfiles: absolute
// paths.)
func TestProcess(t *testing.T) {
	oc := ocloc(t)
	dir := chdir(t)
	in, out := filepath.Join(dir, "kernels.spv"), filepath.Join(dir, "k.bin")
	cmd := proctest.Command("-ocloc="+oc, "-device=nosuch", in, out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	want := "gpuaot: " + in + ": ocloc cannot compile it for nosuch (exit 223): Error: Cannot get HW Info for device nosuch.\n"
	if cmd.ProcessState.ExitCode() != 1 || stderr.String() != want {
		t.Errorf("gpuaot = %v, stderr %q; want exit status 1, %q", err, stderr.String(), want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("k.bin written")
	}
	cmd = proctest.Command("-ocloc="+oc, "-device=pvc", in, out)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("gpuaot: %v: %s", err, stderr.String())
	}
	if !bytes.Equal(readFile(t, out), readFile(t, "pvc.zebin")) {
		t.Error("k.bin is not testdata/pvc.zebin")
	}
}

// SIGTERM while ocloc runs: its process group is killed, the staging
// directory removed, and gpuaot dies of the signal.
func TestSignal(t *testing.T) {
	dir := chdir(t)
	marker := fmt.Sprintf("GPUAOT_SIGNAL_MARKER_%d", os.Getpid())
	oc := fakeOcloc(t, "sleep 60")
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	cmd := proctest.Command("-ocloc="+oc, "-device=pvc", filepath.Join(dir, "kernels.spv"), filepath.Join(out, "k.bin"))
	cmd.Env = append(cmd.Env, marker+"=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if !proctest.WaitFor(20*time.Second, 20*time.Millisecond, func() bool {
		for _, p := range proctest.ProcessesWith(marker + "=1") {
			if strings.HasSuffix(p, " sleep") {
				return true
			}
		}
		return false
	}) {
		cmd.Process.Kill()
		t.Fatal("ocloc (sleep) never started")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if !proctest.DiedOf(cmd.ProcessState, syscall.SIGTERM) {
		t.Errorf("gpuaot ended with %v, want death by SIGTERM", cmd.ProcessState)
	}
	if d := cmp.Diff([]string(nil), listDir(t, out)); d != "" {
		t.Errorf("out/ after SIGTERM (-want +got):\n%s", d)
	}
	if !proctest.WaitFor(5*time.Second, 50*time.Millisecond, func() bool { return len(proctest.ProcessesWith(marker+"=1")) == 0 }) {
		t.Errorf("processes left: %v", proctest.ProcessesWith(marker+"=1"))
	}
}
