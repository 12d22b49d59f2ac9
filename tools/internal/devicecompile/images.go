package devicecompile

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvspec"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit"
)

// writeImages stages every image, its .prop and .sym files and the table.
// The device-library images the library's post-link adds (bfloat16's, for
// a TU calling it) are left out: the program wraps them once, from the
// toolchain's -devicelibs action, not once per TU.
// Images that read SYCL 2020 specialization constants come from the
// library unlowered (its post-link runs no SpecConstantsPass): they are
// lowered to SPIR-V spec constants here, with their property sets
// (tools/internal/spirvspec).
func writeImages(out *atomicfile.Staging, c *Config, res *sycljit.Result) error {
	t := newImageTable(out, c.OutDir, c.Table)
	if c.Format == "ptx" {
		return writePTXImages(t, c, res)
	}
	i := 0
	for _, img := range res.Images {
		if isDeviceLib(img) {
			continue
		}
		if img.Format != sycljit.FormatSPIRV {
			return &sycljit.ABIError{Msg: fmt.Sprintf("image %d has format %d, not SPIR-V", i, img.Format)}
		}
		name := strconv.Itoa(i)
		bin := img.Binary
		if spirvspec.Uses(bin) {
			if c.Translator == "" || c.LLVMAs == "" || c.LLVMDis == "" {
				return fmt.Errorf("%s: reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them needs -translator, -llvm-as and -llvm-dis (llvm-spirv-15, llvm-as-15, llvm-dis-15)", c.Src)
			}
			var err error
			bin, err = spirvspec.Lower(bin, t.base(name)+".spv", img.Properties, spirvspec.Tools{Translator: c.Translator, Assembler: c.LLVMAs, Disassembler: c.LLVMDis}, c.SpecConstants)
			if err != nil {
				return err
			}
		}
		if err := t.add(name, bin, img.Properties, img.Symbols); err != nil {
			return err
		}
		i++
	}
	return t.write()
}

// writePTXImages stages PTX images (their specialization constants
// lowered in compilePTX).
func writePTXImages(t *imageTable, c *Config, res *sycljit.Result) error {
	t.ext = ".ptx"
	for i, img := range res.Images {
		if img.Format != sycljit.FormatPTX {
			return &sycljit.ABIError{Msg: fmt.Sprintf("image %d has format %d, not PTX", i, img.Format)}
		}
		if err := t.add(strconv.Itoa(i), img.Binary, img.Properties, img.Symbols); err != nil {
			return err
		}
	}
	return t.write()
}

// imageTable stages device images, each as <stem>_<name><ext> (.spv
// unless set), .prop and .sym in the output directory, and then their
// file table (the columns the wrapper reads).
type imageTable struct {
	out       *atomicfile.Staging
	dir, path string
	stem      string
	ext       string
	table     filetable.Table
}

func newImageTable(out *atomicfile.Staging, dir, path string) *imageTable {
	return &imageTable{
		out: out, dir: dir, path: path,
		stem:  strings.TrimSuffix(filepath.Base(path), ".table"),
		ext:   ".spv",
		table: filetable.Table{Columns: []string{filetable.ColumnCode, filetable.ColumnProperties, filetable.ColumnSymbols}},
	}
}

// base is the path, without extension, of the image called name.
func (t *imageTable) base(name string) string {
	return filepath.Join(t.dir, t.stem+"_"+name)
}

// add stages one image, its property sets and its entry points.
func (t *imageTable) add(name string, bin []byte, props *propset.Registry, symbols []string) error {
	base := t.base(name)
	prop, err := props.Bytes()
	if err != nil {
		return fmt.Errorf("%s.prop: %v", base, err)
	}
	var sym strings.Builder
	for _, s := range symbols {
		sym.WriteString(s + "\n")
	}
	for _, f := range []struct {
		ext  string
		data []byte
	}{{t.ext, bin}, {".prop", prop}, {".sym", []byte(sym.String())}} {
		if err := t.out.WriteFile(base+f.ext, f.data); err != nil {
			return err
		}
	}
	return t.table.AddRow(base+t.ext, base+".prop", base+".sym")
}

// write stages the file table of the images added.
func (t *imageTable) write() error {
	var buf strings.Builder
	if err := t.table.Write(&buf); err != nil {
		return err
	}
	return t.out.WriteFile(t.path, []byte(buf.String()))
}
