// Package devicecompile is the SYCL C++ device compile of tools/syclc:
// one translation unit's device part compiled by DPC++'s front end inside
// libsycl-jit.so (tools/internal/sycljit) to device images (SPIR-V, or PTX
// with -format=ptx), their .prop and .sym files, the file table and the
// integration header and footer; and syclc's other modes: -check (the
// library itself), -devicelibs (the bfloat16 device library's images) and
// -device-link (a program's front-end bitcode linked and compiled to PTX).
// tools/syclc/main.go documents the command line.
//
// ParseArgs reads a syclc command line into a Config and Run does what it
// asks, staging every output so that all appear or none does. A failed
// compile is a *CompileError (its diagnostics went to Run's stderr), an
// unloadable or altered library a *LibraryError naming the library
// expected.
package devicecompile

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/bcspec"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/intheader"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvvars"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

// Split modes and the -fsycl-device-code-split value each gives.
var splitModes = map[string]string{
	"auto":       "auto",
	"per_kernel": "per_kernel",
	"per_source": "per_source",
	"off":        "off",
}

// Config is a syclc command line.
type Config struct {
	// JIT is libsycl-jit.so; Wheel (NAME==VERSION) and SHA256 name it in
	// messages, and SHA256 is what -check verifies.
	JIT, Wheel, SHA256 string
	// Check (-check): verify the library and write Stamp (-o).
	Check bool
	Stamp string
	// DeviceLibs (-devicelibs): the bfloat16 device library's images,
	// pinned.
	DeviceLibs                   bool
	NativeSHA256, FallbackSHA256 string
	OutDir, Table                string
	IntHeader, IntFooter         string
	Split                        string
	// Flags go to the compiler before syclc's own; Src is the source.
	Flags []string
	Src   string
	// LLVM 15 tools that lower specialization constants (spirvspec).
	Translator, LLVMAs, LLVMDis string
	// SpecConstants (-spec-constants): how SPIR-V images' specialization
	// constants are lowered, "native" (JIT images) or "emulation" (images
	// compiled ahead of time, as DPC++'s -spec-const=emulation for AOT
	// targets: the runtime cannot specialize a native binary).
	SpecConstants specconst.Mode
	// Format "ptx": PTX images, linked with Libdevice.
	Format, Libdevice string
	// IR (with -format=ptx): the front end's bitcode, for -device-link.
	IR string
	// Module: the TU's device code as one SPIR-V module (split off,
	// specialization constants unlowered), for the device link.
	Module string
	// DeviceLink: the TUs' Bitcode, linked with LLVMLink.
	DeviceLink bool
	LLVMLink   string
	Bitcode    []string
}

// Synopsis is syclc's usage text.
const Synopsis = `usage: syclc -jit=LIB -out-dir=DIR -table=DIR/NAME.table -int-header=H -int-footer=F [-split=MODE] [-spec-constants=native|emulation] [-module=SPV | -format=ptx -libdevice=FILE [-ir=BC]] -- FLAGS... SRC
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

// ParseArgs reads a syclc command line (its @FILE arguments expanded) and
// checks which flags go together; -h and -help give a usage error
// (usage.Print).
func ParseArgs(args []string) (*Config, error) {
	c := &Config{}
	fs := flag.NewFlagSet("syclc", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.JIT, "jit", "", "libsycl-jit.so to compile with")
	fs.StringVar(&c.Wheel, "wheel", "", "the wheel the library comes from (NAME==VERSION), for messages")
	fs.StringVar(&c.SHA256, "sha256", "", "the library's pinned sha256")
	fs.BoolVar(&c.Check, "check", false, "check the library and write -o")
	fs.StringVar(&c.Stamp, "o", "", "with -check: the stamp file to write")
	fs.BoolVar(&c.DeviceLibs, "devicelibs", false, "write the bfloat16 device library's images into -out-dir and -table")
	fs.StringVar(&c.NativeSHA256, "native-sha256", "", "with -devicelibs: the native bfloat16 image's pinned sha256")
	fs.StringVar(&c.FallbackSHA256, "fallback-sha256", "", "with -devicelibs: the fallback bfloat16 image's pinned sha256")
	fs.StringVar(&c.OutDir, "out-dir", "", "directory for the device images and their .prop and .sym files")
	fs.StringVar(&c.Table, "table", "", "file table to write (its name without .table names the images)")
	fs.StringVar(&c.IntHeader, "int-header", "", "integration header to write")
	fs.StringVar(&c.IntFooter, "int-footer", "", "integration footer to write")
	fs.StringVar(&c.Split, "split", "auto", "device code split inside the translation unit: auto, per_kernel, per_source or off")
	fs.StringVar(&c.Translator, "translator", "", "llvm-spirv-15: with -llvm-as and -llvm-dis, lowers the SYCL 2020 specialization constants of images that use them")
	fs.StringVar(&c.LLVMAs, "llvm-as", "", "llvm-as-15, for -translator; with -format=ptx: llvm-as-22 (or newer), for specialization constants")
	fs.StringVar(&c.LLVMDis, "llvm-dis", "", "llvm-dis-15, for -translator; with -format=ptx: llvm-dis-22 (or newer), which reads libsycl-jit's bitcode")
	specConstants := fs.String("spec-constants", "native", "how SPIR-V images lower SYCL 2020 specialization constants: native (JIT images) or emulation (images compiled ahead of time)")
	fs.StringVar(&c.Format, "format", "spirv", "device image format: spirv (spir64) or ptx (nvptx64, needs -libdevice)")
	fs.StringVar(&c.Libdevice, "libdevice", "", "with -format=ptx: NVIDIA's libdevice.10.bc")
	fs.StringVar(&c.IR, "ir", "", "with -format=ptx: also write the front end's LLVM bitcode (for -device-link)")
	fs.StringVar(&c.Module, "module", "", "also write the TU's device code as one SPIR-V module (split off, specialization constants unlowered) for the device link; the images in -out-dir are still split per -split")
	fs.BoolVar(&c.DeviceLink, "device-link", false, "link the bitcode files given (-ir of each TU) with -llvm-link and compile the module to PTX images")
	fs.StringVar(&c.LLVMLink, "llvm-link", "", "with -device-link: llvm-link-22 (or newer), which reads libsycl-jit's bitcode")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, Synopsis, fs)
	}
	if c.JIT == "" {
		return nil, errors.New("-jit is required")
	}
	if c.Check {
		if c.Stamp == "" || c.SHA256 == "" {
			return nil, errors.New("-check needs -sha256 and -o")
		}
		if fs.NArg() > 0 {
			return nil, fmt.Errorf("-check takes no source (got %s)", errtext.Quote(fs.Arg(0)))
		}
		return c, nil
	}
	if c.DeviceLibs {
		if err := checkDeviceLibArgs(c, fs.NArg(), fs.Arg(0)); err != nil {
			return nil, err
		}
		return c, nil
	}
	if c.DeviceLink {
		if err := checkDeviceLinkArgs(c, fs.Args()); err != nil {
			return nil, err
		}
		return c, nil
	}
	if c.LLVMLink != "" {
		return nil, errors.New("-llvm-link is for -device-link")
	}
	switch *specConstants {
	case "native":
		c.SpecConstants = specconst.Native
	case "emulation":
		c.SpecConstants = specconst.Emulation
	default:
		return nil, fmt.Errorf("-spec-constants=%s: want native or emulation", errtext.Quote(*specConstants))
	}
	if c.Format == "ptx" && c.SpecConstants != specconst.Native {
		return nil, errors.New("-spec-constants is for -format=spirv (PTX images always emulate them)")
	}
	if _, ok := splitModes[c.Split]; !ok {
		return nil, fmt.Errorf("-split=%s: want auto, per_kernel, per_source or off", c.Split)
	}
	switch {
	case c.Format != "spirv" && c.Format != "ptx":
		return nil, fmt.Errorf("-format=%s: want spirv or ptx", c.Format)
	case c.Format == "ptx" && c.Libdevice == "":
		return nil, errors.New("-format=ptx needs -libdevice (NVIDIA's libdevice.10.bc)")
	case c.Format != "ptx" && c.Libdevice != "":
		return nil, errors.New("-libdevice is for -format=ptx")
	case c.Format != "ptx" && c.IR != "":
		return nil, errors.New("-ir is for -format=ptx")
	case c.Format != "spirv" && c.Module != "":
		return nil, errors.New("-module is for -format=spirv")
	case c.Format == "ptx" && c.Translator != "":
		return nil, errors.New("-translator is for -format=spirv (PTX images lower specialization constants with -llvm-as and -llvm-dis alone)")
	}
	for flagName, v := range map[string]string{"-out-dir": c.OutDir, "-table": c.Table, "-int-header": c.IntHeader, "-int-footer": c.IntFooter} {
		if v == "" {
			return nil, fmt.Errorf("%s is required", flagName)
		}
	}
	if !strings.HasSuffix(c.Table, ".table") {
		return nil, fmt.Errorf("-table=%s: the name must end in .table", c.Table)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return nil, errors.New("no source file")
	}
	c.Flags, c.Src = rest[:len(rest)-1], rest[len(rest)-1]
	return c, nil
}

// Run does what c asks; compiler diagnostics go to stderr. Every output is
// staged: on an error none is written.
func Run(c *Config, stderr io.Writer) error {
	err := checkOutputs(c)
	if err != nil {
		return err
	}
	if c.Check {
		err = check(c)
	} else if c.DeviceLibs {
		err = deviceLibs(c)
	} else if c.DeviceLink {
		err = deviceLink(c)
	} else {
		err = compile(c, stderr)
	}
	var le *sycljit.LoadError
	var de *sycljit.DigestError
	var ae *sycljit.ABIError
	if errors.As(err, &le) || errors.As(err, &de) || errors.As(err, &ae) {
		return &LibraryError{Err: err, Wheel: c.Wheel, SHA256: c.SHA256}
	}
	return err
}

// checkOutputs fails, before the library is loaded or anything compiled,
// if an output could not be written: a missing or unwritable -out-dir, or
// an output path in a missing directory, naming an input or a directory
// (a compile costs seconds and hundreds of MB before it finds out).
func checkOutputs(c *Config) error {
	inputs := []string{c.JIT}
	var outputs []string
	switch {
	case c.Check:
		outputs = []string{c.Stamp}
	case c.DeviceLibs:
		outputs = []string{c.Table}
	case c.DeviceLink:
		inputs = append(append(inputs, c.Libdevice), c.Bitcode...)
		outputs = []string{c.Table}
	default:
		inputs = append(inputs, c.Src, c.Libdevice)
		outputs = []string{c.Table, c.IntHeader, c.IntFooter, c.Module, c.IR}
	}
	if !c.Check {
		if err := atomicfile.CheckDir(c.OutDir); err != nil {
			return fmt.Errorf("-out-dir=%s: %v", c.OutDir, err)
		}
	}
	return atomicfile.CheckOutputs(outputs, inputs)
}

// LibraryError is an error about libsycl-jit itself (it cannot be loaded,
// its sha256 is not the pinned one, or it does not behave as the pinned
// one does), with which library was meant.
type LibraryError struct {
	Err error
	// Wheel (NAME==VERSION) and SHA256 name the library meant; either may
	// be empty.
	Wheel, SHA256 string
}

func (e *LibraryError) Error() string {
	what := "libsycl-jit"
	if e.Wheel != "" {
		what += " of the " + e.Wheel + " wheel"
	}
	if e.SHA256 != "" {
		what += ", sha256 " + e.SHA256
	}
	return fmt.Sprintf("%v (expected %s; refetch the runtime repository: bazel sync --configure, or bazel clean --expunge)", e.Err, what)
}

func (e *LibraryError) Unwrap() error { return e.Err }

// CompileError is a compile of Src that failed; the compiler's
// diagnostics went to Run's stderr.
type CompileError struct{ Src string }

func (e *CompileError) Error() string { return e.Src + ": compile failed" }

func check(c *Config) error {
	if _, err := sycljit.Check(c.JIT, c.SHA256); err != nil {
		return err
	}
	return atomicfile.WriteFile(c.Stamp, []byte(fmt.Sprintf("%s %s ok\n", filepath.Base(c.JIT), c.SHA256)))
}

func compile(c *Config, stderr io.Writer) error {
	src, err := inputfile.Read(c.Src, inputfile.Source)
	if err != nil {
		return err
	}
	lib, err := sycljit.Open(c.JIT)
	if err != nil {
		return err
	}
	out := atomicfile.NewStaging()
	defer out.Abort()
	stop := atomicfile.CleanupOnSignal(out.Abort)
	defer stop()
	out.Protect(c.Src)
	// The library writes the integration files itself: into the staging
	// directory, so that a failed compile leaves none behind.
	header, err := out.Path(c.IntHeader)
	if err != nil {
		return err
	}
	footer, err := out.Path(c.IntFooter)
	if err != nil {
		return err
	}
	// -fno-discard-value-names: the library's SPIR-V writer lowers some
	// intrinsics (llvm.bitreverse) by parsing textual IR into the front
	// end's context, which discards value names by default; the library then
	// ends the process ("Can't read textual IR with a Context that discards
	// named Values"). Before the user's flags, which may turn it back off.
	args := append([]string{"-fno-discard-value-names"}, c.Flags...)
	args = append(args,
		"-isystem", sycljit.SYCLHeaderDir,
		"-fsycl-device-code-split="+splitModes[c.Split],
		"-fsycl-allow-device-image-dependencies",
		"-Xclang", "-fsycl-int-header="+header,
		"-Xclang", "-fsycl-int-footer="+footer,
	)
	var res *sycljit.Result
	var module []byte
	switch {
	case c.Format == "ptx":
		res, err = compilePTX(lib, c, src, args)
	case c.Module != "":
		res, module, err = compileModule(lib, c, src, args)
	default:
		res, err = lib.Compile(c.Src, src, args)
	}
	var ce *sycljit.CompileError
	if errors.As(err, &ce) {
		io.WriteString(stderr, diagnostics(ce.Log))
		return &CompileError{Src: c.Src}
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
		return fmt.Errorf("%s: %v", c.Src, err)
	}
	if err := completeFooter(footer); err != nil {
		return fmt.Errorf("%s: %v", c.Src, err)
	}
	// Final images (no -module) are wrapped as the library wrote them, and
	// its debug info is not valid SPIR-V: it declares no
	// SPV_KHR_non_semantic_info and refers forward from DebugTypeComposite,
	// which only SPV_KHR_relaxed_extended_instruction allows (spirv-val
	// 2026.4 rejects both). A module goes through the device link, whose
	// translator writes the debug info again (declared; the forward
	// references remain, docs/sycl-cpp.md), and its images here only lend
	// their property sets.
	for _, img := range res.Images {
		if set := debugInfo(img.Binary); set != "" && c.Module == "" {
			return fmt.Errorf("%s: device debug info (-g among the device compile's flags) is not supported on the per-TU path: libsycl-jit writes it as %s without declaring SPV_KHR_non_semantic_info, which spirv-val rejects; build it on the device link (rdc, the default), or drop -g from the device flags (device_copts; copts = [\"-g\"] debugs the host code)", c.Src, set)
		}
	}
	if err := writeImages(out, c, res); err != nil {
		return err
	}
	if c.Module != "" {
		if err := out.WriteFile(c.Module, module); err != nil {
			return err
		}
	}
	if c.IR != "" {
		if len(res.IR) == 0 {
			return &sycljit.ABIError{Msg: c.Src + ": the library returned no front-end bitcode"}
		}
		if err := out.WriteFile(c.IR, res.IR); err != nil {
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
func compilePTX(lib *sycljit.Library, c *Config, src []byte, args []string) (*sycljit.Result, error) {
	cudaPath, remove, err := sycljit.CUDAPath(c.Libdevice)
	if err != nil {
		return nil, err
	}
	defer remove()
	res, err := lib.CompilePTXIR(c.Src, src, args, cudaPath, sycljit.IR{Save: true})
	if err != nil || !readsSpecConstants(res) {
		return res, err
	}
	if c.LLVMAs == "" || c.LLVMDis == "" {
		return nil, fmt.Errorf("%s: reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them for nvptx64 needs -llvm-as and -llvm-dis of LLVM 22 or newer (llvm-as-22, llvm-dis-22: the library's bitcode is LLVM 23's)", c.Src)
	}
	bc, consts, err := bcspec.Lower(res.IR, c.Src, bcspec.Tools{Assembler: c.LLVMAs, Disassembler: c.LLVMDis})
	if err != nil {
		return nil, err
	}
	if len(consts.SpecConsts) == 0 {
		return nil, &sycljit.ABIError{Msg: c.Src + ": the PTX reads specialization constants, but the front end's bitcode calls no spec-constant intrinsic"}
	}
	lowered, err := lib.CompilePTXIR(c.Src, src, args, cudaPath, sycljit.IR{Cached: bc})
	if err != nil {
		return nil, err
	}
	if readsSpecConstants(lowered) {
		return nil, &sycljit.ABIError{Msg: c.Src + ": the PTX still reads specialization constants after their lowering"}
	}
	for i, img := range lowered.Images {
		_, hasConsts := img.Properties.Set(specconst.SetSpecConstants)
		_, hasDefaults := img.Properties.Set(specconst.SetDefaultValues)
		if hasConsts != hasDefaults {
			return nil, &sycljit.ABIError{Msg: fmt.Sprintf("%s: image %d has one of the two specialization-constant property sets", c.Src, i)}
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
func compileModule(lib *sycljit.Library, c *Config, src []byte, args []string) (*sycljit.Result, []byte, error) {
	off := make([]string, 0, len(args))
	for _, a := range args {
		if strings.HasPrefix(a, "-fsycl-device-code-split=") {
			a = "-fsycl-device-code-split=off"
		}
		off = append(off, a)
	}
	whole, err := lib.CompileIR(c.Src, src, off, sycljit.IR{Save: true})
	if err != nil {
		return nil, nil, err
	}
	var module []byte
	for i, img := range whole.Images {
		if isDeviceLib(img) {
			continue
		}
		if module != nil || img.Format != sycljit.FormatSPIRV {
			return nil, nil, &sycljit.ABIError{Msg: fmt.Sprintf("%s: image %d of the compile with the split off: want one SPIR-V module", c.Src, i)}
		}
		module = img.Binary
	}
	if module == nil {
		return nil, nil, &sycljit.ABIError{Msg: c.Src + ": the compile with the split off returned no SPIR-V module"}
	}
	// Initialized Function variables (a local array copied from a
	// constant) as stores: llvm-spirv-15's reader, which the device link's
	// SyclReverseTranslate runs, would make them module-scope variables
	// spirv-val rejects.
	module, _, err = spirvvars.StoreInitializers(module)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: the device code's SPIR-V module: %v", c.Src, err)
	}
	res, err := lib.CompileIR(c.Src, src, args, sycljit.IR{Cached: whole.IR})
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
	data, err := inputfile.Read(header, inputfile.IntegrationHeader)
	if err != nil {
		return err
	}
	if err := intheader.Check(data); err != nil {
		return &sycljit.ABIError{Msg: "the library's " + err.Error()}
	}
	rewritten, local, err := intheader.Rewrite(data)
	if err != nil || len(local) == 0 {
		return err
	}
	return os.WriteFile(header, rewritten, 0o644)
}

// completeFooter gives a footer that names specialization constants the
// definitions <sycl/detail/core.hpp> leaves out (intheader.CompleteFooter).
func completeFooter(footer string) error {
	data, err := inputfile.Read(footer, inputfile.IntegrationHeader)
	if err != nil {
		return err
	}
	completed, changed := intheader.CompleteFooter(data)
	if !changed {
		return nil
	}
	return os.WriteFile(footer, completed, 0o644)
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
