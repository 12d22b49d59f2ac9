package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	repb "github.com/bazelbuild/remote-apis/build/bazel/remote/execution/v2"
)

// blobCache keeps every input file a worker fetched, by digest and mode, so
// that later actions hard-link it into their input roots instead of fetching
// it again: without it most of an action's time went to fetching the same
// headers and tools from the CAS for every action. Files are read-only; an
// action that writes into an input in place would change the cache (as it
// would change Bazel's own execroot locally).
type blobCache struct {
	dir string
	// dirs holds the Directory protos already fetched, by digest key.
	dirs map[string][]byte
}

func newBlobCache(dir string) (*blobCache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &blobCache{dir: dir, dirs: map[string][]byte{}}, nil
}

func (c *blobCache) path(d *repb.Digest, executable bool) string {
	name := key(d)
	name = name[:len(d.Hash)] + "-" + name[len(d.Hash)+1:]
	if executable {
		name += "-x"
	}
	return filepath.Join(c.dir, name)
}

// has reports whether the blob is cached with that mode.
func (c *blobCache) has(d *repb.Digest, executable bool) bool {
	_, err := os.Lstat(c.path(d, executable))
	return err == nil
}

// put stores a blob (temp file + rename, so that a killed worker leaves no
// partial entry).
func (c *blobCache) put(d *repb.Digest, executable bool, b []byte) error {
	mode := os.FileMode(0o444)
	if executable {
		mode = 0o555
	}
	f, err := os.CreateTemp(c.dir, "tmp-")
	if err != nil {
		return err
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), mode)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), c.path(d, executable))
	}
	if werr != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("blob cache: %w", werr)
	}
	return nil
}

// link puts the cached blob at dst: a hard link, or a copy where links fail
// (another file system).
func (c *blobCache) link(d *repb.Digest, executable bool, dst string) error {
	src := c.path(d, executable)
	if err := os.Link(src, dst); err == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	mode := os.FileMode(0o644)
	if executable {
		mode = 0o755
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
