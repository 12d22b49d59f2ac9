// Command bundler packs, unpacks and inspects the containers of the SYCL
// offload pipeline:
//
//	bundler syclbin -o OUT.syclbin -state=input|object|executable
//	        [-target=T] [-arch=A] [-ir-type=spirv|ptx|amdgcn]
//	        [-properties=F.prop] IMAGE... [-table=TABLE]...
//	        [-container=v1|offload-v1|v2 -image-kind=IMG_SYCLBIN]
//	bundler offload-binary pack -o OUT [-version=1|2|3] [-compress]
//	        [-compression-level=N] -image=file=F,triple=T,arch=A,kind=K[,image-kind=IK][,KEY=VALUE]...
//	bundler offload-binary unpack -input=F -output-dir=DIR
//	bundler bundle -type=T -targets=ID[,ID...] -input=F... -output=OUT
//	        [-compress] [-compression-level=N] [-compressed-version=1|2|3] [-bundle-align=N]
//	bundler unbundle -type=T -input=F (-targets=ID,... -output=F... | -output-dir=DIR)
//	        [-allow-missing-bundles]
//	bundler bundle -unbundle ... / bundler bundle -list -input=F  (clang-offload-bundler style)
//	bundler list -input=F
//	bundler inspect FILE [-json]
//
// Errors print one line on stderr and exit with status 1; no partial
// outputs are left behind.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "bundler: %v\n", oneLine(err))
		os.Exit(1)
	}
}

// oneLine keeps error output to a single line whatever the input names
// contained.
func oneLine(err error) string {
	b := []byte(err.Error())
	for i, c := range b {
		if c == '\n' || c == '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

const usage = "usage: bundler syclbin|offload-binary|bundle|unbundle|list|inspect ... (see tools/bundler/main.go)"

func run(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usagef("%s", usage)
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "syclbin":
		return runSYCLBIN(rest)
	case "offload-binary":
		return runOffloadBinary(rest, stdout)
	case "bundle":
		return runBundle(rest, modeBundle, stdout)
	case "unbundle":
		return runBundle(rest, modeUnbundle, stdout)
	case "list":
		return runBundle(rest, modeList, stdout)
	case "inspect":
		return runInspect(rest, stdout)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	return usagef("unknown subcommand %q (want syclbin, offload-binary, bundle, unbundle, list or inspect)", cmd)
}
