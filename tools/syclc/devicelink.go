package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/atomicfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
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
func deviceLink(c *config) error {
	lib, err := sycljit.Open(c.jit)
	if err != nil {
		return err
	}
	for _, bc := range c.bitcode {
		data, err := os.ReadFile(bc)
		if err != nil {
			return err
		}
		if !llvmir.IsBitcode(data) {
			return fmt.Errorf("%s: not LLVM bitcode (want the -ir output of a -format=ptx compile)", bc)
		}
	}
	tmp, err := os.MkdirTemp("", "syclc-device-link")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	linked := filepath.Join(tmp, "linked.bc")
	cmd := exec.Command(c.llvmLink, append([]string{"-o", linked}, c.bitcode...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("%s: %s", filepath.Base(c.llvmLink), msg)
	}
	bc, err := os.ReadFile(linked)
	if err != nil {
		return err
	}
	cudaPath, remove, err := sycljit.CUDAPath(c.libdevice)
	if err != nil {
		return err
	}
	defer remove()
	// Without -fsycl-allow-device-image-dependencies: the module is the
	// whole program's device code, so its images neither import nor
	// export SYCL_EXTERNAL functions.
	args := []string{"-isystem", sycljit.SYCLHeaderDir, "-fsycl-device-code-split=" + splitModes[c.split]}
	res, err := lib.CompilePTXIR(deviceLinkSource, nil, args, cudaPath, sycljit.IR{Cached: bc})
	var ce *sycljit.CompileError
	if errors.As(err, &ce) {
		return fmt.Errorf("device link of %s: %s", strings.Join(c.bitcode, ", "), errtext.Line(diagnostics(ce.Log)))
	}
	if err != nil {
		return err
	}
	if readsSpecConstants(res) {
		return fmt.Errorf("device link of %s: the linked module reads SYCL 2020 specialization constants, which -device-link does not lower yet", strings.Join(c.bitcode, ", "))
	}
	for i, img := range res.Images {
		for _, s := range importedSymbols(img) {
			return fmt.Errorf("device link of %s: image %d still imports %s, which no linked TU defines", strings.Join(c.bitcode, ", "), i, s)
		}
	}
	out := atomicfile.NewStaging()
	defer out.Abort()
	stop := atomicfile.CleanupOnSignal(out.Abort)
	defer stop()
	if err := writePTXImages(newImageTable(out, c.outDir, c.table), c, res); err != nil {
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
func checkDeviceLinkArgs(c *config, rest []string) error {
	switch {
	case c.format != "ptx" || c.libdevice == "":
		return errors.New("-device-link needs -format=ptx and -libdevice (it links nvptx64 programs)")
	case c.llvmLink == "":
		return errors.New("-device-link needs -llvm-link (llvm-link-22 or newer: the library's bitcode is LLVM 23's)")
	case c.outDir == "" || c.table == "":
		return errors.New("-device-link needs -out-dir and -table")
	case !strings.HasSuffix(c.table, ".table"):
		return fmt.Errorf("-table=%s: the name must end in .table", c.table)
	case c.intHeader != "" || c.intFooter != "" || c.ir != "":
		return errors.New("-device-link writes images only (-int-header, -int-footer and -ir are for the TUs' compiles)")
	case len(rest) == 0:
		return errors.New("-device-link: no bitcode files")
	}
	if _, ok := splitModes[c.split]; !ok {
		return fmt.Errorf("-split=%s: want auto, per_kernel, per_source or off", c.split)
	}
	c.bitcode = rest
	return nil
}
