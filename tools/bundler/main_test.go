package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbundle"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/syclbin"
)

var update = os.Getenv("UPDATE_GOLDEN") != ""

// TestMain lets the test binary act as the bundler command so that exit
// codes and stderr can be checked.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

var inputFiles = map[string]string{
	"a.spv":     "\x03\x02\x23\x07first image",
	"b.bin":     "\x7fELF native",
	"host.bc":   "BC\xc0\xde host",
	"a.prop":    "[SYCL/kernel names]\nkernel_a=1|1\n[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n",
	"a.sym":     "kernel_a\n",
	"t.table":   "[Code|Properties|Symbols]\na.spv|a.prop|a.sym\nb.bin|a.prop|a.sym\n",
	"bad.prop":  "no set\n",
	"src.ll":    "define void @f() {\n  ret void\n}\n",
	"nocode.tb": "[Symbols]\na.sym\n",
}

func writeFiles(t *testing.T, dir string) {
	t.Helper()
	for name, content := range inputFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func chdir(t *testing.T, dir string) {
	t.Helper()
	old, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(old) })
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := run(args, &out); err != nil {
		t.Fatalf("bundler %s: %v", strings.Join(args, " "), err)
	}
	return out.String()
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(testdataDir(t), name)
	if update {
		os.WriteFile(path, got, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (UPDATE_GOLDEN=1 to create)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

var testdata string

func testdataDir(t *testing.T) string {
	if testdata == "" {
		t.Fatal("testdata dir not initialized")
	}
	return testdata
}

// startDir is the working directory the tests start in (tests chdir).
var startDir string

func init() {
	startDir, _ = os.Getwd()
	testdata = filepath.Join(startDir, "testdata")
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, rel)
		}
		return nil
	})
	sort.Strings(names)
	return names
}

func TestSYCLBIN(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	runOK(t, "syclbin", "-o", "img.syclbin", "-state=executable", "-target=spir64", "-properties=a.prop", "a.spv", "-arch=intel_gpu_pvc", "b.bin")
	runOK(t, "syclbin", "-o", "tbl.syclbin", "-state=executable", "-target=spir64", "-table=t.table")
	data, err := os.ReadFile("img.syclbin")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "img.syclbin", data)
	f, err := syclbin.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	props, _ := propset.Parse([]byte(inputFiles["a.prop"]), "a.prop")
	want := syclbin.New(syclbin.StateExecutable)
	want.AbstractModules = []syclbin.AbstractModule{
		{Metadata: props, IRModules: []syclbin.Module{{Metadata: syclbin.IRModuleMetadata(syclbin.IRSPIRV, "spir64"), Data: []byte(inputFiles["a.spv"])}}},
		{NativeImages: []syclbin.Module{{Metadata: syclbin.NativeImageMetadata("intel_gpu_pvc"), Data: []byte(inputFiles["b.bin"])}}},
	}
	if diff := cmp.Diff(want, f, cmp.Comparer(func(a, b *propset.Registry) bool { return a.Equal(b) })); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	golden(t, "inspect_syclbin.txt", []byte(runOK(t, "inspect", "img.syclbin")))
	runOK(t, "syclbin", "-o", "v2.offload", "-state=executable", "-target=spir64", "-properties=a.prop", "a.spv", "-arch=intel_gpu_pvc", "b.bin",
		"-container=v2", "-image-kind=127")
	runOK(t, "syclbin", "-o", "w.offload", "-state=executable", "-target=spir64", "-properties=a.prop", "a.spv", "-arch=intel_gpu_pvc", "b.bin",
		"-container=offload-v1", "-image-kind=127")
	for name, c := range map[string]syclbin.Container{"v2.offload": syclbin.ContainerV2, "w.offload": syclbin.ContainerWrappedV1} {
		g, gc, err := syclbin.ParseAny(mustRead(t, name))
		if err != nil || gc != c {
			t.Errorf("%s: %v %v", name, gc, err)
		} else if diff := cmp.Diff(want, g, cmp.Comparer(func(a, b *propset.Registry) bool { return a.Equal(b) })); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	golden(t, "inspect_syclbin_v2.txt", []byte(runOK(t, "inspect", "v2.offload")))
	tbl, _ := syclbin.Parse(mustRead(t, "tbl.syclbin"))
	if len(tbl.AbstractModules) != 2 || tbl.AbstractModules[1].Metadata == nil || len(tbl.AbstractModules[1].IRModules) != 1 {
		t.Errorf("table syclbin: %+v", tbl)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOffloadBinary(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	runOK(t, "offload-binary", "pack", "-o", "x.offload",
		"-image=file=a.spv,triple=spir64-unknown-unknown,arch=,kind=sycl,symbols=kernel_a",
		"--image", "file=b.bin,triple=spir64_gen-unknown-unknown,arch=pvc,kind=sycl,image-kind=o")
	runOK(t, "offload-binary", "pack", "-o", "c.offload", "-compress", "-compression-level=5", "-image=file=a.spv,triple=spir64,kind=sycl")
	runOK(t, "offload-binary", "pack", "-o", "v1.offload", "-version=1", "-image=file=a.spv,triple=spir64,kind=sycl", "-image=file=b.bin,kind=openmp,image-kind=o")
	golden(t, "x.offload", mustRead(t, "x.offload"))
	golden(t, "inspect_offload.txt", []byte(runOK(t, "inspect", "x.offload")))
	if bins, err := offloadbinary.ParseAll(mustRead(t, "c.offload")); err != nil || !bins[0].Compressed || bins[0].Version != 3 {
		t.Errorf("compressed: %v %+v", err, bins)
	}
	if bins, err := offloadbinary.ParseAll(mustRead(t, "v1.offload")); err != nil || len(bins) != 2 || bins[1].Version != 1 {
		t.Errorf("v1: %v %d", err, len(bins))
	}
	out := runOK(t, "offload-binary", "unpack", "-input=x.offload", "-output-dir=out")
	if diff := cmp.Diff([]string{"0.0-spir64-unknown-unknown.spv", "0.1-spir64_gen-unknown-unknown-pvc.o"}, listDir(t, "out")); diff != "" {
		t.Errorf("unpacked (-want +got):\n%s\n%s", diff, out)
	}
	if got := string(mustRead(t, "out/0.1-spir64_gen-unknown-unknown-pvc.o")); got != inputFiles["b.bin"] {
		t.Errorf("unpacked bytes %q", got)
	}
}

func TestBundle(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	targets := "-targets=sycl-spir64-unknown-unknown,host-x86_64-unknown-linux-gnu"
	runOK(t, "bundle", "-type=bc", targets, "-input=a.spv", "-input=host.bc", "-output=b.bc")
	runOK(t, "bundle", "-type=bc", targets, "-inputs=a.spv,host.bc", "-output=c.bc", "-compress", "-compressed-version=3")
	runOK(t, "bundle", "-type=ll", targets, "-input=src.ll", "-input=src.ll", "-output=t.ll")
	golden(t, "b.bc", mustRead(t, "b.bc"))
	golden(t, "t.ll", mustRead(t, "t.ll"))
	golden(t, "inspect_bundle.txt", []byte(runOK(t, "inspect", "c.bc")))
	for _, in := range []string{"b.bc", "c.bc", "t.ll"} {
		typ := strings.TrimPrefix(filepath.Ext(in), ".")
		if got := runOK(t, "list", "-type="+typ, "-input="+in); got != "host-x86_64-unknown-linux-gnu-\nsycl-spir64-unknown-unknown--\n" {
			t.Errorf("%s: list %q", in, got)
		}
		// clang-offload-bundler style: bundle -unbundle, targets given
		// without the normalized empty environment.
		runOK(t, "bundle", "-unbundle", "-type="+typ, "-input="+in, "-targets=sycl-spir64-unknown-unknown,host-x86_64-unknown-linux-gnu",
			"-output=dev."+typ, "-output=host."+typ)
		wantDev, wantHost := inputFiles["a.spv"], inputFiles["host.bc"]
		if typ == "ll" {
			wantDev, wantHost = inputFiles["src.ll"], inputFiles["src.ll"]
		}
		if string(mustRead(t, "dev."+typ)) != wantDev || string(mustRead(t, "host."+typ)) != wantHost {
			t.Errorf("%s: unbundled contents differ", in)
		}
	}
	runOK(t, "unbundle", "-type=bc", "-input=b.bc", "-targets=openmp-nvptx64-nvidia-cuda", "-output=missing.bc", "-allow-missing-bundles")
	if b := mustRead(t, "missing.bc"); len(b) != 0 {
		t.Errorf("missing bundle wrote %d bytes", len(b))
	}
}

// TestUnsafeNames: names taken from hostile containers never leave the
// output directory, and a failed extraction leaves nothing behind.
func TestUnsafeNames(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	evil := &offloadbundle.Bundle{Entries: []offloadbundle.Entry{
		{ID: "sycl-spir64-unknown-unknown", Data: []byte("ok")},
		{ID: "sycl-../../escape", Data: []byte("bad")},
	}}
	data, err := evil.Bytes(0)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile("evil.bc", data, 0o644)
	bin := &offloadbinary.Binary{Version: 2, Entries: []offloadbinary.Entry{
		{ImageKind: offloadbinary.ImageSPIRV, OffloadKind: offloadbinary.OffloadSYCL, Strings: []offloadbinary.String{{Key: "triple", Value: "spir64"}}, Image: []byte("ok")},
		{ImageKind: offloadbinary.ImageSPIRV, OffloadKind: offloadbinary.OffloadSYCL, Strings: []offloadbinary.String{{Key: "triple", Value: "/etc/x"}}, Image: []byte("bad")},
	}}
	ob, _ := bin.Bytes(offloadbinary.WriteOptions{})
	os.WriteFile("evil.offload", ob, 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bundle ID with ..", []string{"unbundle", "-type=bc", "-input=evil.bc", "-output-dir=out"}, "contains \"..\""},
		{"offload string with /", []string{"offload-binary", "unpack", "-input=evil.offload", "-output-dir=out"}, "path separator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(tt.args, io.Discard)
			var ne *NameError
			if !errors.As(err, &ne) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want NameError containing %q", err, tt.want)
			}
			if got := listDir(t, dir); !cmp.Equal(got, []string{"evil.bc", "evil.offload"}) {
				t.Errorf("files after failure: %v", got)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "escape")); err == nil {
				t.Error("wrote outside the output directory")
			}
		})
	}
}

// TestFailureCleanup: an error after some outputs were written removes
// them and the directory this run created.
func TestFailureCleanup(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	b := &offloadbundle.Bundle{Entries: []offloadbundle.Entry{
		{ID: "host-x86_64-unknown-linux-gnu", Data: []byte("h")},
		{ID: "sycl-spir64-unknown-unknown", Data: []byte("d")},
	}}
	data, _ := b.Bytes(0)
	os.WriteFile("in.bc", data, 0o644)
	// The second output's directory does not exist: the first output,
	// already published, must be removed again.
	err := run([]string{"unbundle", "-type=bc", "-input=in.bc", "-targets=host-x86_64-unknown-linux-gnu,sycl-spir64-unknown-unknown",
		"-output=first.bc", "-output=nodir/second.bc"}, io.Discard)
	if err == nil {
		t.Fatal("no error")
	}
	if got := listDir(t, dir); !cmp.Equal(got, []string{"in.bc"}) {
		t.Errorf("files after failure: %v", got)
	}
}

func TestInspectErrors(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	good, _ := syclbin.New(syclbin.StateInput).Bytes()
	huge := append([]byte{}, good...)
	binary.LittleEndian.PutUint64(huge[32:], 1<<62)
	files := map[string][]byte{
		"truncated.syclbin": good[:40],
		"huge.syclbin":      huge,
		"unknown.bin":       []byte("hello world"),
		"trunc.offload":     {0x10, 0xff, 0x10, 0xad, 2, 0, 0, 0},
		"trunc.bundle":      []byte(offloadbundle.Magic + "\x05\x00"),
		"not-elf-enough":    []byte("\x7fELF\x02\x01\x01"),
	}
	for name, data := range files {
		os.WriteFile(name, data, 0o644)
		t.Run(name, func(t *testing.T) {
			if err := run([]string{"inspect", name}, io.Discard); err == nil || !strings.HasPrefix(err.Error(), name+": ") {
				t.Errorf("error %v", err)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "usage"},
		{[]string{"frobnicate"}, "unknown subcommand"},
		{[]string{"syclbin", "-bogus"}, "unknown option -bogus"},
		{[]string{"syclbin", "-o", "x", "a"}, "no -state"},
		{[]string{"syclbin", "-state=input", "a"}, "no output file"},
		{[]string{"syclbin", "-o", "x", "-state=linked", "a"}, "invalid -state=linked"},
		{[]string{"syclbin", "-o", "x", "-state=input", "-ir-type=dxil", "a"}, "invalid -ir-type=dxil"},
		{[]string{"syclbin", "-o", "x", "-state=input", "a", "-properties=p"}, "not followed by an image"},
		{[]string{"syclbin", "-o", "x", "-state=input"}, "no input images"},
		{[]string{"syclbin", "-o", "x", "-state=input", "-container=v2", "a"}, "needs -image-kind"},
		{[]string{"syclbin", "-o", "x", "-state=input", "-container=v3", "a"}, "invalid -container=v3"},
		{[]string{"offload-binary"}, "want pack or unpack"},
		{[]string{"offload-binary", "squash"}, "unknown action"},
		{[]string{"offload-binary", "pack", "-o", "x", "-image=file=a.spv"}, "no kind="},
		{[]string{"offload-binary", "pack", "-o", "x", "-image=file=a.xyz,kind=sycl"}, "cannot infer image-kind"},
		{[]string{"offload-binary", "pack", "-o", "x", "-version=1", "-compress", "-image=file=a.spv,kind=sycl"}, "needs -version=3"},
		{[]string{"offload-binary", "pack", "-o", "x", "-version=4"}, "invalid -version=4"},
		{[]string{"offload-binary", "unpack", "-input=x"}, "want -input=FILE and -output-dir=DIR"},
		{[]string{"bundle", "-targets=sycl-a-b-c", "-input=a", "-output=o"}, "no -type"},
		{[]string{"bundle", "-type=bc", "-targets=sycl-a-b-c", "-output=o"}, "0 inputs for 1 targets"},
		{[]string{"bundle", "-type=o", "-targets=sycl-a-b-c", "-input=a", "-output=o"}, "not supported"},
		{[]string{"bundle", "-type=bc", "-targets=nodash", "-input=a", "-output=o"}, "offload-kind"},
		{[]string{"bundle", "-type=bc", "-targets=sycl-a-b-c", "-input=a", "-output=o", "-bundle-align=0"}, "invalid -bundle-align=0"},
		{[]string{"unbundle", "-type=bc", "-input=a", "-targets=sycl-a-b-c"}, "0 outputs for 1 targets"},
		{[]string{"unbundle", "-type=bc", "-input=a", "-output-dir=d", "-output=o"}, "exclusive"},
		{[]string{"list"}, "exactly one -input"},
		{[]string{"bundle", "-list", "-unbundle", "-input=a"}, "exclusive"},
		{[]string{"bundle", "-unbundle", "-list", "-input=a"}, "exclusive"},
		{[]string{"unbundle", "-list", "-input=a"}, "exclusive"},
		{[]string{"list", "-unbundle", "-input=a"}, "exclusive"},
		{[]string{"inspect"}, "exactly one FILE"},
		{[]string{"inspect", "a", "b"}, "exactly one FILE"},
		{[]string{"inspect", "-json=maybe", "a"}, "invalid boolean"},
		{[]string{"bundle", "-type"}, "needs a value"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			err := run(tt.args, io.Discard)
			var ue *UsageError
			if !errors.As(err, &ue) {
				t.Fatalf("error %v (%T), want *UsageError", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestRunErrorsLeaveNothing(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	before := listDir(t, dir)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"syclbin", "-o", "o.syclbin", "-state=input", "-properties=bad.prop", "a.spv"}, "bad.prop:1"},
		{[]string{"syclbin", "-o", "o.syclbin", "-state=input", "missing.spv"}, "missing.spv"},
		{[]string{"syclbin", "-o", "o.syclbin", "-state=input", "-table=nocode.tb"}, "no Code column"},
		{[]string{"offload-binary", "pack", "-o", "o.offload", "-image=file=missing.spv,kind=sycl"}, "missing.spv"},
		{[]string{"bundle", "-type=bc", "-targets=sycl-a-b-c", "-input=missing", "-output=o.bc"}, "missing"},
		{[]string{"unbundle", "-type=bc", "-input=a.spv", "-output-dir=outdir"}, "a.spv"},
		{[]string{"unbundle", "-type=bc", "-input=a.spv", "-targets=sycl-a-b-c", "-output=x"}, "a.spv"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			err := run(tt.args, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if got := listDir(t, dir); !cmp.Equal(got, before) {
				t.Errorf("files changed: %v", got)
			}
		})
	}
}

// TestExitStatus runs the command: exit 1 and exactly one line on stderr.
func TestExitStatus(t *testing.T) {
	for _, args := range [][]string{{"bogus"}, {"inspect", "-nope"}, {"inspect", "/nonexistent/file"}} {
		cmd := proctest.Command(args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Errorf("%v: exit %v", args, err)
		}
		if s := stderr.String(); !strings.HasPrefix(s, "bundler: ") || strings.Count(s, "\n") != 1 {
			t.Errorf("%v: stderr %q", args, s)
		}
	}
}

// TestDeterministic: the same inputs give the same bytes from any
// directory, without mentioning it.
func TestDeterministic(t *testing.T) {
	var outs [][]byte
	var dirs []string
	for i := 0; i < 2; i++ {
		dir := filepath.Join(t.TempDir(), strings.Repeat("d", i+3))
		os.MkdirAll(dir, 0o755)
		writeFiles(t, dir)
		func() {
			chdir(t, dir)
			runOK(t, "syclbin", "-o", "s", "-state=object", "-table=t.table")
			runOK(t, "offload-binary", "pack", "-o", "o", "-compress", "-image=file=a.spv,triple=spir64,kind=sycl")
			runOK(t, "bundle", "-type=bc", "-targets=host-x86_64-unknown-linux-gnu,sycl-spir64-unknown-unknown", "-input=host.bc", "-input=a.spv", "-output=b", "-compress")
		}()
		var all []byte
		for _, f := range []string{"s", "o", "b"} {
			all = append(all, mustRead(t, filepath.Join(dir, f))...)
		}
		outs = append(outs, all)
		dirs = append(dirs, dir)
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Error("outputs differ between directories")
	}
	for _, d := range dirs {
		if bytes.Contains(outs[0], []byte(d)) {
			t.Errorf("output mentions %s", d)
		}
	}
}

func memSource(s string) elfobj.Source {
	return elfobj.Source{Size: int64(len(s)), Name: "mem", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(s)), nil
	}}
}

// wrapperObject builds what tools/wrapper writes for a.spv + a.prop + a.sym
// and b.bin, through the descriptor package it uses.
func wrapperObject(t *testing.T, opt descriptor.Options) []byte {
	props, err := propset.Parse([]byte(inputFiles["a.prop"]+"[SYCL/misc properties]\nsanUsed=2|gAAAAAAAAAQYzFmb\n"), "a.prop")
	if err != nil {
		t.Fatal(err)
	}
	imgs := []descriptor.Image{
		{Target: "spir64", Format: descriptor.FormatSPIRV, CompileOptions: "-g", Entries: []string{"kernel_a", "_ZTS6kernelB"}, Properties: props, Data: memSource(inputFiles["a.spv"])},
		{Target: "spir64_gen", Format: descriptor.FormatNative, LinkOptions: "-device pvc", Data: memSource(inputFiles["b.bin"])},
	}
	opt.Machine = elfobj.X86_64
	o, err := descriptor.Build(imgs, opt)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := o.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func findCC() string {
	for _, cc := range []string{os.Getenv("CC"), "cc", "gcc", "clang"} {
		if cc == "" {
			continue
		}
		if p, err := exec.LookPath(cc); err == nil {
			return p
		}
	}
	return ""
}

// TestInspectWrapper: inspect reads every descriptor field back from a
// wrapper object, and the same text from the shared library it links into.
func TestInspectWrapper(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	os.WriteFile("w.o", wrapperObject(t, descriptor.Options{}), 0o644)
	got := runOK(t, "inspect", "w.o")
	golden(t, "inspect_wrapper.txt", []byte(got))
	var r report
	if err := json.Unmarshal([]byte(runOK(t, "inspect", "-json", "w.o")), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Descriptors) != 1 || len(r.Descriptors[0].Images) != 2 || r.Descriptors[0].Images[0].Entries[1] != "_ZTS6kernelB" ||
		r.Descriptors[0].Images[0].PropertySets[2].Properties[0].Hex == nil || *r.Descriptors[0].Images[0].PropertySets[2].Properties[0].Hex != "6173616e" {
		t.Errorf("json: %+v", r)
	}
	os.WriteFile("v3.o", wrapperObject(t, descriptor.Options{ImageVersion: 3, NewEntries: true}), 0o644)
	v3 := runOK(t, "inspect", "v3.o")
	if !strings.Contains(v3, "image 0: version 3") || !strings.Contains(v3, "new (56-byte) layout") {
		t.Errorf("v3 object:\n%s", v3)
	}
	// -type=o unbundling reads the wrapper's image sections.
	runOK(t, "unbundle", "-type=o", "-input=w.o", "-targets=sycl-spir64_gen", "-output=gen.bin")
	if string(mustRead(t, "gen.bin")) != inputFiles["b.bin"] {
		t.Errorf("section bytes %q", mustRead(t, "gen.bin"))
	}

	cc := findCC()
	if cc == "" {
		t.Skip("no C compiler found")
	}
	if out, err := exec.Command(cc, "-dumpmachine").Output(); err != nil || !strings.HasPrefix(string(out), "x86_64") {
		t.Skip("host compiler does not target x86_64")
	}
	if out, err := exec.Command(cc, "-shared", "-o", "libw.so", "w.o").CombinedOutput(); err != nil {
		t.Fatalf("link: %v\n%s", err, out)
	}
	// The same but for where the descriptor lies.
	at := regexp.MustCompile(`(?m)^(descriptor \S+) at [^:]*:`)
	so := runOK(t, "inspect", "libw.so")
	if !strings.Contains(so, "descriptor .sycl_offloading.descriptor at 0x") {
		t.Errorf("shared library: no descriptor address in\n%s", so)
	}
	if so, obj := at.ReplaceAllString(so, "$1:"), at.ReplaceAllString(got, "$1:"); so != obj {
		t.Errorf("shared library differs from object (-object +so):\n%s", cmp.Diff(obj, so))
	}
}

// FuzzInspect feeds every reader through format detection: no input may
// panic, and text and JSON rendering must work for whatever decodes.
func FuzzInspect(f *testing.F) {
	sb, _ := syclbin.New(syclbin.StateObject).Bytes()
	f.Add(sb)
	ob, _ := (&offloadbinary.Binary{Version: 2, Entries: []offloadbinary.Entry{{ImageKind: offloadbinary.ImageSPIRV, OffloadKind: offloadbinary.OffloadSYCL,
		Strings: []offloadbinary.String{{Key: "triple", Value: "spir64"}}, Image: sb}}}).Bytes(offloadbinary.WriteOptions{})
	f.Add(ob)
	bd, _ := (&offloadbundle.Bundle{Entries: []offloadbundle.Entry{{ID: "host-x86_64-unknown-linux-gnu", Data: []byte("h")}}}).Bytes(0)
	f.Add(bd)
	for _, name := range []string{"img.syclbin", "x.offload", "b.bc", "t.ll"} {
		if data, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := inspectData(data, inflate.New(16<<20))
		if err != nil {
			return
		}
		if err := writeText(io.Discard, r); err != nil {
			t.Fatal(err)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatal(err)
		}
	})
}

func TestCheckName(t *testing.T) {
	for _, bad := range []string{"", "..", "a/../b", "../x", "/etc/passwd", "a/b", `a\b`, "nul\x00", "line\nbreak", strings.Repeat("x", 256),
		strings.Repeat("x", 241), strings.Repeat("x", 255), "esc\x1b[2J", "evil\u202egnp.bc", "bad\xffutf8"} {
		if checkName(bad) == nil {
			t.Errorf("accepted %q", bad)
		}
	}
	for _, good := range []string{"sycl-spir64-unknown-unknown-.bc", "0.1-spir64-pvc.o", "a.b", strings.Repeat("x", 240), "ünïcode"} {
		if err := checkName(good); err != nil {
			t.Errorf("rejected %q: %v", good, err)
		}
	}
}

// TestInspectWrapperCLI builds tools/wrapper, wraps a.spv with a.sym and
// a.prop, links the object into a shared library when a C compiler is
// available, and checks that inspect reads every field back. Skipped when
// the go command is unavailable (e.g. inside a Bazel sandbox).
func TestInspectWrapperCLI(t *testing.T) {
	wrapper := wrapperTool(t)
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	if out, err := exec.Command(wrapper, "-o", "w.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv",
		"-compile-opts=-O2", "-link-opts=-g", "-entries=a.sym", "-properties=a.prop", "a.spv").CombinedOutput(); err != nil {
		t.Fatalf("wrapper: %v\n%s", err, out)
	}
	inputs := []string{"w.o"}
	if cc := findCC(); cc != "" {
		if out, err := exec.Command(cc, "-shared", "-o", "libw.so", "w.o").CombinedOutput(); err == nil {
			inputs = append(inputs, "libw.so")
		} else {
			t.Logf("no shared library: %v\n%s", err, out)
		}
	}
	for _, in := range inputs {
		var r report
		if err := json.Unmarshal([]byte(runOK(t, "inspect", "-json", in)), &r); err != nil {
			t.Fatal(err)
		}
		one, zero := uint32(1), uint64(0)
		empty := ""
		want := []descReport{{Symbol: ".sycl_offloading.descriptor", Version: 1, Images: []imageReport{{
			Version: descriptor.DefaultImageVersion, Kind: 4, Format: 2, FormatName: "spirv", Target: "spir64", CompileOptions: "-O2", LinkOptions: "-g",
			Data: blobOf([]byte(inputFiles["a.spv"])), EntryLayout: "old (32-byte)", Entries: []string{"kernel_a"},
			PropertySets: []setReport{
				{Name: "SYCL/kernel names", Properties: []propReport{{Name: "kernel_a", Type: "UINT32", Uint32: &one}}},
				{Name: "SYCL/device requirements", Properties: []propReport{{Name: "aspects", Type: "BYTE_ARRAY", Bits: &zero, Hex: &empty}}},
			},
		}}}}
		// Where the descriptor lies: its section always, its address
		// in the linked file only.
		for i := range r.Descriptors {
			d := &r.Descriptors[i]
			if d.Section != ".data.rel.ro" || d.SectionIndex == 0 || (d.Address != 0) != (in == "libw.so") {
				t.Errorf("%s: descriptor at %#x, section %d %q + %#x", in, d.Address, d.SectionIndex, d.Section, d.SectionOffset)
			}
			d.Address, d.Section, d.SectionIndex, d.SectionOffset = 0, "", 0, 0
		}
		if diff := cmp.Diff(want, r.Descriptors); diff != "" {
			t.Errorf("%s (-want +got):\n%s", in, diff)
		}
	}
}

var wrapperFlag = flag.String("wrapper", "", "tools/wrapper binary (bazel test passes it; go test builds it)")

// wrapperTool returns tools/wrapper: -wrapper, or else built from the
// sources beside this package. Tests skip without either.
func wrapperTool(t *testing.T) string {
	t.Helper()
	if *wrapperFlag != "" {
		p := proctest.Runfile(*wrapperFlag)
		if !filepath.IsAbs(p) {
			p = filepath.Join(startDir, p)
		}
		return p
	}
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		t.Skip("no go command and no -wrapper")
	}
	root := filepath.Join(startDir, "..", "..")
	if _, err := os.Stat(filepath.Join(root, "tools", "wrapper", "main.go")); err != nil {
		t.Skip("tools/wrapper sources not available and no -wrapper")
	}
	wrapper := filepath.Join(t.TempDir(), "wrapper")
	build := exec.Command(goCmd, "build", "-o", wrapper, "./tools/wrapper")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Skipf("cannot build tools/wrapper: %v\n%s", err, out)
	}
	return wrapper
}

// clangBundler finds a clang-offload-bundler to compare with:
// $CLANG_OFFLOAD_BUNDLER, the one on PATH or LLVM's. Tests skip without.
func clangBundler(t *testing.T) string {
	p := proctest.LLVMTool("CLANG_OFFLOAD_BUNDLER", "clang-offload-bundler")
	if p == "" {
		t.Skip("no clang-offload-bundler")
	}
	return p
}

// TestInteropObjectBundle unbundles a host object that clang-offload-bundler
// bundled with -type=o (code objects in __CLANG_OFFLOAD_BUNDLE__<id>
// sections). Skipped without the tool or a C compiler.
func TestInteropObjectBundle(t *testing.T) {
	tool := clangBundler(t)
	cc := findCC()
	if cc == "" {
		t.Skip("no C compiler found")
	}
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	os.WriteFile("h.c", []byte("int f(void) { return 1; }\n"), 0o644)
	if out, err := exec.Command(cc, "-c", "h.c", "-o", "h.o").CombinedOutput(); err != nil {
		t.Skipf("cc: %v\n%s", err, out)
	}
	if out, err := exec.Command(tool, "-type=o", "-targets=host-x86_64-unknown-linux-gnu,openmp-spir64-unknown-unknown",
		"-input=h.o", "-input=a.spv", "-output=fat.o").CombinedOutput(); err != nil {
		t.Skipf("clang-offload-bundler -type=o: %v\n%s", err, out)
	}
	if got := runOK(t, "list", "-type=o", "-input=fat.o"); got != "host-x86_64-unknown-linux-gnu-\nopenmp-spir64-unknown-unknown--\n" {
		t.Errorf("list: %q", got)
	}
	runOK(t, "unbundle", "-type=o", "-input=fat.o", "-targets=openmp-spir64-unknown-unknown", "-output=dev.spv")
	if got := string(mustRead(t, "dev.spv")); got != inputFiles["a.spv"] {
		t.Errorf("unbundled %q", got)
	}
}

// TestInspectEmbeddedOffloadBinary: OffloadBinaries embedded in an object
// (section type SHT_LLVM_OFFLOADING, name .llvm.offloading) are listed.
func TestInspectEmbeddedOffloadBinary(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	bins := []*offloadbinary.Binary{
		{Version: 2, Entries: []offloadbinary.Entry{{ImageKind: offloadbinary.ImageSPIRV, OffloadKind: offloadbinary.OffloadSYCL,
			Strings: []offloadbinary.String{{Key: "triple", Value: "spirv64-unknown-unknown"}, {Key: "arch", Value: ""}}, Image: []byte("\x03\x02\x23\x07sycl")}}},
		{Version: 1, Entries: []offloadbinary.Entry{{ImageKind: offloadbinary.ImageBitcode, OffloadKind: offloadbinary.OffloadOpenMP,
			Strings: []offloadbinary.String{{Key: "triple", Value: "nvptx64-nvidia-cuda"}, {Key: "arch", Value: "sm_80"}}, Image: []byte("BC\xc0\xde")}}},
	}
	data, err := offloadbinary.Concat(bins, offloadbinary.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := elfobj.New(elfobj.X86_64)
	o.AddSection(".llvm.offloading", 0x6fff4c03, 0, 8).Append(data)
	var buf bytes.Buffer
	if err := o.Write(&buf); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("host.o", buf.Bytes(), 0o644)
	got := runOK(t, "inspect", "host.o")
	golden(t, "inspect_embedded.txt", []byte(got))
	var r report
	if err := json.Unmarshal([]byte(runOK(t, "inspect", "-json", "host.o")), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.OffloadBinaries) != 2 || r.OffloadBinaries[1].Entries[0].Strings[1].Value != "sm_80" || r.OffloadBinaries[0].Section != ".llvm.offloading" {
		t.Errorf("json: %+v", r.OffloadBinaries)
	}
}
