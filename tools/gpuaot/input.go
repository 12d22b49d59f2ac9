package main

// Reading inputs without trusting them: a regular file only (never a pipe
// or a device, which could block or never end), at most a bounded number
// of bytes. Kept small and local: the lead may move it onto the shared
// bounded reader of issue 44.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// spirvHeader is the size of a SPIR-V module's header: magic, version,
// generator, bound, schema.
const spirvHeader = 20

// spirvMagic is the SPIR-V magic number 0x07230203 as llvm-spirv writes
// it (little-endian).
var spirvMagic = []byte{0x03, 0x02, 0x23, 0x07}

// maxKernelsFile bounds a -kernels file (one entry point a line).
const maxKernelsFile = 16 << 20

// maxTable bounds a file table.
const maxTable = 64 << 20

// kind words a file mode that is not a regular file.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// openRegular opens name for reading if it is a regular file. It never
// blocks on a FIFO (O_NONBLOCK; the mode is checked on the opened file).
func openRegular(name string) (*os.File, fs.FileInfo, error) {
	if st, err := os.Stat(name); err != nil {
		return nil, nil, pathError(err)
	} else if !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("not a regular file (%s)", kind(st.Mode()))
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, pathError(err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, pathError(err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("not a regular file (%s)", kind(st.Mode()))
	}
	return f, st, nil
}

// pathError drops the path of an *os.PathError (the message names the
// file already): "no such file or directory".
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// readBounded reads a regular file of at most limit bytes.
func readBounded(name string, limit int64) ([]byte, error) {
	f, _, err := openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, pathError(err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, nil
}

// checkSPIRV checks that in is a regular file starting with a SPIR-V
// header, reading that header only.
func checkSPIRV(in string) (fs.FileInfo, error) {
	f, st, err := openRegular(in)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var head [spirvHeader]byte
	n, err := io.ReadFull(f, head[:])
	switch {
	case n >= len(spirvMagic) && !bytes.Equal(head[:len(spirvMagic)], spirvMagic):
		return nil, fmt.Errorf("not a SPIR-V module (it starts with % x, not the SPIR-V magic number % x)", head[:len(spirvMagic)], spirvMagic)
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return nil, fmt.Errorf("not a SPIR-V module (%d bytes, shorter than a SPIR-V header: %d)", n, spirvHeader)
	case err != nil:
		return nil, pathError(err)
	}
	return st, nil
}

// parseKernels reads a .sym file: one entry point a line ("\n" or
// "\r\n"), blank lines skipped, as rules_sycl's .sym files are.
func parseKernels(data []byte) ([]string, error) {
	var names []string
	for i, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSuffix(l, "\r")
		if l == "" {
			continue
		}
		if strings.IndexByte(l, 0) >= 0 {
			return nil, fmt.Errorf("line %d: NUL byte in %s", i+1, errtext.Quote(l))
		}
		names = append(names, l)
	}
	return names, nil
}

// readKernels reads the entry points of a .sym file.
func readKernels(name string) ([]string, error) {
	data, err := readBounded(name, maxKernelsFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	k, err := parseKernels(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return k, nil
}

// maxPropertiesFile bounds a -properties file (an image's property sets:
// kilobytes, megabytes for thousands of kernels).
const maxPropertiesFile = 64 << 20

// readExports reads the exported symbols (SYCL/exported symbols) of an
// image's property sets.
func readExports(name string) ([]string, error) {
	data, err := readBounded(name, maxPropertiesFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	reg, err := propset.Parse(data, name)
	if err != nil {
		return nil, err
	}
	set, ok := reg.Set(exportedSymbols)
	if !ok {
		return nil, nil
	}
	var out []string
	for _, p := range set.Properties() {
		out = append(out, p.Name)
	}
	return out, nil
}

// The property set of the functions an image exports to other images
// (SYCL_EXTERNAL functions of the per-TU path's images).
const exportedSymbols = "SYCL/exported symbols"
