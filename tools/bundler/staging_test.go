package main

import (
	"io"
	"os"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbundle"
)

// TestFailureKeepsExistingOutputs: an unbundle that fails after its first
// output was written leaves the file that was there before as it was
// (issue 14: a failed run deleted files it was about to overwrite).
func TestFailureKeepsExistingOutputs(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	b := &offloadbundle.Bundle{Entries: []offloadbundle.Entry{
		{ID: "host-x86_64-unknown-linux-gnu", Data: []byte("h")},
		{ID: "sycl-spir64-unknown-unknown", Data: []byte("d")},
	}}
	data, _ := b.Bytes(0)
	os.WriteFile("in.bc", data, 0o644)
	os.WriteFile("first.bc", []byte("the user's file"), 0o644)
	os.Mkdir("second.bc", 0o755)
	err := run([]string{"unbundle", "-type=bc", "-input=in.bc", "-targets=host-x86_64-unknown-linux-gnu,sycl-spir64-unknown-unknown",
		"-output=first.bc", "-output=second.bc"}, io.Discard)
	if err == nil {
		t.Fatal("no error")
	}
	if got, _ := os.ReadFile("first.bc"); string(got) != "the user's file" {
		t.Errorf("first.bc = %q, want the file that was there", got)
	}
	if got := listDir(t, dir); len(got) != 3 {
		t.Errorf("files after failure: %v, want in.bc first.bc second.bc", got)
	}
}
