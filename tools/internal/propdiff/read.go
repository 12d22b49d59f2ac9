// Package propdiff compares, kernel by kernel, the property sets of two file
// tables of device images: ours (the splitter's, after the device link, any
// split mode) and theirs (libsycl-jit's sycl-post-link with per_kernel
// split, one translation unit at a time). It reports every difference in
// what the runtime sees for a kernel, except the listed intended ones
// (Allowed).
package propdiff

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Image is one row of a file table: its property sets and entry points.
type Image struct {
	// Name identifies the image in messages: the table's file name and
	// the row (table.table#2).
	Name    string
	Entries []string
	Props   *propset.Registry
}

// Table is the images of one file table, in row order.
type Table struct {
	File   string
	Images []*Image
	// Read lists the .prop and .sym files the rows named: inputs that a
	// report must not replace.
	Read []string
}

// ReadError names the file that could not be read or parsed.
type ReadError struct {
	File string
	Err  error
}

func (e *ReadError) Error() string { return fmt.Sprintf("%s: %v", e.File, e.Err) }
func (e *ReadError) Unwrap() error { return e.Err }

// ReadTable reads a [Code|Properties|Symbols] table and each row's .prop
// and .sym files. Relative cells are paths from the current directory, as
// the wrapper reads them.
func ReadTable(file string) (*Table, error) {
	data, err := inputfile.Read(file, inputfile.FileTable)
	if err != nil {
		return nil, err // names file
	}
	return ParseTable(data, file, inputfile.Read)
}

// ParseTable parses table text; read returns the contents of a .prop or
// .sym file named by a cell (inputfile.Read, or a test's files), of at most
// the kind's limit.
func ParseTable(data []byte, file string, read func(string, inputfile.Kind) ([]byte, error)) (*Table, error) {
	ft, err := filetable.Parse(data, file)
	if err != nil {
		return nil, err // a *filetable.ParseError, naming file and line
	}
	props, ok := ft.Column(filetable.ColumnProperties)
	if !ok {
		return nil, &ReadError{File: file, Err: fmt.Errorf("no %s column", filetable.ColumnProperties)}
	}
	syms, ok := ft.Column(filetable.ColumnSymbols)
	if !ok {
		return nil, &ReadError{File: file, Err: fmt.Errorf("no %s column", filetable.ColumnSymbols)}
	}
	t := &Table{File: file}
	base := file[strings.LastIndexByte(file, '/')+1:]
	for r := range ft.Rows {
		img := &Image{Name: fmt.Sprintf("%s#%d", base, r+1)}
		if props[r] == "" || syms[r] == "" {
			return nil, &ReadError{File: file, Err: fmt.Errorf("row %d: empty %s or %s cell", r+1, filetable.ColumnProperties, filetable.ColumnSymbols)}
		}
		pdata, err := read(props[r], inputfile.PropertySet)
		if err != nil {
			return nil, readError(props[r], err)
		}
		if img.Props, err = propset.Parse(pdata, props[r]); err != nil {
			return nil, err // a *propset.ParseError, naming file and line
		}
		sdata, err := read(syms[r], inputfile.SymbolFile)
		if err != nil {
			return nil, readError(syms[r], err)
		}
		if img.Entries, err = ParseSymbols(sdata); err != nil {
			return nil, &ReadError{File: syms[r], Err: err}
		}
		t.Images = append(t.Images, img)
		t.Read = append(t.Read, props[r], syms[r])
	}
	return t, nil
}

// readError names file, unless err does (inputfile's and os's errors).
func readError(file string, err error) error {
	var pe *os.PathError
	var nr *inputfile.NotRegularError
	var tl *inputfile.TooLargeError
	if errors.As(err, &pe) || errors.As(err, &nr) || errors.As(err, &tl) {
		return err
	}
	return &ReadError{File: file, Err: err}
}

// ParseSymbols reads a .sym file: one entry name a line, blank lines
// skipped (the wrapper makes an entry of each non-empty line). A name
// listed twice is an error: an image cannot define one symbol twice.
func ParseSymbols(data []byte) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		if strings.ContainsAny(line, "\x00") {
			return nil, fmt.Errorf("line %d: NUL byte", i+1)
		}
		if seen[line] {
			return nil, fmt.Errorf("line %d: entry %s listed twice", i+1, errtext.Quote(line))
		}
		seen[line] = true
		out = append(out, line)
	}
	return out, nil
}
