// Command imagecheck runs a SYCL program under the real runtime with
// SYCL_DUMP_IMAGES=1 and checks that the images the runtime registered are
// byte-identical to the images wrapped into the program (and the shared
// libraries named with -also): same targets, same bytes (compressed images
// compared after decompression, as the runtime dumps them), same count.
//
//	imagecheck [-runtime DIR] [-also FILE]... [-expect-compressed]
//	           [-expect-entries=old|new] [-expect-image-version=N]
//	           [-expect-target=T]... [-expect-error=TEXT] [-preload=SO]
//	           -- PROGRAM [ARGS...]
//
// PROGRAM may be a sycl_binary's launcher script: its images are then read
// from PROGRAM.bin, the program it starts. -runtime names a oneAPI runtime
// directory (lib/ and etc/OpenCL/vendors/, e.g. the @oneapi_runtime
// repository in runfiles), or a file at its root (its VERSIONS file, easy to
// name in Bazel): its lib/ is prepended to LD_LIBRARY_PATH and
// OCL_ICD_VENDORS points at its vendors directory (a launcher may set both
// again). ONEAPI_DEVICE_SELECTOR defaults to opencl:cpu. -preload sets
// LD_PRELOAD, for tests/realruntime's shim that keeps dumps from overwriting
// each other: libsycl.so.9 dumps compressed images when it decompresses
// them, each to "<target>.spv", so without it a program keeps only the last
// one. -expect-error inverts the result: the check must fail with a message
// containing TEXT (how tests prove that a wrong layout is caught). Exit 0 on
// success, 1 on a failed check, 2 on bad usage.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

const synopsis = `usage: imagecheck [-runtime DIR] [-also FILE]... [-expect-compressed]
                  [-expect-entries=old|new] [-expect-image-version=N]
                  [-expect-target=T]... [-expect-error=TEXT] [-preload=SO]
                  -- PROGRAM [ARGS...]

runs PROGRAM under the SYCL runtime with SYCL_DUMP_IMAGES=1 and checks that
the images it registered are the ones wrapped into it. Exit 0 on success, 1
on a failed check, 2 on bad usage.`

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("imagecheck", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	runtime := fs.String("runtime", "", "oneAPI runtime directory (lib/, etc/OpenCL/vendors/)")
	var also multiFlag
	fs.Var(&also, "also", "a shared library whose wrapped images the program registers too (repeatable)")
	compressed := fs.Bool("expect-compressed", false, "at least one image must be stored zstd-compressed")
	entries := fs.String("expect-entries", "", "old or new: the offload entry layout of every image")
	version := fs.Int("expect-image-version", 0, "the Version field of every image")
	preload := fs.String("preload", "", "LD_PRELOAD for the program")
	var targets multiFlag
	fs.Var(&targets, "expect-target", "a target whose images must be wrapped and registered (repeatable)")
	expectErr := fs.String("expect-error", "", "the check must fail with a message containing this text")
	if err := fs.Parse(args); err != nil {
		if usage.Print(stdout, usage.FromFlagSet(err, synopsis, fs)) {
			return 0
		}
		fmt.Fprintln(stderr, errtext.ToolLine("imagecheck", err.Error()))
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "imagecheck: no program to run (imagecheck [flags] -- PROGRAM [ARGS...])")
		return 2
	}
	if *entries != "" && *entries != "old" && *entries != "new" {
		fmt.Fprintf(stderr, "imagecheck: invalid -expect-entries=%s (want old or new)\n", *entries)
		return 2
	}
	tmp, err := os.MkdirTemp(os.Getenv("TEST_TMPDIR"), "sycl-dump-")
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("imagecheck", err.Error()))
		return 1
	}
	defer os.RemoveAll(tmp)
	rc := runConfig{binary: fs.Arg(0), args: fs.Args()[1:], dumpDir: tmp}
	if *preload != "" {
		abs, err := filepath.Abs(*preload)
		if err != nil {
			fmt.Fprintf(stderr, "imagecheck: -preload: %v\n", err)
			return 1
		}
		rc.preload = abs
	}
	if !strings.ContainsRune(rc.binary, filepath.Separator) {
		rc.binary = "." + string(filepath.Separator) + rc.binary
	}
	if *runtime != "" {
		abs, err := filepath.Abs(*runtime)
		if err == nil {
			var st os.FileInfo
			if st, err = os.Stat(abs); err == nil && !st.IsDir() {
				abs = filepath.Dir(abs)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "imagecheck: -runtime: %v\n", err)
			return 1
		}
		rc.libDirs = []string{filepath.Join(abs, "lib")}
		rc.vendors = filepath.Join(abs, "etc", "OpenCL", "vendors")
	}
	files := append([]string{programImage(fs.Arg(0))}, also...)
	report, err := check(rc, files, expectations{compressed: *compressed, newEntries: *entries, version: *version, targets: targets})
	if *expectErr != "" {
		var ce *CheckError
		switch {
		case err == nil:
			fmt.Fprintf(stderr, "imagecheck: the check passed, but it had to fail with %q:\n%s", *expectErr, report)
			return 1
		case !errors.As(err, &ce) || !strings.Contains(err.Error(), *expectErr):
			fmt.Fprintf(stderr, "imagecheck: the check failed, but not with %q:\n%v\n", *expectErr, err)
			return 1
		}
		fmt.Fprintf(stdout, "OK: the check failed as expected:\n%v\n", err)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, errtext.ToolLine("imagecheck", err.Error()))
		return 1
	}
	fmt.Fprint(stdout, report)
	return 0
}

// programImage is the file holding PROGRAM's images: PROGRAM itself, or,
// when PROGRAM is a launcher script (sycl_binary with a runtime that needs
// an environment), the PROGRAM.bin it starts.
func programImage(program string) string {
	head := make([]byte, 4)
	// A regular file only: a FIFO would block the open.
	if f, err := inputfile.Open(program, inputfile.Program); err == nil {
		n, _ := io.ReadFull(f, head)
		f.Close()
		if devicebinaries.IsELF(head[:n]) {
			return program
		}
		if _, err := os.Stat(program + ".bin"); err == nil {
			return program + ".bin"
		}
	}
	return program
}
