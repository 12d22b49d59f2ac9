package argfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestExpand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	multi := write("multi.params", "-o\nout.bc\n-object\na b.bc\n\n@not-expanded\n")
	noNewline := write("last.params", "-x\n-y")
	empty := write("empty.params", "")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"no param file", []string{"-o", "x"}, []string{"-o", "x"}},
		{"nil", nil, nil},
		{"lone at", []string{"@", "-v"}, []string{"@", "-v"}},
		{"one line per argument, spaces and empty lines kept", []string{"@" + multi}, []string{"-o", "out.bc", "-object", "a b.bc", "", "@not-expanded"}},
		{"between other arguments", []string{"-a", "@" + noNewline, "-b"}, []string{"-a", "-x", "-y", "-b"}},
		{"empty file", []string{"-a", "@" + empty}, []string{"-a"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Expand(tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Expand(%q) (-want +got):\n%s", tc.args, diff)
			}
		})
	}
}

func TestExpandErrors(t *testing.T) {
	dir := t.TempDir()
	nul := filepath.Join(dir, "nul.params")
	if err := os.WriteFile(nul, []byte("a\x00b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.params")
	for _, tc := range []struct {
		arg     string
		path    string
		notExit bool
	}{
		{"@" + missing, missing, true},
		{"@" + nul, nul, false},
	} {
		_, err := Expand([]string{"-o", "x", tc.arg})
		var ae *Error
		if !errors.As(err, &ae) || ae.Path != tc.path {
			t.Errorf("Expand(%q) = %v, want an *Error naming %s", tc.arg, err, tc.path)
		}
		if tc.notExit && !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Expand(%q) = %v, want it to wrap fs.ErrNotExist", tc.arg, err)
		}
	}
}

// A param file that never ends, or a FIFO no one writes, is one error
// naming it (issue 44: kernelinfo @/dev/zero died out of memory).
func TestExpandUnboundedParamFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo.params")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		"/dev/zero": "/dev/zero: a character device, not a regular file: cannot be read as a param file",
		fifo:        fifo + ": a named pipe (FIFO), not a regular file: cannot be read as a param file",
	} {
		_, err := Expand([]string{"@" + path})
		var ae *Error
		if !errors.As(err, &ae) || ae.Path != path {
			t.Fatalf("Expand(@%s) = %v, want an *Error", path, err)
		}
		if got := err.Error(); got != want {
			t.Errorf("Expand(@%s): %q, want %q", path, got, want)
		}
	}
}

func FuzzExpand(f *testing.F) {
	f.Add([]byte("-o\nout\n"))
	f.Add([]byte(""))
	f.Add([]byte("\n\n\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f.params")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Expand([]string{"@" + p})
		if err != nil {
			return
		}
		for _, a := range got {
			for i := 0; i < len(a); i++ {
				if a[i] == '\n' || a[i] == 0 {
					t.Fatalf("argument %q holds a newline or NUL", a)
				}
			}
		}
	})
}
