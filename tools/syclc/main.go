// Command syclc compiles the device part of one single-source SYCL C++
// file with Intel's DPC++ front end inside libsycl-jit.so (the
// intel-sycl-rt wheel) and writes what a SYCL build needs of it:
//
//	syclc -jit=LIB -out-dir=DIR -table=DIR/NAME.table -int-header=H \
//	    -int-footer=F [-split=auto|per_kernel|per_source|off] \
//	    [-translator=LLVM_SPIRV -llvm-as=LLVM_AS -llvm-dis=LLVM_DIS] \
//	    [-module=SPV | -format=ptx -libdevice=LIBDEVICE [-ir=BC]] \
//	    [-wheel=NAME==VERSION -sha256=HEX] -- FLAGS... SRC
//
// DIR gets NAME_<i>.spv, NAME_<i>.prop and NAME_<i>.sym per device image
// (SPIR-V after the library's own sycl-post-link: split, property sets,
// entry points) and the file table (Code|Properties|Symbols) the wrapper
// reads; H and F are DPC++'s integration header and footer, which the
// host compile of SRC includes. Every output appears or none does. FLAGS
// go to the compiler (-std, -I, -D, -O, ...); syclc adds the split mode,
// the SYCL headers' own directory (<sycl.hpp>, as DPC++ finds it),
// -fsycl-allow-device-image-dependencies (SYCL_EXTERNAL functions of other
// translation units stay imports that libsycl resolves between images)
// and the integration file options. A compile error prints the compiler's
// diagnostics, naming SRC as given. The library leaves SYCL 2020
// specialization constants unlowered; syclc lowers those of the images that
// read them with the LLVM 15 tools -translator, -llvm-as and -llvm-dis
// name (tools/internal/spirvspec), and fails without them.
//
// With -module=SPV (the device link's compile) syclc also writes the TU's
// device code as one SPIR-V module (split off, specialization constants
// unlowered, Function variables' initializers as stores:
// tools/internal/spirvvars) from the same front-end run; the images in DIR
// are then that run's replay (CachedIR) with -split, whose property sets
// tools/annotate writes back into the module.
//
// With -format=ptx the images are PTX for nvptx64-nvidia-cuda (NAME_<i>.ptx,
// `.target sm_75`), linked with NVIDIA's libdevice (LIBDEVICE, from the
// nvidia-nvvm wheel) for the math built-ins, through the library's PTX work-
// arounds (sycljit.CompilePTX); the integration header and footer are the
// SPIR-V compile's. A TU whose images read specialization constants is
// compiled twice: the library's front-end bitcode, with the constants
// lowered in emulation mode (read from the kernel's spec-constant buffer:
// tools/internal/bcspec, with -llvm-as and -llvm-dis of LLVM 22 or newer),
// goes back to the library, which compiles it to PTX with the constants'
// property sets.
//
//	syclc -check -jit=LIB -sha256=HEX [-wheel=NAME==VERSION] -o STAMP
//
// checks the library itself (sha256, entry points, the shape of a test
// compile: sycljit.Check) and writes STAMP; compile actions take STAMP as
// an input, so an altered library fails once, with one line naming it.
//
//	syclc -devicelibs -jit=LIB -out-dir=DIR -table=DIR/NAME.table \
//	    -native-sha256=HEX -fallback-sha256=HEX
//
// writes the bfloat16 device library's two images (NAME_fallback.spv and
// NAME_native.spv with their .prop and empty .sym) and their file table:
// the images the library's post-link adds to every compile whose device
// code calls the library (__devicelib_ConvertFToBF16INTEL, ...), from a
// compile of a tiny bfloat16 kernel; each must have its pinned sha256.
// A TU's compile leaves them out of its own images: a program wraps them
// once (the wrapper's -device-libraries), as DPC++ does.
//
//	syclc -device-link -llvm-link=LLVM_LINK -format=ptx -libdevice=LIBDEVICE \
//	    -jit=LIB -out-dir=DIR -table=DIR/NAME.table [-split=MODE] BC...
//
// links the front-end bitcode of a program's TUs (BC: the -ir outputs of
// their -format=ptx compiles) with LLVM_LINK (LLVM 22 or newer) and has the
// library compile the module (CachedIR) to PTX images with its post-link:
// SYCL_EXTERNAL calls between TUs, which the per-TU PTX leaves as externs
// ptxas cannot resolve (and libsycl cannot link for CUDA at run time), are
// resolved at build time. An image that still imports a symbol, or reads
// specialization constants (not lowered here yet), is an error.
//
// Arguments may come in a Bazel param file (@FILE); with
// --persistent_worker it serves Bazel's work requests (the library stays
// loaded between them).
//
// main only parses the command line, serves the worker protocol and prints
// the one-line error: tools/internal/devicecompile compiles.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"syscall"

	"github.com/rules-sycl/rules_sycl/tools/internal/devicecompile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
)

const name = "syclc"

func main() {
	// Every compile on one thread: glibc gives each thread that mallocs
	// an arena of its own, and the library's ~200 MB of heap per compile
	// would otherwise stay resident in one arena per thread a worker's
	// requests happened to run on.
	runtime.LockOSThread()
	h := func(args []string, stdio worker.Stdio) int { return run(args, stdio.Stdout, stdio.Stderr) }
	if worker.IsWorker(os.Args[1:]) {
		// The protocol owns fd 1; anything the library's compiler writes
		// there would corrupt it, so fd 1 becomes stderr (the worker log).
		proto, err := protectStdout()
		if err != nil {
			fmt.Fprintln(os.Stderr, errtext.ToolLine(name, err.Error()))
			os.Exit(1)
		}
		if err := worker.Serve(os.Stdin, proto, name, h); err != nil {
			fmt.Fprintln(os.Stderr, errtext.ToolLine(name, err.Error()))
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(worker.Once(name, os.Args[1:], h, worker.Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}))
}

func protectStdout() (*os.File, error) {
	fd, err := syscall.Dup(1)
	if err != nil {
		return nil, fmt.Errorf("dup stdout: %v", err)
	}
	if err := syscall.Dup2(2, 1); err != nil {
		return nil, fmt.Errorf("redirect stdout: %v", err)
	}
	return os.NewFile(uintptr(fd), "worker protocol"), nil
}

func run(args []string, stdout, stderr io.Writer) (rc int) {
	c, err := devicecompile.ParseArgs(args)
	if usage.Print(stdout, err) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(stderr, errtext.ToolLine(name, fmt.Sprintf("internal error on %s: %v", c.Src, r)))
			rc = 1
		}
	}()
	if err := devicecompile.Run(c, stderr); err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	return 0
}
