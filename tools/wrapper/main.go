// Command wrapper is a drop-in for clang-offload-wrapper -kind=sycl: it
// wraps device images, their offload entries (.sym) and property sets
// (.prop) into a host ELF object that registers them with the SYCL runtime
// at program start. It writes the object directly (no LLVM IR step).
//
//	wrapper -o OUT.o -host=TRIPLE -kind=sycl
//	        [-target=T] [-format=none|native|spirv|llvmbc|compressed]
//	        [-compile-opts=S] [-link-opts=S] [-properties=F] [-entries=F] IMAGE
//	        [... more option groups and IMAGEs]
//	wrapper -o OUT.o -host=TRIPLE -kind=sycl -target=T ... -batch TABLE
//
// TRIPLE is x86_64-*-linux* or aarch64-*-linux*. -format=compressed (ours)
// takes an image that is a zstd frame already (format 4, as bundler unwrap
// writes them) and stores it as it is. Other options:
// -image-version=3|2 (device image struct layout: 3, the default, is the
// 80-byte struct DPC++ writes since intel/llvm#20748 and libsycl.so.9 reads;
// 2 is the 96-byte struct with manifest pointers of libsycl.so.8),
// -new-offload-entries (56-byte entries of DPC++'s new offload model instead
// of clang-offload-wrapper's 32-byte ones), -emit-reg-funcs=false,
// -desc-name=NAME, -v (accepted, ignored), and zstd compression:
// -offload-compress [-offload-compression-level=N (10)]
// [-offload-compression-threshold=BYTES (512)]; ours:
// -skip-images-without-entries (leave out table rows whose Symbols file
// lists no entry, e.g. per-TU images of TUs without kernels). Flags take
// one or two dashes and "=value" or a separate value.
package main

import (
	"fmt"
	"os"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

// With --persistent_worker, the wrapper serves Bazel's work requests (see
// tools/internal/worker).
func main() { os.Exit(worker.Main("wrapper", os.Args[1:], handle)) }

// handle is one wrapper run, a one-shot one or a work request.
func handle(args []string, stdio worker.Stdio) int {
	err := run(args)
	if usage.Print(stdio.Stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stdio.Stderr, errtext.ToolLine("wrapper", err.Error()))
		return 1
	}
	return 0
}
