package inputfile

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

var small = Kind{"a test input", 16}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fits := write("fits", []byte("0123456789abcdef"))
	empty := write("empty", nil)
	over := write("over", []byte("0123456789abcdefg"))
	// A sparse file far over the limit: refused by its size, unread.
	sparse := filepath.Join(dir, "sparse")
	if f, err := os.Create(sparse); err != nil {
		t.Fatal(err)
	} else {
		f.Truncate(8 << 30)
		f.Close()
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fits, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path    string
		want    string
		wantErr string // the whole message
	}{
		{fits, "0123456789abcdef", ""},
		{empty, "", ""},
		{link, "0123456789abcdef", ""},
		{over, "", over + ": 17 bytes, more than 16 bytes, the limit for a test input"},
		{sparse, "", sparse + ": 8.0 GiB, more than 16 bytes, the limit for a test input"},
		{"/dev/zero", "", "/dev/zero: a character device, not a regular file: cannot be read as a test input"},
		{fifo, "", fifo + ": a named pipe (FIFO), not a regular file: cannot be read as a test input"},
		{dir, "", dir + ": a directory, not a regular file: cannot be read as a test input"},
		{filepath.Join(dir, "missing"), "", "stat " + filepath.Join(dir, "missing") + ": no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			done := make(chan struct{})
			var got []byte
			var err error
			go func() { got, err = Read(tt.path, small); close(done) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Read blocked")
			}
			gotErr := ""
			if err != nil {
				gotErr = err.Error()
			}
			if diff := cmp.Diff(tt.wantErr, gotErr); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if err == nil && string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestErrorTypes(t *testing.T) {
	var nr *NotRegularError
	if _, err := Read("/dev/zero", small); !errors.As(err, &nr) {
		t.Errorf("/dev/zero: %T, want *NotRegularError", err)
	}
	if _, err := Read(filepath.Join(t.TempDir(), "missing"), small); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want os.ErrNotExist", err)
	}
}

// A stream (standard input) is cut at the limit: one byte over is an error,
// and no more than the limit and a read's worth is taken from it.
func TestReadFrom(t *testing.T) {
	got, err := ReadFrom(strings.NewReader("0123456789abcdef"), "<stdin>", small)
	if err != nil || string(got) != "0123456789abcdef" {
		t.Fatalf("at the limit: %q, %v", got, err)
	}
	_, err = ReadFrom(zeros{}, "<stdin>", small)
	var tl *TooLargeError
	if !errors.As(err, &tl) || err.Error() != "<stdin>: more than 16 bytes, the limit for a test input (it grew while being read)" {
		t.Fatalf("endless stream: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0
	}
	return len(p), nil
}

// File's reads stop at the limit even when the file grew after Open.
func TestFileGrows(t *testing.T) {
	p := filepath.Join(t.TempDir(), "grows")
	if err := os.WriteFile(p, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(p, small)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := os.WriteFile(p, bytes.Repeat([]byte("x"), 100), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = readAll(f, f.Size(), p)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != -1 {
		t.Fatalf("grown file: %v, want a *TooLargeError of size -1", err)
	}
}

// Reading costs the file's size, not the doubling of a growing buffer.
func TestReadAllocatesTheSize(t *testing.T) {
	const size = 32 << 20
	p := filepath.Join(t.TempDir(), "big")
	if err := os.WriteFile(p, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	data, err := Read(p, Kind{"a big input", 64 << 20})
	runtime.ReadMemStats(&after)
	if err != nil || len(data) != size {
		t.Fatalf("Read: %d bytes, %v", len(data), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size+1<<20 {
		t.Errorf("Read of %d bytes allocated %d", size, got)
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1.0 KiB", 64 << 20: "64.0 MiB", 3 << 30: "3.0 GiB", 5 << 40: "5.0 TiB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}
