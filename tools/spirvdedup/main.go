// Command spirvdedup removes the duplicate declarations SPIRV-LLVM-Translator
// 22.1.0 writes into SYCL device images (a second OpTypeEvent, repeated
// decorations), which spirv-val rejects: see tools/internal/spirvdedup.
// The SYCL C++ device link runs it on every image after the forward
// translation, in the same SyclTranslate action (tools/foreach --then).
//
// Usage: spirvdedup [-o OUT] IMAGE
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
	"github.com/rules-sycl/rules_sycl/tools/internal/spirvdedup"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const synopsis = `usage: spirvdedup [-o OUT] IMAGE

removes repeated decorations and merges duplicate OpTypeEvent declarations
of the SPIR-V module IMAGE; writes OUT, or rewrites IMAGE in place without
-o (an image with nothing to remove is left untouched).`

type config struct{ in, out string }

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("spirvdedup", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.out, "o", "", "output image (default: IMAGE, in place)")
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usage.FromFlagSet(err, synopsis, fs)
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
	if len(rest) != 1 {
		return nil, errors.New("exactly one IMAGE is required")
	}
	c.in = rest[0]
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) (rc int) {
	c, err := parseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err == nil {
		// A bug must still end in one line, not a stack trace.
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintln(stderr, errtext.ToolLine("spirvdedup", fmt.Sprintf("internal error on %s: %v", c.in, r)))
				rc = 1
			}
		}()
		err = dedup(c)
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("spirvdedup", err.Error()))
		return 1
	}
	return 0
}

func dedup(c *config) error {
	inPlace := c.out == "" || c.out == c.in
	if !inPlace {
		if err := atomicfile.CheckOutputs([]string{c.out}, []string{c.in}); err != nil {
			return err
		}
	}
	spv, err := inputfile.Read(c.in, inputfile.SPIRV)
	if err != nil {
		return err // names the file
	}
	out, report, err := spirvdedup.Dedup(spv)
	if err != nil {
		return fmt.Errorf("%s: %v", c.in, err)
	}
	if inPlace {
		if !report.Changed() {
			return nil
		}
		return atomicfile.WriteFile(c.in, out)
	}
	return atomicfile.WriteFile(c.out, out)
}
