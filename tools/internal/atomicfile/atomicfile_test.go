package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCommitPublishes(t *testing.T) {
	dest := filepath.Join(t.TempDir(), "out.bin")
	if err := WriteFile(dest, []byte("abc")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(dest)
	if err != nil || string(got) != "abc" {
		t.Fatalf("ReadFile = %q, %v; want abc", got, err)
	}
	st, _ := os.Stat(dest)
	if st.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, want 0644", st.Mode().Perm())
	}
}

func TestAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, "out.bin"))
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("partial"))
	f.Abort()
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		t.Fatalf("directory not empty after Abort: %v", ents)
	}
}

func TestSetRemoveAll(t *testing.T) {
	dir := t.TempDir()
	var s Set
	for _, n := range []string{"a", "b"} {
		p := filepath.Join(dir, n)
		if err := WriteFile(p, nil); err != nil {
			t.Fatal(err)
		}
		s.Created(p)
	}
	s.RemoveAll()
	ents, _ := os.ReadDir(dir)
	if len(ents) != 0 {
		t.Fatalf("RemoveAll left %v", ents)
	}
}
