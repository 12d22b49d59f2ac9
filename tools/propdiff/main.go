// Command propdiff compares, kernel by kernel, the property sets of two file
// tables of device images: ours (tools/splitter after the device link) and
// theirs (tools/syclc -split=per_kernel, libsycl-jit's own post-link).
//
//	propdiff -ours=OURS.table... -theirs=THEIRS.table... [-o REPORT]
//
// Each flag may repeat: a program's tables (one per per-TU link, one per
// TU's compile) are compared as one table each side.
//
// It prints nothing and exits 0 when the tables agree up to the intended
// differences that tools/internal/propdiff lists (Allowed); otherwise one
// line per difference (kernel, set, property, ours vs theirs), on standard
// output or in REPORT, and exits 1. Unreadable input: one line on standard
// error, exit 2, no report.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/propdiff"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

const name = "propdiff"

const synopsis = `usage: propdiff -ours=OURS.table... -theirs=THEIRS.table... [-o REPORT]

compares the property sets of each kernel of two file tables
[Code|Properties|Symbols]: ours (the splitter's, any split mode) and theirs
(syclc -split=per_kernel). Prints one line per difference and exits 1; prints
nothing and exits 0 when they agree up to the intended differences
(tools/propdiff/README.md); exits 2 if an input cannot be read.`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type config struct {
	ours, theirs tables
	out          string
}

// tables is a repeatable flag of file table paths.
type tables []string

func (t *tables) String() string     { return fmt.Sprint(*t) }
func (t *tables) Set(v string) error { *t = append(*t, v); return nil }

// readAll reads every table of one side as one table.
func readAll(files []string) (*propdiff.Table, error) {
	all := &propdiff.Table{File: files[0]}
	for _, f := range files {
		t, err := propdiff.ReadTable(f)
		if err != nil {
			return nil, err
		}
		all.Images = append(all.Images, t.Images...)
		all.Read = append(all.Read, t.Read...)
	}
	return all, nil
}

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&c.ours, "ours", "file table of our images (the splitter's); repeatable")
	fs.Var(&c.theirs, "theirs", "file table of libsycl-jit's per_kernel (or per_source) images (syclc); repeatable")
	fs.StringVar(&c.out, "o", "", "write the report here (written also when empty) instead of standard output")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, synopsis, fs)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %s", errtext.Quote(fs.Arg(0)))
	}
	if len(c.ours) == 0 || len(c.theirs) == 0 {
		return nil, errors.New("-ours and -theirs are required")
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 2
	}
	tables := append(append([]string(nil), c.ours...), c.theirs...)
	if err := atomicfile.CheckOutputs([]string{c.out}, tables); err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 2
	}
	ours, err := readAll(c.ours)
	if err == nil {
		var theirs *propdiff.Table
		if theirs, err = readAll(c.theirs); err == nil {
			// The files the tables name are known now.
			err = atomicfile.CheckOutputs([]string{c.out}, append(ours.Read, theirs.Read...))
		}
		if err == nil {
			report := propdiff.Report(propdiff.Compare(ours, theirs))
			if c.out != "" {
				// The differences also go to standard error: a failed
				// build action's output file is not kept.
				stderr.Write(report)
				err = atomicfile.WriteFile(c.out, report)
			} else {
				_, err = stdout.Write(report)
			}
			if err == nil {
				if len(report) > 0 {
					return 1
				}
				return 0
			}
		}
	}
	fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
	return 2
}
