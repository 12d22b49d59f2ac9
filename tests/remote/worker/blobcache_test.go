package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBlobCacheLinksByDigestAndMode(t *testing.T) {
	dir := t.TempDir()
	c, err := newBlobCache(filepath.Join(dir, "cache"))
	if err != nil {
		t.Fatal(err)
	}
	data := []byte("#!/bin/sh\necho hi\n")
	d := digestOf(data)
	for _, tc := range []struct {
		name       string
		executable bool
		wantMode   os.FileMode
	}{
		{"plain", false, 0o444},
		{"tool", true, 0o555},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c.has(d, tc.executable) {
				t.Fatalf("has(%v) before put", tc.executable)
			}
			if err := c.put(d, tc.executable, data); err != nil {
				t.Fatal(err)
			}
			if !c.has(d, tc.executable) {
				t.Fatalf("has(%v) after put: false", tc.executable)
			}
			dst := filepath.Join(dir, tc.name)
			if err := c.link(d, tc.executable, dst); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(dst)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(data), string(got)); diff != "" {
				t.Errorf("linked content (-want +got):\n%s", diff)
			}
			st, err := os.Stat(dst)
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != tc.wantMode {
				t.Errorf("mode %v, want %v", st.Mode().Perm(), tc.wantMode)
			}
		})
	}
	// Only the two entries: no temp files left behind.
	ents, err := os.ReadDir(filepath.Join(dir, "cache"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{d.Hash + "-18", d.Hash + "-18-x"}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("cache entries (-want +got):\n%s", diff)
	}
}

func TestBlobCacheLinkMissing(t *testing.T) {
	c, err := newBlobCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d := digestOf([]byte("absent"))
	if err := c.link(d, false, filepath.Join(t.TempDir(), "x")); err == nil {
		t.Fatal("link of a blob not in the cache succeeded")
	}
}
