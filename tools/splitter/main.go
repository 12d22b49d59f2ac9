// Command splitter is a drop-in for DPC++'s sycl-post-link: it splits a
// linked device module into device images and writes the file table
// ([Code|Properties|Symbols]) that the offload wrapper consumes.
//
// Memory stays below twice the input text however many images there are
// (about 1.1-1.25x on the 14 MB module of tests/bench/split, any -split):
// the input is mapped read-only (bitcode is disassembled into a temporary
// file that is mapped the same way) and its pages are handed back to the
// page cache while parsing, grouping, building the graph and every megabyte
// of images written; the parsed module keeps about half a byte per input
// byte; images are extracted one at a time and streamed to their files; the
// GC runs at 25% heap growth. With bitcode output (no -S), each image goes
// through a temporary text file into llvm-as, at most one llvm-as per CPU;
// llvm-as's start-up (~15 ms of the ~20 ms it takes per small image)
// dominates that mode: see tests/bench/split.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/imagec"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

func main() {
	// The parsed module is small next to its (mapped) text and images are
	// streamed, so the live heap stays a few MB: collect at 25% growth
	// instead of 100% to keep the peak near it (the extra collections cost
	// milliseconds). GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(25)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stderr))
}

// outputSpec is one -o: a table file, optionally for a device target.
type outputSpec struct{ target, file string }

type outputList []outputSpec

func (o *outputList) String() string { return "" }
func (o *outputList) Set(v string) error {
	if i := strings.IndexByte(v, ','); i >= 0 {
		*o = append(*o, outputSpec{target: v[:i], file: v[i+1:]})
	} else {
		*o = append(*o, outputSpec{file: v})
	}
	return nil
}

type config struct {
	input       string
	outputs     outputList
	outDir      string
	text        bool
	splitMode   string
	symbols     bool
	properties  bool
	specConst   string
	irOnly      bool
	onlyKernels bool
	allowDeps   bool
	llvmAs      string
	llvmDis     string
	// imagec: assemble bitcode images in tools/imagec processes (one per
	// worker) instead of one llvm-as per image.
	imagec string
	// deviceLibDir: -device-lib-dir (bf16 device-library images).
	deviceLibDir string
	// Property sets requested by -emit-* / -device-globals.
	programMetadata, exportedSymbols, importedSymbols, kernelNames, paramInfo, deviceGlobals bool
	// -lower-esimd is accepted only for modules without ESIMD code.
	splitESIMD, lowerESIMD, defaultSpecConsts bool
	// splitByRequirements: -split-by-device-requirements (not in
	// sycl-post-link; see split.Options.SplitByDeviceRequirements).
	splitByRequirements bool
	idQueriesRange      string
	// splitGiven: -split was on the command line (see separateESIMD).
	splitGiven bool
	// lowerSpecConsts: -spec-const was given and the module calls the
	// spec-constant intrinsics (see specconst.go).
	lowerSpecConsts bool
}

func parseArgs(args []string) (*config, error) {
	c := &config{input: "-"}
	fs := flag.NewFlagSet("splitter", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&c.outputs, "o", "output file table (repeatable), or TARGET,FILE")
	fs.StringVar(&c.outDir, "out-dir", "", "directory for generated files")
	fs.BoolVar(&c.text, "S", false, "write textual IR (.ll) instead of bitcode")
	fs.StringVar(&c.splitMode, "split", "none", "kernel|source|auto|none (also per_kernel|per_source|off)")
	fs.BoolVar(&c.symbols, "symbols", false, "write .sym files")
	fs.BoolVar(&c.properties, "properties", false, "write .prop files")
	fs.StringVar(&c.specConst, "spec-const", "", "native|emulation: lower specialization constants")
	fs.BoolVar(&c.irOnly, "ir-output-only", false, "write a single IR file, no table")
	fs.BoolVar(&c.onlyKernels, "emit-only-kernels-as-entry-points", false, "SYCL_EXTERNAL functions are not entry points")
	fs.BoolVar(&c.allowDeps, "allow-device-image-dependencies", false, "dynamic linking between device images")
	fs.BoolVar(&c.allowDeps, "support-dynamic-linking", false, "older name of -allow-device-image-dependencies")
	fs.BoolVar(&c.allowDeps, "exclude-external-functions", false, "oldest name of -allow-device-image-dependencies")
	fs.StringVar(&c.llvmAs, "llvm-as", "", "llvm-as used to write bitcode (default: the first of llvm-as-15, llvm-as-16, ..., llvm-as on PATH that reads the images)")
	fs.StringVar(&c.llvmDis, "llvm-dis", "", "llvm-dis used to read bitcode (default: the first of llvm-dis-15, llvm-dis-16, ..., llvm-dis on PATH that reads it)")
	fs.StringVar(&c.imagec, "imagec", "", "tools/imagec helper (LLVM 15) assembling every bitcode image in-process instead of -llvm-as per image")
	fs.BoolVar(&c.programMetadata, "emit-program-metadata", false, "emit SYCL/program metadata")
	fs.BoolVar(&c.exportedSymbols, "emit-exported-symbols", false, "emit SYCL/exported symbols")
	fs.BoolVar(&c.importedSymbols, "emit-imported-symbols", false, "emit SYCL/imported symbols")
	fs.BoolVar(&c.kernelNames, "emit-kernel-names", false, "emit SYCL/kernel names")
	fs.BoolVar(&c.paramInfo, "emit-param-info", false, "emit SYCL/kernel param opt")
	fs.BoolVar(&c.deviceGlobals, "device-globals", false, "emit SYCL/device globals")
	fs.BoolVar(&c.splitESIMD, "split-esimd", false, "put SYCL and ESIMD entry points in different images")
	fs.StringVar(&c.idQueriesRange, "id-queries-range", "int", "int|uint|size_t: the range SYCL id queries fit in (misc property idQueriesRange)")
	fs.BoolVar(&c.splitByRequirements, "split-by-device-requirements", false, "with -split=none too, keep entry points with different device requirements in different images")
	fs.BoolVar(&c.lowerESIMD, "lower-esimd", false, "lower ESIMD code (modules without ESIMD code only)")
	fs.BoolVar(&c.defaultSpecConsts, "generate-device-image-default-spec-consts", false, "also write each image with spec constants at their defaults (with -spec-const)")
	var ignored bool
	// Accepted for compatibility; they do not change what this tool emits:
	// the -O levels and the two ESIMD ones tune ESIMD lowering (refused on
	// ESIMD code, see checkUnsupported, and a no-op without it), -f lets
	// bitcode go to a terminal, and -reduce-memory-usage (older
	// sycl-post-link) shared scratch memory between splits.
	for _, name := range []string{"O0", "O1", "O2", "O3", "Os", "Oz", "f", "force-disable-esimd-opt",
		"lower-esimd-force-stateless-mem", "reduce-memory-usage"} {
		fs.BoolVar(&ignored, name, false, "accepted for compatibility")
	}
	fs.StringVar(&c.deviceLibDir, "device-lib-dir", "", "directory of the bf16 device libraries (an image that needs them is an error: not supported)")
	var inputs []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) > 0 {
			inputs = append(inputs, args[0])
			args = args[1:]
		}
	}
	switch len(inputs) {
	case 0:
	case 1:
		c.input = inputs[0]
	default:
		return nil, fmt.Errorf("one input module expected, got %d: %s", len(inputs), strings.Join(inputs, " "))
	}
	if _, err := split.ParseMode(c.splitMode); err != nil {
		return nil, err
	}
	fs.Visit(func(f *flag.Flag) { c.splitGiven = c.splitGiven || f.Name == "split" })
	if _, ok := split.IDQueriesRanges[c.idQueriesRange]; !ok {
		return nil, fmt.Errorf("invalid -id-queries-range value %q (want int, uint or size_t)", c.idQueriesRange)
	}
	switch c.specConst {
	case "", "native", "emulation", "rt", "default":
	default:
		return nil, fmt.Errorf("invalid -spec-const value %q (want native or emulation)", c.specConst)
	}
	if len(c.outputs) == 0 {
		return nil, errors.New("no output specified (-o)")
	}
	// As sycl-post-link: a run that would only copy the module is a mistake.
	if (c.splitMode == "none" || c.splitMode == "off") && c.specConst == "" && !c.symbols && !c.properties &&
		!c.paramInfo && !c.programMetadata && !c.splitESIMD && !c.kernelNames && !c.exportedSymbols &&
		!c.importedSymbols && !c.deviceGlobals && !c.lowerESIMD && !c.irOnly {
		return nil, errors.New("no actions specified; nothing to do")
	}
	if c.irOnly {
		if c.symbols || c.properties || c.programMetadata || c.exportedSymbols || c.importedSymbols || c.kernelNames || c.paramInfo || c.deviceGlobals {
			return nil, errors.New("-ir-output-only cannot be combined with -symbols, -properties or -emit-*")
		}
		if c.splitMode != "auto" && c.splitMode != "none" && c.splitMode != "off" {
			return nil, errors.New("-ir-output-only is incompatible with -split=" + c.splitMode)
		}
		if c.splitESIMD {
			return nil, errors.New("-ir-output-only cannot be combined with -split-esimd")
		}
	}
	return c, nil
}

func run(args []string, stdin io.Reader, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "splitter: %v\n", err)
		return 1
	}
	// Every output (and temporary file) goes into a staging set that is
	// published at the end or discarded: a failed or interrupted run
	// leaves the previous outputs as they were.
	outs := &outputs{atomicfile.NewStaging()}
	if c.input != "-" {
		outs.Protect(c.input)
	}
	defer atomicfile.CleanupOnSignal(outs.Abort)()
	// The input is mapped: if another process truncates it while we read,
	// the access faults. Make that a panic (recovered below) rather than a
	// crash.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	// A bug must still end in one line and no partial outputs.
	defer func() {
		if r := recover(); r != nil {
			outs.Abort()
			if _, fault := r.(interface{ Addr() uintptr }); fault {
				fmt.Fprintf(stderr, "splitter: %s\n", errtext.Line(c.input+": "+errInputChanged.Error()))
				rc = 1
				return
			}
			fmt.Fprintf(stderr, "splitter: %s\n", errtext.Line(fmt.Sprintf("internal error on %s: %v", c.input, r)))
			rc = 1
		}
	}()
	err = splitModule(c, stdin, outs)
	if err == nil {
		err = outs.Commit()
	}
	if err != nil {
		outs.Abort()
		fmt.Fprintf(stderr, "splitter: %s\n", errtext.Line(err.Error()))
		return 1
	}
	return 0
}

// errInputChanged: the input file changed (shrank) while it was read.
var errInputChanged = errors.New("input file changed while being read (truncated or rewritten by another process)")

// input is the module text: a read-only mapping of a regular file (so the
// text is not in the Go heap), or what was read from a pipe or stdin, or
// the disassembly of bitcode.
type input struct {
	data   []byte
	name   string
	mapped bool
	// stat is the input file's size and time when it was opened (nil for
	// stdin), checked again before the outputs are published.
	stat os.FileInfo
	// disassembled: data is llvm-dis's text of a bitcode input, whose
	// lines mean nothing to the user.
	disassembled bool
	// written counts output bytes since the pages were last released.
	written int
}

// changed reports whether the input file's size or time differ from when
// it was opened: images cut from a file rewritten meanwhile mix two
// versions.
func (in *input) changed() bool {
	if in.stat == nil {
		return false
	}
	st, err := os.Stat(in.name)
	return err != nil || st.Size() != in.stat.Size() || !st.ModTime().Equal(in.stat.ModTime())
}

// dropPages releases the resident pages of a mapped input (see dropPages).
func (in *input) dropPages() {
	if in.mapped {
		dropPages(in.data)
	}
}

// dropWriter passes writes on to w and releases the input's pages after
// every dropBytes of images written, so that writing images (one large, or
// many small ones) does not bring the whole input back into memory.
type dropWriter struct {
	w  io.Writer
	in *input
}

const dropBytes = 1 << 20

func (d *dropWriter) Write(p []byte) (int, error) {
	if d.in.written += len(p); d.in.written >= dropBytes {
		d.in.written = 0
		d.in.dropPages()
	}
	return d.w.Write(p)
}

// readInput reads the input; release frees the mapping once the module is
// no longer used.
func readInput(c *config, stdin io.Reader, outs *outputs) (in *input, release func(), err error) {
	in = &input{name: c.input}
	release = func() {}
	if in.name == "-" {
		in.name = "<stdin>"
		in.data, err = io.ReadAll(stdin)
	} else {
		var f *os.File
		if f, err = os.Open(in.name); err == nil {
			in.stat, _ = f.Stat()
			if mapped, unmap, ok := mapFile(f); ok {
				in.data, in.mapped, release = mapped, true, unmap
			} else {
				in.data, err = io.ReadAll(f)
			}
			f.Close()
		}
	}
	if err != nil {
		release()
		return nil, func() {}, fmt.Errorf("%s: %v", in.name, err)
	}
	if llvmir.IsBitcode(in.data) {
		// A user running the splitter in sycl-post-link's place need not
		// know which LLVM wrote the input: without -llvm-dis, the first
		// llvm-dis that reads it is used.
		bitcode := in.data
		if in.mapped {
			// llvm-dis's stdin is fed from another goroutine, where a
			// fault on a shrinking mapping could not be recovered: copy
			// here (the copied pages were resident anyway) and unmap.
			bitcode = append([]byte(nil), in.data...)
			release()
			release = func() {}
		}
		text, textRelease, mapped, err := disassemble(c, bitcode, outs)
		release()
		if err != nil {
			return nil, func() {}, fmt.Errorf("%s: %v", in.name, err)
		}
		return &input{data: text, name: in.name, mapped: mapped, stat: in.stat, disassembled: true}, textRelease, nil
	}
	return in, release, nil
}

// disassemble turns bitcode into text through a temporary file in the
// outputs' staging directory, which it maps (and unlinks) like a text
// input, so the text stays out of the Go heap.
func disassemble(c *config, bitcode []byte, outs *outputs) (text []byte, release func(), mapped bool, err error) {
	dir := filepath.Dir(outputPrefix(c) + "x")
	dis := toolChoice(c.llvmDis, "llvm-dis")
	f, err := outs.TempFile(dir, "splitter-input-*.ll")
	if err != nil {
		_, err = dis.Run(nil, nil, func(tool string) error {
			text, err = llvmir.Disassemble(bitcode, tool)
			return err
		})
		return text, func() {}, false, err
	}
	defer func() { f.Close(); os.Remove(f.Name()) }()
	if _, err := dis.Run(nil, f, func(tool string) error { return llvmir.DisassembleTo(bitcode, f, tool) }); err != nil {
		return nil, func() {}, false, err
	}
	if data, unmap, ok := mapFile(f); ok {
		return data, unmap, true, nil
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, func() {}, false, err
	}
	text, err = io.ReadAll(f)
	return text, func() {}, false, err
}

func splitModule(c *config, stdin io.Reader, outs *outputs) error {
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
	c.lowerSpecConsts = c.specConst != "" && usesSpecConstants(m)
	mode, _ := split.ParseMode(c.splitMode)
	opts := split.Options{Mode: mode, EmitOnlyKernelsAsEntryPoints: c.onlyKernels, IROutputOnly: c.irOnly,
		AllowDeviceImageDependencies: c.allowDeps, SplitESIMD: separateESIMD(c, mode), Release: parsed,
		SplitByDeviceRequirements: c.splitByRequirements}
	groups := split.Groups(m, opts)
	g := split.NewGraph(m, opts)
	// Parsing touched every page of the input; from here on each image
	// touches only its entities' text. Let the kernel take the pages back
	// now and then (they stay cached), so the resident set holds the
	// working set, not the whole input.
	in.dropPages()
	if c.irOnly {
		grp := split.Group{Key: split.GlobalKey}
		for _, gr := range groups {
			grp.Entries = append(grp.Entries, gr.Entries...)
		}
		sortInts(grp.Entries)
		pool := newAssembler(c, in, outs)
		if _, err := pool.writeImage(g, 0, grp, c.outputs[0].file); err != nil {
			pool.wait()
			return err
		}
		if err := pool.locate(pool.wait()); err != nil {
			return err
		}
		if in.changed() {
			return fmt.Errorf("%s: %v", in.name, errInputChanged)
		}
		return nil
	}
	prefix := outputPrefix(c)
	irExt := ".bc"
	if c.text {
		irExt = ".ll"
	}
	tables := make([]*filetable.Table, len(c.outputs))
	for i := range tables {
		// As sycl-post-link since -properties was added (intel/llvm's
		// skip-properties-gen test): .prop files and the Properties
		// column only with -properties; the DPC++ driver and our rules
		// pass it.
		cols := []string{filetable.ColumnCode}
		if c.properties {
			cols = append(cols, filetable.ColumnProperties)
		}
		if c.symbols {
			cols = append(cols, filetable.ColumnSymbols)
		}
		tables[i] = &filetable.Table{Columns: cols}
	}
	// Images are extracted one at a time and streamed to their files; only
	// the llvm-as runs overlap (at most one per CPU, reading the text from a
	// temporary file), so memory does not grow with the number or the size
	// of the images.
	pool := newAssembler(c, in, outs)
	// Images are numbered by split (grp.ID): X_N for SYCL, X_esimd_N for
	// the ESIMD half of the same split. An image written again with its
	// spec constants at their defaults takes the next number, which
	// shifts the later splits' numbers by one; id stays the position in
	// the table.
	var cloned []int // IDs of the splits that got a default-value clone
	fileN := func(splitID int) int {
		n := splitID
		for _, c := range cloned {
			if c < splitID {
				n++
			}
		}
		return n
	}
	for id, grp := range groups {
		base := prefix + "_" + strconv.Itoa(fileN(grp.ID))
		if grp.ESIMD {
			base = prefix + "_esimd_" + strconv.Itoa(fileN(grp.ID))
		}
		esimd := split.ClassifyESIMD(m, grp.Entries)
		// writeFiles writes an image's .sym and .prop files and its rows.
		writeFiles := func(base, irPath string, img *split.Image, specConsts func(*propset.Registry), defaultClone bool) error {
			var symPath string
			if c.symbols {
				symPath = base + ".sym"
				if err := commit(symPath, split.Symbols(img), outs); err != nil {
					return err
				}
			}
			plainPropWritten := false
			for ti, o := range c.outputs {
				row := []string{irPath}
				if !c.properties {
					if c.symbols {
						row = append(row, symPath)
					}
					tables[ti].Rows = append(tables[ti].Rows, row)
					continue
				}
				propPath := base + ".prop"
				if o.target != "" {
					propPath = base + "." + o.target + ".prop"
				}
				// One .prop per target, plus one shared by the untargeted tables.
				if o.target != "" || !plainPropWritten {
					plainPropWritten = plainPropWritten || o.target == ""
					reg := split.Properties(m, img, split.PropOptions{
						Mode: mode, Target: o.target,
						ESIMDOnly: esimd == split.ESIMDOnly, MergedESIMD: esimd == split.SYCLAndESIMD,
						ProgramMetadata: c.programMetadata, ExportedSymbols: c.exportedSymbols, ImportedSymbols: c.importedSymbols,
						KernelNames: c.kernelNames, ParamInfo: c.paramInfo, DeviceGlobals: c.deviceGlobals, Release: parsed,
						SpecConstants: specConsts, SpecConstsReplacedWithDefault: defaultClone,
						AllowDeviceImageDependencies: c.allowDeps, SplitByDeviceRequirements: c.splitByRequirements,
						IDQueriesRange: split.IDQueriesRanges[c.idQueriesRange],
					})
					var buf bytes.Buffer
					if err := reg.Write(&buf); err != nil {
						return fmt.Errorf("%s: %v", propPath, err)
					}
					if err := commit(propPath, buf.Bytes(), outs); err != nil {
						return err
					}
				}
				row = append(row, propPath)
				if c.symbols {
					row = append(row, symPath)
				}
				tables[ti].Rows = append(tables[ti].Rows, row)
			}
			return nil
		}
		irPath := base + irExt
		img, err := pool.writeImage(g, id, grp, irPath)
		if err == nil && c.deviceLibDir != "" {
			err = checkNoBF16DeviceLib(m, img, in.name)
		}
		if err == nil {
			err = writeFiles(base, irPath, img, func(r *propset.Registry) { pool.addSpecConstProps(r, id) }, false)
		}
		// -generate-device-image-default-spec-consts: the image again with
		// its spec constants at their defaults, numbered next.
		if err == nil && c.defaultSpecConsts && !grp.ESIMD && pool.usesSpecConsts(id) {
			base := prefix + "_" + strconv.Itoa(fileN(grp.ID)+1)
			cloned = append(cloned, grp.ID)
			if img, err = pool.writeDefaultClone(g, id, grp, base+irExt); err == nil {
				err = writeFiles(base, base+irExt, img, nil, true)
			}
		}
		if err != nil {
			pool.wait()
			return err
		}
		if pool.failed() {
			break
		}
	}
	if err := pool.wait(); err != nil {
		return pool.locate(err)
	}
	if in.changed() {
		return fmt.Errorf("%s: %v", in.name, errInputChanged)
	}
	for i, o := range c.outputs {
		var buf bytes.Buffer
		if err := tables[i].Write(&buf); err != nil {
			return fmt.Errorf("%s: %v", o.file, err)
		}
		if err := commit(o.file, buf.Bytes(), outs); err != nil {
			return err
		}
	}
	return nil
}

// locate turns llvm-as's rejection of an image into an error at the
// input's line when the llvm-as in use rejects the input text too. A
// bitcode input's disassembly has no lines the user knows. When no
// candidate read the first image, the first one installed places the error
// and the message still says that none read it.
func (a *assembler) locate(err error) error {
	var te *llvmir.ToolError
	if err == nil || a.in.disassembled || a.pool != nil || (len(a.as.Tools) == 1 && !errors.As(err, &te)) {
		return err
	}
	tool, installed := a.as.Chosen(), []string{}
	for _, t := range a.as.Tools {
		if _, lerr := exec.LookPath(t); lerr == nil {
			installed = append(installed, t)
		}
	}
	if tool == "" && len(installed) > 0 {
		tool = installed[0]
	}
	if tool == "" {
		return err
	}
	located := llvmir.LocateAssemblyError(a.in.data, a.in.name, tool)
	switch {
	case located == nil:
		return err
	case a.as.Chosen() == "" && len(installed) > 1:
		return fmt.Errorf("%v; no LLVM tool read it (tried %s)", located, strings.Join(installed, ", "))
	}
	return located
}

// locateImagec is locate for the -imagec pool (which wait calls while the
// pool still runs): the input text goes through imagec's own LLVM 15
// assembler, the one that rejected the image.
func (a *assembler) locateImagec(err error) error {
	var ie *imagec.Error
	if err == nil || a.in.disassembled || !errors.As(err, &ie) {
		return err
	}
	aerr := a.pool.Assemble(a.in.data, llvmir.UsesOpaquePointers(a.in.data), io.Discard)
	if !errors.As(aerr, &ie) {
		return err
	}
	if located := llvmir.LocateStdinError(ie.Msg, a.in.name, filepath.Base(a.c.imagec)); located != nil {
		return located
	}
	return err
}

// separateESIMD reports whether ESIMD entry points get images of their own
// (X_esimd_N, isEsimdImage=1). sycl-post-link separated them always when it
// gained ESIMD support, later only with -split-esimd (which DPC++ drivers
// pass for SPIR-V targets); the newest one links the halves back without
// it. We separate with -split-esimd, and also with -split=auto or no -split
// as the older tool did; an explicit per-source or per-kernel split without
// -split-esimd keeps them together as the newer tool does. A single IR
// output cannot hold two images.
func separateESIMD(c *config, mode split.Mode) bool {
	if c.irOnly {
		return false
	}
	return c.splitESIMD || mode == split.ModeAuto || !c.splitGiven
}

// checkUnsupported rejects inputs that need transformations this tool
// does not implement yet, rather than silently emitting wrong images.
func checkUnsupported(c *config, m *llvmir.Module, name string) error {
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindFunction {
			continue
		}
		if err := checkSpecConstants(c, e.Name, name); err != nil {
			return err
		}
		if c.lowerESIMD && split.IsESIMD(m, e) {
			return fmt.Errorf("%s: -lower-esimd is not supported (ESIMD lowering is an intel/llvm pass); %s is an ESIMD function", name, e.Name)
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
func outputPrefix(c *config) string {
	first := c.outputs[0].file
	stem := filepath.Base(first)
	if ext := filepath.Ext(stem); ext != "" {
		stem = stem[:len(stem)-len(ext)]
	}
	dir := c.outDir
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

// toolChoice is the LLVM tool a flag names, or, without the flag, the
// versions of it to try in order (see llvmir.ToolChoice).
func toolChoice(flagValue, tool string) *llvmir.ToolChoice {
	if flagValue != "" {
		return &llvmir.ToolChoice{Tools: []string{flagValue}}
	}
	return &llvmir.ToolChoice{Tools: llvmir.ToolCandidates(tool)}
}

// assembler writes images, running llvm-as for several images at once.
type assembler struct {
	c     *config
	in    *input
	outs  *outputs
	as    *llvmir.ToolChoice
	mu    sync.Mutex
	wg    sync.WaitGroup
	slots chan struct{}
	errID int
	err   error
	// specConsts holds each lowered image's spec constants by image ID.
	specConsts map[int]*specconst.Result
	// pool: the -imagec processes, nil without -imagec.
	pool *imagec.Pool
}

func newAssembler(c *config, in *input, outs *outputs) *assembler {
	workers := runtime.NumCPU()
	if workers < 1 {
		workers = 1
	}
	a := &assembler{c: c, in: in, outs: outs, as: toolChoice(c.llvmAs, "llvm-as"), slots: make(chan struct{}, workers), errID: -1}
	if c.imagec != "" {
		a.pool = imagec.NewPool(c.imagec, []string{"serve"}, workers)
	}
	return a
}

// writeImage extracts the image of grp into path: directly for text
// output; for bitcode, into a temporary text file that an llvm-as worker
// then assembles into path.
func (a *assembler) writeImage(g *split.Graph, id int, grp split.Group, path string) (*split.Image, error) {
	if a.c.lowerSpecConsts {
		return a.writeLowered(g, id, grp, path)
	}
	if a.c.text {
		f, err := a.outs.Create(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		img, err := g.ExtractTo(grp, &dropWriter{w: f, in: a.in})
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if err := f.Close(); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		return img, nil
	}
	if a.pool != nil {
		// imagec reads the text from memory: no temporary file.
		var buf bytes.Buffer
		scan := &llvmir.PtrScanner{W: &dropWriter{w: &buf, in: a.in}}
		img, err := g.ExtractTo(grp, scan)
		scan.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		a.submitText(id, path, buf.Bytes(), scan.Found)
		return img, nil
	}
	tmp, err := a.outs.TempFile(filepath.Dir(path), filepath.Base(path)+".ll.tmp*")
	if err != nil {
		return nil, atomicfile.CreateError(path, err)
	}
	scan := &llvmir.PtrScanner{W: &dropWriter{w: tmp, in: a.in}}
	img, err := g.ExtractTo(grp, scan)
	scan.Close()
	if err == nil {
		_, err = tmp.Seek(0, io.SeekStart)
	}
	if err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	a.submit(id, path, tmp, scan.Found)
	return img, nil
}

// submit assembles the text in tmp (which it closes and removes) into path.
// Until an llvm-as has been chosen (see toolChoice), images are assembled
// one at a time, so that the first image makes the choice.
func (a *assembler) submit(id int, path string, tmp *os.File, opaque bool) {
	first := len(a.as.Tools) > 1 && a.as.Chosen() == ""
	a.run(id, path, first, func(out *os.File) error {
		_, err := a.as.Run(tmp, out, func(tool string) error {
			return llvmir.AssembleStream(tmp, out, tool, opaque)
		})
		return err
	}, func() { tmp.Close(); os.Remove(tmp.Name()) })
}

// submitText assembles text into path through the -imagec pool (LLVM 15
// always: there is no llvm-as to choose).
func (a *assembler) submitText(id int, path string, text []byte, opaque bool) {
	a.run(id, path, false, func(out *os.File) error { return a.pool.Assemble(text, opaque, out) }, func() {})
}

// run writes path with assemble on one of the worker slots (in this
// goroutine when inline), then runs cleanup.
func (a *assembler) run(id int, path string, inline bool, assemble func(out *os.File) error, cleanup func()) {
	a.slots <- struct{}{}
	a.wg.Add(1)
	if inline {
		a.assemble(id, path, assemble, cleanup)
		return
	}
	go a.assemble(id, path, assemble, cleanup)
}

func (a *assembler) assemble(id int, path string, assemble func(out *os.File) error, cleanup func()) {
	defer func() { <-a.slots; a.wg.Done() }()
	defer cleanup()
	out, err := a.outs.Create(path)
	if err == nil {
		if err = assemble(out); err != nil {
			err = fmt.Errorf("%s: %w", path, err)
		}
		if cerr := out.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("%s: %v", path, cerr)
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil {
		// Report the lowest failing image so the message is deterministic.
		if a.err == nil || id < a.errID {
			a.err, a.errID = err, id
		}
	}
}

func (a *assembler) failed() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err != nil
}

func (a *assembler) wait() error {
	a.wg.Wait()
	if a.pool != nil {
		a.err = a.locateImagec(a.err)
		if err := a.pool.Close(); err != nil && a.err == nil {
			return err
		}
	}
	return a.err
}

func commit(path string, data []byte, outs *outputs) error {
	return outs.WriteFile(path, data)
}

// outputs is the run's set of outputs, published together when the run
// succeeds (see atomicfile.Staging).
type outputs struct{ *atomicfile.Staging }

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
