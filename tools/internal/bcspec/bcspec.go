// Package bcspec lowers SYCL 2020 specialization constants in libsycl-jit's
// front-end bitcode in emulation mode, as sycl-post-link's -spec-const=
// emulation does for DPC++'s CUDA target: each call of
// __sycl_getScalar2020SpecConstantValue / __sycl_getComposite2020SpecConstantValue
// becomes a load from the buffer the kernel gets as its
// _arg__specialization_constants_buffer argument (libsycl fills it with the
// values set, or the defaults), and the module gets the metadata the
// library's post-link writes the spec-constant property sets from.
//
// The library leaves the calls unlowered (its post-link runs no
// SpecConstantsPass), and a PTX image cannot have native SPIR-V spec
// constants. So syclc asks the library for the front end's bitcode
// (compileSYCL's SaveIR), lowers it here, and gives it back (CachedIR),
// which the library then links, splits and compiles to PTX. The bitcode is
// LLVM 23's: reading it takes an llvm-dis of LLVM 22 or newer (LLVM 19's
// fails on some modules: "Invalid record"); the lowered text is written
// back with the llvm-as of the same LLVM, whose bitcode the library reads.
package bcspec

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
)

// Tools are the LLVM programs Lower runs.
type Tools struct {
	Assembler    string // llvm-as-22
	Disassembler string // llvm-dis-22
}

// ToolError is a tool that failed on a module: Module names it.
type ToolError struct {
	Module, Tool, Msg string
}

func (e *ToolError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Module, e.Tool, e.Msg)
}

// Lower returns bc with its spec constants lowered in emulation mode, and
// the constants (their descriptors and defaults blob). name names the
// module in errors (the source it was compiled from). A module that calls
// no intrinsic comes back unchanged with no constants.
func Lower(bc []byte, name string, t Tools) ([]byte, *specconst.Result, error) {
	if t.Assembler == "" || t.Disassembler == "" {
		return nil, nil, fmt.Errorf("%s: lowering specialization constants needs an llvm-as and an llvm-dis", name)
	}
	text, err := llvmir.Disassemble(bc, t.Disassembler)
	if err != nil {
		return nil, nil, toolError(name, t.Disassembler, err)
	}
	res, err := specconst.Lower(text, name, specconst.Emulation)
	if err != nil {
		return nil, nil, err
	}
	if len(res.SpecConsts) == 0 {
		return bc, res, nil
	}
	out, err := llvmir.Assemble(res.Text, t.Assembler)
	if err != nil {
		return nil, nil, toolError(name, t.Assembler, err)
	}
	return out, res, nil
}

// toolError names the module (the tools read and write pipes) and the
// tool's first line of messages.
func toolError(name, tool string, err error) error {
	var te *llvmir.ToolError
	if !errors.As(err, &te) {
		return err
	}
	msg := strings.TrimSpace(te.Stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if msg == "" {
		msg = te.Err.Error()
	}
	return &ToolError{Module: name, Tool: filepath.Base(tool), Msg: msg}
}
