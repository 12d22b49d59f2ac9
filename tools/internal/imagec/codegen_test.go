package imagec

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// The nvptx64 toolchain of @local_config_sycl (the BUILD file passes it) and
// the programs that make its images as the pipeline does.
var (
	codegenPath = flag.String("imagec-codegen", os.Getenv("IMAGEC_CODEGEN"), "tools/imagec/codegen.cc binary")
	llc         = flag.String("llc", "llc-19", "reference llc")
	nvptxClang  = flag.String("nvptx-clang", "clang-19", "nvptx64 device compiler")
	nvptxLink   = flag.String("nvptx-link", "llvm-link-19", "nvptx64 bitcode linker")
	nvptxAs     = flag.String("nvptx-as", "llvm-as-19", "nvptx64 assembler")
	nvptxDis    = flag.String("nvptx-dis", "llvm-dis-19", "nvptx64 disassembler")
	libclc      = flag.String("libclc", "/usr/lib/clc/nvptx64--nvidiacl.bc", "libclc for nvptx64")
	splitter    = flag.String("splitter", "", "tools/splitter binary")
	gen         = flag.String("gen", "", "tests/bench/split/gen binary")
	exampleSrcs = flag.String("example-srcs", "", "comma-separated OpenCL C sources of the examples")
)

// llcFlags are the nvptx64 target's aot_args without {in} -o {out}
// (rules/private/repositories/configure.bzl).
var llcFlags = []string{"-march=nvptx64", "-mcpu=sm_70"}

func codegenHelper(t *testing.T) string {
	t.Helper()
	if *codegenPath == "" || *splitter == "" || *gen == "" {
		t.Skip("no -imagec-codegen, -splitter and -gen given (bazel test //tools/internal/imagec:imagec_test runs it)")
	}
	for _, p := range []*string{codegenPath, llc, nvptxClang, nvptxLink, nvptxAs, nvptxDis, libclc, splitter, gen} {
		*p = proctest.Runfile(*p)
	}
	return *codegenPath
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// splitImages builds nvptx64 device images from OpenCL C sources the way
// sycl_binary does: compile each with -O2, link, link libclc where
// referenced, split per kernel into bitcode images. It returns the images.
func splitImages(t *testing.T, dir string, srcs []string) []string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var bcs []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, src := range srcs {
		bc := filepath.Join(dir, fmt.Sprintf("%d.bc", i))
		bcs = append(bcs, bc)
		wg.Add(1)
		sem <- struct{}{}
		go func(src, bc string) {
			defer wg.Done()
			defer func() { <-sem }()
			out, err := exec.Command(*nvptxClang, "-x", "cl", "-cl-std=CL3.0", "-target", "nvptx64-nvidia-cuda", "-O2",
				"-emit-llvm", "-c", "-Wno-missing-prototypes", src, "-o", bc).CombinedOutput()
			if err != nil {
				mu.Lock()
				t.Errorf("%s: %v\n%s", src, err, out)
				mu.Unlock()
			}
		}(src, bc)
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	linked := filepath.Join(dir, "linked.bc")
	run(t, *nvptxLink, append(bcs, "-o", filepath.Join(dir, "user.bc"))...)
	run(t, *nvptxLink, "--only-needed", filepath.Join(dir, "user.bc"), *libclc, "-o", linked)
	out := filepath.Join(dir, "split")
	table := filepath.Join(out, "images.table")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, *splitter, "-split=kernel", "-symbols", "-properties", "-llvm-as="+*nvptxAs, "-llvm-dis="+*nvptxDis,
		"-out-dir", out, "-o", table, linked)
	data, err := os.ReadFile(table)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := filetable.Parse(data, table)
	if err != nil {
		t.Fatal(err)
	}
	images, ok := tab.Column("Code")
	if !ok {
		t.Fatalf("%s: no Code column", table)
	}
	return images
}

// compareWithLlc compiles every image with llc (two at a time) and with a
// pool of two helpers, in the given order, and checks the outputs are the
// same bytes; it returns the number of images compared.
func compareWithLlc(t *testing.T, pool *Pool, images []string, outDir string) int {
	t.Helper()
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	same := 0
	for i, img := range images {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, img string) {
			defer wg.Done()
			defer func() { <-sem }()
			ref := filepath.Join(outDir, fmt.Sprintf("%d.ref.ptx", i))
			got := filepath.Join(outDir, fmt.Sprintf("%d.ptx", i))
			wantErr := exec.Command(*llc, append(append([]string{}, llcFlags...), img, "-o", ref)...).Run()
			gotErr := pool.Codegen(img, got)
			mu.Lock()
			defer mu.Unlock()
			if wantErr != nil || gotErr != nil {
				t.Errorf("%s: llc error %v, helper error %v", img, wantErr, gotErr)
				return
			}
			a, _ := os.ReadFile(ref)
			b, _ := os.ReadFile(got)
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("%s: helper PTX differs from llc's (%d vs %d bytes):\n%s", img, len(b), len(a),
					cmp.Diff(strings.Split(string(a), "\n"), strings.Split(string(b), "\n")))
				return
			}
			if bytes.Contains(b, []byte(outDir)) || bytes.Contains(b, []byte(filepath.Dir(img))) {
				t.Errorf("%s: the PTX names an absolute path", img)
			}
			same++
		}(i, img)
	}
	wg.Wait()
	return same
}

// TestCodegenSameBytesAsLlc: over the per-kernel images of the examples'
// OpenCL C and of a generated 300-kernel module (tests/bench/split/gen's
// shape), the helper writes the PTX llc-19 writes, byte for byte, in any
// order and whatever the process compiled before (the images of one pool
// pass, then all of them again in reverse order).
func TestCodegenSameBytesAsLlc(t *testing.T) {
	tool := codegenHelper(t)
	dir := t.TempDir()
	var srcs []string
	for _, s := range strings.Split(*exampleSrcs, ",") {
		if s != "" {
			srcs = append(srcs, proctest.Runfile(s))
		}
	}
	if len(srcs) < 3 {
		t.Fatalf("-example-srcs: %d sources, want the examples' OpenCL C", len(srcs))
	}
	// Each example is its own program (their kernels' names collide).
	var images []string
	for i, src := range srcs {
		images = append(images, splitImages(t, filepath.Join(dir, fmt.Sprintf("example%d", i)), []string{src})...)
	}
	run(t, *gen, "-out", filepath.Join(dir, "gen"), "-tus", "3", "-kernels", "100", "-helpers", "120")
	genSrcs, _ := filepath.Glob(filepath.Join(dir, "gen", "*.cl"))
	generated := splitImages(t, filepath.Join(dir, "generated"), genSrcs)
	if len(images) < 5 || len(generated) != 300 {
		t.Fatalf("%d example images and %d generated ones, want >= 5 and 300", len(images), len(generated))
	}
	images = append(images, generated...)

	pool := NewPool(tool, append([]string{"serve"}, llcFlags...), 2)
	defer pool.Close()
	if n := compareWithLlc(t, pool, images, filepath.Join(dir, "ptx")); n != len(images) {
		t.Fatalf("%d of %d images the same", n, len(images))
	}
	reversed := make([]string, len(images))
	for i, img := range images {
		reversed[len(images)-1-i] = img
	}
	if n := compareWithLlc(t, pool, reversed, filepath.Join(dir, "ptx2")); n != len(images) {
		t.Errorf("second pass, reverse order: %d of %d images the same", n, len(images))
	}
}

// TestCodegenErrors: a bad image is a one-line error naming it, where llc
// fails too; the server keeps serving, and a backend's fatal error fails
// only its request.
func TestCodegenErrors(t *testing.T) {
	tool := codegenHelper(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.ll", "target triple = \"nvptx64-nvidia-cuda\"\ndefine void @k(ptr %p) {\n  store i32 1, ptr %p\n  ret void\n}\n")
	// An x86 intrinsic the NVPTX backend cannot select: llc dies with
	// "LLVM ERROR: Cannot select".
	fatalIR := write("fatal.ll", "target triple = \"nvptx64-nvidia-cuda\"\ndeclare i64 @llvm.x86.rdtsc()\ndefine i64 @k() {\n  %t = call i64 @llvm.x86.rdtsc()\n  ret i64 %t\n}\n")
	cases := []struct{ name, in, want string }{
		{"missing", filepath.Join(dir, "missing.bc"), "missing.bc"},
		{"junk", write("junk.bc", "not IR"), "junk.bc"},
		{"invalid", write("invalid.ll", "define void @k() {\n  ret i32 0\n}\n"), "invalid.ll"},
		{"fatal", fatalIR, "fatal.ll"},
	}
	pool := NewPool(tool, append([]string{"serve"}, llcFlags...), 1)
	defer pool.Close()
	for _, c := range cases {
		out := filepath.Join(dir, c.name+".ptx")
		ref := filepath.Join(dir, c.name+".ref.ptx")
		llcErr := exec.Command(*llc, append(append([]string{}, llcFlags...), c.in, "-o", ref)...).Run()
		err := pool.Codegen(c.in, out)
		if llcErr == nil {
			// llc accepts it: then the helper must agree byte for byte.
			a, _ := os.ReadFile(ref)
			b, _ := os.ReadFile(out)
			if err != nil || !bytes.Equal(a, b) {
				t.Errorf("%s: llc succeeded, helper: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v, want a one-line error naming %s", c.name, err, c.want)
		}
		if _, serr := os.Stat(out); serr == nil {
			t.Errorf("%s: a failed request wrote %s", c.name, out)
		}
		// The same server still compiles.
		if err := pool.Codegen(good, filepath.Join(dir, "after-"+c.name+".ptx")); err != nil {
			t.Errorf("after %s: %v", c.name, err)
		}
	}
	bad := NewPool(tool, []string{"serve", "-no-such-llc-flag"}, 1)
	if err := bad.Codegen(good, filepath.Join(dir, "x.ptx")); err == nil || !strings.Contains(err.Error(), "no-such-llc-flag") {
		t.Errorf("bad flag: got %v, want an error naming it", err)
	}
	bad.Close()
}
