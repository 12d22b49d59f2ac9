//go:build linux

package postlink

import (
	"os"
	"syscall"
)

// mapFile maps a regular file read-only, so that the module's source text
// lives in the page cache rather than in the Go heap. It returns ok=false
// (and no error) when the file cannot be mapped (pipes, empty files), and
// the caller reads it instead.
func mapFile(f *os.File) (data []byte, unmap func(), ok bool) {
	data, ok = mapRegular(f)
	if !ok {
		return nil, nil, false
	}
	return data, func() { syscall.Munmap(data) }, true
}

// dropPages tells the kernel that the process no longer needs the pages of
// the mapping data in memory: they stay in the page cache and come back on
// the next access (a minor fault), but stop counting in the process's
// resident set. Parsing touches the whole input once; after that, an image
// only needs the text of its own entities.
func dropPages(data []byte) {
	if len(data) > 0 {
		syscall.Madvise(data, syscall.MADV_DONTNEED)
	}
}

// dropPagesBefore is dropPages for the whole pages of data[:end].
func dropPagesBefore(data []byte, end int) {
	if end > len(data) {
		end = len(data)
	}
	if end &^= os.Getpagesize() - 1; end > 0 {
		syscall.Madvise(data[:end], syscall.MADV_DONTNEED)
	}
}

func mapRegular(f *os.File) (data []byte, ok bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() <= 0 || st.Size() != int64(int(st.Size())) {
		return nil, false
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, false
	}
	return data, true
}
