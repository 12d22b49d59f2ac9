// Package imagewriter writes the device images of a split module: for each
// group (the entry points of one device image) it extracts the image,
// lowers its spec constants, writes its .prop and .sym files, assembles it
// (llvm-as per image, or one tools/imagec process per worker) and records
// its row; Close writes the file tables ([Code|Properties|Symbols]).
//
// Its lifecycle is that of archive/zip's Writer: New, then Write once per
// group in table order, then Close. Every file goes into an
// atomicfile.Staging that the caller publishes or discards.
package imagewriter

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

// Table is one file table to write: File, for device target Target ("" for
// an untargeted table, whose images share one .prop file).
type Table struct{ Target, File string }

// Config says what to write.
type Config struct {
	// Prefix is the images' path without the _N suffix (X in X_0.bc).
	Prefix string
	// Tables are the file tables; with IROnly, Tables[0].File is the one
	// image written and no table is.
	Tables []Table
	IROnly bool
	// Text writes .ll images instead of bitcode.
	Text       bool
	Symbols    bool
	Properties bool
	// SpecConst is the -spec-const mode ("" for none); LowerSpecConsts
	// says the module calls the spec-constant intrinsics, so images are
	// lowered. DefaultSpecConsts writes each image that has spec
	// constants again with their default values.
	SpecConst         string
	LowerSpecConsts   bool
	DefaultSpecConsts bool
	// Props holds the property options common to every image (the
	// per-image and per-target fields are filled in by the writer).
	Props split.PropOptions
	// CheckBF16DeviceLib rejects images that need the bf16 device
	// libraries (-device-lib-dir).
	CheckBF16DeviceLib bool
	// LLVMAs is the llvm-as to run per image ("": the first of
	// llvm-as-15, llvm-as-16, ... that reads the first image); Imagec, if
	// set, is the tools/imagec helper that assembles every image instead.
	LLVMAs, Imagec string
	// Workers is how many images are assembled at once (at least 1).
	Workers int
}

// Source is the module text images are cut from.
type Source struct {
	Data []byte
	// Name is the input as the user named it.
	Name string
	// Disassembled: Data is llvm-dis's text of a bitcode input, whose
	// lines mean nothing to the user.
	Disassembled bool
	// DropPages, if set, hands the resident pages of a mapped Data back
	// to the page cache.
	DropPages func()
}

// ErrClosed is returned by Write after Close.
var ErrClosed = errors.New("imagewriter: Write after Close")

// Writer writes the images of one module.
type Writer struct {
	c      Config
	m      *llvmir.Module
	g      *split.Graph
	outs   *atomicfile.Staging
	src    *Source
	tables []*filetable.Table
	as     *assembler
	files  *fileWriter
	// n is the number of groups written so far (a group's place in the
	// tables); fileOrder counts the .sym and .prop files handed to files.
	n, fileOrder int
	// cloned are the split IDs of the images that got a default-value
	// clone (see fileNumber).
	cloned []int
	// err is the first failure; closed: Close ran.
	err    error
	closed bool
}

// New returns a Writer of the images of m (whose graph is g, text src)
// into outs.
func New(m *llvmir.Module, g *split.Graph, src *Source, outs *atomicfile.Staging, c Config) *Writer {
	if c.Workers < 1 {
		c.Workers = 1
	}
	w := &Writer{c: c, m: m, g: g, outs: outs, src: src}
	w.tables = make([]*filetable.Table, len(c.Tables))
	for i := range w.tables {
		// As sycl-post-link since -properties was added (intel/llvm's
		// skip-properties-gen test): .prop files and the Properties
		// column only with -properties; the DPC++ driver and our rules
		// pass it.
		cols := []string{filetable.ColumnCode}
		if c.Properties {
			cols = append(cols, filetable.ColumnProperties)
		}
		if c.Symbols {
			cols = append(cols, filetable.ColumnSymbols)
		}
		w.tables[i] = &filetable.Table{Columns: cols}
	}
	// Images are extracted one at a time and streamed to their files; only
	// the assemblies overlap (at most Workers), so memory does not grow
	// with the number or the size of the images.
	w.as = newAssembler(&w.c, src, outs)
	w.files = newFileWriter(outs, c.Workers)
	return w
}

// fileNumber is the N of split splitID's files. Images are numbered by
// split (Group.ID): X_N for SYCL, X_esimd_N for the ESIMD half of the same
// split. An image written again with its spec constants at their defaults
// takes the next number, which shifts the later splits' numbers by one;
// the group's place in the tables does not change.
func (w *Writer) fileNumber(splitID int) int {
	n := splitID
	for _, c := range w.cloned {
		if c < splitID {
			n++
		}
	}
	return n
}

// Write writes the image of grp (and its default-value clone) and their
// table rows. After a failure, Write and Close return that failure.
func (w *Writer) Write(grp split.Group) error {
	if w.closed {
		return ErrClosed
	}
	if w.err != nil {
		return w.err
	}
	id := w.n
	w.n++
	if err := w.write(id, grp); err != nil {
		w.as.wait()
		w.files.wait()
		w.err, w.closed = err, true
		return err
	}
	if w.files.failed() {
		w.as.wait()
		w.err, w.closed = w.files.wait(), true
		return w.err
	}
	if w.as.failed() {
		// An assembly failed: stop here and report it (the lowest
		// failing image) as Close would.
		w.err, w.closed = w.as.locate(w.as.wait()), true
		return w.err
	}
	return nil
}

func (w *Writer) write(id int, grp split.Group) error {
	c := &w.c
	if c.IROnly {
		_, err := w.as.writeImage(w.g, id, grp, c.Tables[0].File)
		return err
	}
	irExt := ".bc"
	if c.Text {
		irExt = ".ll"
	}
	base := c.Prefix + "_" + strconv.Itoa(w.fileNumber(grp.ID))
	if grp.ESIMD {
		base = c.Prefix + "_esimd_" + strconv.Itoa(w.fileNumber(grp.ID))
	}
	esimd := split.ClassifyESIMD(w.m, grp.Entries)
	irPath := base + irExt
	img, err := w.as.writeImage(w.g, id, grp, irPath)
	if err == nil && c.CheckBF16DeviceLib {
		err = checkNoBF16DeviceLib(w.m, img, w.src.Name)
	}
	if err == nil {
		err = w.writeFiles(base, irPath, img, esimd, func(r *propset.Registry) { w.as.addSpecConstProps(r, id) }, w.as.paramMasks(id), false)
	}
	// The image again with its spec constants at their defaults,
	// numbered next.
	if err == nil && c.DefaultSpecConsts && !grp.ESIMD && w.as.usesSpecConsts(id) {
		base := c.Prefix + "_" + strconv.Itoa(w.fileNumber(grp.ID)+1)
		w.cloned = append(w.cloned, grp.ID)
		if img, err = w.as.writeDefaultClone(w.g, id, grp, base+irExt); err == nil {
			err = w.writeFiles(base, base+irExt, img, esimd, nil, nil, true)
		}
	}
	return err
}

// writeFiles writes an image's .sym and .prop files and its rows.
//
// masks are the parameter masks of the kernels whose spec-constant buffer
// the lowering restored (nil for a default-value clone, whose kernels read
// no buffer and keep the module's masks).
func (w *Writer) writeFiles(base, irPath string, img *split.Image, esimd split.ESIMDStatus, specConsts func(*propset.Registry), masks map[string][]bool, defaultClone bool) error {
	c := &w.c
	var symPath string
	if c.Symbols {
		symPath = base + ".sym"
		w.files.write(w.fileOrder, symPath, split.Symbols(img))
		w.fileOrder++
	}
	plainPropWritten := false
	for ti, t := range c.Tables {
		row := []string{irPath}
		if !c.Properties {
			if c.Symbols {
				row = append(row, symPath)
			}
			w.tables[ti].Rows = append(w.tables[ti].Rows, row)
			continue
		}
		propPath := base + ".prop"
		if t.Target != "" {
			propPath = base + "." + t.Target + ".prop"
		}
		// One .prop per target, plus one shared by the untargeted tables.
		if t.Target != "" || !plainPropWritten {
			plainPropWritten = plainPropWritten || t.Target == ""
			po := c.Props
			po.Target = t.Target
			po.ESIMDOnly, po.MergedESIMD = esimd == split.ESIMDOnly, esimd == split.SYCLAndESIMD
			po.SpecConstants, po.SpecConstsReplacedWithDefault = specConsts, defaultClone
			po.ParamMasks = masks
			reg := split.Properties(w.m, img, po)
			var buf bytes.Buffer
			if err := reg.Write(&buf); err != nil {
				return &FileError{File: propPath, Err: err}
			}
			w.files.write(w.fileOrder, propPath, buf.Bytes())
			w.fileOrder++
		}
		row = append(row, propPath)
		if c.Symbols {
			row = append(row, symPath)
		}
		w.tables[ti].Rows = append(w.tables[ti].Rows, row)
	}
	return nil
}

// Close waits for the images still being assembled, stops the helper
// processes and writes the tables.
func (w *Writer) Close() error {
	if w.closed {
		return w.err
	}
	w.closed = true
	ferr := w.files.wait()
	if err := w.as.wait(); err != nil {
		w.err = w.as.locate(err)
		return w.err
	}
	if ferr != nil {
		w.err = ferr
		return w.err
	}
	if w.c.IROnly {
		return nil
	}
	for i, t := range w.c.Tables {
		var buf bytes.Buffer
		if err := w.tables[i].Write(&buf); err != nil {
			w.err = &FileError{File: t.File, Err: err}
			return w.err
		}
		if err := w.outs.WriteFile(t.File, buf.Bytes()); err != nil {
			w.err = err
			return err
		}
	}
	return nil
}

// dropWriter passes writes on to w and releases the input's pages after
// every dropBytes of images written, so that writing images (one large, or
// many small ones) does not bring the whole input back into memory.
type dropWriter struct {
	w       io.Writer
	src     *Source
	written *int
}

const dropBytes = 1 << 20

func (d *dropWriter) Write(p []byte) (int, error) {
	if *d.written += len(p); *d.written >= dropBytes {
		*d.written = 0
		if d.src.DropPages != nil {
			d.src.DropPages()
		}
	}
	return d.w.Write(p)
}

// checkNoBF16DeviceLib rejects an image that calls the bf16 device library:
// sycl-post-link -device-lib-dir would append the fallback and native
// libsycl-*-bfloat16.bc images for it, which this tool does not do.
func checkNoBF16DeviceLib(m *llvmir.Module, img *split.Image, input string) error {
	for _, i := range img.Decls {
		if name := llvmir.GlobalName(m.Entities[i].Name); strings.HasPrefix(name, "__devicelib_") && strings.Contains(name, "BF16") {
			return fmt.Errorf("%s: %s needs the bf16 device-library images of -device-lib-dir, which this splitter does not produce; link libsycl-fallback-bfloat16.bc into the device code instead", input, name)
		}
	}
	return nil
}

// FileError is a failure to write one output file (an image, a .prop file
// or a table); Err says why (an *llvmir.ToolError or *imagec.Error when the
// assembler rejected the image).
type FileError struct {
	File string
	Err  error
}

func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }

func (e *FileError) Unwrap() error { return e.Err }
