package devicecompile

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit"
)

// deviceLinkSource is the name the library's compile of the linked module
// goes by (its diagnostics name it); the module comes as CachedIR, so the
// library reads no source.
const deviceLinkSource = "device-link.cpp"

// deviceLink links the front-end bitcode of every translation unit of a
// program (-ir of their -format=ptx compiles) with -llvm-link (LLVM 22 or
// newer: the library's bitcode is LLVM 23's) and has the library compile
// the linked module to PTX images with its usual post-link (split, entry
// points, property sets): SYCL_EXTERNAL calls between the TUs are resolved
// in the module, not left as imports ptxas cannot resolve.
func deviceLink(c *Config) error {
	// The inputs first: a bad one costs no library load.
	for _, bc := range c.Bitcode {
		data, err := inputfile.Read(bc, inputfile.LLVMModule)
		if err != nil {
			return err
		}
		if !llvmir.IsBitcode(data) {
			return fmt.Errorf("%s: not LLVM bitcode (want the -ir output of a -format=ptx compile)", bc)
		}
	}
	lib, err := sycljit.Open(c.JIT)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "syclc-device-link")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	linked := filepath.Join(tmp, "linked.bc")
	cmd := exec.Command(c.LLVMLink, append([]string{"-o", linked}, c.Bitcode...)...)
	stderr := childproc.NewCapped(childproc.Limits{})
	cmd.Stderr = stderr
	if err := childproc.Run(cmd, childproc.Limits{}); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("%s: %s", filepath.Base(c.LLVMLink), msg)
	}
	bc, err := inputfile.Read(linked, inputfile.LLVMModule)
	if err != nil {
		return err
	}
	cudaPath, remove, err := sycljit.CUDAPath(c.Libdevice)
	if err != nil {
		return err
	}
	defer remove()
	// Without -fsycl-allow-device-image-dependencies: the module is the
	// whole program's device code, so its images neither import nor
	// export SYCL_EXTERNAL functions.
	args := []string{"-isystem", sycljit.SYCLHeaderDir, "-fsycl-device-code-split=" + splitModes[c.Split]}
	res, err := lib.CompilePTXIR(deviceLinkSource, nil, args, cudaPath, sycljit.IR{Cached: bc})
	var ce *sycljit.CompileError
	if errors.As(err, &ce) {
		return fmt.Errorf("device link of %s: %s", strings.Join(c.Bitcode, ", "), errtext.Line(diagnostics(ce.Log)))
	}
	if err != nil {
		return err
	}
	if readsSpecConstants(res) {
		return fmt.Errorf("device link of %s: the linked module reads SYCL 2020 specialization constants, which -device-link does not lower yet", strings.Join(c.Bitcode, ", "))
	}
	for i, img := range res.Images {
		for _, s := range importedSymbols(img) {
			return fmt.Errorf("device link of %s: image %d still imports %s, which no linked TU defines", strings.Join(c.Bitcode, ", "), i, s)
		}
	}
	out := atomicfile.NewStaging()
	defer out.Abort()
	stop := atomicfile.CleanupOnSignal(out.Abort)
	defer stop()
	if err := writePTXImages(newImageTable(out, c.OutDir, c.Table), c, res); err != nil {
		return err
	}
	return out.Commit()
}

// importedSymbols lists the SYCL/imported symbols property set of an image.
func importedSymbols(img sycljit.Image) []string {
	set, ok := img.Properties.Set("SYCL/imported symbols")
	if !ok {
		return nil
	}
	var names []string
	for _, p := range set.Properties() {
		names = append(names, p.Name)
	}
	return names
}

// checkDeviceLinkArgs checks -device-link's flags; rest are the bitcode
// files.
func checkDeviceLinkArgs(c *Config, rest []string) error {
	switch {
	case c.Format != "ptx" || c.Libdevice == "":
		return errors.New("-device-link needs -format=ptx and -libdevice (it links nvptx64 programs)")
	case c.LLVMLink == "":
		return errors.New("-device-link needs -llvm-link (llvm-link-22 or newer: the library's bitcode is LLVM 23's)")
	case c.OutDir == "" || c.Table == "":
		return errors.New("-device-link needs -out-dir and -table")
	case !strings.HasSuffix(c.Table, ".table"):
		return fmt.Errorf("-table=%s: the name must end in .table", c.Table)
	case c.IntHeader != "" || c.IntFooter != "" || c.IR != "":
		return errors.New("-device-link writes images only (-int-header, -int-footer and -ir are for the TUs' compiles)")
	case len(rest) == 0:
		return errors.New("-device-link: no bitcode files")
	}
	if _, ok := splitModes[c.Split]; !ok {
		return fmt.Errorf("-split=%s: want auto, per_kernel, per_source or off", c.Split)
	}
	c.Bitcode = rest
	return nil
}
