package sycljit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
)

// CheckSource is the self-test's source: one named kernel, so that the
// result's shape (one image, its entry point, its property sets) is known.
const CheckSource = `#include <sycl/sycl.hpp>
class rules_sycl_check;
void check(sycl::queue &q, int *p) {
  q.single_task<rules_sycl_check>([=] { *p = 42; });
}
`

// CheckKernel is the entry point CheckSource's image must list.
const CheckKernel = "_ZTS16rules_sycl_check"

// DigestError is a library whose sha256 is not the pinned one.
type DigestError struct {
	Path      string
	Got, Want string
}

func (e *DigestError) Error() string {
	return fmt.Sprintf("%s: sha256 %s, want %s", e.Path, e.Got, e.Want)
}

// FileSHA256 returns the hex sha256 of the file at path.
func FileSHA256(path string) (string, error) {
	f, err := inputfile.Open(path, inputfile.SharedLibrary)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %v", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Check verifies the library at path: its sha256 (want, hex), its entry
// points (Open), and a compile of CheckSource whose result must be one
// 64-bit SPIR-V image listing CheckKernel with the property sets libsycl
// reads. It returns the loaded library.
func Check(path, want string) (*Library, error) {
	got, err := FileSHA256(path)
	if err != nil {
		// inputfile's and os's errors name path already.
		return nil, &LoadError{Path: path, Msg: strings.TrimPrefix(err.Error(), path+": ")}
	}
	if got != want {
		return nil, &DigestError{Path: path, Got: got, Want: want}
	}
	lib, err := Open(path)
	if err != nil {
		return nil, err
	}
	res, err := lib.Compile("rules_sycl_check.cpp", []byte(CheckSource), []string{"-std=c++17"})
	if err != nil {
		if ce, ok := err.(*CompileError); ok {
			return nil, &ABIError{Msg: fmt.Sprintf("the self-test source did not compile (error %d): %s", ce.Code, ce.Log)}
		}
		return nil, err
	}
	if err := CheckResult(res); err != nil {
		return nil, err
	}
	return lib, nil
}

// CheckResult checks the shape of CheckSource's compile.
func CheckResult(res *Result) error {
	if len(res.Images) != 1 {
		return &ABIError{Msg: fmt.Sprintf("%d images for one kernel, want 1", len(res.Images))}
	}
	img := res.Images[0]
	switch {
	case img.Format != FormatSPIRV:
		return &ABIError{Msg: fmt.Sprintf("image format %d, want %d (SPIR-V)", img.Format, FormatSPIRV)}
	case img.AddressBits != 64:
		return &ABIError{Msg: fmt.Sprintf("%d address bits, want 64", img.AddressBits)}
	case len(img.Binary) < 20 || binary.LittleEndian.Uint32(img.Binary) != 0x07230203:
		return &ABIError{Msg: "the image is not SPIR-V (no magic number)"}
	case len(img.Symbols) != 1 || img.Symbols[0] != CheckKernel:
		return &ABIError{Msg: fmt.Sprintf("entry points %q, want [%s]", img.Symbols, CheckKernel)}
	}
	for _, set := range []string{"SYCL/kernel param opt", "SYCL/device requirements"} {
		if _, ok := img.Properties.Set(set); !ok {
			return &ABIError{Msg: "no property set " + set}
		}
	}
	if !bytes.Contains(img.Binary, []byte(CheckKernel)) {
		return &ABIError{Msg: "the image does not name its entry point"}
	}
	return nil
}
