// Command kernelinfo describes, for the host compile of each SYCL C++
// translation unit of a target, the kernels of the other TUs it is linked
// with: those of the target's other TUs and of its dependencies.
//
//	kernelinfo [-header=H -o=OUT]... [-linked=H]...
//
// Each -header is the integration header of one TU of the target
// (tools/syclc's, after its rewrite of local kernel names), and the -o
// after it the file that TU's host compile includes after it: a
// KernelInfoData specialization for every kernel that the other -header
// and the -linked headers (the dependencies' TUs') describe and H does
// not (intheader.DescribeLinked). A kernel the TU launches itself keeps
// its own header's description; one several others describe (a template
// launched in two TUs) is described once. The outputs list the kernels by
// name and leave out where they are launched, so that an edit that keeps a
// TU's kernels and their captures leaves them unchanged (and Bazel does
// not compile the other TUs' host code again).
//
// Without them, the host compile (clang -fsycl-is-host, which lacks
// DPC++'s __builtin_sycl_kernel_name) knows only the kernels of its own
// integration header: sycl::get_kernel_id<K>() in a TU that does not
// launch K named no kernel ("No kernel found with the specified name").
//
// Every output is written or none is. Arguments may come in a Bazel param
// file (@FILE); with --persistent_worker it serves Bazel's work requests.
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
	"github.com/rules-sycl/rules_sycl/tools/internal/intheader"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

const name = "kernelinfo"

func main() {
	os.Exit(worker.Main(name, os.Args[1:], func(args []string, stdio worker.Stdio) int {
		return run(args, stdio.Stdout, stdio.Stderr)
	}))
}

const synopsis = `usage: kernelinfo [-header=H -o=OUT]... [-linked=H]...

writes, for each TU's integration header H, OUT: the host-side
descriptions (KernelInfoData) of the kernels that the other -header and the
-linked integration headers describe and H does not.`

// tu is one TU of the target: its integration header and the output for
// its host compile.
type tu struct{ header, out string }

type config struct {
	tus    []tu
	linked []string
}

// headerFlag and outFlag collect -header and -o in order, pairing each -o
// with the -header before it.
type headerFlag struct{ tus *[]tu }
type outFlag struct{ tus *[]tu }

func (p *headerFlag) String() string { return "" }
func (p *headerFlag) Set(v string) error {
	if n := len(*p.tus); n > 0 && (*p.tus)[n-1].out == "" {
		return errors.New("the -header before it has no -o")
	}
	*p.tus = append(*p.tus, tu{header: v})
	return nil
}

func (p *outFlag) String() string { return "" }
func (p *outFlag) Set(v string) error {
	if n := len(*p.tus); n == 0 || (*p.tus)[n-1].out != "" {
		return errors.New("no -header before it")
	}
	(*p.tus)[len(*p.tus)-1].out = v
	return nil
}

type listFlag []string

func (l *listFlag) String() string     { return "" }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&headerFlag{tus: &c.tus}, "header", "integration header of one TU of the target (repeated; each followed by -o)")
	fs.Var(&outFlag{tus: &c.tus}, "o", "the linked kernels' descriptions for the TU of the -header before it")
	fs.Var((*listFlag)(&c.linked), "linked", "integration header of a TU of a dependency (repeated)")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, synopsis, fs)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %s", errtext.Quote(fs.Arg(0)))
	}
	if len(c.tus) == 0 {
		return nil, errors.New("no -header")
	}
	if c.tus[len(c.tus)-1].out == "" {
		return nil, fmt.Errorf("-header=%s has no -o", c.tus[len(c.tus)-1].header)
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	// A bug must still end in one line, not a stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(stderr, errtext.ToolLine(name, fmt.Sprintf("internal error: %v", r)))
			rc = 1
		}
	}()
	if err := describe(c); err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	return 0
}

func describe(c *config) error {
	inputs := append([]string(nil), c.linked...)
	outputs := make([]string, len(c.tus))
	for i, t := range c.tus {
		inputs = append(inputs, t.header)
		outputs[i] = t.out
	}
	if err := atomicfile.CheckOutputs(outputs, inputs); err != nil {
		return err
	}
	own := make([][]intheader.Kernel, len(c.tus))
	for i, t := range c.tus {
		ks, err := read(t.header)
		if err != nil {
			return err
		}
		own[i] = ks
	}
	var deps [][]intheader.Kernel
	for _, h := range c.linked {
		ks, err := read(h)
		if err != nil {
			return err
		}
		deps = append(deps, ks)
	}
	out := atomicfile.NewStaging()
	defer out.Abort()
	stop := atomicfile.CleanupOnSignal(out.Abort)
	defer stop()
	for _, t := range c.tus {
		out.Protect(t.header)
	}
	for _, h := range c.linked {
		out.Protect(h)
	}
	for i, t := range c.tus {
		// The target's other TUs first, in order, then the dependencies'.
		others := make([][]intheader.Kernel, 0, len(own)-1+len(deps))
		for j := range own {
			if j != i {
				others = append(others, own[j])
			}
		}
		others = append(others, deps...)
		data := intheader.DescribeLinked(intheader.LinkedKernels(own[i], others...))
		if err := out.WriteFile(t.out, data); err != nil {
			return err
		}
	}
	return out.Commit()
}

func read(header string) ([]intheader.Kernel, error) {
	data, err := inputfile.Read(header, inputfile.IntegrationHeader)
	if err != nil {
		return nil, err
	}
	ks, err := intheader.HeaderKernels(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", header, err)
	}
	return ks, nil
}
