// Package unwrap turns the SYCL binary descriptors read back from an ELF
// file (package devicebinaries) into the inputs of tools/wrapper: every
// device image's bytes, its property sets (.prop) and offload entries
// (.sym), a file table ([Code|Properties|Symbols]) for each run of images
// that share target, format and options, and a param file of the
// wrapper's options and tables, so that `wrapper -o OUT @ARGS` builds the
// same descriptor again.
//
// Layout, per descriptor I (in address order, as bundler inspect lists
// them), under the output directory:
//
//	descriptor-I/image-J.{spv,bc,bin,zst}   the image bytes
//	descriptor-I/image-J.prop, image-J.sym  its property sets and entries (if any)
//	descriptor-I/images-K.table             run K of images with equal options
//	descriptor-I/wrapper.args               -host, -kind and ABI options, then
//	                                        -target/-format/-compile-opts/-link-opts
//	                                        and the table of each run
//
// Tables and the param file name the files through the output directory as
// the caller gave it, so the wrapper runs from the same working directory.
package unwrap

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
)

// Options for Files.
type Options struct {
	// Dir is the output directory as the caller names it.
	Dir string
	// Host is the wrapper's -host triple (x86_64-unknown-linux-gnu, ...).
	Host string
	// NoRegFuncs: the file registers its descriptors itself nowhere
	// (-emit-reg-funcs=false).
	NoRegFuncs bool
	// Decompress writes compressed (format 4) images decompressed, with
	// the format their magic tells (re-wrapping them stores them
	// uncompressed); the bytes are charged to Budget.
	Decompress bool
	Budget     *inflate.Budget
}

// File is one output, named relative to the output directory.
type File struct {
	Name string
	Data []byte
}

// Error reports a descriptor that the wrapper's inputs cannot express
// (Image -1: the descriptor as a whole).
type Error struct {
	Descriptor, Image int
	Msg               string
}

func (e *Error) Error() string {
	if e.Image < 0 {
		return fmt.Sprintf("descriptor %d: %s", e.Descriptor, e.Msg)
	}
	return fmt.Sprintf("descriptor %d: image %d: %s", e.Descriptor, e.Image, e.Msg)
}

// DirName is the directory of descriptor i's files.
func DirName(i int) string { return fmt.Sprintf("descriptor-%d", i) }

// ArgsName is the name of the wrapper's param file in a descriptor's
// directory.
const ArgsName = "wrapper.args"

// Files returns the files of descs[i] for every i in which (nil: all), in a
// fixed order.
func Files(descs []devicebinaries.Descriptor, which []int, opt Options) ([]File, error) {
	if which == nil {
		for i := range descs {
			which = append(which, i)
		}
	}
	var out []File
	for _, i := range which {
		fs, err := descriptorFiles(i, &descs[i], opt)
		if err != nil {
			return nil, err
		}
		out = append(out, fs...)
	}
	return out, nil
}

// group is the per-image options a file table's rows share.
type group struct{ target, format, compileOpts, linkOpts string }

func descriptorFiles(di int, d *devicebinaries.Descriptor, opt Options) ([]File, error) {
	fail := func(img int, format string, args ...interface{}) error {
		return &Error{Descriptor: di, Image: img, Msg: fmt.Sprintf(format, args...)}
	}
	dir := DirName(di)
	ref := func(name string) string { return filepath.Join(opt.Dir, dir, name) }
	args := []string{"-host=" + opt.Host, "-kind=sycl"}
	if len(d.Images) > 0 {
		v, newEntries := d.Images[0].Version, d.Images[0].NewEntries
		for j, img := range d.Images {
			switch {
			case img.Version != v:
				return nil, fail(j, "image version %d after %d: the wrapper writes one version for all", img.Version, v)
			case img.Version != descriptor.ImageVersion2 && img.Version != descriptor.ImageVersion3:
				return nil, fail(j, "image version %d: the wrapper writes 2 or 3", img.Version)
			case len(img.Entries) > 0 && img.NewEntries != newEntries:
				return nil, fail(j, "offload entry layouts differ between images: the wrapper writes one for all")
			case img.Kind != descriptor.KindSYCL:
				return nil, fail(j, "offload kind %d: the wrapper writes SYCL (%d) only", img.Kind, descriptor.KindSYCL)
			}
			if len(img.Entries) > 0 {
				newEntries = img.NewEntries
			}
		}
		if v == descriptor.ImageVersion2 {
			args = append(args, "-image-version=2")
		}
		if newEntries {
			args = append(args, "-new-offload-entries")
		}
	}
	if name := strings.TrimPrefix(d.Symbol, ".sycl_offloading."); name != d.Symbol && name != "descriptor" {
		args = append(args, "-desc-name="+name)
	}
	if opt.NoRegFuncs {
		args = append(args, "-emit-reg-funcs=false")
	}
	args = append(args, "-batch")

	var files []File
	var table *filetable.Table
	var last group
	tables := 0
	flush := func() error {
		if table == nil {
			return nil
		}
		var b bytes.Buffer
		if err := table.Write(&b); err != nil {
			return err
		}
		name := fmt.Sprintf("images-%d.table", tables)
		files = append(files, File{Name: filepath.Join(dir, name), Data: b.Bytes()})
		args = append(args, "-target="+last.target, "-format="+last.format,
			"-compile-opts="+last.compileOpts, "-link-opts="+last.linkOpts, positional(ref(name)))
		tables++
		table = nil
		return nil
	}
	for j, img := range d.Images {
		data, format := img.Data, descriptor.Format(img.Format)
		if opt.Decompress && format == descriptor.FormatCompressedNone {
			var err error
			if data, err = decompress(data, opt.Budget); err != nil {
				return nil, fail(j, "%v", err)
			}
			format = sniff(data)
		}
		g := group{target: img.Target, format: format.Name(), compileOpts: img.CompileOptions, linkOpts: img.LinkOptions}
		if g.format == "" {
			return nil, fail(j, "format %d has no wrapper -format name", img.Format)
		}
		for _, s := range []string{g.target, g.compileOpts, g.linkOpts} {
			if strings.ContainsAny(s, "\n\r") {
				return nil, fail(j, "target or options %s hold a line break, which a param file cannot", errtext.Quote(s))
			}
		}
		if table == nil || g != last {
			if err := flush(); err != nil {
				return nil, fail(j, "%v", err)
			}
			table = &filetable.Table{Columns: []string{filetable.ColumnCode, filetable.ColumnProperties, filetable.ColumnSymbols}}
			last = g
		}
		code := fmt.Sprintf("image-%d.%s", j, extension(format))
		files = append(files, File{Name: filepath.Join(dir, code), Data: data})
		var prop, sym string
		if img.Properties != nil && img.Properties.Len() > 0 {
			b, err := img.Properties.Bytes()
			if err != nil {
				return nil, fail(j, "property sets: %v", err)
			}
			prop = fmt.Sprintf("image-%d.prop", j)
			files = append(files, File{Name: filepath.Join(dir, prop), Data: b})
		}
		if len(img.Entries) > 0 {
			var b strings.Builder
			for _, e := range img.Entries {
				if e == "" || strings.ContainsAny(e, "\n") || strings.HasSuffix(e, "\r") {
					return nil, fail(j, "offload entry %s cannot be a .sym line", errtext.Quote(e))
				}
				b.WriteString(e + "\n")
			}
			sym = fmt.Sprintf("image-%d.sym", j)
			files = append(files, File{Name: filepath.Join(dir, sym), Data: []byte(b.String())})
		}
		cells := []string{ref(code), "", ""}
		if prop != "" {
			cells[1] = ref(prop)
		}
		if sym != "" {
			cells[2] = ref(sym)
		}
		table.AddRow(cells...)
	}
	if err := flush(); err != nil {
		return nil, fail(-1, "%v", err)
	}
	var b strings.Builder
	for _, a := range args {
		if strings.ContainsAny(a, "\n\r") {
			return nil, fail(-1, "argument %s holds a line break, which a param file cannot", errtext.Quote(a))
		}
		b.WriteString(a + "\n")
	}
	files = append(files, File{Name: filepath.Join(dir, ArgsName), Data: []byte(b.String())})
	return files, nil
}

// positional keeps a path that starts with '-' from reading as an option.
func positional(p string) string {
	if strings.HasPrefix(p, "-") {
		return "." + string(filepath.Separator) + p
	}
	return p
}

// decompress expands a format 4 image: one zstd frame that records its
// content size, as the runtime requires.
func decompress(data []byte, budget *inflate.Budget) ([]byte, error) {
	var h zstd.Header
	if err := h.Decode(data); err != nil {
		return nil, fmt.Errorf("compressed image: %v", err)
	}
	if !h.HasFCS {
		return nil, fmt.Errorf("compressed image: the zstd frame does not record its content size")
	}
	if budget == nil {
		budget = inflate.New(inflate.DefaultLimit)
	}
	out, err := budget.Decompress(nil, data, inflate.Zstd, h.FrameContentSize)
	if err != nil {
		return nil, fmt.Errorf("compressed image: %v", err)
	}
	return out, nil
}

// sniff tells a decompressed image's format by its magic, as the runtime
// does after decompressing: SPIR-V, LLVM bitcode (raw or wrapped), or none.
func sniff(data []byte) descriptor.Format {
	switch {
	case bytes.HasPrefix(data, []byte{0x03, 0x02, 0x23, 0x07}):
		return descriptor.FormatSPIRV
	case bytes.HasPrefix(data, []byte("BC\xc0\xde")), bytes.HasPrefix(data, []byte{0xde, 0xc0, 0x17, 0x0b}):
		return descriptor.FormatLLVMBC
	}
	return descriptor.FormatNone
}

// extension names an image file by format.
func extension(f descriptor.Format) string {
	switch f {
	case descriptor.FormatSPIRV:
		return "spv"
	case descriptor.FormatLLVMBC:
		return "bc"
	case descriptor.FormatCompressedNone:
		return "zst"
	}
	return "bin"
}
