package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestJunkLineRejected: a junk line after `target triple` is an error at
// its line, in text and bitcode mode, and nothing is written (issue 14).
func TestJunkLineRejected(t *testing.T) {
	src := "target triple = \"spir64\"\nthis line is garbage\ndefine spir_kernel void @k() {\n  ret void\n}\n"
	for _, mode := range [][]string{{"-S"}, {}} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "r1.ll"), []byte(src), 0o644)
		os.Mkdir(filepath.Join(dir, "o"), 0o755)
		rc, stderr := runIn(t, dir, "", append(mode, "-split=kernel", "-o", "o/t.table", "r1.ll")...)
		if diff := cmp.Diff("splitter: r1.ll:2:1: expected top-level entity\n", stderr); rc != 1 || diff != "" {
			t.Errorf("%v: rc=%d, stderr (-want +got):\n%s", mode, rc, diff)
		}
		if got := listDir(t, filepath.Join(dir, "o")); len(got) != 0 {
			t.Errorf("%v: outputs left behind: %v", mode, got)
		}
	}
}

// TestAssemblerErrorAtInputLine: in bitcode mode, what llvm-as rejects in an
// image is reported at the input's file and line, not at `<stdin>` of the
// image.
func TestAssemblerErrorAtInputLine(t *testing.T) {
	if _, err := exec.LookPath("llvm-as-15"); err != nil {
		t.Skip("llvm-as-15 not installed")
	}
	dir := t.TempDir()
	src := "target triple = \"spir64\"\ndefine spir_kernel void @k() {\n  %x = add i32 %y, 1\n  ret void\n}\n"
	os.WriteFile(filepath.Join(dir, "sem.ll"), []byte(src), 0o644)
	os.Mkdir(filepath.Join(dir, "o"), 0o755)
	rc, stderr := runIn(t, dir, "", "-split=kernel", "-o", "o/t.table", "sem.ll")
	want := "splitter: sem.ll:3:16: use of undefined value '%y' (llvm-as-15)\n"
	if diff := cmp.Diff(want, stderr); rc != 1 || diff != "" {
		t.Errorf("rc=%d, stderr (-want +got):\n%s", rc, diff)
	}
	if got := listDir(t, filepath.Join(dir, "o")); len(got) != 0 {
		t.Errorf("outputs left behind: %v", got)
	}
}
