// Command spirvval runs spirv-val on every SPIR-V image of file tables and
// writes a report of the images it validated (SyclSpirvValidate).
//
//	spirvval -validator=SPIRV_VAL -table=IMAGES.table... -o REPORT
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

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvval"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

const name = "spirvval"

const synopsis = `usage: spirvval -validator=SPIRV_VAL -table=IMAGES.table... -o REPORT

runs SPIRV_VAL (spirv-val) on the image of every row of each file table's
Code column, in order, and writes REPORT: the number of images, then one
image per line. The first image spirv-val rejects ends the run with one line
naming it and spirv-val's message, exit status 1 and no REPORT.`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type config struct {
	validator string
	tables    tables
	out       string
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
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err == nil {
		var images []string
		if images, err = spirvval.Images(c.tables); err == nil {
			var results []spirvval.Result
			if results, err = spirvval.Validate(c.validator, nil, images); err == nil {
				err = atomicfile.WriteFile(c.out, spirvval.Report(results))
			}
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	return 0
}
