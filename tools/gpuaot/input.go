package main

// Reading inputs without trusting them, through tools/internal/inputfile
// as every tool does (issue 44): a regular file only (a FIFO is never
// opened blocking, a device never read), at most the limit of its kind,
// and the error naming the file.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// spirvHeader is the size of a SPIR-V module's header: magic, version,
// generator, bound, schema.
const spirvHeader = 20

// spirvMagic is the SPIR-V magic number 0x07230203 as llvm-spirv writes
// it (little-endian).
var spirvMagic = []byte{0x03, 0x02, 0x23, 0x07}

// pathError drops the path of an *fs.PathError (the message names the
// file already): "no such file or directory".
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// readError is the error of reading name: inputfile's own errors, which
// name the file ("x: a named pipe (FIFO), not a regular file: ..."), as
// they are, any other as "name: what" ("x: no such file or directory").
func readError(name string, err error) error {
	var nr *inputfile.NotRegularError
	var tl *inputfile.TooLargeError
	if errors.As(err, &nr) || errors.As(err, &tl) {
		return err
	}
	return fmt.Errorf("%s: %v", name, pathError(err))
}

// unnamed is what is wrong with a file, without its name, for a message
// that names it otherwise (a staging path, or gpuaot check's "FAIL x:").
func unnamed(err error) string {
	var nr *inputfile.NotRegularError
	var tl *inputfile.TooLargeError
	switch {
	case errors.As(err, &nr):
		return strings.TrimPrefix(nr.Error(), nr.Path+": ")
	case errors.As(err, &tl):
		return strings.TrimPrefix(tl.Error(), tl.Path+": ")
	}
	return pathError(err).Error()
}

// checkSPIRV checks that in is a regular file within the limit of a
// SPIR-V image that starts with a SPIR-V header, reading that header
// only.
func checkSPIRV(in string) error {
	f, err := inputfile.Open(in, inputfile.SPIRV)
	if err != nil {
		return readError(in, err)
	}
	defer f.Close()
	var head [spirvHeader]byte
	n, err := io.ReadFull(f, head[:])
	switch {
	case n >= len(spirvMagic) && !bytes.Equal(head[:len(spirvMagic)], spirvMagic):
		return fmt.Errorf("%s: not a SPIR-V module (it starts with % x, not the SPIR-V magic number % x)", in, head[:len(spirvMagic)], spirvMagic)
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return fmt.Errorf("%s: not a SPIR-V module (%d bytes, shorter than a SPIR-V header: %d)", in, n, spirvHeader)
	case err != nil:
		return readError(in, err)
	}
	return nil
}

// parseKernels reads a .sym file: one entry point a line ("\n" or
// "\r\n"), blank lines skipped, as rules_sycl's .sym files are. Only the
// names are copied out of data.
func parseKernels(data []byte) ([]string, error) {
	var names []string
	for i := 1; len(data) > 0; i++ {
		l := data
		if n := bytes.IndexByte(data, '\n'); n >= 0 {
			l, data = data[:n], data[n+1:]
		} else {
			data = nil
		}
		l = bytes.TrimSuffix(l, []byte("\r"))
		if len(l) == 0 {
			continue
		}
		if bytes.IndexByte(l, 0) >= 0 {
			return nil, fmt.Errorf("line %d: NUL byte in %s", i, quoteBytes(l))
		}
		names = append(names, string(l))
	}
	return names, nil
}

// quoteBytes is errtext.Quote of b without copying all of a long b.
func quoteBytes(b []byte) string {
	if len(b) <= errtext.MaxQuoted {
		return errtext.Quote(string(b))
	}
	q := errtext.Quote(string(b[:errtext.MaxQuoted+utf8Max]))
	// Quote cut it at MaxQuoted and counted the bytes it was given:
	// count those of b.
	if i := strings.LastIndex(q, "... ("); i >= 0 {
		q = q[:i]
	}
	return fmt.Sprintf("%s... (%d bytes)", q, len(b))
}

// utf8Max is the most bytes a rune takes: past MaxQuoted, enough for
// Quote to find a rune boundary and see that it cut.
const utf8Max = 4

// readKernels reads the entry points of a .sym file.
func readKernels(name string) ([]string, error) {
	data, err := inputfile.Read(name, inputfile.SymbolFile)
	if err != nil {
		return nil, readError(name, err)
	}
	k, err := parseKernels(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return k, nil
}

// readProperties reads an image's property sets.
func readProperties(name string) (*propset.Registry, error) {
	data, err := inputfile.Read(name, inputfile.PropertySet)
	if err != nil {
		return nil, readError(name, err)
	}
	return propset.Parse(data, name)
}

// exportedFunctions lists the functions an image exports to other images
// (SYCL/exported symbols).
func exportedFunctions(reg *propset.Registry) []string {
	set, ok := reg.Set(exportedSymbols)
	if !ok {
		return nil
	}
	var out []string
	for _, p := range set.Properties() {
		out = append(out, p.Name)
	}
	return out
}

// The property set of the functions an image exports to other images
// (SYCL_EXTERNAL functions of the per-TU path's images).
const exportedSymbols = "SYCL/exported symbols"

// importsAny reports whether the image (its property sets) imports one of
// names (SYCL/imported symbols).
func importsAny(reg *propset.Registry, names []string) bool {
	set, ok := reg.Set(importedSymbols)
	if !ok {
		return false
	}
	for _, n := range names {
		if _, ok := set.Get(n); ok {
			return true
		}
	}
	return false
}

// The property set of the functions an image calls in other images (the
// bfloat16 device library's, the per-TU path's SYCL_EXTERNAL functions).
const importedSymbols = "SYCL/imported symbols"
