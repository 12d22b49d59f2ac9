// Package postlink is what sycl-post-link does to a linked device module,
// as the splitter runs it: read the module (text, or bitcode through
// llvm-dis), check what is not supported, group the entry points into
// device images (split), and write the images and file tables through an
// imagewriter.Writer.
//
// Memory stays below twice the input text however many images there are
// (about 1.2x on the 14 MB module of tests/bench/split, any -split): the
// input is mapped read-only (bitcode is disassembled into a temporary file
// that is mapped the same way) and its pages are handed back to the page
// cache while parsing, grouping, building the graph and every megabyte of
// images written; the parsed module keeps about half a byte per input
// byte; images are extracted one at a time and streamed to their files.
package postlink

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/imagewriter"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

// Output is one -o: a table file, optionally for a device target.
type Output struct{ Target, File string }

// Config is a splitter command line.
type Config struct {
	// Input is the module's path, "-" for stdin.
	Input   string
	Outputs []Output
	OutDir  string
	// Text: .ll images instead of bitcode (-S).
	Text       bool
	SplitMode  string
	Symbols    bool
	Properties bool
	// SpecConst is -spec-const ("" when not given).
	SpecConst   string
	IROnly      bool
	OnlyKernels bool
	AllowDeps   bool
	LLVMAs      string
	LLVMDis     string
	// Imagec: assemble bitcode images in tools/imagec processes (one per
	// worker) instead of one llvm-as per image.
	Imagec string
	// DeviceLibDir: -device-lib-dir (bf16 device-library images).
	DeviceLibDir string
	// Property sets requested by -emit-* / -device-globals.
	ProgramMetadata, ExportedSymbols, ImportedSymbols, KernelNames, ParamInfo, DeviceGlobals bool
	// DeviceLibImports (-emit-devicelib-imports): the bfloat16 device
	// library's imports alone (split.PropOptions.DeviceLibImports).
	DeviceLibImports bool
	// LowerESIMD (-lower-esimd) is accepted only for modules without ESIMD
	// code.
	SplitESIMD, LowerESIMD, DefaultSpecConsts bool
	// SplitByRequirements: -split-by-device-requirements (not in
	// sycl-post-link; see split.Options.SplitByDeviceRequirements).
	SplitByRequirements bool
	IDQueriesRange      string
	// SplitGiven: -split was on the command line (see separateESIMD).
	SplitGiven bool
}

// Check rejects flag values and combinations sycl-post-link rejects.
func (c *Config) Check() error {
	if _, err := split.ParseMode(c.SplitMode); err != nil {
		return err
	}
	if _, ok := split.IDQueriesRanges[c.IDQueriesRange]; !ok {
		return fmt.Errorf("invalid -id-queries-range value %q (want int, uint or size_t)", c.IDQueriesRange)
	}
	switch c.SpecConst {
	case "", "native", "emulation", "rt", "default":
	default:
		return fmt.Errorf("invalid -spec-const value %q (want native or emulation)", c.SpecConst)
	}
	if len(c.Outputs) == 0 {
		return errors.New("no output specified (-o)")
	}
	// As sycl-post-link: a run that would only copy the module is a mistake.
	if (c.SplitMode == "none" || c.SplitMode == "off") && c.SpecConst == "" && !c.Symbols && !c.Properties &&
		!c.ParamInfo && !c.ProgramMetadata && !c.SplitESIMD && !c.KernelNames && !c.ExportedSymbols &&
		!c.ImportedSymbols && !c.DeviceGlobals && !c.LowerESIMD && !c.IROnly {
		return errors.New("no actions specified; nothing to do")
	}
	if c.IROnly {
		if c.Symbols || c.Properties || c.ProgramMetadata || c.ExportedSymbols || c.ImportedSymbols || c.KernelNames || c.ParamInfo || c.DeviceGlobals {
			return errors.New("-ir-output-only cannot be combined with -symbols, -properties or -emit-*")
		}
		if c.SplitMode != "auto" && c.SplitMode != "none" && c.SplitMode != "off" {
			return errors.New("-ir-output-only is incompatible with -split=" + c.SplitMode)
		}
		if c.SplitESIMD {
			return errors.New("-ir-output-only cannot be combined with -split-esimd")
		}
	}
	return nil
}

// Run splits the module c names into outs (which the caller publishes or
// discards).
func Run(c *Config, stdin io.Reader, outs *atomicfile.Staging) error {
	in, release, err := readInput(c, stdin, outs)
	if err != nil {
		return err
	}
	defer release()
	name := in.name
	var parsed func(int)
	if in.mapped {
		parsed = func(end int) { dropPagesBefore(in.data, end) }
	}
	m, err := llvmir.ParseReleasing(in.data, name, parsed)
	if err != nil {
		return err
	}
	if err := checkUnsupported(c, m, name); err != nil {
		return err
	}
	mode, _ := split.ParseMode(c.SplitMode)
	opts := split.Options{Mode: mode, EmitOnlyKernelsAsEntryPoints: c.OnlyKernels, IROutputOnly: c.IROnly,
		AllowDeviceImageDependencies: c.AllowDeps, SplitESIMD: separateESIMD(c, mode), Release: parsed,
		SplitByDeviceRequirements: c.SplitByRequirements}
	groups := split.Groups(m, opts)
	g := split.NewGraph(m, opts)
	// Parsing touched every page of the input; from here on each image
	// touches only its entities' text. Let the kernel take the pages back
	// now and then (they stay cached), so the resident set holds the
	// working set, not the whole input.
	in.dropPages()
	if c.IROnly {
		// One image of every entry point.
		grp := split.Group{Key: split.GlobalKey}
		for _, gr := range groups {
			grp.Entries = append(grp.Entries, gr.Entries...)
		}
		sortInts(grp.Entries)
		groups = []split.Group{grp}
	}
	w := imagewriter.New(m, g, &imagewriter.Source{Data: in.data, Name: in.name, Disassembled: in.disassembled, DropPages: in.dropPages},
		outs, writerConfig(c, mode, usesSpecConstants(m), parsed))
	for _, grp := range groups {
		if err := w.Write(grp); err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	if in.changed() {
		return fmt.Errorf("%s: %v", in.name, ErrInputChanged)
	}
	return nil
}

// writerConfig is what the image writer needs of c.
func writerConfig(c *Config, mode split.Mode, specConsts bool, parsed func(int)) imagewriter.Config {
	tables := make([]imagewriter.Table, len(c.Outputs))
	for i, o := range c.Outputs {
		tables[i] = imagewriter.Table{Target: o.Target, File: o.File}
	}
	workers := runtime.NumCPU()
	return imagewriter.Config{
		Prefix: c.outputPrefix(), Tables: tables, IROnly: c.IROnly,
		Text: c.Text, Symbols: c.Symbols, Properties: c.Properties,
		SpecConst: c.SpecConst, LowerSpecConsts: c.SpecConst != "" && specConsts, DefaultSpecConsts: c.DefaultSpecConsts,
		Props: split.PropOptions{
			Mode:            mode,
			ProgramMetadata: c.ProgramMetadata, ExportedSymbols: c.ExportedSymbols, ImportedSymbols: c.ImportedSymbols,
			DeviceLibImports: c.DeviceLibImports,
			KernelNames:      c.KernelNames, ParamInfo: c.ParamInfo, DeviceGlobals: c.DeviceGlobals, Release: parsed,
			AllowDeviceImageDependencies: c.AllowDeps, SplitByDeviceRequirements: c.SplitByRequirements,
			IDQueriesRange: split.IDQueriesRanges[c.IDQueriesRange],
		},
		CheckBF16DeviceLib: c.DeviceLibDir != "",
		LLVMAs:             c.LLVMAs, Imagec: c.Imagec, Workers: workers,
	}
}

// separateESIMD reports whether ESIMD entry points get images of their own
// (X_esimd_N, isEsimdImage=1). sycl-post-link separated them always when it
// gained ESIMD support, later only with -split-esimd (which DPC++ drivers
// pass for SPIR-V targets); the newest one links the halves back without
// it. We separate with -split-esimd, and also with -split=auto or no -split
// as the older tool did; an explicit per-source or per-kernel split without
// -split-esimd keeps them together as the newer tool does. A single IR
// output cannot hold two images.
func separateESIMD(c *Config, mode split.Mode) bool {
	if c.IROnly {
		return false
	}
	return c.SplitESIMD || mode == split.ModeAuto || !c.SplitGiven
}

// checkUnsupported rejects inputs that need transformations this tool
// does not implement yet, rather than silently emitting wrong images.
func checkUnsupported(c *Config, m *llvmir.Module, name string) error {
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindFunction {
			continue
		}
		if err := checkSpecConstants(c, e.Name, name); err != nil {
			return err
		}
		if c.LowerESIMD && split.IsESIMD(m, e) {
			return fmt.Errorf("%s: -lower-esimd is not supported (ESIMD lowering is an intel/llvm pass); %s is an ESIMD function", name, e.Name)
		}
	}
	return nil
}

// Markers of the spec-constant intrinsics: 2020 ones are lowered; the
// pre-2020 ones (SYCL 1.2.1 experimental API) are rejected.
var (
	specConst2020Markers   = []string{"__sycl_getScalar2020SpecConstantValue", "__sycl_getComposite2020SpecConstantValue"}
	specConstLegacyMarkers = []string{"__sycl_getScalarSpecConstantValue", "__sycl_getCompositeSpecConstantValue"}
)

func usesSpecConstants(m *llvmir.Module) bool {
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindFunction {
			continue
		}
		for _, mk := range specConst2020Markers {
			if strings.Contains(e.Name, mk) {
				return true
			}
		}
	}
	return false
}

// checkSpecConstants rejects what the lowering does not cover.
func checkSpecConstants(c *Config, fn, input string) error {
	if c.SpecConst == "" && !c.DefaultSpecConsts {
		return nil
	}
	for _, mk := range specConstLegacyMarkers {
		if strings.Contains(fn, mk) {
			return fmt.Errorf("%s: pre-SYCL-2020 specialization constants are not supported; module uses %s", input, fn)
		}
	}
	if c.DefaultSpecConsts && c.SpecConst == "" {
		for _, mk := range specConst2020Markers {
			if strings.Contains(fn, mk) {
				return fmt.Errorf("%s: -generate-device-image-default-spec-consts needs -spec-const; module uses %s", input, fn)
			}
		}
	}
	return nil
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// outputPrefix is -out-dir (or the first table's directory) plus the first
// table's file name without its extension.
func (c *Config) outputPrefix() string {
	first := c.Outputs[0].File
	stem := filepath.Base(first)
	if ext := filepath.Ext(stem); ext != "" {
		stem = stem[:len(stem)-len(ext)]
	}
	dir := c.OutDir
	if dir == "" {
		if i := strings.LastIndexByte(first, '/'); i >= 0 {
			dir = first[:i]
			if dir == "" {
				dir = "/"
			}
		}
	}
	if dir == "" {
		return stem
	}
	return strings.TrimSuffix(dir, "/") + "/" + stem
}
