package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/klauspost/compress/zstd"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
	"github.com/rules-sycl/rules_sycl/tools/internal/zstdimage"
)

var update = os.Getenv("UPDATE_GOLDEN") != ""

// TestMain lets the test binary act as the wrapper command so that exit
// codes and stderr can be checked.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

func TestParseArgs(t *testing.T) {
	base := []string{"-o", "out.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl"}
	tests := []struct {
		name string
		args []string
		want []input
		opts descriptor.Options
	}{
		{
			name: "sticky options, one-shot entries and properties",
			args: []string{"-target=spir64", "-format=spirv", "-compile-opts=-g", "-entries=a.sym", "-properties=a.prop", "a.spv",
				"b.spv", "--target", "spir64_gen", "-format", "native", "-link-opts=-O3", "c.bin"},
			want: []input{
				{path: "a.spv", target: "spir64", format: descriptor.FormatSPIRV, compileOpts: "-g", entriesFile: "a.sym", propertyFile: "a.prop"},
				{path: "b.spv", target: "spir64", format: descriptor.FormatSPIRV, compileOpts: "-g"},
				{path: "c.bin", target: "spir64_gen", format: descriptor.FormatNative, compileOpts: "-g", linkOpts: "-O3"},
			},
			opts: descriptor.Options{Machine: elfobj.X86_64},
		},
		{
			name: "batch and variants",
			args: []string{"-target=spir64", "-batch", "-image-version=3", "-new-offload-entries", "-emit-reg-funcs=false", "-desc-name=d", "-v", "t.table", "--", "-odd"},
			want: []input{
				{path: "t.table", batch: true, target: "spir64"},
				{path: "-odd", batch: true, target: "spir64"},
			},
			opts: descriptor.Options{Machine: elfobj.X86_64, ImageVersion: 3, NewEntries: true, NoRegFuncs: true, DescName: "d"},
		},
		{
			name: "compile-target is sticky until changed",
			args: []string{"-target=spir64_gen", "-format=native", "-compile-target=intel_gpu_pvc", "-batch", "pvc.table",
				"-compile-target=intel_gpu_bmg_g21", "bmg.table", "-target=spir64", "-format=spirv", "-compile-target=", "jit.table"},
			want: []input{
				{path: "pvc.table", batch: true, target: "spir64_gen", format: descriptor.FormatNative, compileTarget: "intel_gpu_pvc"},
				{path: "bmg.table", batch: true, target: "spir64_gen", format: descriptor.FormatNative, compileTarget: "intel_gpu_bmg_g21"},
				{path: "jit.table", batch: true, target: "spir64", format: descriptor.FormatSPIRV},
			},
			opts: descriptor.Options{Machine: elfobj.X86_64},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := parseArgs(append(append([]string{}, base...), tt.args...))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, cfg.inputs, cmp.AllowUnexported(input{})); diff != "" {
				t.Errorf("inputs (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.opts, cfg.opts); diff != "" {
				t.Errorf("options (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseArgsErrors(t *testing.T) {
	ok := []string{"-o", "out.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown flag", append(ok, "-bogus", "a"), "unknown option -bogus"},
		{"missing value", append(ok, "-format"), "option -format needs a value"},
		{"bad format", append(ok, "-format=elf", "a"), "invalid -format=elf"},
		{"bad kind", append(ok, "-kind=openmp", "a"), "unsupported -kind=openmp"},
		{"bad host", []string{"-o", "x", "-host=i686-pc-linux-gnu", "-kind=sycl", "-target=t", "a"}, "unsupported -host=i686-pc-linux-gnu"},
		{"windows host", []string{"-o", "x", "-host=x86_64-pc-windows-msvc", "-kind=sycl", "-target=t", "a"}, "unsupported -host"},
		{"no host", []string{"-o", "x", "-kind=sycl", "-target=t", "a"}, "no -host"},
		{"no output", []string{"-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=t", "a"}, "no output file"},
		{"no kind", []string{"-o", "x", "-host=x86_64-unknown-linux-gnu", "-target=t", "a"}, "no -kind"},
		{"no inputs", ok, "no input images"},
		{"no target", []string{"-o", "x", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "a"}, "a: no -target"},
		{"bad bool", append(ok, "-batch=maybe", "a"), "invalid boolean -batch=maybe"},
		{"bad version", append(ok, "-image-version=1", "a"), "invalid -image-version=1"},
		{"bad level", append(ok, "-offload-compression-level=23", "a"), "invalid -offload-compression-level=23"},
		{"bad threshold", append(ok, "--offload-compression-threshold=-1", "a"), "invalid -offload-compression-threshold=-1"},
		{"entries with batch", append(ok, "-batch", "-entries=e.sym", "t"), "t: -entries/-properties cannot apply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseArgs(tt.args)
			var ue *UsageError
			if !errors.As(err, &ue) {
				t.Fatalf("error %v, want *UsageError", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

// writeFiles creates files (name -> content) in dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// chdir runs the rest of the test in dir (paths in tables are relative to
// the current directory).
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

var inputFiles = map[string]string{
	"img0.spv":    "\x03\x02\x23\x07first image",
	"img1.bin":    "\x7fELF native",
	"img2.spv":    "\x03\x02\x23\x07",
	"k0.sym":      "kernel_a\n_ZTS6kernelB\r\n\n",
	"k2.sym":      "only_one\n",
	"k0.prop":     "[SYCL/device requirements]\naspects=2|ABAAAAAAAAQAAAAAFAAAAA\nreqd_work_group_size_uint64_t=2|ABAAAAAAAAAQAAAAAAAAAA\n[SYCL/misc properties]\noptLevel=1|2\nsanUsed=2|gAAAAAAAAAQYzFmb\n[SYCL/kernel param opt]\nkernel_a=2|KAAAAAAAAAQBCA\n[SYCL/exported symbols]\n",
	"k2.prop":     "[SYCL/kernel names]\nonly_one=1|1\n",
	"sub/t.tbl":   "[Code|Symbols|Properties]\nimg0.spv|k0.sym|k0.prop\nimg2.spv|k2.sym|k2.prop\nimg1.bin||\n",
	"perm.table":  "[Properties|Code]\nk2.prop|img2.spv\n",
	"bad.prop":    "[S]\nnoequals\n",
	"bad.table":   "[Code|Symbols]\nimg0.spv\n",
	"nocode.tbl":  "[Symbols]\nk0.sym\n",
	"nul.sym":     "a\x00b\n",
	"badrow.tbl":  "[Code|Properties]\nimg0.spv|bad.prop\n",
	"missing.tbl": "[Code]\nnothere.spv\n",
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, inputFiles)
	chdir(t, dir)
	common := []string{"-o", "out.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64"}
	tests := []struct {
		name string
		args []string
		want string // substring naming the culprit
	}{
		{"missing image", []string{"nothere.spv"}, "nothere.spv"},
		{"missing sym", []string{"-entries=no.sym", "img0.spv"}, "no.sym"},
		{"missing prop", []string{"-properties=no.prop", "img0.spv"}, "no.prop"},
		{"malformed prop", []string{"-properties=bad.prop", "img0.spv"}, `bad.prop:2: invalid property line: "noequals"`},
		{"nul in sym", []string{"-entries=nul.sym", "img0.spv"}, "nul.sym:1"},
		{"malformed table", []string{"-batch", "bad.table"}, "bad.table:2"},
		{"no Code column", []string{"-batch", "nocode.tbl"}, "nocode.tbl: file table has no Code column"},
		{"bad prop via table", []string{"-batch", "badrow.tbl"}, "bad.prop:2"},
		{"missing image via table", []string{"-batch", "missing.tbl"}, "nothere.spv"},
		{"missing table", []string{"-batch", "none.tbl"}, "none.tbl"},
		{"directory as image", []string{"sub"}, "sub"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(append(append([]string{}, common...), tt.args...))
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name %q", err, tt.want)
			}
			if _, err := os.Stat("out.o"); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("output left behind: %v", err)
			}
			leftovers, _ := filepath.Glob(".out.o.tmp*")
			if len(leftovers) > 0 {
				t.Errorf("temporary files left behind: %v", leftovers)
			}
		})
	}
}

// TestExitStatus runs the command itself: exit 1, one line on stderr, no output.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	cmd := proctest.Command("-o", filepath.Join(dir, "out.o"), "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-bogus", "x")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v", err)
	}
	if got := stderr.String(); got != "wrapper: unknown option -bogus\n" {
		t.Errorf("stderr = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.o")); err == nil {
		t.Error("output written despite error")
	}
}

// TestDeterministic: same inputs give the same bytes from any directory,
// and the object does not mention the directory.
func TestDeterministic(t *testing.T) {
	var outs [][]byte
	var dirs []string
	for i := 0; i < 2; i++ {
		dir := t.TempDir()
		dir = filepath.Join(dir, strings.Repeat("d", i+3))
		writeFiles(t, dir, inputFiles)
		func() {
			chdir(t, dir)
			if err := run([]string{"-o", "out.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv", "-batch", "sub/t.tbl"}); err != nil {
				t.Fatal(err)
			}
		}()
		b, err := os.ReadFile(filepath.Join(dir, "out.o"))
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b)
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

func findCC(t *testing.T) string {
	for _, cc := range []string{os.Getenv("CC"), "cc", "gcc", "clang", "clang-15"} {
		if cc == "" {
			continue
		}
		if p, err := exec.LookPath(cc); err == nil {
			return p
		}
	}
	t.Skip("no C compiler found")
	return ""
}

// TestLinkAndRun links wrapper objects with a C stand-in for the SYCL
// runtime that prints every descriptor field, runs the program and compares
// with golden text: versions, counts, kinds, formats, strings, image bytes
// (equal to the input files), entry names, property sets and values, and
// that registration precedes default-priority constructors and
// unregistration follows default-priority destructors.
func TestLinkAndRun(t *testing.T) {
	cc := findCC(t)
	harness, err := filepath.Abs("testdata/harness.c")
	if err != nil {
		t.Fatal(err)
	}
	golden, _ := filepath.Abs("testdata")
	tests := []struct {
		name    string
		args    []string
		defines []string
		ldflags []string
		shared  bool // link the object into a shared library the program uses
	}{
		{"separate-images", []string{"-target=spir64", "-format=spirv", "-compile-opts=-g -O2", "-entries=k0.sym", "-properties=k0.prop", "img0.spv",
			"-target=spir64_gen", "-format=native", "-compile-opts=", "-link-opts=-device pvc", "img1.bin"}, nil, nil, false},
		{"batch", []string{"-target=spir64", "-format=spirv", "-batch", "sub/t.tbl", "perm.table"}, nil, nil, false},
		{"batch-pie", []string{"-target=spir64", "-format=spirv", "-batch", "sub/t.tbl", "perm.table"}, nil, []string{"-pie", "-fPIE"}, false},
		{"batch-gold", []string{"-target=spir64", "-format=spirv", "-batch", "sub/t.tbl", "perm.table"}, nil, []string{"-fuse-ld=gold"}, false},
		{"batch-shared", []string{"-target=spir64", "-format=spirv", "-batch", "sub/t.tbl", "perm.table"}, nil, nil, true},
		{"v3-new-entries", []string{"-image-version=3", "-new-offload-entries", "-target=spir64", "-format=llvmbc", "-batch", "sub/t.tbl"},
			[]string{"-DNEW_ENTRIES"}, nil, false},
		{"v2", []string{"-image-version=2", "-target=spir64", "-format=spirv", "-batch", "sub/t.tbl", "perm.table"},
			[]string{"-DIMAGE_V2"}, nil, false},
		{"v2-new-entries", []string{"-image-version=2", "-new-offload-entries", "-target=spir64", "-format=llvmbc", "-batch", "sub/t.tbl"},
			[]string{"-DIMAGE_V2", "-DNEW_ENTRIES"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(strings.Join(tt.ldflags, " "), "gold") {
				if _, err := exec.LookPath("ld.gold"); err != nil {
					t.Skip("no gold linker")
				}
			}
			dir := t.TempDir()
			writeFiles(t, dir, inputFiles)
			chdir(t, dir)
			args := append([]string{"-o", "w.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl"}, tt.args...)
			if err := run(args); err != nil {
				t.Fatal(err)
			}
			obj := "w.o"
			if tt.shared {
				// The runtime stand-in lives in the executable; the library's
				// registration calls resolve to it through -rdynamic.
				if out, err := exec.Command(cc, "-shared", "-o", "libw.so", "w.o").CombinedOutput(); err != nil {
					t.Fatalf("shared link: %v\n%s", err, out)
				}
				obj = "-Wl,--no-as-needed,-rpath,$ORIGIN,--export-dynamic"
				tt.ldflags = append(tt.ldflags, "-L.")
			}
			ccArgs := append(append(append([]string{}, tt.defines...), tt.ldflags...), "-o", "prog", harness, obj)
			if tt.shared {
				ccArgs = append(ccArgs, "-lw")
			}
			if out, err := exec.Command(cc, ccArgs...).CombinedOutput(); err != nil {
				t.Fatalf("%s %v: %v\n%s", cc, ccArgs, err, out)
			}
			out, err := exec.Command("./prog").CombinedOutput()
			if err != nil {
				t.Fatalf("prog: %v\n%s", err, out)
			}
			name := tt.name
			if strings.HasPrefix(name, "batch-") {
				name = "batch" // PIE or another linker must not change what the runtime sees
			}
			path := filepath.Join(golden, "run_"+name+".txt")
			if update && tt.name == name {
				os.WriteFile(path, out, 0o644)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (UPDATE_GOLDEN=1 to create)", err)
			}
			if diff := cmp.Diff(string(want), string(out)); diff != "" {
				t.Errorf("program output (-want +got):\n%s", diff)
			}
			// Image bytes seen by the "runtime" equal the input files.
			for _, f := range []string{"img0.spv", "img1.bin", "img2.spv"} {
				hexed := hex.EncodeToString([]byte(inputFiles[f]))
				if strings.Contains(strings.Join(tt.args, " "), f) && !strings.Contains(string(out), " bytes="+hexed+"\n") {
					t.Errorf("image %s bytes not registered verbatim", f)
				}
			}
		})
	}
}

func TestCompressionArgs(t *testing.T) {
	base := []string{"-o", "o", "-host=aarch64-unknown-linux-gnu", "-kind=sycl", "-target=t", "a"}
	cfg, err := parseArgs(base)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.compress || cfg.level != 10 || cfg.threshold != 512 || cfg.machine != elfobj.AArch64 {
		t.Errorf("defaults: %+v", cfg)
	}
	cfg, err = parseArgs(append(base, "--offload-compress", "--offload-compression-level=19", "--offload-compression-threshold", "0"))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.compress || cfg.level != 19 || cfg.threshold != 0 {
		t.Errorf("set: %+v", cfg)
	}
}

// TestCompressedLinkAndRun: images above the threshold reach the runtime as
// format 4 zstd frames (with content size) that decode to the input file;
// smaller ones stay as they are. No staging files remain.
func TestCompressedLinkAndRun(t *testing.T) {
	cc := findCC(t)
	harness, _ := filepath.Abs("testdata/harness.c")
	dir := t.TempDir()
	files := map[string]string{
		"big.spv":   "\x03\x02\x23\x07" + strings.Repeat("compressible ", 100),
		"small.spv": "\x03\x02\x23\x07tiny",
	}
	writeFiles(t, dir, files)
	chdir(t, dir)
	if err := run([]string{"-o", "w.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv",
		"--offload-compress", "--offload-compression-threshold=100", "big.spv", "small.spv"}); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(".[sw]*"); len(left) > 0 {
		t.Errorf("staging files left: %v", left)
	}
	if out, err := exec.Command(cc, "-o", "prog", harness, "w.o").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := exec.Command("./prog").Output()
	if err != nil {
		t.Fatal(err)
	}
	var formats []string
	var images [][]byte
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "image ") {
			formats = append(formats, line[strings.Index(line, "format="):])
		}
		if strings.HasPrefix(line, " bytes=") {
			b, err := hex.DecodeString(strings.TrimPrefix(line, " bytes="))
			if err != nil {
				t.Fatal(err)
			}
			images = append(images, b)
		}
	}
	if diff := cmp.Diff([]string{"format=4", "format=2"}, formats); diff != "" {
		t.Errorf("formats (-want +got):\n%s", diff)
	}
	if len(images) != 2 {
		t.Fatalf("got %d images", len(images))
	}
	var h zstd.Header
	if err := h.Decode(images[0]); err != nil || !h.HasFCS || h.FrameContentSize != uint64(len(files["big.spv"])) {
		t.Errorf("frame header: %+v %v", h, err)
	}
	dec, _ := zstd.NewReader(nil)
	defer dec.Close()
	plain, err := dec.DecodeAll(images[0], nil)
	if err != nil || string(plain) != files["big.spv"] {
		t.Errorf("decompressed image differs: %v", err)
	}
	if string(images[1]) != files["small.spv"] {
		t.Errorf("small image changed")
	}
}

func TestParseSymbols(t *testing.T) {
	got, err := parseSymbols([]byte("a\r\n\nb c\nlast"), "x.sym")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a", "b c", "last"}, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func FuzzParseSymbols(f *testing.F) {
	f.Add([]byte("a\nb\r\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		names, err := parseSymbols(data, "f.sym")
		if err != nil {
			return
		}
		for _, n := range names {
			if n == "" || strings.ContainsAny(n, "\n\x00") {
				t.Fatalf("bad name %q", n)
			}
		}
	})
}

func FuzzParseArgs(f *testing.F) {
	f.Add("-o\x00x.o\x00-host=x86_64-unknown-linux-gnu\x00-kind=sycl\x00-target=spir64\x00-batch\x00t")
	f.Add("--entries\x00e\x00-format=llvmbc\x00a\x00--\x00-b")
	f.Fuzz(func(t *testing.T, joined string) {
		cfg, err := parseArgs(strings.Split(joined, "\x00"))
		if err != nil {
			return
		}
		if cfg.out == "" || len(cfg.inputs) == 0 {
			t.Fatalf("accepted incomplete command line: %+v", cfg)
		}
	})
}

// TestSkipImagesWithoutEntries: with the flag, rows whose Symbols file is
// missing or lists nothing are left out, giving the same object as a table
// without them; without it, they are wrapped.
func TestSkipImagesWithoutEntries(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"kept.tbl": "[Code|Symbols|Properties]\nimg0.spv|k0.sym|k0.prop\nimg2.spv|k2.sym|k2.prop\n", "none.sym": "\n"}
	files["empty.tbl"] = "[Code|Symbols]\nimg2.spv|none.sym\n"
	for k, v := range inputFiles {
		files[k] = v
	}
	writeFiles(t, dir, files)
	chdir(t, dir)
	common := []string{"-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv"}
	build := func(out string, args ...string) []byte {
		t.Helper()
		if err := run(append(append([]string{"-o", out}, common...), args...)); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	want := build("want.o", "-batch", "kept.tbl")
	if got := build("skip.o", "-skip-images-without-entries", "-batch", "sub/t.tbl", "empty.tbl"); !bytes.Equal(got, want) {
		t.Error("-skip-images-without-entries: object differs from the one without the empty rows")
	}
	if got := build("all.o", "-batch", "sub/t.tbl", "empty.tbl"); bytes.Equal(got, want) {
		t.Error("without the flag, rows without entries were left out")
	}
}

// Bazel passes the wrapper's arguments in a multiline param file (per-TU
// mode gives one -batch per TU): a one-shot run parses them as if given
// directly.
func TestRunReadsParamFile(t *testing.T) {
	dir := t.TempDir()
	params := filepath.Join(dir, "wrap.params")
	args := []string{"-o", filepath.Join(dir, "out.o"), "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-bogus", "a"}
	if err := os.WriteFile(params, []byte(strings.Join(args, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	stdio := worker.Stdio{Stdout: &out, Stderr: &out}
	if code := worker.Once("wrapper", []string{"@" + params}, handle, stdio); code != 1 || !strings.Contains(out.String(), "unknown option -bogus") {
		t.Errorf("wrapper @params: exit %d, output %q, want 1 and the usage error of its arguments", code, out.String())
	}
	out.Reset()
	missing := filepath.Join(dir, "missing.params")
	want := "wrapper: param file " + missing + ": " // an *argfile.Error, on one line
	if code := worker.Once("wrapper", []string{"@" + missing}, handle, stdio); code != 1 || !strings.HasPrefix(out.String(), want) || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("wrapper @missing: exit %d, output %q, want 1 and one line starting %q", code, out.String(), want)
	}
}

// -format=compressed takes a zstd frame as it is (format 4), with or
// without -offload-compress: the object is the one -offload-compress
// writes from the plain image.
func TestFormatCompressed(t *testing.T) {
	dir := t.TempDir()
	big := "\x03\x02\x23\x07" + strings.Repeat("compressible ", 100)
	writeFiles(t, dir, map[string]string{"big.spv": big})
	chdir(t, dir)
	common := []string{"-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64"}
	if err := run(append(append([]string{"-o", "want.o"}, common...), "-format=spirv", "-offload-compress", "-offload-compression-threshold=0", "big.spv")); err != nil {
		t.Fatal(err)
	}
	var frame bytes.Buffer
	if err := zstdimage.Compress(&frame, strings.NewReader(big), int64(len(big)), zstdimage.DefaultLevel); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("big.zst", frame.Bytes(), 0o644)
	want, _ := os.ReadFile("want.o")
	for _, extra := range [][]string{nil, {"-offload-compress", "-offload-compression-threshold=0"}} {
		args := append(append(append([]string{"-o", "got.o"}, common...), "-format=compressed"), append(extra, "big.zst")...)
		if err := run(args); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile("got.o"); !bytes.Equal(got, want) {
			t.Errorf("%v: the object differs from -offload-compress's", extra)
		}
	}
}
