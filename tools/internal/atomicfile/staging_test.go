package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func contents(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || p == dir {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if info.IsDir() {
			got[rel] = "<dir>"
			return nil
		}
		if info.Mode()&os.ModeNamedPipe != 0 {
			got[rel] = "<fifo>"
			return nil
		}
		b, err := os.ReadFile(p)
		got[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestStagingCommitPublishesSet(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "a"), []byte("old a"), 0o644)
	os.WriteFile(filepath.Join(dir, "keep"), []byte("not ours"), 0o644)
	s := NewStaging()
	if err := s.WriteFile(filepath.Join(dir, "a"), []byte("new a")); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteFile(filepath.Join(dir, "sub", "b"), []byte("b")); err != nil {
		t.Fatal(err)
	}
	p, err := s.Path(filepath.Join(dir, "c"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, []byte("c by a child"), 0o600)
	scratch, err := s.TempFile(dir, "x-*.ll")
	if err != nil {
		t.Fatal(err)
	}
	scratch.Close()
	// Before Commit, the destinations are untouched.
	if got := contents(t, dir)["a"]; got != "old a" {
		t.Errorf("a before Commit = %q", got)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "new a", "keep": "not ours", "sub": "<dir>", "sub/b": "b", "c": "c by a child"}
	if diff := cmp.Diff(want, contents(t, dir)); diff != "" {
		t.Errorf("after Commit (-want +got):\n%s", diff)
	}
	s.Abort() // no-op after Commit
	if diff := cmp.Diff(want, contents(t, dir)); diff != "" {
		t.Errorf("after Abort (-want +got):\n%s", diff)
	}
}

func TestStagingAbortLeavesPrevious(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), []byte("old a"), 0o644)
	s := NewStaging()
	s.WriteFile(filepath.Join(dir, "a"), []byte("new a"))
	s.WriteFile(filepath.Join(dir, "b"), []byte("b"))
	s.Abort()
	if diff := cmp.Diff(map[string]string{"a": "old a"}, contents(t, dir)); diff != "" {
		t.Errorf("after Abort (-want +got):\n%s", diff)
	}
	if err := s.WriteFile(filepath.Join(dir, "c"), nil); err == nil {
		t.Error("WriteFile after Abort succeeded")
	}
}

// TestStagingCommitChecksFirst: an output that would replace a protected
// input, or a directory, fails Commit before anything is moved.
func TestStagingCommitChecksFirst(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"input", "would replace the input"},
		{"dir", "is a directory"},
		{"fifo", "not a regular file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "a"), []byte("old a"), 0o644)
			os.WriteFile(filepath.Join(dir, "in"), []byte("input"), 0o644)
			s := NewStaging()
			s.Protect(filepath.Join(dir, "in"))
			s.WriteFile(filepath.Join(dir, "a"), []byte("new a"))
			want := map[string]string{"a": "old a", "in": "input"}
			switch tc.name {
			case "dir":
				os.Mkdir(filepath.Join(dir, "d"), 0o755)
				s.WriteFile(filepath.Join(dir, "d"), []byte("x"))
				want["d"] = "<dir>"
			case "fifo":
				if err := syscall.Mkfifo(filepath.Join(dir, "p"), 0o644); err != nil {
					t.Skip(err)
				}
				s.WriteFile(filepath.Join(dir, "p"), []byte("x"))
				want["p"] = "<fifo>"
			default:
				s.WriteFile(filepath.Join(dir, "in"), []byte("x"))
			}
			err := s.Commit()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Commit() = %v, want %q", err, tc.want)
			}
			if diff := cmp.Diff(want, contents(t, dir)); diff != "" {
				t.Errorf("after failed Commit (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStagingRollback: when a rename fails midway, the files already moved
// are taken back and the ones they replaced restored.
func TestStagingRollback(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), []byte("old a"), 0o644)
	os.WriteFile(filepath.Join(dir, "c"), []byte("old c"), 0o644)
	s := NewStaging()
	s.WriteFile(filepath.Join(dir, "a"), []byte("new a"))
	s.WriteFile(filepath.Join(dir, "b"), []byte("new b"))
	s.WriteFile(filepath.Join(dir, "c"), []byte("new c"))
	// c's staged file vanishing after the checks makes its rename fail.
	os.Remove(s.files[2].tmp)
	s.mu.Lock()
	err := s.move()
	s.removeDirs()
	s.mu.Unlock()
	if err == nil {
		t.Fatal("move succeeded without c's file")
	}
	want := map[string]string{"a": "old a", "c": "old c"}
	if diff := cmp.Diff(want, contents(t, dir)); diff != "" {
		t.Errorf("after rollback (-want +got):\n%s", diff)
	}
}

// A released destination is neither published nor required; a file
// written to its staging name anyway is removed; an existing file of that
// name stays as it was.
func TestStagingRelease(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "old"), []byte("old"), 0o644)
	s := NewStaging()
	for _, n := range []string{"kept", "unwritten", "old"} {
		p, err := s.Path(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		if n != "unwritten" {
			os.WriteFile(p, []byte("new "+n), 0o644)
		}
	}
	s.Release(filepath.Join(dir, "unwritten"))
	s.Release(filepath.Join(dir, "old"))
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"kept": "new kept", "old": "old"}
	if diff := cmp.Diff(want, contents(t, dir)); diff != "" {
		t.Errorf("after Commit (-want +got):\n%s", diff)
	}
}
