// Command syclc compiles the device part of one single-source SYCL C++
// file with Intel's DPC++ front end inside libsycl-jit.so (the
// intel-sycl-rt wheel) and writes what a SYCL build needs of it:
//
//	syclc -jit=LIB -out-dir=DIR -table=DIR/NAME.table -int-header=H \
//	    -int-footer=F [-split=auto|per_kernel|per_source|off] \
//	    [-translator=LLVM_SPIRV -llvm-as=LLVM_AS -llvm-dis=LLVM_DIS] \
//	    [-format=ptx -libdevice=LIBDEVICE] \
//	    [-wheel=NAME==VERSION -sha256=HEX] -- FLAGS... SRC
//
// DIR gets NAME_<i>.spv, NAME_<i>.prop and NAME_<i>.sym per device image
// (SPIR-V after the library's own sycl-post-link: split, property sets,
// entry points) and the file table (Code|Properties|Symbols) the wrapper
// reads; H and F are DPC++'s integration header and footer, which the
// host compile of SRC includes. Every output appears or none does. FLAGS
// go to the compiler (-std, -I, -D, -O, ...); syclc adds the split mode,
// the SYCL headers' own directory (<sycl.hpp>, as DPC++ finds it),
// -fsycl-allow-device-image-dependencies (SYCL_EXTERNAL functions of other
// translation units stay imports that libsycl resolves between images)
// and the integration file options. A compile error prints the compiler's
// diagnostics, naming SRC as given. The library leaves SYCL 2020
// specialization constants unlowered; syclc lowers those of the images that
// read them with the LLVM 15 tools -translator, -llvm-as and -llvm-dis
// name (tools/internal/spirvspec), and fails without them.
//
// With -format=ptx the images are PTX for nvptx64-nvidia-cuda (NAME_<i>.ptx,
// `.target sm_75`), linked with NVIDIA's libdevice (LIBDEVICE, from the
// nvidia-nvvm wheel) for the math built-ins, through the library's PTX work-
// arounds (sycljit.CompilePTX); the integration header and footer are the
// SPIR-V compile's. A TU whose images read specialization constants is
// compiled twice: the library's front-end bitcode, with the constants
// lowered in emulation mode (read from the kernel's spec-constant buffer:
// tools/internal/bcspec, with -llvm-as and -llvm-dis of LLVM 22 or newer),
// goes back to the library, which compiles it to PTX with the constants'
// property sets.
//
//	syclc -check -jit=LIB -sha256=HEX [-wheel=NAME==VERSION] -o STAMP
//
// checks the library itself (sha256, entry points, the shape of a test
// compile: sycljit.Check) and writes STAMP; compile actions take STAMP as
// an input, so an altered library fails once, with one line naming it.
//
//	syclc -devicelibs -jit=LIB -out-dir=DIR -table=DIR/NAME.table \
//	    -native-sha256=HEX -fallback-sha256=HEX
//
// writes the bfloat16 device library's two images (NAME_fallback.spv and
// NAME_native.spv with their .prop and empty .sym) and their file table:
// the images the library's post-link adds to every compile whose device
// code calls the library (__devicelib_ConvertFToBF16INTEL, ...), from a
// compile of a tiny bfloat16 kernel; each must have its pinned sha256.
// A TU's compile leaves them out of its own images: a program wraps them
// once (the wrapper's -device-libraries), as DPC++ does.
//
//	syclc -device-link -llvm-link=LLVM_LINK -format=ptx -libdevice=LIBDEVICE \
//	    -jit=LIB -out-dir=DIR -table=DIR/NAME.table [-split=MODE] BC...
//
// links the front-end bitcode of a program's TUs (BC: the -ir outputs of
// their -format=ptx compiles) with LLVM_LINK (LLVM 22 or newer) and has the
// library compile the module (CachedIR) to PTX images with its post-link:
// SYCL_EXTERNAL calls between TUs, which the per-TU PTX leaves as externs
// ptxas cannot resolve (and libsycl cannot link for CUDA at run time), are
// resolved at build time. An image that still imports a symbol, or reads
// specialization constants (not lowered here yet), is an error.
//
// Arguments may come in a Bazel param file (@FILE); with
// --persistent_worker it serves Bazel's work requests (the library stays
// loaded between them).
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/bcspec"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/intheader"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvspec"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

const name = "syclc"

func main() {
	// Every compile on one thread: glibc gives each thread that mallocs
	// an arena of its own, and the library's ~200 MB of heap per compile
	// would otherwise stay resident in one arena per thread a worker's
	// requests happened to run on.
	runtime.LockOSThread()
	h := func(args []string, stdio worker.Stdio) int { return run(args, stdio.Stdout, stdio.Stderr) }
	if worker.IsWorker(os.Args[1:]) {
		// The protocol owns fd 1; anything the library's compiler writes
		// there would corrupt it, so fd 1 becomes stderr (the worker log).
		proto, err := protectStdout()
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			os.Exit(1)
		}
		if err := worker.Serve(os.Stdin, proto, name, h); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %s\n", name, errtext.Line(err.Error()))
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(worker.Once(name, os.Args[1:], h, worker.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}

func protectStdout() (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("dup stdout: %v", err)
	}
	if err := syscall.Dup2(2, 1); err != nil {
		return nil, fmt.Errorf("redirect stdout: %v", err)
	}
	return os.NewFile(uintptr(fd), "worker protocol"), nil
}

// Split modes and the -fsycl-device-code-split value each gives.
var splitModes = map[string]string{
	"auto":       "auto",
	"per_kernel": "per_kernel",
	"per_source": "per_source",
	"off":        "off",
}

type config struct {
	jit, wheel, sha256 string
	check              bool
	stamp              string
	// -devicelibs: the bfloat16 device library's images, pinned.
	deviceLibs                   bool
	nativeSHA256, fallbackSHA256 string
	outDir, table                string
	intHeader, intFooter         string
	split                        string
	flags                        []string
	src                          string
	// LLVM 15 tools that lower specialization constants (spirvspec).
	translator, llvmAs, llvmDis string
	// -format=ptx: PTX images, linked with libdevice.
	format, libdevice string
	// -ir (with -format=ptx): the front end's bitcode, for -device-link.
	ir string
	// -module: the TU's device code as one SPIR-V module (split off,
	// specialization constants unlowered), for the device link.
	module string
	// -device-link: the TUs' bitcode, linked with -llvm-link.
	deviceLink bool
	llvmLink   string
	bitcode    []string
}

const synopsis = `usage: syclc -jit=LIB -out-dir=DIR -table=DIR/NAME.table -int-header=H -int-footer=F [-split=MODE] [-module=SPV | -format=ptx -libdevice=FILE [-ir=BC]] -- FLAGS... SRC
       syclc -device-link -llvm-link=LLVM_LINK -format=ptx -libdevice=FILE -jit=LIB -out-dir=DIR -table=DIR/NAME.table [-split=MODE] BC...
       syclc -check -jit=LIB -sha256=HEX [-wheel=NAME==VERSION] -o STAMP
       syclc -devicelibs -jit=LIB -out-dir=DIR -table=DIR/NAME.table -native-sha256=HEX -fallback-sha256=HEX

Compiles the device part of one single-source SYCL C++ file with DPC++'s
front end in libsycl-jit.so: device images (SPIR-V, .prop, .sym) and their
file table in DIR, the integration header H and footer F. -check verifies
the library and writes STAMP. -devicelibs writes the bfloat16 device
library's images (native and fallback) that programs importing it wrap.
-device-link links the front-end bitcode of a program's TUs (-ir of their
-format=ptx compiles) and compiles the module to PTX images in DIR.`

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.jit, "jit", "", "libsycl-jit.so to compile with")
	fs.StringVar(&c.wheel, "wheel", "", "the wheel the library comes from (NAME==VERSION), for messages")
	fs.StringVar(&c.sha256, "sha256", "", "the library's pinned sha256")
	fs.BoolVar(&c.check, "check", false, "check the library and write -o")
	fs.StringVar(&c.stamp, "o", "", "with -check: the stamp file to write")
	fs.BoolVar(&c.deviceLibs, "devicelibs", false, "write the bfloat16 device library's images into -out-dir and -table")
	fs.StringVar(&c.nativeSHA256, "native-sha256", "", "with -devicelibs: the native bfloat16 image's pinned sha256")
	fs.StringVar(&c.fallbackSHA256, "fallback-sha256", "", "with -devicelibs: the fallback bfloat16 image's pinned sha256")
	fs.StringVar(&c.outDir, "out-dir", "", "directory for the device images and their .prop and .sym files")
	fs.StringVar(&c.table, "table", "", "file table to write (its name without .table names the images)")
	fs.StringVar(&c.intHeader, "int-header", "", "integration header to write")
	fs.StringVar(&c.intFooter, "int-footer", "", "integration footer to write")
	fs.StringVar(&c.split, "split", "auto", "device code split inside the translation unit: auto, per_kernel, per_source or off")
	fs.StringVar(&c.translator, "translator", "", "llvm-spirv-15: with -llvm-as and -llvm-dis, lowers the SYCL 2020 specialization constants of images that use them")
	fs.StringVar(&c.llvmAs, "llvm-as", "", "llvm-as-15, for -translator; with -format=ptx: llvm-as-22 (or newer), for specialization constants")
	fs.StringVar(&c.llvmDis, "llvm-dis", "", "llvm-dis-15, for -translator; with -format=ptx: llvm-dis-22 (or newer), which reads libsycl-jit's bitcode")
	fs.StringVar(&c.format, "format", "spirv", "device image format: spirv (spir64) or ptx (nvptx64, needs -libdevice)")
	fs.StringVar(&c.libdevice, "libdevice", "", "with -format=ptx: NVIDIA's libdevice.10.bc")
	fs.StringVar(&c.ir, "ir", "", "with -format=ptx: also write the front end's LLVM bitcode (for -device-link)")
	fs.StringVar(&c.module, "module", "", "also write the TU's device code as one SPIR-V module (split off, specialization constants unlowered) for the device link; the images in -out-dir are still split per -split")
	fs.BoolVar(&c.deviceLink, "device-link", false, "link the bitcode files given (-ir of each TU) with -llvm-link and compile the module to PTX images")
	fs.StringVar(&c.llvmLink, "llvm-link", "", "with -device-link: llvm-link-22 (or newer), which reads libsycl-jit's bitcode")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, synopsis, fs)
	}
	if c.jit == "" {
		return nil, errors.New("-jit is required")
	}
	if c.check {
		if c.stamp == "" || c.sha256 == "" {
			return nil, errors.New("-check needs -sha256 and -o")
		}
		if fs.NArg() > 0 {
			return nil, fmt.Errorf("-check takes no source (got %s)", errtext.Quote(fs.Arg(0)))
		}
		return c, nil
	}
	if c.deviceLibs {
		if err := checkDeviceLibArgs(c, fs.NArg(), fs.Arg(0)); err != nil {
			return nil, err
		}
		return c, nil
	}
	if c.deviceLink {
		if err := checkDeviceLinkArgs(c, fs.Args()); err != nil {
			return nil, err
		}
		return c, nil
	}
	if c.llvmLink != "" {
		return nil, errors.New("-llvm-link is for -device-link")
	}
	if _, ok := splitModes[c.split]; !ok {
		return nil, fmt.Errorf("-split=%s: want auto, per_kernel, per_source or off", c.split)
	}
	switch {
	case c.format != "spirv" && c.format != "ptx":
		return nil, fmt.Errorf("-format=%s: want spirv or ptx", c.format)
	case c.format == "ptx" && c.libdevice == "":
		return nil, errors.New("-format=ptx needs -libdevice (NVIDIA's libdevice.10.bc)")
	case c.format != "ptx" && c.libdevice != "":
		return nil, errors.New("-libdevice is for -format=ptx")
	case c.format != "ptx" && c.ir != "":
		return nil, errors.New("-ir is for -format=ptx")
	case c.format != "spirv" && c.module != "":
		return nil, errors.New("-module is for -format=spirv")
	case c.format == "ptx" && c.translator != "":
		return nil, errors.New("-translator is for -format=spirv (PTX images lower specialization constants with -llvm-as and -llvm-dis alone)")
	}
	for flagName, v := range map[string]string{"-out-dir": c.outDir, "-table": c.table, "-int-header": c.intHeader, "-int-footer": c.intFooter} {
		if v == "" {
			return nil, fmt.Errorf("%s is required", flagName)
		}
	}
	if !strings.HasSuffix(c.table, ".table") {
		return nil, fmt.Errorf("-table=%s: the name must end in .table", c.table)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return nil, errors.New("no source file")
	}
	c.flags, c.src = rest[:len(rest)-1], rest[len(rest)-1]
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, errtext.Line(err.Error()))
		return 1
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "%s: %s\n", name, errtext.Line(fmt.Sprintf("internal error on %s: %v", c.src, r)))
			rc = 1
		}
	}()
	if c.check {
		err = check(c)
	} else if c.deviceLibs {
		err = deviceLibs(c)
	} else if c.deviceLink {
		err = deviceLink(c)
	} else {
		err = compile(c, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, errtext.Line(c.explain(err)))
		return 1
	}
	return 0
}

// explain adds, to an error about the library, which library was meant.
func (c *config) explain(err error) string {
	var le *sycljit.LoadError
	var de *sycljit.DigestError
	var ae *sycljit.ABIError
	if !errors.As(err, &le) && !errors.As(err, &de) && !errors.As(err, &ae) {
		return err.Error()
	}
	what := "libsycl-jit"
	if c.wheel != "" {
		what += " of the " + c.wheel + " wheel"
	}
	if c.sha256 != "" {
		what += ", sha256 " + c.sha256
	}
	return fmt.Sprintf("%v (expected %s; refetch the runtime repository: bazel sync --configure, or bazel clean --expunge)", err, what)
}

func check(c *config) error {
	if _, err := sycljit.Check(c.jit, c.sha256); err != nil {
		return err
	}
	return atomicfile.WriteFile(c.stamp, []byte(fmt.Sprintf("%s %s ok\n", filepath.Base(c.jit), c.sha256)))
}

func compile(c *config, stderr io.Writer) error {
	src, err := os.ReadFile(c.src)
	if err != nil {
		return err
	}
	lib, err := sycljit.Open(c.jit)
	if err != nil {
		return err
	}
	out := atomicfile.NewStaging()
	defer out.Abort()
	stop := atomicfile.CleanupOnSignal(out.Abort)
	defer stop()
	out.Protect(c.src)
	// The library writes the integration files itself: into the staging
	// directory, so that a failed compile leaves none behind.
	header, err := out.Path(c.intHeader)
	if err != nil {
		return err
	}
	footer, err := out.Path(c.intFooter)
	if err != nil {
		return err
	}
	// -fno-discard-value-names: the library's SPIR-V writer lowers some
	// intrinsics (llvm.bitreverse) by parsing textual IR into the front
	// end's context, which discards value names by default; the library then
	// ends the process ("Can't read textual IR with a Context that discards
	// named Values"). Before the user's flags, which may turn it back off.
	args := append([]string{"-fno-discard-value-names"}, c.flags...)
	args = append(args,
		"-isystem", sycljit.SYCLHeaderDir,
		"-fsycl-device-code-split="+splitModes[c.split],
		"-fsycl-allow-device-image-dependencies",
		"-Xclang", "-fsycl-int-header="+header,
		"-Xclang", "-fsycl-int-footer="+footer,
	)
	var res *sycljit.Result
	var module []byte
	switch {
	case c.format == "ptx":
		res, err = compilePTX(lib, c, src, args)
	case c.module != "":
		res, module, err = compileModule(lib, c, src, args)
	default:
		res, err = lib.Compile(c.src, src, args)
	}
	var ce *sycljit.CompileError
	if errors.As(err, &ce) {
		io.WriteString(stderr, diagnostics(ce.Log))
		return fmt.Errorf("%s: compile failed", c.src)
	}
	if err != nil {
		return err
	}
	if res.Log != "" {
		io.WriteString(stderr, diagnostics(res.Log))
	}
	for _, f := range []string{header, footer} {
		if _, err := os.Stat(f); err != nil {
			return &sycljit.ABIError{Msg: "no integration file written: " + err.Error()}
		}
	}
	if err := describeLocalKernelNames(header); err != nil {
		return fmt.Errorf("%s: %v", c.src, err)
	}
	for _, img := range res.Images {
		if set := debugInfo(img.Binary); set != "" {
			return fmt.Errorf("%s: device debug info (-g among the device compile's flags) is not supported: libsycl-jit writes it as %s, whose forward references spirv-val rejects and which llvm-spirv-15 cannot read; drop -g from the device flags (device_copts; copts = [\"-g\"] and -c dbg debug the host code)", c.src, set)
		}
	}
	if err := writeImages(out, c, res); err != nil {
		return err
	}
	if c.module != "" {
		if err := out.WriteFile(c.module, module); err != nil {
			return err
		}
	}
	if c.ir != "" {
		if len(res.IR) == 0 {
			return &sycljit.ABIError{Msg: c.src + ": the library returned no front-end bitcode"}
		}
		if err := out.WriteFile(c.ir, res.IR); err != nil {
			return err
		}
	}
	return out.Commit()
}

// compilePTX compiles for nvptx64 with libdevice at -libdevice. Where an
// image reads SYCL 2020 specialization constants, which the library leaves
// unlowered, the front end's bitcode of the same compile is lowered in
// emulation mode (bcspec) and compiled again: the images of that compile,
// with the property sets the library writes from the lowering's metadata,
// are the result.
func compilePTX(lib *sycljit.Library, c *config, src []byte, args []string) (*sycljit.Result, error) {
	cudaPath, remove, err := sycljit.CUDAPath(c.libdevice)
	if err != nil {
		return nil, err
	}
	defer remove()
	res, err := lib.CompilePTXIR(c.src, src, args, cudaPath, sycljit.IR{Save: true})
	if err != nil || !readsSpecConstants(res) {
		return res, err
	}
	if c.llvmAs == "" || c.llvmDis == "" {
		return nil, fmt.Errorf("%s: reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them for nvptx64 needs -llvm-as and -llvm-dis of LLVM 22 or newer (llvm-as-22, llvm-dis-22: the library's bitcode is LLVM 23's)", c.src)
	}
	bc, consts, err := bcspec.Lower(res.IR, c.src, bcspec.Tools{Assembler: c.llvmAs, Disassembler: c.llvmDis})
	if err != nil {
		return nil, err
	}
	if len(consts.SpecConsts) == 0 {
		return nil, &sycljit.ABIError{Msg: c.src + ": the PTX reads specialization constants, but the front end's bitcode calls no spec-constant intrinsic"}
	}
	lowered, err := lib.CompilePTXIR(c.src, src, args, cudaPath, sycljit.IR{Cached: bc})
	if err != nil {
		return nil, err
	}
	if readsSpecConstants(lowered) {
		return nil, &sycljit.ABIError{Msg: c.src + ": the PTX still reads specialization constants after their lowering"}
	}
	for i, img := range lowered.Images {
		_, hasConsts := img.Properties.Set(specconst.SetSpecConstants)
		_, hasDefaults := img.Properties.Set(specconst.SetDefaultValues)
		if hasConsts != hasDefaults {
			return nil, &sycljit.ABIError{Msg: fmt.Sprintf("%s: image %d has one of the two specialization-constant property sets", c.src, i)}
		}
	}
	lowered.Log = res.Log
	lowered.IR = res.IR
	return lowered, nil
}

// compileModule compiles the TU twice in one front-end run: with the split
// off, to the one SPIR-V module the device link takes (its specialization
// constants left for the split to lower after the link), and the front
// end's bitcode of that compile again (CachedIR: device libraries, post-link
// and SPIR-V only) with the split args ask for, whose images carry the
// property sets libsycl-jit writes per kernel (tools/annotate puts back
// into the module what SPIR-V does not carry of them).
func compileModule(lib *sycljit.Library, c *config, src []byte, args []string) (*sycljit.Result, []byte, error) {
	off := make([]string, 0, len(args))
	for _, a := range args {
		if strings.HasPrefix(a, "-fsycl-device-code-split=") {
			a = "-fsycl-device-code-split=off"
		}
		off = append(off, a)
	}
	whole, err := lib.CompileIR(c.src, src, off, sycljit.IR{Save: true})
	if err != nil {
		return nil, nil, err
	}
	var module []byte
	for i, img := range whole.Images {
		if isDeviceLib(img) {
			continue
		}
		if module != nil || img.Format != sycljit.FormatSPIRV {
			return nil, nil, &sycljit.ABIError{Msg: fmt.Sprintf("%s: image %d of the compile with the split off: want one SPIR-V module", c.src, i)}
		}
		module = img.Binary
	}
	if module == nil {
		return nil, nil, &sycljit.ABIError{Msg: c.src + ": the compile with the split off returned no SPIR-V module"}
	}
	res, err := lib.CompileIR(c.src, src, args, sycljit.IR{Cached: whole.IR})
	if err != nil {
		return nil, nil, err
	}
	res.Log = whole.Log
	return res, module, nil
}

// readsSpecConstants reports whether a PTX image still calls a
// spec-constant intrinsic (an extern function of the PTX).
func readsSpecConstants(res *sycljit.Result) bool {
	for _, img := range res.Images {
		if specconst.Uses(img.Binary) {
			return true
		}
	}
	return false
}

// describeLocalKernelNames rewrites the integration header so that the
// host finds kernels whose name types are declared inside functions by
// the same local type the device compile named (intheader.Rewrite).
func describeLocalKernelNames(header string) error {
	data, err := os.ReadFile(header)
	if err != nil {
		return err
	}
	rewritten, local, err := intheader.Rewrite(data)
	if err != nil || len(local) == 0 {
		return err
	}
	return os.WriteFile(header, rewritten, 0o644)
}

// debugInfoSets are the extended instruction sets of SPIR-V debug info.
var debugInfoSets = []string{"NonSemantic.Shader.DebugInfo.200", "NonSemantic.Shader.DebugInfo.100", "OpenCL.DebugInfo.100"}

// debugInfo returns the debug info instruction set an image imports, or "".
// (Its OpExtInstImport holds the name as a literal string.)
func debugInfo(spv []byte) string {
	for _, set := range debugInfoSets {
		if bytes.Contains(spv, []byte(set+"\x00")) {
			return set
		}
	}
	return ""
}

// logPreamble is what the library puts before a failed compile's
// diagnostics, each of which it indents by a tab.
const logPreamble = "Device compilation failed\nDetailed information:\n"

// diagnostics gives the library's log as a compiler prints it: without the
// preamble and the indentation, so that each message starts its line with
// file:line:col as editors and CI logs expect.
func diagnostics(log string) string {
	if !strings.HasPrefix(log, logPreamble) {
		return strings.TrimRight(log, "\n") + "\n"
	}
	lines := strings.Split(strings.TrimRight(strings.TrimPrefix(log, logPreamble), "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "\t")
	}
	return strings.Join(lines, "\n") + "\n"
}

// writeImages stages every image, its .prop and .sym files and the table.
// The device-library images the library's post-link adds (bfloat16's, for
// a TU calling it) are left out: the program wraps them once, from the
// toolchain's -devicelibs action, not once per TU.
// Images that read SYCL 2020 specialization constants come from the
// library unlowered (its post-link runs no SpecConstantsPass): they are
// lowered to SPIR-V spec constants here, with their property sets
// (tools/internal/spirvspec).
func writeImages(out *atomicfile.Staging, c *config, res *sycljit.Result) error {
	t := newImageTable(out, c.outDir, c.table)
	if c.format == "ptx" {
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
			if c.translator == "" || c.llvmAs == "" || c.llvmDis == "" {
				return fmt.Errorf("%s: reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them needs -translator, -llvm-as and -llvm-dis (llvm-spirv-15, llvm-as-15, llvm-dis-15)", c.src)
			}
			var err error
			bin, err = spirvspec.Lower(bin, t.base(name)+".spv", img.Properties, spirvspec.Tools{Translator: c.translator, Assembler: c.llvmAs, Disassembler: c.llvmDis})
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
func writePTXImages(t *imageTable, c *config, res *sycljit.Result) error {
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
