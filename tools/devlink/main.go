// Command devlink is the per-TU device link of per-TU image mode
// (thinLTO-style), in two steps:
//
//	devlink -summarize [-llvm-dis=P] -o OUT.summary IN.bc
//
// writes a TU's symbol summary (see package thinlink), and
//
//	devlink -linker=P [-S] -tu=T.bc -tu-summary=T.summary -o OUT -unused-inputs=U
//	        [-object=O -summary=S]... [-library=L]...
//
// Any argument @FILE stands for the lines of FILE, one argument each (a
// Bazel param file in multiline format, or the program's TU list that the
// rules write once for all its per-TU links). An -object equal to -tu is
// skipped, so that one list of every TU serves every link.
//
// links T whole with, --only-needed, the objects it imports from (in the
// order the summaries call for) and the device libraries, and writes to U
// the objects it did not read, one per line, for Bazel's unused_inputs_list:
// editing those must not re-run this link. With -S the linked module is
// textual IR (llvm-link -S), which the split maps as it is instead of
// running llvm-dis over bitcode.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/argfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/thinlink"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

// With --persistent_worker, devlink serves Bazel's work requests (see
// tools/internal/worker).
func main() {
	os.Exit(worker.Main("devlink", os.Args[1:], func(args []string, stdio worker.Stdio) int {
		return run(args, stdio.Stdout, stdio.Stderr)
	}))
}

const synopsis = `usage: devlink -summarize [-llvm-dis=P] -o OUT.summary IN.bc
       devlink -linker=P [-S] -tu=T.bc -tu-summary=T.summary -o OUT -unused-inputs=U
               [-object=O -summary=S]... [-library=L]...

writes a translation unit's symbol summary, or links a TU with what it
imports from the others (per-TU device link).`

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

type config struct {
	summarize, text    bool
	llvmDis, linker    string
	out, unused        string
	tu, tuSummary      string
	objects, summaries list
	libraries          list
	in                 string
}

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("devlink", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&c.summarize, "summarize", false, "write the symbol summary of one TU")
	fs.StringVar(&c.llvmDis, "llvm-dis", "llvm-dis-15", "llvm-dis used to read bitcode")
	fs.StringVar(&c.linker, "linker", "llvm-link-15", "llvm-link")
	fs.StringVar(&c.out, "o", "", "output")
	fs.BoolVar(&c.text, "S", false, "write the linked module as textual IR (llvm-link -S)")
	fs.StringVar(&c.unused, "unused-inputs", "", "file listing the objects the link did not read")
	fs.StringVar(&c.tu, "tu", "", "the TU's device bitcode, linked whole")
	fs.StringVar(&c.tuSummary, "tu-summary", "", "the TU's summary")
	fs.Var(&c.objects, "object", "another TU's device bitcode (repeatable; one equal to -tu is skipped)")
	fs.Var(&c.summaries, "summary", "the summary of the -object at the same position (repeatable)")
	fs.Var(&c.libraries, "library", "device library, linked --only-needed (repeatable)")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, synopsis, fs)
	}
	if c.out == "" {
		return nil, errors.New("-o is required")
	}
	if c.summarize {
		if fs.NArg() != 1 {
			return nil, errors.New("-summarize takes one input file")
		}
		c.in = fs.Arg(0)
		return c, nil
	}
	switch {
	case fs.NArg() != 0:
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case c.tu == "" || c.tuSummary == "":
		return nil, errors.New("-tu and -tu-summary are required")
	case c.unused == "":
		return nil, errors.New("-unused-inputs is required")
	case len(c.objects) != len(c.summaries):
		return nil, fmt.Errorf("%d -object but %d -summary flags", len(c.objects), len(c.summaries))
	}
	c.objects, c.summaries = withoutTU(c.objects, c.summaries, c.tu)
	return c, nil
}

// withoutTU drops the entry for the TU linked whole from a list of every
// TU of the program: it is neither imported from nor an unused input.
func withoutTU(objects, summaries list, tu string) (list, list) {
	var objs, sums list
	for i, o := range objects {
		if o != tu {
			objs = append(objs, o)
			sums = append(sums, summaries[i])
		}
	}
	return objs, sums
}

func run(args []string, stdout, stderr io.Writer) (rc int) {
	// The program's TU list (-objects of every TU) comes as @FILE inside
	// the action's param file: worker.Once expands the param file only,
	// Bazel a work request's both.
	args, err := argfile.Expand(args)
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("devlink", err.Error()))
		return 1
	}
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("devlink", err.Error()))
		return 1
	}
	// A bug must still end in one line, not a stack trace.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(stderr, errtext.ToolLine("devlink", fmt.Sprintf("internal error: %v", r)))
			rc = 1
		}
	}()
	if c.summarize {
		err = atomicfile.CheckOutputs([]string{c.out}, []string{c.in})
		if err == nil {
			err = summarize(c)
		}
	} else {
		inputs := append([]string{c.tu, c.tuSummary}, c.objects...)
		inputs = append(append(inputs, c.summaries...), c.libraries...)
		err = atomicfile.CheckOutputs([]string{c.out, c.unused}, inputs)
		if err == nil {
			err = link(c)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("devlink", err.Error()))
		return 1
	}
	return 0
}

func summarize(c *config) error {
	data, err := llvmir.ReadText(c.in, c.llvmDis)
	if err != nil {
		return err
	}
	m, err := llvmir.Parse(data, c.in)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(c.out, thinlink.Summarize(m).Marshal())
}

func readSummary(path string) (*thinlink.Summary, error) {
	data, err := inputfile.Read(path, inputfile.LinkSummary)
	if err != nil {
		return nil, err
	}
	return thinlink.Parse(data, path)
}

// linkCommand returns llvm-link's arguments and the objects left unread.
func linkCommand(c *config) (args, unused []string, err error) {
	tu, err := readSummary(c.tuSummary)
	if err != nil {
		return nil, nil, err
	}
	others := make([]*thinlink.Summary, len(c.summaries))
	for i, p := range c.summaries {
		if others[i], err = readSummary(p); err != nil {
			return nil, nil, err
		}
	}
	order := thinlink.Plan(tu, others)
	args = []string{c.tu}
	if len(order) > 0 || len(c.libraries) > 0 {
		args = append(args, "--only-needed")
	}
	read := make([]bool, len(c.objects))
	for _, i := range order {
		args = append(args, c.objects[i])
		read[i] = true
	}
	args = append(args, c.libraries...)
	if c.text {
		args = append(args, "-S")
	}
	args = append(args, "-o", c.out)
	for i, o := range c.objects {
		if !read[i] {
			unused = append(unused, o)
		}
	}
	return args, unused, nil
}

func link(c *config) error {
	args, unused, err := linkCommand(c)
	if err != nil {
		return err
	}
	var list strings.Builder
	for _, u := range unused {
		list.WriteString(u + "\n")
	}
	// The linker writes c.out itself; remove it on failure so no partial
	// output is left behind.
	cmd := exec.Command(c.linker, args...)
	msg := childproc.NewCapped(childproc.Limits{})
	cmd.Stderr = msg
	if err := childproc.Run(cmd, childproc.Limits{}); err != nil {
		os.Remove(c.out)
		return fmt.Errorf("%s: %s: %v: %s", c.tu, c.linker, err, strings.TrimSpace(msg.String()))
	}
	if err := atomicfile.WriteFile(c.unused, []byte(list.String())); err != nil {
		os.Remove(c.out)
		return err
	}
	return nil
}
