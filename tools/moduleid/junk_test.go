package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestJunkLineRejected: a junk line after `target triple` is an error at
// its line, and no output is written (issue 14 item 4).
func TestJunkLineRejected(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "r1.ll"), filepath.Join(dir, "o.ll")
	src := "target triple = \"spir64\"\nthis line is garbage\ndefine spir_kernel void @k() {\n  ret void\n}\n"
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if rc := run([]string{"-id=a", "-o", out, "-S", in}, bytes.NewReader(nil), io.Discard, &stderr); rc != 1 {
		t.Errorf("rc = %d, want 1", rc)
	}
	if diff := cmp.Diff("moduleid: "+in+":2:1: expected top-level entity\n", stderr.String()); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("output written despite error")
	}
}

// TestAssemblerErrorAtInputLine: what llvm-as rejects is reported at the
// input's line, not at `<stdin>` of the stamped text.
func TestAssemblerErrorAtInputLine(t *testing.T) {
	if _, err := exec.LookPath("llvm-as-15"); err != nil {
		t.Skip("llvm-as-15 not installed")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "sem.ll"), filepath.Join(dir, "o.bc")
	src := "target triple = \"spir64\"\ndefine spir_kernel void @k() {\n  %x = add i32 %y, 1\n  ret void\n}\n"
	os.WriteFile(in, []byte(src), 0o644)
	var stderr bytes.Buffer
	if rc := run([]string{"-id=a", "-o", out, in}, bytes.NewReader(nil), io.Discard, &stderr); rc != 1 {
		t.Errorf("rc = %d, want 1", rc)
	}
	if diff := cmp.Diff("moduleid: "+in+":3:16: use of undefined value '%y' (llvm-as-15)\n", stderr.String()); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
}
