package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.table")
	if err := os.WriteFile(in, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	hardlink := filepath.Join(dir, "hardlink")
	if err := os.Link(in, hardlink); err != nil {
		t.Fatal(err)
	}
	symlink := filepath.Join(dir, "symlink")
	if err := os.Symlink(in, symlink); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, out, want string
	}{
		{"new file", filepath.Join(dir, "report.txt"), ""},
		{"existing output", file, ""},
		{"optional output not asked for", "", ""},
		{"the input", in, in + ": is also an input: the output would replace it"},
		{"the input, spelled otherwise", dir + "/./in.table", dir + "/./in.table: is also an input: the output would replace it"},
		{"a hard link to the input", hardlink, hardlink + ": is the input " + in + ": the output would replace it"},
		{"a symlink to the input", symlink, symlink + ": is the input " + in + ": the output would replace it"},
		{"a directory", dir, dir + ": is a directory"},
		{"a FIFO", fifo, fifo + ": exists and is not a regular file"},
		{"missing directory", filepath.Join(dir, "nodir", "out"), filepath.Join(dir, "nodir", "out") + ": directory " + filepath.Join(dir, "nodir") + " does not exist"},
		{"a file as directory", filepath.Join(file, "out"), filepath.Join(file, "out") + ": " + file + " is not a directory"},
	}
	if os.Geteuid() != 0 {
		// Root writes into a 0555 directory.
		tests = append(tests, struct{ name, out, want string }{"read-only directory", filepath.Join(readOnly, "out"), filepath.Join(readOnly, "out") + ": directory " + readOnly + " is not writable: permission denied"})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			if err := CheckOutputs([]string{tt.out}, []string{in}); err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// The check leaves nothing behind.
			if m, _ := filepath.Glob(filepath.Join(dir, ".probe-*")); len(m) > 0 {
				t.Errorf("left %v", m)
			}
		})
	}
}
