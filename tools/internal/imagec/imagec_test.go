package imagec

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// Under Bazel the BUILD file passes the toolchain's tools; `go test` alone
// needs -imagec (e.g. bazel-bin/external/local_config_sycl/imagec).
var (
	imagecPath = flag.String("imagec", os.Getenv("IMAGEC"), "tools/imagec binary")
	imagecAs   = flag.String("imagec-as", os.Getenv("IMAGEC_AS"), "tools/imagec built with -DIMAGEC_AS_ONLY (sycl_configure's imagec_as)")
	llvmAs     = flag.String("llvm-as", "llvm-as-15", "reference assembler")
	llvmSpirv  = flag.String("llvm-spirv", "llvm-spirv-15", "reference translator")
)

func helper(t *testing.T) string {
	t.Helper()
	if *imagecPath == "" {
		t.Skip("no -imagec given (bazel test //tools/internal/imagec:imagec_test runs it)")
	}
	for _, p := range []*string{imagecPath, llvmAs, llvmSpirv} {
		*p = proctest.Runfile(*p)
	}
	return *imagecPath
}

// TestSameBytesAsTools checks, over IR from every test corpus of the
// repository (testdata/, copied from the packages' testdata), that imagec
// writes the bytes llvm-as-15 and llvm-spirv-15 write, and fails where they
// fail. A pool of two processes serves every file, so state left behind by
// one module in a process would show up in the next.
func TestSameBytesAsTools(t *testing.T) {
	tool := helper(t)
	files, err := filepath.Glob("testdata/*.ll")
	if err != nil || len(files) < 20 {
		t.Fatalf("testdata/*.ll: %d files, %v", len(files), err)
	}
	for _, flags := range [][]string{nil, {"--spirv-max-version=1.1", "--spirv-ext=+all,-SPV_INTEL_optnone"}} {
		pool := NewPool(tool, append([]string{"serve"}, flags...), 2)
		dir := t.TempDir()
		var assembled, translated int
		for _, f := range files {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, wantErr := llvmir.Assemble(text, *llvmAs)
			var got bytes.Buffer
			gotErr := pool.Assemble(text, llvmir.UsesOpaquePointers(text), &got)
			if (wantErr == nil) != (gotErr == nil) {
				t.Errorf("%s: llvm-as error %v, imagec error %v", f, wantErr, gotErr)
				continue
			}
			if wantErr != nil {
				continue
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s: imagec bitcode differs from llvm-as-15's (%d vs %d bytes)", f, got.Len(), len(want))
				continue
			}
			assembled++
			bc := filepath.Join(dir, filepath.Base(f)+".bc")
			if err := os.WriteFile(bc, want, 0o644); err != nil {
				t.Fatal(err)
			}
			ref, gotSpv := bc+".ref.spv", bc+".spv"
			args := append(append([]string{}, flags...), bc, "-o", ref)
			wantErr = exec.Command(*llvmSpirv, args...).Run()
			gotErr = pool.Translate(bc, gotSpv)
			if (wantErr == nil) != (gotErr == nil) {
				t.Errorf("%s: llvm-spirv error %v, imagec error %v", f, wantErr, gotErr)
				continue
			}
			if wantErr != nil {
				continue
			}
			a, _ := os.ReadFile(ref)
			b, _ := os.ReadFile(gotSpv)
			if len(a) == 0 || !bytes.Equal(a, b) {
				t.Errorf("%s (flags %q): imagec SPIR-V differs from llvm-spirv-15's (%d vs %d bytes)", f, flags, len(b), len(a))
				continue
			}
			translated++
		}
		if err := pool.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		// Most of the corpus is LLVM 15 IR the translator takes.
		if assembled < 40 || translated < 25 {
			t.Errorf("flags %q: only %d files assembled and %d translated: the comparison covers too little", flags, assembled, translated)
		}
	}
}

// TestAssemblerOnlySameBytes: the statically linked assembler-only build
// (imagec_as) writes llvm-as-15's bytes and fails where it fails, over the
// same corpus, and answers a translation request with an error.
func TestAssemblerOnlySameBytes(t *testing.T) {
	helper(t)
	if *imagecAs == "" {
		t.Skip("no -imagec-as given (bazel test //tools/internal/imagec:imagec_test runs it)")
	}
	tool := proctest.Runfile(*imagecAs)
	files, err := filepath.Glob("testdata/*.ll")
	if err != nil || len(files) < 20 {
		t.Fatalf("testdata/*.ll: %d files, %v", len(files), err)
	}
	pool := NewPool(tool, []string{"serve"}, 2)
	defer pool.Close()
	assembled, failed := 0, 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want, wantErr := llvmir.Assemble(text, *llvmAs)
		var got bytes.Buffer
		gotErr := pool.Assemble(text, llvmir.UsesOpaquePointers(text), &got)
		switch {
		case (wantErr == nil) != (gotErr == nil):
			t.Errorf("%s: llvm-as error %v, imagec_as error %v", f, wantErr, gotErr)
		case wantErr != nil:
			failed++
		case !bytes.Equal(got.Bytes(), want):
			t.Errorf("%s: imagec_as bitcode differs from llvm-as-15's (%d vs %d bytes)", f, got.Len(), len(want))
		default:
			assembled++
		}
	}
	if assembled < 40 {
		t.Errorf("only %d files assembled: the comparison covers too little", assembled)
	}
	t.Logf("%d files assembled byte-identically, %d rejected by both", assembled, failed)
	dir := t.TempDir()
	bc := filepath.Join(dir, "a.bc")
	os.WriteFile(bc, []byte("BC\xc0\xde"), 0o644)
	if err := pool.Translate(bc, filepath.Join(dir, "a.spv")); err == nil || !strings.Contains(err.Error(), "only assembles") {
		t.Errorf("translation request: got %v, want an error saying imagec_as only assembles", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a.spv")); !os.IsNotExist(err) {
		t.Errorf("translation request wrote an output (%v)", err)
	}
	// The process still serves after the refused request.
	var out bytes.Buffer
	if err := pool.Assemble([]byte("define void @f() {\n  ret void\n}\n"), false, &out); err != nil || !llvmir.IsBitcode(out.Bytes()) {
		t.Errorf("after the refused request: %v, %d bytes", err, out.Len())
	}
}

func TestErrors(t *testing.T) {
	tool := helper(t)
	pool := NewPool(tool, []string{"serve"}, 1)
	defer pool.Close()
	var out bytes.Buffer
	err := pool.Assemble([]byte("define void @f() {\n  ret i32 0\n}\n"), false, &out)
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(err.Error(), "<stdin>:2") {
		t.Errorf("bad IR: got %v, want an *Error naming <stdin>:2", err)
	}
	if out.Len() != 0 {
		t.Errorf("bad IR wrote %d bytes", out.Len())
	}
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.bc")
	if err := pool.Translate(missing, filepath.Join(dir, "x.spv")); err == nil || !strings.Contains(err.Error(), "missing.bc") {
		t.Errorf("missing input: got %v, want an error naming it", err)
	}
	empty := filepath.Join(dir, "empty.bc")
	os.WriteFile(empty, nil, 0o644)
	if err := pool.Translate(empty, filepath.Join(dir, "y.spv")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty input: got %v, want an error", err)
	}
	junk := filepath.Join(dir, "junk.bc")
	os.WriteFile(junk, []byte("not bitcode"), 0o644)
	if err := pool.Translate(junk, filepath.Join(dir, "z.spv")); err == nil {
		t.Error("junk input translated")
	}
	// The same process still serves after the failures.
	out.Reset()
	if err := pool.Assemble([]byte("define void @f() {\n  ret void\n}\n"), false, &out); err != nil || !llvmir.IsBitcode(out.Bytes()) {
		t.Errorf("after errors: %v, %d bytes", err, out.Len())
	}
	// Malformed memory(...) attributes are reported before imagec sees them.
	if err := pool.Assemble([]byte("declare void @g() memory(bogus)\n"), false, &out); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("bad memory attribute: got %v", err)
	}
}

// TestDeadHelper: a helper that dies mid-request is an error naming it, and
// the next request gets a fresh process.
func TestDeadHelper(t *testing.T) {
	tool := helper(t)
	pool := NewPool("/bin/sh", []string{"-c", "head -c 1 >/dev/null; echo 'imagec: boom' >&2; exit 3"}, 1)
	err := pool.Translate("a.bc", "a.spv")
	if err == nil || !strings.Contains(err.Error(), "boom") || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("dead helper: got %v", err)
	}
	if err := pool.Close(); err != nil {
		t.Errorf("Close after a death: %v", err)
	}
	pool = NewPool(tool, []string{"serve", "--no-such-flag"}, 1)
	if err := pool.Translate("a.bc", "a.spv"); err == nil || !strings.Contains(err.Error(), "unsupported translator flag") {
		t.Errorf("bad flag: got %v", err)
	}
	pool.Close()
}
