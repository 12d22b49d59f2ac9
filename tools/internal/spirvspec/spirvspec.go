// Package spirvspec lowers SYCL 2020 specialization constants in SPIR-V
// device images that still call the spec-constant intrinsics: what
// libsycl-jit.so (DPC++ 2026.2's runtime compiler, tools/syclc) returns. Its
// post-link (intel/llvm sycl-jit/jit-compiler/lib/rtc/DeviceCompilation.cpp,
// performPostLink) runs no SpecConstantsPass, so an image of a kernel that
// reads kernel_handler::get_specialization_constant imports
// __sycl_getScalar2020SpecConstantValue / __sycl_getComposite2020SpecConstantValue
// and lists no specialization-constant property sets: libsycl cannot set
// the constants and Intel's CPU runtime fails to build the program ("JIT
// session error: Symbols not found"). No compileSYCL option changes that,
// and its exported materializeSpecConstants only rewrites emulated
// constants of LLVM IR images for PTX and AMDGCN.
//
// Lower does what sycl-post-link's -spec-const=native does, on the image:
// the SPIR-V translator reads it back to LLVM IR (LLVM 15, which can read
// it, unlike the library's LLVM 23 bitcode), tools/internal/specconst
// lowers the calls to SPIR-V spec constants with integer IDs, and the
// translator writes SPIR-V again with the image's own version and
// extensions. The image's property registry gets the two sets the runtime
// maps symbolic IDs and default values through. In emulation (images
// compiled ahead of time) the constants are loads from the kernel's
// spec-constant buffer, which the library's calls pass as null (it compiles
// for spir64): each kernel reads it from its own parameter, given back
// where the library's dead-argument elimination removed it (its SYCL/kernel
// param opt bit, cleared in the registry; specconst.Options).
package spirvspec

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
)

// Tools are the LLVM 15 programs Lower runs.
type Tools struct {
	Translator   string // llvm-spirv-15
	Assembler    string // llvm-as-15
	Disassembler string // llvm-dis-15
	// TempDir holds the intermediate files (a fresh directory under it is
	// removed before Lower returns); empty: os.TempDir().
	TempDir string
}

// Uses reports whether a SPIR-V image names a spec-constant intrinsic (its
// import's OpName and LinkageAttributes carry the mangled name).
func Uses(spv []byte) bool {
	return bytes.Contains(spv, []byte("__sycl_getScalar2020SpecConstantValue")) ||
		bytes.Contains(spv, []byte("__sycl_getComposite2020SpecConstantValue"))
}

const (
	magic       = 0x07230203
	opExtension = 10
)

// Header is what the translator needs to write an image like the input:
// its SPIR-V version and the extensions it declares.
type Header struct {
	Major, Minor int
	Extensions   []string
}

// ParseHeader reads the version and the OpExtension instructions of a
// little-endian SPIR-V module.
func ParseHeader(spv []byte) (*Header, error) {
	if len(spv) < 20 || len(spv)%4 != 0 {
		return nil, fmt.Errorf("not a SPIR-V module: %d bytes", len(spv))
	}
	word := func(i int) uint32 { return binary.LittleEndian.Uint32(spv[4*i:]) }
	if word(0) != magic {
		return nil, fmt.Errorf("not a little-endian SPIR-V module: magic %#08x", word(0))
	}
	v := word(1)
	h := &Header{Major: int(v >> 16 & 0xff), Minor: int(v >> 8 & 0xff)}
	n := len(spv) / 4
	for i := 5; i < n; {
		count := int(word(i) >> 16)
		if count == 0 || i+count > n {
			return nil, fmt.Errorf("malformed SPIR-V instruction at word %d", i)
		}
		if word(i)&0xffff == opExtension {
			lit := spv[4*(i+1) : 4*(i+count)]
			if z := bytes.IndexByte(lit, 0); z >= 0 {
				lit = lit[:z]
			}
			h.Extensions = append(h.Extensions, string(lit))
		}
		i += count
	}
	return h, nil
}

// TranslatorFlags are the flags that make the translator declare no more
// than h: its version as the maximum and only its extensions.
func (h *Header) TranslatorFlags() []string {
	ext := "-all"
	for _, e := range h.Extensions {
		ext += ",+" + e
	}
	return []string{fmt.Sprintf("--spirv-max-version=%d.%d", h.Major, h.Minor), "--spirv-ext=" + ext}
}

// Lower returns spv with its spec constants lowered in mode -- native SPIR-V
// spec constants (JIT images), or emulation, read from the buffer the
// runtime passes each kernel (images compiled ahead of time, which the
// runtime cannot specialize) -- and adds their property sets to reg. name
// names the image in errors. An image that calls no intrinsic comes back
// unchanged.
func Lower(spv []byte, name string, reg *propset.Registry, t Tools, mode specconst.Mode) ([]byte, error) {
	if !Uses(spv) {
		return spv, nil
	}
	h, err := ParseHeader(spv)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	dir, err := os.MkdirTemp(t.TempDir, "spirvspec-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	p := func(f string) string { return filepath.Join(dir, f) }
	if err := os.WriteFile(p("in.spv"), spv, 0o644); err != nil {
		return nil, err
	}
	if err := run(t.Translator, "-r", p("in.spv"), "-o", p("in.bc")); err != nil {
		return nil, fmt.Errorf("%s: reading the image back: %v", name, err)
	}
	if err := run(t.Disassembler, p("in.bc"), "-o", p("in.ll")); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	// The tools' outputs are bounded like inputs: a translator gone wrong
	// must not cost gigabytes.
	text, err := inputfile.Read(p("in.ll"), inputfile.LLVMModule)
	if err != nil {
		return nil, err
	}
	// The library compiles for spir64: its calls pass a null buffer.
	opts := specconst.Options{NullBuffers: true}
	if mode == specconst.Emulation {
		if opts.ParamMasks, err = paramMasks(reg); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	res, err := specconst.LowerWith(text, name, mode, opts)
	if err != nil {
		return nil, err
	}
	if len(res.SpecConsts) == 0 {
		return spv, nil
	}
	if err := os.WriteFile(p("out.ll"), specconst.DropUnusedGlobals(res.Text), 0o644); err != nil {
		return nil, err
	}
	if err := run(t.Assembler, p("out.ll"), "-o", p("out.bc")); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	args := append(h.TranslatorFlags(), p("out.bc"), "-o", p("out.spv"))
	if err := run(t.Translator, args...); err != nil {
		return nil, fmt.Errorf("%s: writing the lowered image: %v", name, err)
	}
	out, err := inputfile.Read(p("out.spv"), inputfile.SPIRV)
	if err != nil {
		return nil, err
	}
	res.AddProperties(reg, mode)
	// The kernels given their spec-constant buffer back take it: the
	// runtime passes the arguments the mask keeps.
	for k, mask := range res.ParamMasks {
		reg.Add(setParamOpt, k, propset.BitVector(mask))
	}
	return out, nil
}

const setParamOpt = "SYCL/kernel param opt"

// paramMasks reads the library's kernel parameter masks: in emulation,
// a kernel whose spec-constant buffer dead-argument elimination removed
// (libsycl-jit compiles for spir64, whose spec constants are native) gets
// it back.
func paramMasks(reg *propset.Registry) (map[string][]bool, error) {
	masks := map[string][]bool{}
	s, ok := reg.Set(setParamOpt)
	if !ok {
		return masks, nil
	}
	for _, p := range s.Properties() {
		v := p.Value
		if v.Type() != propset.ByteArray || uint64(len(v.Data()))*8 < v.BitCount() {
			return nil, fmt.Errorf("%s %s is not a bit vector", setParamOpt, p.Name)
		}
		bits := make([]bool, v.BitCount())
		for i := range bits {
			bits[i] = v.Data()[i/8]>>(uint(i)%8)&1 != 0
		}
		masks[p.Name] = bits
	}
	return masks, nil
}

func run(tool string, args ...string) error {
	if tool == "" {
		return fmt.Errorf("no tool given for %s", strings.Join(args, " "))
	}
	stderr := childproc.NewCapped(childproc.Limits{})
	cmd := exec.Command(tool, args...)
	cmd.Stderr = stderr
	cmd.Stdout = stderr
	if err := childproc.Run(cmd, childproc.Limits{}); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			return fmt.Errorf("%s: %v", filepath.Base(tool), err)
		}
		return fmt.Errorf("%s: %v: %s", filepath.Base(tool), err, msg)
	}
	return nil
}
