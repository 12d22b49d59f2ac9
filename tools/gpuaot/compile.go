package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
	"github.com/rules-sycl/rules_sycl/tools/internal/zebin"
)

const compileSynopsis = `usage: gpuaot -ocloc=OCLOC -device=DEV[,DEV...] [-options=STR] [-kernels=IMAGE.sym]
              [-properties=IMAGE.prop [-aspects=N,... -sub-group-sizes=N,...] [-device-library=LIB.spv]]
              [-timeout=DUR] IN.spv OUT
       gpuaot check -ocloc=OCLOC -device=DEV -ip=MAJOR.MINOR.REV [-timeout=DUR] TABLE...

compiles the SPIR-V image IN for the Intel GPU DEV with OCLOC (ocloc
compile -spirv_input) and writes the zebin to OUT: all of it or nothing.
The zebin must be one for an Intel GPU (EM_INTELGT) holding every kernel
-kernels lists. An image whose property sets (-properties) export functions
to other images is compiled as a library (ocloc -library-compilation, as
DPC++'s -ftarget-export-symbols), which keeps them. A list of devices gives
ocloc's archive of one zebin per device. With -aspects and -sub-group-sizes
(what one architecture supports, as DPC++'s device config file lists it),
an image whose device requirements need more is left out: nothing written,
exit status 3. With -device-library (a device library's SPIR-V image, its
property sets in LIB.prop beside it), an image importing a function the
library exports is linked with it first (ocloc link), as DPC++ links the
bfloat16 library into its AOT images. "gpuaot check -h" describes check.`

// defaultTimeout bounds one ocloc run: childproc's, every tool's.
const defaultTimeout = childproc.DefaultTimeout

type compileConfig struct {
	ocloc, device, options, kernels, properties string
	// library: -device-library, a device library's SPIR-V image.
	library string
	// devices: how many -device names (more than one: ocloc's archive).
	devices int
	// support: -aspects and -sub-group-sizes, nil without them.
	support *support
	timeout time.Duration
	in, out string
}

// checkDevice rejects what is not one ocloc device name: an option, or
// bytes no device name has.
func checkDevice(dev string) error {
	if dev == "" {
		return errors.New("-device is required: the Intel GPU to compile for (an ocloc device: pvc, bmg-g21, 12.60.7, ...)")
	}
	ok := dev[0] != '-'
	for _, c := range dev {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("-device %s: not one ocloc device name (pvc, bmg-g21, 12.60.7, ...)", errtext.Quote(dev))
	}
	return nil
}

// parseDevices reads -device: one ocloc device, or a comma-separated list
// (spir64_gen's --@rules_sycl//sycl:gen_devices), for which ocloc writes
// its archive of one zebin per device. In a list ocloc parses only
// hyphens ("pvc,bmg_g21" fails: "Failed to parse target : bmgg21"), so
// DPC++'s underscores become hyphens there, the names ocloc lists.
func parseDevices(dev string) (string, int, error) {
	if !strings.Contains(dev, ",") {
		return dev, 1, checkDevice(dev)
	}
	names := strings.Split(dev, ",")
	for i, n := range names {
		if err := checkDevice(n); err != nil {
			return "", 0, fmt.Errorf("-device %s: %s is not an ocloc device name (pvc, bmg-g21, 12.60.7, ...)", errtext.Quote(dev), errtext.Quote(n))
		}
		names[i] = strings.ReplaceAll(n, "_", "-")
	}
	return strings.Join(names, ","), len(names), nil
}

func parseCompile(args []string) (*compileConfig, error) {
	c := &compileConfig{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.ocloc, "ocloc", "", "the ocloc to run (@rules_sycl_ocloc//:ocloc)")
	fs.StringVar(&c.device, "device", "", "the ocloc device to compile for (pvc, bmg-g21, ...)")
	fs.StringVar(&c.options, "options", "", "ocloc's -options: IGC compile options, one string")
	fs.StringVar(&c.kernels, "kernels", "", "the image's symbol file (.sym): every entry point it lists must be in the zebin")
	fs.StringVar(&c.properties, "properties", "", "the image's property sets (.prop): an image exporting functions (SYCL/exported symbols) is compiled as a library")
	fs.StringVar(&c.library, "device-library", "", "a device library's SPIR-V image (LIB.spv, its property sets LIB.prop beside it): linked into an image that imports its functions (SYCL/imported symbols)")
	aspects := fs.String("aspects", "", "the aspects the device has (aspects.def numbers, comma-separated): an image using another is left out (exit status 3)")
	sizes := fs.String("sub-group-sizes", "", "the sub-group sizes the device has (comma-separated): an image requiring another is left out (exit status 3)")
	fs.DurationVar(&c.timeout, "timeout", defaultTimeout, "ocloc is killed after this long")
	if err := fs.Parse(args); err != nil {
		return nil, usage.FromFlagSet(err, compileSynopsis, fs)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	pos := fs.Args()
	switch {
	case c.ocloc == "":
		return nil, errors.New("-ocloc is required: the ocloc to run")
	case c.timeout <= 0:
		return nil, fmt.Errorf("-timeout %v: must be positive", c.timeout)
	case len(pos) != 2:
		return nil, fmt.Errorf("want IN.spv OUT, got %d arguments", len(pos))
	case given["aspects"] != given["sub-group-sizes"]:
		return nil, errors.New("-aspects and -sub-group-sizes go together: what one device supports")
	case given["aspects"] && c.properties == "":
		return nil, errors.New("-aspects and -sub-group-sizes need -properties: the image's device requirements")
	case given["device-library"] && c.properties == "":
		return nil, errors.New("-device-library needs -properties: the image's imported symbols")
	case given["device-library"] && !strings.HasSuffix(c.library, ".spv"):
		return nil, fmt.Errorf("-device-library %s: not a .spv file (its property sets are the .prop beside it)", errtext.Quote(c.library))
	}
	var err error
	if c.support, err = parseSupport(*aspects, *sizes, given["aspects"]); err != nil {
		return nil, err
	}
	if c.device, c.devices, err = parseDevices(c.device); err != nil {
		return nil, err
	}
	c.in, c.out = pos[0], pos[1]
	if c.in == "" || c.out == "" {
		return nil, errors.New("IN and OUT must not be empty")
	}
	return c, nil
}

// compile runs ocloc on c.in and publishes the zebin as c.out.
func compile(c *compileConfig) error {
	// OUT first, before anything is read or run (atomicfile.CheckOutputs,
	// as every tool): not an input (the same name, or another name of
	// the same file: a hard or symbolic link), not a directory, FIFO or
	// device, in a directory that exists and can be written.
	inputs := []string{c.in}
	libraryProperties := ""
	if c.library != "" {
		libraryProperties = strings.TrimSuffix(c.library, ".spv") + ".prop"
	}
	for _, p := range []string{c.kernels, c.properties, c.ocloc, c.library, libraryProperties} {
		if p != "" {
			inputs = append(inputs, p)
		}
	}
	if err := atomicfile.CheckOutputs([]string{c.out}, inputs); err != nil {
		return err
	}
	if err := checkSPIRV(c.in); err != nil {
		return err
	}
	var kernels []string
	var err error
	if c.kernels != "" {
		if kernels, err = readKernels(c.kernels); err != nil {
			return err
		}
	}
	var exports []string
	library := "" // c.library, where the image imports from it
	var libraryExports []string
	if c.properties != "" {
		reg, err := readProperties(c.properties)
		if err != nil {
			return err
		}
		if c.support != nil {
			why, err := c.support.lacks(reg, c.properties)
			if err != nil {
				return err
			}
			if why != "" {
				return &leftOutError{fmt.Sprintf("%s: left out of %s's images: %s (%s)", c.in, c.device, why, c.properties)}
			}
		}
		exports = exportedFunctions(reg)
		if c.library != "" {
			lib, err := readProperties(libraryProperties)
			if err != nil {
				return err
			}
			if names := exportedFunctions(lib); importsAny(reg, names) {
				if err := checkSPIRV(c.library); err != nil {
					return err
				}
				library, libraryExports = c.library, names
			}
		}
	}
	s := atomicfile.NewStaging()
	defer s.Abort()
	for _, in := range inputs {
		s.Protect(in) // checked again when OUT is published
	}
	stop := atomicfile.CleanupOnSignal(func() {
		killChild()
		s.Abort()
	})
	defer stop()
	staged, err := s.Path(c.out)
	if err != nil {
		return err
	}
	// ocloc appends ".bin" to -output whatever it ends with, except to the
	// archive of several devices, which it writes as -output names it.
	produced := staged + ".bin"
	if c.devices > 1 {
		produced = staged
	}
	input, file := "-spirv_input", c.in
	if library != "" {
		if file, err = link(c, s, staged); err != nil {
			return err
		}
		input = "-llvm_input"
	}
	args := []string{"compile", input, "-file", file, "-device", c.device,
		"-output", staged, "-output_no_suffix", "-q"}
	// Functions other images call (the per-TU path's SYCL_EXTERNAL
	// functions, which libsycl links at run time): ocloc keeps them only
	// when it compiles a library.
	options := c.options
	if len(exports) > 0 {
		options = strings.TrimSpace(options + " -library-compilation")
	}
	if options != "" {
		args = append(args, "-options", options)
	}
	if err := runOcloc(c, args, "compile it for "+c.device); err != nil {
		return err
	}
	zebins, err := readOutput(produced, c.devices)
	if err != nil {
		return fmt.Errorf("%s: ocloc exited 0 for %s, but %v", c.in, c.device, err)
	}
	for _, z := range zebins {
		if missing := missingKernels(z.file, kernels); len(missing) > 0 {
			return fmt.Errorf("%s: the zebin ocloc wrote for %s lacks %s of %s", c.in, z.device(c.device), kernelList(missing, len(kernels)), c.kernels)
		}
		// Linked with the library, nothing of it may stay an import:
		// libsycl links no AOT image at run time.
		for _, u := range z.file.Undefined {
			if library != "" && contains(libraryExports, u) {
				return fmt.Errorf("%s: the zebin ocloc wrote for %s still imports %s, which the device library %s defines", c.in, z.device(c.device), u, library)
			}
		}
	}
	if produced != staged {
		if err := os.Rename(produced, staged); err != nil {
			return fmt.Errorf("%s: %v", c.out, err)
		}
	}
	return s.Commit()
}

// outputZebin is one zebin of what ocloc wrote: the whole file, or an
// archive's member.
type outputZebin struct {
	member string // "" for the whole file
	file   *zebin.File
}

func (z outputZebin) device(devices string) string {
	if z.member == "" {
		return devices
	}
	return devices + " (archive member " + z.member + ")"
}

// readOutput reads what ocloc wrote: a zebin for one device, an archive
// of one zebin per device for several.
func readOutput(path string, devices int) ([]outputZebin, error) {
	if devices == 1 {
		z, err := readZebin(path)
		if err != nil {
			return nil, err
		}
		return []outputZebin{{file: z}}, nil
	}
	// An archive of zebins: each is small (kernels' machine code), and it
	// is read whole as ocloc wrote it, bounded as a device image.
	b, err := inputfile.Read(path, inputfile.DeviceImage)
	if err != nil {
		var tl *inputfile.TooLargeError
		if errors.As(err, &tl) {
			return nil, fmt.Errorf("what it wrote is too large (%s)", unnamed(err))
		}
		return nil, fmt.Errorf("it wrote no archive (%s)", unnamed(err))
	}
	ds, err := zebin.ReadArchive(b)
	if err != nil {
		return nil, fmt.Errorf("what it wrote is no archive of zebins: %v", err)
	}
	if len(ds) != devices {
		return nil, fmt.Errorf("its archive holds %d device zebins, want %d", len(ds), devices)
	}
	out := make([]outputZebin, len(ds))
	for i, d := range ds {
		out[i] = outputZebin{member: d.Member, file: d.File}
	}
	return out, nil
}

// readZebin reads the zebin ocloc wrote.
func readZebin(path string) (*zebin.File, error) {
	f, err := inputfile.Open(path, inputfile.DeviceImage)
	if err != nil {
		var tl *inputfile.TooLargeError
		if errors.As(err, &tl) {
			return nil, fmt.Errorf("what it wrote is too large (%s)", unnamed(err))
		}
		return nil, fmt.Errorf("it wrote no zebin (%s)", unnamed(err))
	}
	defer f.Close()
	// Read as far as the size inputfile checked, not further.
	z, err := zebin.Read(io.NewSectionReader(f.OS(), 0, f.Size()))
	if err != nil {
		return nil, fmt.Errorf("what it wrote is no zebin: %v", err)
	}
	return z, nil
}

// missingKernels lists the names of want that are neither a kernel nor a
// function of z.
func missingKernels(z *zebin.File, want []string) []string {
	var missing []string
	for _, k := range want {
		if !z.HasFunction(k) {
			missing = append(missing, k)
		}
	}
	return missing
}

// kernelList words missing kernels: `kernel "a"`, `kernels "a", "b" (2 of
// 5)`, at most three named.
func kernelList(missing []string, of int) string {
	var q []string
	for i, k := range missing {
		if i == 3 {
			q = append(q, "...")
			break
		}
		q = append(q, errtext.Quote(k))
	}
	if len(missing) == 1 {
		return "kernel " + q[0]
	}
	return fmt.Sprintf("kernels %s (%d of %d)", strings.Join(q, ", "), len(missing), of)
}

// link links the image with the device library (ocloc link: LLVM bitcode
// of both, the library's functions resolving the image's imports) into a
// scratch file of the staging set, and returns its name.
func link(c *compileConfig, s *atomicfile.Staging, staged string) (string, error) {
	f, err := s.TempFile(filepath.Dir(staged), "linked*.bc")
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	args := []string{"link", "-file", c.in, "-file", c.library, "-out", name, "-out_format", "LLVM_BC"}
	if err := runOcloc(c, args, "link it with the device library "+c.library); err != nil {
		return "", err
	}
	return name, nil
}

// runOcloc runs ocloc with args; a failure is one line naming the image,
// what ocloc could not do and its first error line.
func runOcloc(c *compileConfig, args []string, what string) error {
	r, err := runChild(c.ocloc, args, oclocEnv(), c.timeout)
	if err != nil {
		return fmt.Errorf("%s: cannot run ocloc %s: %v", c.in, c.ocloc, pathError(err))
	}
	if !r.ok() {
		msg := fmt.Sprintf("%s: ocloc cannot %s (%s)", c.in, what, r.status(c.timeout))
		if l := firstErrorLine(r.output); l != "" {
			msg += ": " + l
		}
		return errors.New(msg)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
