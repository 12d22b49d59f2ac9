// Package atomicfile writes output files so that a failed or interrupted tool
// run never leaves a partial output behind: data goes to a temporary file in
// the destination directory, which is renamed over the destination only when
// the caller commits.
package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// File is an output being written. Call Commit to publish it or Abort to
// discard it; Abort after Commit is a no-op, so `defer f.Abort()` is safe.
type File struct {
	*os.File
	dest string
	done bool
}

// Create starts writing dest. The temporary file lives next to dest so that
// the final rename never crosses file systems.
func Create(dest string) (*File, error) {
	f, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".tmp*")
	if err != nil {
		return nil, CreateError(dest, err)
	}
	return &File{File: f, dest: dest}, nil
}

// Commit flushes, closes and renames the temporary file to its destination.
// Outputs are made world-readable (0644) regardless of CreateTemp's 0600.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("%s: already committed or aborted", f.dest)
	}
	f.done = true
	name := f.File.Name()
	if err := f.File.Chmod(0o644); err != nil {
		f.File.Close()
		os.Remove(name)
		return fmt.Errorf("%s: %w", f.dest, err)
	}
	if err := f.File.Close(); err != nil {
		os.Remove(name)
		return fmt.Errorf("%s: %w", f.dest, err)
	}
	if err := os.Rename(name, f.dest); err != nil {
		os.Remove(name)
		return fmt.Errorf("%s: %w", f.dest, err)
	}
	return nil
}

// Abort discards the temporary file.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
}

// WriteFile writes data to dest atomically.
func WriteFile(dest string, data []byte) error {
	f, err := Create(dest)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("%s: %w", dest, err)
	}
	return f.Commit()
}

// Set tracks several outputs that must all appear or none: tools that write a
// file table plus the files it names use it so a failure midway removes the
// outputs already committed.
type Set struct {
	committed []string
}

// Created records that path was published by this run.
func (s *Set) Created(path string) { s.committed = append(s.committed, path) }

// RemoveAll deletes every output recorded so far (used on failure).
func (s *Set) RemoveAll() {
	for i := len(s.committed) - 1; i >= 0; i-- {
		os.Remove(s.committed[i])
	}
	s.committed = nil
}

// CreateError words a failure to create a file next to dest (a temporary
// file) as a failure to write dest: users know the output path, not the
// temporary name.
func CreateError(dest string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: cannot write: %w", dest, err)
}
