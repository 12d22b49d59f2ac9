package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/zstdimage"
)

// UsageError reports a bad command line.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...interface{}) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

const synopsis = `usage: wrapper -o OUT.o -host=TRIPLE -kind=sycl
               [-target=T] [-format=none|native|spirv|llvmbc|compressed]
               [-compile-opts=S] [-link-opts=S] [-compile-target=A]
               [-properties=F] [-entries=F] IMAGE
               [... more option groups and IMAGEs]
       wrapper -o OUT.o -host=TRIPLE -kind=sycl -target=T ... -batch TABLE...

wraps device images, their offload entries (.sym) and property sets (.prop)
into a host object that registers them with the SYCL runtime. TRIPLE is
x86_64-*-linux* or aarch64-*-linux*. Other options: -image-version=3|2,
-new-offload-entries, -emit-reg-funcs=false, -desc-name=NAME, -v,
-offload-compress [-offload-compression-level=N] [-offload-compression-threshold=BYTES],
-skip-images-without-entries, -compile-target=A (records compile_target A,
e.g. intel_gpu_pvc, in each later image's SYCL/device requirements, as DPC++
does for its intel_gpu_<arch> images; empty: none), -device-libraries=TABLE (device-library images,
e.g. DPC++'s bfloat16 library: wrapped only when an image of their target
imports a symbol they export), -linked-device-libraries=TABLE (device-library
images the ahead-of-time compiler linked into the images of their target, as
DPC++ links the bfloat16 library into AOT images: the symbols they export are
taken off those images' SYCL/imported symbols; not wrapped). Flags take one
or two dashes and "=value" or a separate value; @FILE reads arguments from
FILE.`

// input is one positional argument with the per-image options in force at
// its position.
type input struct {
	path                      string
	batch                     bool
	deviceLibs                bool // a -device-libraries table
	linkedLibs                bool // a -linked-device-libraries table
	target                    string
	format                    descriptor.Format
	compileOpts, linkOpts     string
	entriesFile, propertyFile string
	// compileTarget: -compile-target (ours), the architecture an Intel GPU
	// image was compiled for, e.g. intel_gpu_pvc.
	compileTarget string
}

// config is the parsed command line.
type config struct {
	out     string
	machine elfobj.Machine
	opts    descriptor.Options
	inputs  []input

	compress  bool  // -offload-compress
	level     int   // -offload-compression-level
	threshold int64 // -offload-compression-threshold

	// skipEmpty: -skip-images-without-entries (ours): leave out table rows
	// whose Symbols file lists no entry point, e.g. per-TU images of a TU
	// without kernels, which the runtime could never pick.
	skipEmpty bool
}

var valueFlags = map[string]bool{
	"o": true, "host": true, "kind": true, "target": true, "format": true,
	"compile-opts": true, "link-opts": true, "properties": true, "entries": true,
	"compile-target": true,
	"desc-name":      true, "image-version": true, "device-libraries": true,
	"linked-device-libraries":   true,
	"offload-compression-level": true, "offload-compression-threshold": true,
}

var boolFlags = map[string]bool{
	"batch": true, "emit-reg-funcs": true, "v": true, "new-offload-entries": true,
	"offload-compress": true, "skip-images-without-entries": true,
}

// parseArgs follows clang-offload-wrapper's positional semantics: -target,
// -format, -compile-opts, -link-opts and -compile-target apply to every later
// IMAGE until
// changed; -entries and -properties apply to the next IMAGE only. -batch
// makes every positional argument a file table (Code, Symbols, Properties
// columns) whose rows take the per-image options in force at its position.
// Flags take one or two dashes and "=value" or a separate value.
func parseArgs(args []string) (*config, error) {
	cfg := &config{level: zstdimage.DefaultLevel, threshold: zstdimage.DefaultThreshold}
	cur := input{format: descriptor.FormatNone}
	kindSet, host, batch := false, "", false
	positionalOnly := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if positionalOnly || a == "-" || !strings.HasPrefix(a, "-") {
			in := cur
			in.path, in.batch = a, batch
			cfg.inputs = append(cfg.inputs, in)
			cur.entriesFile, cur.propertyFile = "", ""
			continue
		}
		if a == "--" {
			positionalOnly = true
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		val, hasVal := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, val, hasVal = name[:eq], name[eq+1:], true
		}
		switch {
		case name == "h" || name == "help":
			return nil, &usage.Help{Text: synopsis}
		case valueFlags[name]:
			if !hasVal {
				if i+1 >= len(args) {
					return nil, usagef("option -%s needs a value", name)
				}
				i++
				val = args[i]
			}
		case boolFlags[name]:
			if !hasVal {
				val = "true"
			}
		default:
			return nil, usagef("unknown option %s", a)
		}
		switch name {
		case "o":
			cfg.out = val
		case "host":
			host = val
		case "kind":
			if val != "sycl" {
				return nil, usagef("unsupported -kind=%s (only sycl)", val)
			}
			kindSet = true
		case "target":
			cur.target = val
		case "format":
			f, ok := descriptor.ParseFormat(val)
			if !ok {
				return nil, usagef("invalid -format=%s (want none, native, spirv, llvmbc or compressed)", val)
			}
			cur.format = f
		case "compile-opts":
			cur.compileOpts = val
		case "link-opts":
			cur.linkOpts = val
		case "compile-target":
			if strings.ContainsAny(val, " \t\n\x00") {
				return nil, usagef("invalid -compile-target=%q (an architecture name, e.g. intel_gpu_pvc)", val)
			}
			cur.compileTarget = val
		case "properties":
			cur.propertyFile = val
		case "entries":
			cur.entriesFile = val
		case "device-libraries":
			// A table of its own with the -target and -format in force;
			// -entries/-properties do not apply to it.
			in := cur
			in.path, in.batch, in.deviceLibs = val, true, true
			in.entriesFile, in.propertyFile = "", ""
			cfg.inputs = append(cfg.inputs, in)
		case "linked-device-libraries":
			in := cur
			in.path, in.batch, in.linkedLibs = val, true, true
			in.entriesFile, in.propertyFile = "", ""
			cfg.inputs = append(cfg.inputs, in)
		case "desc-name":
			cfg.opts.DescName = val
		case "image-version":
			n, err := strconv.Atoi(val)
			if err != nil || (n != descriptor.ImageVersion2 && n != descriptor.ImageVersion3) {
				return nil, usagef("invalid -image-version=%s (want 3: 80-byte images for libsycl.so.9, or 2: 96-byte images for libsycl.so.8)", val)
			}
			cfg.opts.ImageVersion = n
		case "offload-compression-level":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 22 {
				return nil, usagef("invalid -offload-compression-level=%s (want 1..22)", val)
			}
			cfg.level = n
		case "offload-compression-threshold":
			n, err := strconv.ParseInt(val, 10, 64)
			if err != nil || n < 0 {
				return nil, usagef("invalid -offload-compression-threshold=%s (want bytes >= 0)", val)
			}
			cfg.threshold = n
		default: // boolean flags
			b, err := strconv.ParseBool(val)
			if err != nil {
				return nil, usagef("invalid boolean -%s=%s", name, val)
			}
			switch name {
			case "batch":
				batch = b
			case "emit-reg-funcs":
				cfg.opts.NoRegFuncs = !b
			case "new-offload-entries":
				cfg.opts.NewEntries = b
			case "offload-compress":
				cfg.compress = b
			case "skip-images-without-entries":
				cfg.skipEmpty = b
			}
		}
	}
	if cfg.out == "" {
		return nil, usagef("no output file (-o)")
	}
	if !kindSet {
		return nil, usagef("no -kind (only -kind=sycl is supported)")
	}
	m, err := hostMachine(host)
	if err != nil {
		return nil, err
	}
	cfg.machine = m
	cfg.opts.Machine = m
	if len(cfg.inputs) == 0 {
		return nil, usagef("no input images")
	}
	for _, in := range cfg.inputs {
		if in.target == "" {
			return nil, usagef("%s: no -target in force for this input", in.path)
		}
		if in.batch && (in.entriesFile != "" || in.propertyFile != "") {
			return nil, usagef("%s: -entries/-properties cannot apply to a -batch table", in.path)
		}
	}
	return cfg, nil
}

// hostMachine accepts Linux ELF triples for the two supported hosts.
func hostMachine(triple string) (elfobj.Machine, error) {
	if triple == "" {
		return 0, usagef("no -host triple")
	}
	parts := strings.Split(triple, "-")
	linux := false
	for _, p := range parts[1:] {
		if p == "linux" {
			linux = true
		}
	}
	if linux {
		switch parts[0] {
		case "x86_64":
			return elfobj.X86_64, nil
		case "aarch64":
			return elfobj.AArch64, nil
		}
	}
	return 0, usagef("unsupported -host=%s (want x86_64-unknown-linux-gnu or aarch64-unknown-linux-gnu)", triple)
}
