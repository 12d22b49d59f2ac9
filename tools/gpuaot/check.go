package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/zebin"
)

const checkSynopsis = `usage: gpuaot check -ocloc=OCLOC -device=DEV -ip=MAJOR.MINOR.REV [-timeout=DUR] TABLE...

checks every zebin of the file tables (their Code column; the Symbols
column names each image's entry points): an Intel GPU ELF file
(EM_INTELGT) for the IP version MAJOR.MINOR.REV (what "ocloc ids DEV"
prints), holding every entry point of its Symbols file, that "ocloc disasm
-device DEV" turns into assembly, kernel by kernel. Prints one line per
image and a summary; exit status 1, and one line on standard error naming
the first image that fails, if any does.`

type checkConfig struct {
	ocloc, device string
	ip            zebin.IPVersion
	timeout       time.Duration
	tables        []string
}

func parseCheck(args []string) (*checkConfig, error) {
	c := &checkConfig{}
	var ip string
	fs := flag.NewFlagSet(name+" check", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.ocloc, "ocloc", "", "the ocloc to run (@rules_sycl_ocloc//:ocloc)")
	fs.StringVar(&c.device, "device", "", "the ocloc device the zebins are for (pvc, bmg-g21, ...)")
	fs.StringVar(&ip, "ip", "", "the IP version every zebin must be for (12.60.7 for pvc)")
	fs.DurationVar(&c.timeout, "timeout", defaultTimeout, "each ocloc disasm is killed after this long")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, checkSynopsis, fs)
	}
	c.tables = fs.Args()
	switch {
	case c.ocloc == "":
		return nil, errors.New("check: -ocloc is required: the ocloc to run")
	case ip == "":
		return nil, errors.New("check: -ip is required: the IP version of the device (ocloc ids DEV)")
	case c.timeout <= 0:
		return nil, fmt.Errorf("check: -timeout %v: must be positive", c.timeout)
	case len(c.tables) == 0:
		return nil, errors.New("check: no file table to check")
	}
	if err := checkDevice(c.device); err != nil {
		return nil, fmt.Errorf("check: %w", err)
	}
	var err error
	if c.ip, err = zebin.ParseIPVersion(ip); err != nil {
		return nil, fmt.Errorf("check: -ip: %w", err)
	}
	return c, nil
}

// image is one row of a table: a zebin and its symbol file.
type image struct{ code, symbols string }

func readImages(tables []string) ([]image, error) {
	var images []image
	for _, path := range tables {
		data, err := inputfile.Read(path, inputfile.FileTable)
		if err != nil {
			return nil, readError(path, err)
		}
		t, err := filetable.Parse(data, path)
		if err != nil {
			return nil, err
		}
		code, ok := t.ColumnIndex(filetable.ColumnCode)
		if !ok {
			return nil, fmt.Errorf("%s: no %s column", path, filetable.ColumnCode)
		}
		sym, ok := t.ColumnIndex(filetable.ColumnSymbols)
		if !ok {
			return nil, fmt.Errorf("%s: no %s column: the kernels of the images cannot be checked", path, filetable.ColumnSymbols)
		}
		for _, row := range t.Rows {
			images = append(images, image{row[code], row[sym]})
		}
	}
	return images, nil
}

// checkImage checks one zebin and returns what it found.
func checkImage(c *checkConfig, img image) (string, error) {
	kernels, err := readKernels(img.symbols)
	if err != nil {
		return "", err
	}
	f, err := inputfile.Open(img.code, inputfile.DeviceImage)
	if err != nil {
		return "", errors.New(unnamed(err)) // "FAIL CODE: ..." names it
	}
	z, err := zebin.Read(io.NewSectionReader(f.OS(), 0, f.Size()))
	f.Close()
	if err != nil {
		return "", err
	}
	if z.IPVersion != c.ip {
		return "", fmt.Errorf("built for IP version %v (product family %d), not %v (%s)", z.IPVersion, z.ProductFamily, c.ip, c.device)
	}
	if missing := missingKernels(z, kernels); len(missing) > 0 {
		return "", fmt.Errorf("lacks %s of %s", kernelList(missing, len(kernels)), img.symbols)
	}
	if err := disasm(c, img.code, z); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %v, zebin %s, %d kernels, disassembled", c.device, z.IPVersion, errtext.Escape(z.ZebinVersion), len(z.Kernels)), nil
}

// maxFileName is the longest file name Linux file systems take: ocloc
// disasm cannot write the assembly of a kernel whose name is longer.
const maxFileName = 255

// disasm runs ocloc disasm on a zebin into a temporary directory. ocloc
// exits 0 also when it cannot translate a kernel (it then dumps the
// kernel's bytes as ".text.NAME", not ".text.NAME.asm": a zebin for
// another device), so each kernel's assembly is required too.
func disasm(c *checkConfig, path string, z *zebin.File) error {
	dir, err := os.MkdirTemp("", "gpuaot-disasm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	r, err := runChild(c.ocloc, []string{"disasm", "-file", path, "-device", c.device, "-dump", dir, "-q"}, oclocEnv(), c.timeout)
	if err != nil {
		return fmt.Errorf("cannot run ocloc %s: %v", c.ocloc, pathError(err))
	}
	if !r.ok() {
		msg := fmt.Sprintf("ocloc disasm failed for %s (%s)", c.device, r.status(c.timeout))
		if l := firstErrorLine(r.output); l != "" {
			msg += ": " + l
		}
		return errors.New(msg)
	}
	for _, k := range z.Kernels {
		base := ".text." + k + ".asm"
		if len(base) > maxFileName {
			continue
		}
		st, err := os.Stat(filepath.Join(dir, base))
		if err != nil || st.Size() == 0 {
			return fmt.Errorf("ocloc disasm -device %s wrote no assembly of kernel %s (a zebin for another device?)", c.device, errtext.Quote(k))
		}
	}
	return nil
}

// check checks every image and reports on stdout; the error names the
// first image that failed.
func check(c *checkConfig, stdout io.Writer) error {
	images, err := readImages(c.tables)
	if err != nil {
		return err
	}
	var first error
	failed := 0
	for _, img := range images {
		what, err := checkImage(c, img)
		if err != nil {
			failed++
			if first == nil {
				first = fmt.Errorf("%s: %w", img.code, err)
			}
			fmt.Fprintln(stdout, errtext.Line(fmt.Sprintf("FAIL %s: %v", img.code, err)))
			continue
		}
		fmt.Fprintln(stdout, errtext.Line(fmt.Sprintf("ok   %s: %s", img.code, what)))
	}
	noun := "zebins"
	if len(images) == 1 {
		noun = "zebin"
	}
	fmt.Fprintf(stdout, "gpuaot check: %d %s for %s (%v): %d ok, %d failed\n", len(images), noun, c.device, c.ip, len(images)-failed, failed)
	if first != nil {
		if failed > 1 {
			return fmt.Errorf("%w (and %d more images failed)", first, failed-1)
		}
		return first
	}
	return nil
}
