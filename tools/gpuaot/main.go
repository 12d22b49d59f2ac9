// Command gpuaot compiles one SPIR-V image ahead of time for one Intel GPU
// with ocloc, and checks zebins (gpuaot check). See README.md.
//
//	gpuaot -ocloc=OCLOC -device=DEV[,DEV...] [-options=STR] [-kernels=IMAGE.sym] [-properties=IMAGE.prop [-aspects=N,... -sub-group-sizes=N,...]] [-timeout=DUR] IN.spv OUT
//	gpuaot check -ocloc=OCLOC -device=DEV -ip=MAJOR.MINOR.REV [-timeout=DUR] TABLE...
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

const name = "gpuaot"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	var err error
	if len(args) > 0 && args[0] == "check" {
		var c *checkConfig
		if c, err = parseCheck(args[1:]); usage.Print(stdout, err) {
			return 0
		} else if err == nil {
			err = check(c, stdout)
		}
	} else {
		var c *compileConfig
		if c, err = parseCompile(args); usage.Print(stdout, err) {
			return 0
		} else if err == nil {
			err = compile(c)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		var l *leftOutError
		if errors.As(err, &l) {
			return leftOutStatus
		}
		return 1
	}
	return 0
}

// leftOutError: the image is not for the device (requirements.go).
type leftOutError struct{ msg string }

func (e *leftOutError) Error() string { return e.msg }
