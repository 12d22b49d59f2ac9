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
//	bundler unwrap [-decompress] [-descriptor=N]... -output-dir=DIR FILE
//
// A leading -max-decompressed=SIZE (or RULES_SYCL_MAX_DECOMPRESSED; bytes
// with an optional K, M or G suffix; default 256M) bounds the total number
// of bytes the process decompresses, over all containers it reads.
//
// Errors print one line on stderr and exit with status 1; no partial
// outputs are left behind.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

// With --persistent_worker, the bundler serves Bazel's work requests (see
// tools/internal/worker).
func main() { os.Exit(worker.Main("bundler", os.Args[1:], handle)) }

// handle is one bundler run, a one-shot one or a work request.
func handle(args []string, stdio worker.Stdio) int {
	err := run(args, stdio.Stdout)
	if usage.Print(stdio.Stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stdio.Stderr, errtext.ToolLine("bundler", err.Error()))
		return 1
	}
	return 0
}

const synopsis = `usage: bundler [-max-decompressed=SIZE] SUBCOMMAND ...
  bundler syclbin -o OUT.syclbin -state=input|object|executable [-target=T] [-arch=A]
          [-ir-type=spirv|ptx|amdgcn] [-properties=F.prop] IMAGE... [-table=TABLE]...
          [-container=v1|offload-v1|v2 -image-kind=IMG_SYCLBIN]
  bundler offload-binary pack -o OUT [-version=1|2|3] [-compress] [-compression-level=N]
          -image=file=F,triple=T,arch=A,kind=K[,image-kind=IK][,KEY=VALUE]...
  bundler offload-binary unpack -input=F -output-dir=DIR
  bundler bundle -type=T -targets=ID[,ID...] -input=F... -output=OUT [-compress]
          [-compression-level=N] [-compressed-version=1|2|3] [-bundle-align=N]
  bundler unbundle -type=T -input=F (-targets=ID,... -output=F... | -output-dir=DIR)
          [-allow-missing-bundles]
  bundler list [-type=T] -input=F
  bundler inspect FILE [-json]
  bundler unwrap [-decompress] [-descriptor=N]... -output-dir=DIR FILE
          (each descriptor's images, .prop, .sym, file tables and DIR/descriptor-N/wrapper.args:
          wrapper -o OUT.o @DIR/descriptor-N/wrapper.args builds it again)

-max-decompressed (or RULES_SYCL_MAX_DECOMPRESSED; bytes with an optional K,
M or G suffix; default 256M) bounds the bytes decompressed in all.`

func run(args []string, stdout io.Writer) error {
	// One decompression budget for the whole process, however many
	// containers the inputs hold: RULES_SYCL_MAX_DECOMPRESSED, overridden
	// by a leading -max-decompressed=SIZE.
	budget, err := inflate.FromEnv(os.Getenv)
	if err != nil {
		return usagef("%v", err)
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "-max-decompressed") {
		v := strings.TrimPrefix(args[0], "-max-decompressed")
		args = args[1:]
		switch {
		case strings.HasPrefix(v, "="):
			v = v[1:]
		case v == "" && len(args) > 0:
			v, args = args[0], args[1:]
		default:
			return usagef("option -max-decompressed needs a size")
		}
		n, err := inflate.ParseSize(v)
		if err != nil {
			return usagef("-max-decompressed: %v", err)
		}
		budget = inflate.New(n)
	}
	if len(args) == 0 {
		return usagef("usage: bundler SUBCOMMAND ... (syclbin, offload-binary, bundle, unbundle, list, inspect or unwrap; bundler -help shows their options)")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "syclbin":
		return runSYCLBIN(rest)
	case "offload-binary":
		return runOffloadBinary(rest, budget, stdout)
	case "bundle":
		return runBundle(rest, modeBundle, budget, stdout)
	case "unbundle":
		return runBundle(rest, modeUnbundle, budget, stdout)
	case "list":
		return runBundle(rest, modeList, budget, stdout)
	case "inspect":
		return runInspect(rest, budget, stdout)
	case "unwrap":
		return runUnwrap(rest, budget)
	case "-h", "-help", "--help", "help":
		return &usage.Help{Text: synopsis}
	}
	return usagef("unknown subcommand %q (want syclbin, offload-binary, bundle, unbundle, list, inspect or unwrap)", cmd)
}
