// Command splitter is a drop-in for DPC++'s sycl-post-link: it splits a
// linked device module into device images and writes the file table
// ([Code|Properties|Symbols]) that the offload wrapper consumes.
//
// main only parses the flags and publishes or discards the outputs:
// tools/internal/postlink reads and splits the module, and
// tools/internal/imagewriter writes the images and tables. With bitcode
// output (no -S), images are assembled by -imagec helper processes (one per
// CPU), or else by one llvm-as per image (see tests/bench/split).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/postlink"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

func main() {
	// The parsed module is small next to its (mapped) text and images are
	// streamed, so the live heap stays a few MB: collect at 25% growth
	// instead of 100% to keep the peak near it (the extra collections cost
	// milliseconds). GOGC in the environment still wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(25)
	}
	// With --persistent_worker, the splitter serves Bazel's work requests
	// (see tools/internal/worker).
	os.Exit(worker.Main("splitter", os.Args[1:], func(args []string, stdio worker.Stdio) int {
		return run(args, stdio.Stdin, stdio.Stdout, stdio.Stderr)
	}))
}

const synopsis = `usage: splitter [-split=kernel|source|auto|none] [-symbols] [-properties] [-S]
                [-spec-const=native|emulation] [-out-dir=DIR] -o TABLE|TARGET,TABLE... [INPUT]

splits a linked device module (bitcode or textual IR; INPUT "-" or none:
standard input) into device images, as DPC++'s sycl-post-link does.`

// outputList is the repeatable -o flag.
type outputList []postlink.Output

func (o *outputList) String() string { return "" }
func (o *outputList) Set(v string) error {
	if i := strings.IndexByte(v, ','); i >= 0 {
		*o = append(*o, postlink.Output{Target: v[:i], File: v[i+1:]})
	} else {
		*o = append(*o, postlink.Output{File: v})
	}
	return nil
}

func parseArgs(args []string) (*postlink.Config, error) {
	c := &postlink.Config{Input: "-"}
	var outputs outputList
	fs := flag.NewFlagSet("splitter", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&outputs, "o", "output file table (repeatable), or TARGET,FILE")
	fs.StringVar(&c.OutDir, "out-dir", "", "directory for generated files")
	fs.BoolVar(&c.Text, "S", false, "write textual IR (.ll) instead of bitcode")
	fs.StringVar(&c.SplitMode, "split", "none", "kernel|source|auto|none (also per_kernel|per_source|off)")
	fs.BoolVar(&c.Symbols, "symbols", false, "write .sym files")
	fs.BoolVar(&c.Properties, "properties", false, "write .prop files")
	fs.StringVar(&c.SpecConst, "spec-const", "", "native|emulation: lower specialization constants")
	fs.BoolVar(&c.IROnly, "ir-output-only", false, "write a single IR file, no table")
	fs.BoolVar(&c.OnlyKernels, "emit-only-kernels-as-entry-points", false, "SYCL_EXTERNAL functions are not entry points")
	fs.BoolVar(&c.AllowDeps, "allow-device-image-dependencies", false, "dynamic linking between device images")
	fs.BoolVar(&c.AllowDeps, "support-dynamic-linking", false, "older name of -allow-device-image-dependencies")
	fs.BoolVar(&c.AllowDeps, "exclude-external-functions", false, "oldest name of -allow-device-image-dependencies")
	fs.StringVar(&c.LLVMAs, "llvm-as", "", "llvm-as used to write bitcode (default: the first of llvm-as-15, llvm-as-16, ..., llvm-as on PATH that reads the images)")
	fs.StringVar(&c.LLVMDis, "llvm-dis", "", "llvm-dis used to read bitcode (default: the first of llvm-dis-15, llvm-dis-16, ..., llvm-dis on PATH that reads it)")
	fs.StringVar(&c.Imagec, "imagec", "", "tools/imagec helper (LLVM 15) assembling every bitcode image in-process instead of -llvm-as per image")
	fs.BoolVar(&c.ProgramMetadata, "emit-program-metadata", false, "emit SYCL/program metadata")
	fs.BoolVar(&c.ExportedSymbols, "emit-exported-symbols", false, "emit SYCL/exported symbols")
	fs.BoolVar(&c.ImportedSymbols, "emit-imported-symbols", false, "emit SYCL/imported symbols")
	fs.BoolVar(&c.DeviceLibImports, "emit-devicelib-imports", false, "emit SYCL/imported symbols for the bfloat16 device library's functions only (a statically linked program's imports)")
	fs.BoolVar(&c.KernelNames, "emit-kernel-names", false, "emit SYCL/kernel names")
	fs.BoolVar(&c.ParamInfo, "emit-param-info", false, "emit SYCL/kernel param opt")
	fs.BoolVar(&c.DeviceGlobals, "device-globals", false, "emit SYCL/device globals")
	fs.BoolVar(&c.SplitESIMD, "split-esimd", false, "put SYCL and ESIMD entry points in different images")
	fs.StringVar(&c.IDQueriesRange, "id-queries-range", "int", "int|uint|size_t: the range SYCL id queries fit in (misc property idQueriesRange)")
	fs.BoolVar(&c.SplitByRequirements, "split-by-device-requirements", false, "with -split=none too, keep entry points with different device requirements in different images")
	fs.BoolVar(&c.LowerESIMD, "lower-esimd", false, "lower ESIMD code (modules without ESIMD code only)")
	fs.BoolVar(&c.DefaultSpecConsts, "generate-device-image-default-spec-consts", false, "also write each image with spec constants at their defaults (with -spec-const)")
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
	fs.StringVar(&c.DeviceLibDir, "device-lib-dir", "", "directory of the bf16 device libraries (an image that needs them is an error: not supported)")
	var inputs []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, usage.FromFlagSet(err, synopsis, fs)
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
		c.Input = inputs[0]
	default:
		return nil, fmt.Errorf("one input module expected, got %d: %s", len(inputs), strings.Join(inputs, " "))
	}
	fs.Visit(func(f *flag.Flag) { c.SplitGiven = c.SplitGiven || f.Name == "split" })
	c.Outputs = outputs
	if err := c.Check(); err != nil {
		return nil, err
	}
	return c, nil
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("splitter", err.Error()))
		return 1
	}
	// Every output (and temporary file) goes into a staging set that is
	// published at the end or discarded: a failed or interrupted run
	// leaves the previous outputs as they were.
	outs := atomicfile.NewStaging()
	if c.Input != "-" {
		outs.Protect(c.Input)
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
				fmt.Fprintln(stderr, errtext.ToolLine("splitter", c.Input+": "+postlink.ErrInputChanged.Error()))
				rc = 1
				return
			}
			fmt.Fprintln(stderr, errtext.ToolLine("splitter", fmt.Sprintf("internal error on %s: %v", c.Input, r)))
			rc = 1
		}
	}()
	err = postlink.Run(c, stdin, outs)
	if err == nil {
		err = outs.Commit()
	}
	if err != nil {
		outs.Abort()
		fmt.Fprintln(stderr, errtext.ToolLine("splitter", err.Error()))
		return 1
	}
	return 0
}
