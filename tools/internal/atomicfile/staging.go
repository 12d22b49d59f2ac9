package atomicfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
)

// Staging writes a set of outputs (a file table and the images it lists)
// so that they appear together or not at all: every file is written into
// a temporary directory next to its destination, and Commit moves them
// into place. Files the set replaces are moved aside first, and moved back
// if a rename fails, so a failed run leaves the previous set as it was;
// nothing outside the staging directories is ever removed unless this run
// created it. Staging is safe for concurrent use, and Abort may be called
// from a signal handler while other goroutines write.
type Staging struct {
	mu      sync.Mutex
	dirs    map[string]string // destination directory -> staging directory
	files   []staged          // in the order they were started
	dests   map[string]bool
	inputs  []protected
	done    bool
	scratch int
}

type staged struct{ tmp, dest string }

type protected struct {
	name string
	info os.FileInfo
}

// ErrDone is returned when a file is staged after Commit or Abort.
var ErrDone = errors.New("output set already committed or aborted")

// NewStaging returns an empty set.
func NewStaging() *Staging {
	return &Staging{dirs: map[string]string{}, dests: map[string]bool{}}
}

// Protect makes Commit fail, before it moves anything, if an output would
// replace the file name (an input of the run).
func (s *Staging) Protect(name string) {
	info, err := os.Stat(name)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inputs = append(s.inputs, protected{name, info})
}

// dirFor returns the staging directory for destination directory dir,
// creating it on first use. Called with s.mu held.
func (s *Staging) dirFor(dir string) (string, error) {
	if s.done {
		return "", ErrDone
	}
	if d, ok := s.dirs[dir]; ok {
		return d, nil
	}
	d, err := os.MkdirTemp(dir, ".staging-*")
	if err != nil {
		return "", err
	}
	s.dirs[dir] = d
	return d, nil
}

// Create starts writing dest; the file is published by Commit.
func (s *Staging) Create(dest string) (*os.File, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	dest = filepath.Clean(dest)
	if s.dests[dest] {
		return nil, fmt.Errorf("%s: written twice", dest)
	}
	d, err := s.dirFor(filepath.Dir(dest))
	if err != nil {
		return nil, CreateError(dest, err)
	}
	tmp := filepath.Join(d, filepath.Base(dest))
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, CreateError(dest, err)
	}
	// Outputs are world-readable whatever the umask, as Commit of File.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return nil, CreateError(dest, err)
	}
	s.dests[dest] = true
	s.files = append(s.files, staged{tmp, dest})
	return f, nil
}

// Path reserves dest and returns the name a child process should write it
// to (the file does not exist yet); Commit publishes it.
func (s *Staging) Path(dest string) (string, error) {
	f, err := s.Create(dest)
	if err != nil {
		return "", err
	}
	f.Close()
	if err := os.Remove(f.Name()); err != nil {
		return "", CreateError(dest, err)
	}
	return f.Name(), nil
}

// Release gives back a destination Path reserved that will not be written
// (foreach: a command that left its image out on purpose): Commit neither
// publishes it nor requires it. Anything written to its staging name is
// removed.
func (s *Staging) Release(dest string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.files[:0]
	for _, f := range s.files {
		if f.dest == dest {
			os.Remove(f.tmp)
			delete(s.dests, dest)
			continue
		}
		kept = append(kept, f)
	}
	s.files = kept
}

// WriteFile stages dest with data.
func (s *Staging) WriteFile(dest string, data []byte) error {
	f, err := s.Create(dest)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", dest, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %w", dest, err)
	}
	return nil
}

// TempFile creates a scratch file in the staging directory of dir, never
// published: it goes away with the set (Commit or Abort), also when the
// run is interrupted.
func (s *Staging) TempFile(dir, pattern string) (*os.File, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, err := s.dirFor(filepath.Clean(dir))
	if err != nil {
		return nil, err
	}
	s.scratch++
	return os.CreateTemp(d, ".scratch"+strconv.Itoa(s.scratch)+"-"+pattern)
}

// Commit moves every staged file to its destination. If any cannot be
// moved, the ones already moved are taken back (and the files they
// replaced restored) and the error is returned.
func (s *Staging) Commit() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return ErrDone
	}
	defer s.removeDirs()
	// Check what can be checked before moving anything.
	for _, f := range s.files {
		if _, err := os.Stat(f.tmp); err != nil {
			return fmt.Errorf("%s: not written", f.dest)
		}
		st, err := os.Lstat(f.dest)
		if err != nil {
			continue
		}
		if st.IsDir() {
			return fmt.Errorf("%s: is a directory", f.dest)
		}
		// Never replace a device, pipe or socket (as root, an output
		// named /dev/null would otherwise become a regular file).
		if !st.Mode().IsRegular() && st.Mode()&os.ModeSymlink == 0 {
			return fmt.Errorf("%s: not a regular file", f.dest)
		}
		for _, in := range s.inputs {
			if os.SameFile(st, in.info) {
				return fmt.Errorf("%s: output would replace the input %s", f.dest, in.name)
			}
		}
	}
	return s.move()
}

// move renames the staged files into place, rolling back on failure.
// Called with s.mu held.
func (s *Staging) move() error {
	type moved struct {
		f      staged
		backup string // where the file it replaced went, or ""
	}
	var done []moved
	rollback := func() {
		for i := len(done) - 1; i >= 0; i-- {
			m := done[i]
			if m.backup != "" {
				os.Rename(m.backup, m.f.dest)
			} else {
				os.Remove(m.f.dest) // created by this run
			}
		}
	}
	for i, f := range s.files {
		m := moved{f: f}
		if _, err := os.Lstat(f.dest); err == nil {
			m.backup = filepath.Join(filepath.Dir(f.tmp), ".replaced"+strconv.Itoa(i))
			if err := os.Rename(f.dest, m.backup); err != nil {
				rollback()
				return fmt.Errorf("%s: %w", f.dest, err)
			}
		}
		if err := os.Rename(f.tmp, f.dest); err != nil {
			if m.backup != "" {
				os.Rename(m.backup, f.dest)
			}
			rollback()
			return fmt.Errorf("%s: %w", f.dest, err)
		}
		done = append(done, m)
	}
	return nil
}

// Abort discards everything staged; after Commit it does nothing.
func (s *Staging) Abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return
	}
	s.removeDirs()
}

// removeDirs removes the staging directories (with the files the set
// replaced). Called with s.mu held.
func (s *Staging) removeDirs() {
	s.done = true
	dirs := make([]string, 0, len(s.dirs))
	for _, d := range s.dirs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		os.RemoveAll(d)
	}
}
