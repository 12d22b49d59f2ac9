// Command annotate puts back onto the reverse-translated LLVM IR of one SYCL
// C++ translation unit what SPIR-V does not carry and the splitter reads:
// kernel parameter masks, aspects, work_group_num_dim, optLevel, the
// device-global attributes and weak_odr kernels, from libsycl-jit's
// per-kernel property sets of the same TU (see tools/internal/annotate).
//
// Usage: annotate -table=PER_KERNEL.table [-S] [-llvm-as=P] [-llvm-dis=P] -o OUT IN
//
// Arguments may come in a Bazel param file (@FILE); with --persistent_worker
// it serves Bazel's work requests instead (see tools/internal/worker).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rules-sycl/rules_sycl/tools/internal/annotate"
	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

func main() {
	os.Exit(worker.Main("annotate", os.Args[1:], func(args []string, stdio worker.Stdio) int {
		return run(args, stdio.Stdout, stdio.Stderr)
	}))
}

const synopsis = `usage: annotate -table=PER_KERNEL.table [-S] [-llvm-as=P] [-llvm-dis=P] -o OUT IN

writes IN (the LLVM IR of one SYCL C++ TU, reverse-translated from SPIR-V)
with the kernel metadata, attributes and device-global attributes of the
TU's property sets (the file table [Code|Properties|Symbols] syclc
-split=per_kernel writes, or -split=per_source where the library refuses
per_kernel), and its kernels weak_odr.`

type config struct {
	table, out, in  string
	text            bool
	llvmAs, llvmDis string
}

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("annotate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.table, "table", "", "file table of the TU's per-kernel images (.prop, .sym)")
	fs.StringVar(&c.out, "o", "", "output module")
	fs.BoolVar(&c.text, "S", false, "write textual IR instead of bitcode")
	fs.StringVar(&c.llvmAs, "llvm-as", "llvm-as-15", "llvm-as used to write bitcode")
	fs.StringVar(&c.llvmDis, "llvm-dis", "llvm-dis-15", "llvm-dis used to read bitcode")
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, usage.FromFlagSet(err, synopsis, fs)
		}
		args = fs.Args()
		if len(args) > 0 {
			if c.in != "" {
				return nil, fmt.Errorf("one input module, got %s and %s", errtext.Quote(c.in), errtext.Quote(args[0]))
			}
			c.in = args[0]
			args = args[1:]
		}
	}
	switch {
	case c.table == "":
		return nil, errors.New("-table is required")
	case c.out == "":
		return nil, errors.New("-o is required")
	case c.in == "":
		return nil, errors.New("an input module is required")
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("annotate", err.Error()))
		return 1
	}
	// A bug must still end in one line, not a stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(stderr, errtext.ToolLine("annotate", fmt.Sprintf("internal error on %s: %v", c.in, r)))
			rc = 1
		}
	}()
	if err := annotateFile(c); err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("annotate", err.Error()))
		return 1
	}
	return 0
}

func annotateFile(c *config) error {
	// The output must replace no input: the module, the table, and then
	// the .prop and .sym files the table names.
	if err := atomicfile.CheckOutputs([]string{c.out}, []string{c.in, c.table}); err != nil {
		return err
	}
	sets, read, err := annotate.ReadTable(c.table)
	if err != nil {
		return err
	}
	if err := atomicfile.CheckOutputs([]string{c.out}, read); err != nil {
		return err
	}
	data, err := llvmir.ReadText(c.in, c.llvmDis)
	if err != nil {
		return err
	}
	m, err := llvmir.Parse(data, c.in)
	if err != nil {
		return err
	}
	out, err := annotate.Annotate(m, sets)
	if err != nil {
		return err
	}
	if !c.text {
		// Assemble passes -opaque-pointers=0 to LLVM 15/16 for text
		// without `ptr`: a TU without pointers must stay typed-pointer
		// bitcode to link with its siblings.
		if out, err = llvmir.Assemble(out, c.llvmAs); err != nil {
			return fmt.Errorf("%s: %v", c.out, err)
		}
	}
	return atomicfile.WriteFile(c.out, out)
}
