// Package inputfile reads a tool's input files with bounds: regular files
// only, and at most a limit per kind of input, checked before reading (the
// size the file system reports) and while reading (a file that grows, or
// one that reports no size). An unbounded os.ReadFile of /dev/zero, or of
// a FIFO, made a tool allocate until the Go runtime died (a 100-line
// out-of-memory dump) or block forever; through this package it is one
// line naming the file.
package inputfile

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// Kind is a kind of input and the most bytes a tool reads of one.
type Kind struct {
	What  string // e.g. "an integration header", for messages
	Limit int64
}

// The kinds of input the tools read. The limits are far above what a build
// writes (the largest device images and modules are some hundred MB) and
// keep a corrupt or hostile input from costing gigabytes.
var (
	ParamFile         = Kind{"a param file", 64 << 20}
	FileTable         = Kind{"a file table", 64 << 20}
	IntegrationHeader = Kind{"an integration header", 256 << 20}
	PropertySet       = Kind{"a property set file", 256 << 20}
	SymbolFile        = Kind{"a symbol file", 256 << 20}
	LinkSummary       = Kind{"a link summary", 256 << 20}
	Source            = Kind{"a source file", 256 << 20}
	SPIRV             = Kind{"a SPIR-V image", 1 << 30}
	LLVMModule        = Kind{"an LLVM module", 2 << 30}
	DeviceImage       = Kind{"a device image", 2 << 30}
	Program           = Kind{"a program", 4 << 30}
	SharedLibrary     = Kind{"a shared library", 4 << 30}
)

// NotRegularError is an input that is not a regular file: a FIFO (which
// blocks until a writer comes), a device (/dev/zero never ends), a
// directory or a socket.
type NotRegularError struct {
	Path string
	Kind Kind
	Mode os.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: %s, not a regular file: cannot be read as %s", e.Path, describe(e.Mode), e.Kind.What)
}

func describe(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a block device"
	case m&os.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// TooLargeError is an input over its kind's limit. Size is the size the
// file system reported, or -1 when the file held more than it reported
// (it grew while being read).
type TooLargeError struct {
	Path string
	Kind Kind
	Size int64
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s: more than %s, the limit for %s (it grew while being read)", e.Path, Bytes(e.Kind.Limit), e.Kind.What)
	}
	return fmt.Sprintf("%s: %s, more than %s, the limit for %s", e.Path, Bytes(e.Size), Bytes(e.Kind.Limit), e.Kind.What)
}

// Bytes spells n for messages: exact below 1 KiB, else in the largest
// binary unit that keeps one decimal.
func Bytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}

// File is an open input: a regular file whose reads end with a
// *TooLargeError past its kind's limit.
type File struct {
	f    *os.File
	path string
	kind Kind
	size int64 // as stat reported it when opened
	// lim reads f within kind's limit, as ReadFrom's reader does.
	lim limited
}

// Open opens path for reading if it is a regular file within k's limit.
func Open(path string, k Kind) (*File, error) {
	// Stat first, so that a FIFO or device is not even opened (opening
	// a FIFO for reading blocks until a writer comes).
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Kind: k, Mode: st.Mode()}
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	// Again on what was opened: the name may have been replaced by a
	// FIFO in between (O_NONBLOCK kept that open from blocking).
	if st, err = f.Stat(); err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: k, Mode: st.Mode()}
	}
	if st.Size() > k.Limit {
		f.Close()
		return nil, &TooLargeError{Path: path, Kind: k, Size: st.Size()}
	}
	return &File{f: f, path: path, kind: k, size: st.Size(), lim: limited{r: f, name: path, kind: k}}, nil
}

// Size is the file's size when it was opened.
func (f *File) Size() int64 { return f.size }

// Name is the path the file was opened by.
func (f *File) Name() string { return f.path }

// Read reads as os.File does, failing with a *TooLargeError once more
// than the limit was read.
func (f *File) Read(p []byte) (int, error) { return f.lim.Read(p) }

// OS is the underlying file, for a caller that maps it (a mapping is
// bounded by the size Open checked).
func (f *File) OS() *os.File { return f.f }

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// Read returns the contents of path, a regular file of at most k.Limit
// bytes. The buffer is sized from the file's size, so that reading costs
// the file's size and not up to twice it.
func Read(path string, k Kind) ([]byte, error) {
	f, err := Open(path, k)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, f.size, path)
}

// ReadFrom reads r (standard input, a pipe) to its end, failing with a
// *TooLargeError naming name past k's limit.
func ReadFrom(r io.Reader, name string, k Kind) ([]byte, error) {
	lr := &limited{r: r, name: name, kind: k}
	return readAll(lr, 0, name)
}

type limited struct {
	r    io.Reader
	name string
	kind Kind
	read int64
}

func (l *limited) Read(p []byte) (int, error) {
	if room := l.kind.Limit - l.read + 1; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := l.r.Read(p)
	l.read += int64(n)
	if l.read > l.kind.Limit {
		return n, &TooLargeError{Path: l.name, Kind: l.kind, Size: -1}
	}
	return n, err
}

// readAll reads r to EOF into a buffer of size+1 bytes (the extra byte
// sees EOF without growing), growing it only for a file that grew.
func readAll(r io.Reader, size int64, name string) ([]byte, error) {
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			var tl *TooLargeError
			if errors.As(err, &tl) {
				return nil, err
			}
			return nil, &os.PathError{Op: "read", Path: name, Err: err}
		}
	}
}
