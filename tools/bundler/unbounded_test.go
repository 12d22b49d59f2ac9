package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// /dev/zero as each subcommand's input is one line naming it, not an
// out-of-memory dump (issue 44; tools/internal/inputfile).
func TestUnboundedInputs(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"inspect", []string{"inspect", "/dev/zero"}, "bundler: /dev/zero: a character device, not a regular file: cannot be read as a program"},
		{"unwrap", []string{"unwrap", "-output-dir=" + out, "/dev/zero"}, "bundler: /dev/zero: a character device, not a regular file: cannot be read as a program"},
		{"unbundle", []string{"unbundle", "-type=bc", "-input=/dev/zero", "-output-dir=" + out}, "bundler: /dev/zero: a character device, not a regular file: cannot be read as a program"},
		{"bundle", []string{"bundle", "-type=bc", "-targets=sycl-spir64", "-input=/dev/zero", "-output=" + filepath.Join(out, "b.bc")}, "bundler: /dev/zero: a character device, not a regular file: cannot be read as a device image"},
		{"offload-binary unpack", []string{"offload-binary", "unpack", "-input=/dev/zero", "-output-dir=" + out}, "bundler: /dev/zero: a character device, not a regular file: cannot be read as a device image"},
		{"offload-binary pack", []string{"offload-binary", "pack", "-o", filepath.Join(out, "p.bin"), "-image=file=/dev/zero,kind=sycl,image-kind=spv"}, "bundler: /dev/zero: a character device, not a regular file: cannot be read as a device image"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want)
			if ents, _ := os.ReadDir(out); len(ents) > 0 {
				t.Errorf("wrote %v", ents)
			}
		})
	}
}
