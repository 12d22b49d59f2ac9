// Command moduleid stamps the "sycl-module-id" function attribute on the
// kernels of one translation unit, as DPC++'s front end does, so that
// per-source device code split still works after llvm-link of modules
// produced by upstream clang (which does not add the attribute).
//
// Usage: moduleid -id=<translation unit id> [-S] [-llvm-as=P] [-llvm-dis=P] -o OUT IN
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

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

// With --persistent_worker, moduleid serves Bazel's work requests (see
// tools/internal/worker).
func main() {
	os.Exit(worker.Main("moduleid", os.Args[1:], func(args []string, stdio worker.Stdio) int {
		return run(args, stdio.Stdin, stdio.Stdout, stdio.Stderr)
	}))
}

const synopsis = `usage: moduleid -id=TU [-S] [-llvm-as=P] [-llvm-dis=P] -o OUT [IN]

stamps the kernels of one translation unit with "sycl-module-id"=TU (IN "-"
or none: standard input).`

type config struct {
	id, out, in     string
	text            bool
	llvmAs, llvmDis string
}

func parseArgs(args []string) (*config, error) {
	c := &config{in: "-"}
	fs := flag.NewFlagSet("moduleid", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.id, "id", "", "translation unit id, e.g. tests/opencl/multi_tu/a.cl")
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
			c.in = args[0]
			args = args[1:]
		}
	}
	if c.id == "" {
		return nil, errors.New("-id is required")
	}
	if c.out == "" {
		return nil, errors.New("-o is required")
	}
	return c, nil
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("moduleid", err.Error()))
		return 1
	}
	// A bug must still end in one line, not a stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(stderr, errtext.ToolLine("moduleid", fmt.Sprintf("internal error on %s: %v", c.in, r)))
			rc = 1
		}
	}()
	if c.in != "-" {
		if err := atomicfile.CheckOutputs([]string{c.out}, []string{c.in}); err != nil {
			fmt.Fprintln(stderr, errtext.ToolLine("moduleid", err.Error()))
			return 1
		}
	}
	if err := stamp(c, stdin); err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("moduleid", err.Error()))
		return 1
	}
	return 0
}

func stamp(c *config, stdin io.Reader) error {
	name := c.in
	var data []byte
	var err error
	if name == "-" {
		name = "<stdin>"
		data, err = inputfile.ReadFrom(stdin, name, inputfile.LLVMModule)
	} else {
		data, err = inputfile.Read(name, inputfile.LLVMModule)
	}
	if err != nil {
		return err // names the file
	}
	text := !llvmir.IsBitcode(data)
	if !text {
		if data, err = llvmir.Disassemble(data, c.llvmDis); err != nil {
			return fmt.Errorf("%s: %v", name, err)
		}
	}
	m, err := llvmir.Parse(data, name)
	if err != nil {
		return err
	}
	out := Stamp(m, c.id)
	if !c.text {
		if out, err = llvmir.Assemble(out, c.llvmAs); err != nil {
			// Name the input's line, not one of the stamped text.
			if text {
				if located := llvmir.LocateAssemblyError(data, name, c.llvmAs); located != nil {
					return located
				}
			}
			return fmt.Errorf("%s: %v", c.out, err)
		}
	}
	return atomicfile.WriteFile(c.out, out)
}

// Stamp returns the text of m with "sycl-module-id"="id" on every kernel
// definition that does not carry the attribute yet. Other functions are
// left alone: OpenCL C extern functions are not SYCL_EXTERNAL.
func Stamp(m *llvmir.Module, id string) []byte {
	attr := llvmir.QuoteString(split.AttrModuleID) + "=" + llvmir.QuoteString(id)
	w := m.NewWriter()
	kernels := split.FindKernels(m)
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind == llvmir.KindFunction && !e.Fn.IsDecl && kernels.IsKernel(e) {
			if _, has := m.FuncAttr(e, split.AttrModuleID); !has {
				w.Function(e, llvmir.FuncEdit{AddAttrs: []string{attr}})
				continue
			}
		}
		w.Entity(e)
	}
	return w.Bytes()
}
