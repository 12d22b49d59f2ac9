package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSummarizeJunkLine: -summarize of text with a junk line after
// `target triple` is an error at its line, and no summary is written
// (issue 14 item 4).
func TestSummarizeJunkLine(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "r1.ll"), filepath.Join(dir, "r1.summary")
	src := "target triple = \"spir64\"\nthis line is garbage\ndefine spir_kernel void @k() {\n  ret void\n}\n"
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if rc := run([]string{"-summarize", "-o", out, in}, io.Discard, &stderr); rc != 1 {
		t.Errorf("rc = %d, want 1", rc)
	}
	if diff := cmp.Diff("devlink: "+in+":2:1: expected top-level entity\n", stderr.String()); diff != "" {
		t.Errorf("stderr (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("summary written despite error")
	}
}
