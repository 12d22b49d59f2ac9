// Command spirvval runs spirv-val on every SPIR-V image of file tables and
// writes a report of the images it validated (SyclSpirvValidate).
//
//	spirvval -validator=SPIRV_VAL -table=IMAGES.table... [-timeout=D] -o REPORT
//
// An image spirv-val rejects ends the run: one line on standard error
// naming the image and spirv-val's message, exit 1, no report.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvval"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

const name = "spirvval"

const synopsis = `usage: spirvval -validator=SPIRV_VAL -table=IMAGES.table... [-timeout=D] -o REPORT

runs SPIRV_VAL (spirv-val) on the image of every row of each file table's
Code column, in order, and writes REPORT: the number of images, then one
image per line. The first image spirv-val rejects ends the run with one line
naming it and spirv-val's message, exit status 1 and no REPORT.`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type config struct {
	validator string
	tables    tables
	out       string
	timeout   time.Duration
}

// tables is a repeatable flag of file table paths.
type tables []string

func (t *tables) String() string     { return fmt.Sprint(*t) }
func (t *tables) Set(v string) error { *t = append(*t, v); return nil }

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.validator, "validator", "", "the SPIR-V validator (spirv-val)")
	fs.Var(&c.tables, "table", "file table of SPIR-V images [Code|...]; repeatable")
	fs.StringVar(&c.out, "o", "", "the report to write")
	fs.DurationVar(&c.timeout, "timeout", childproc.DefaultTimeout, "how long one spirv-val run may take before it is killed")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, synopsis, fs)
	}
	switch {
	case fs.NArg() > 0:
		return nil, fmt.Errorf("unexpected argument %s", errtext.Quote(fs.Arg(0)))
	case c.validator == "":
		return nil, errors.New("-validator is required: no SPIR-V validator (spirv-val) to run")
	case len(c.tables) == 0:
		return nil, errors.New("-table is required")
	case c.out == "":
		return nil, errors.New("-o is required")
	case c.timeout <= 0:
		return nil, fmt.Errorf("-timeout=%v: want a positive duration", c.timeout)
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err == nil {
		err = validate(c)
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	return 0
}

// validate checks the report's path against the tables, and then against
// their images, before spirv-val runs: a report must never replace an input.
func validate(c *config) error {
	if err := atomicfile.CheckOutputs([]string{c.out}, c.tables); err != nil {
		return err
	}
	images, err := spirvval.Images(c.tables)
	if err != nil {
		return err
	}
	if err := atomicfile.CheckOutputs([]string{c.out}, images); err != nil {
		return err
	}
	results, err := spirvval.Validate(c.validator, nil, images, childproc.Limits{Timeout: c.timeout})
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(c.out, spirvval.Report(results))
}
