package llvmir

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMajorVersionFollowsTheFile: a process serving many runs (a
// persistent worker) must not answer from the cache for a tool whose file
// changed at the same path.
func TestMajorVersionFollowsTheFile(t *testing.T) {
	tool := filepath.Join(t.TempDir(), "llvm-as")
	for _, tc := range []struct {
		script string
		want   int
	}{
		{"#!/bin/sh\necho 'LLVM version 15.0.7'\n", 15},
		{"#!/bin/sh\n# another build\necho 'LLVM version 19.1.7'\n", 19},
		{"#!/bin/sh\n# another build\necho 'LLVM version 19.1.7'\n", 19},
	} {
		if err := os.WriteFile(tool, []byte(tc.script), 0o755); err != nil {
			t.Fatal(err)
		}
		got, err := llvmMajorVersion(tool)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("llvmMajorVersion = %d, want %d", got, tc.want)
		}
	}
	if _, err := llvmMajorVersion(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Errorf("llvmMajorVersion of a missing tool succeeded")
	}
}
