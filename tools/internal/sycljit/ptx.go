package sycljit

/*
#include "ptx.h"
*/
import "C"

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unsafe"
)

// PTX compiles (Format 3, nvptx64-nvidia-cuda) need two work-arounds in
// the pinned library, both tied to its sha256 (ptxBuilds):
//
//  1. Device linking opens libspirv twice: once from the in-memory
//     toolchain (which works) and again from a directory its
//     SYCLToolchain singleton computed without the toolchain's prefix
//     ("/lib/clang/23/lib/" instead of "/sycl-jit-toolchain/lib/clang/23/
//     lib/"), which fails ("Error opening file /lib/clang/23/lib/nvptx64-
//     nvidia-cuda/libspirv.l64.signed_char.bc"). The second load adds
//     nothing to the module the first one linked. CompilePTX rewrites that
//     one string in the loaded library, at the offset known for its
//     sha256, after checking that both strings are what that build holds.
//  2. NVPTX code generation for sm_70 and newer ends the process with a
//     segmentation fault on an old-style grid_constant annotation; the
//     front end's target CPU sm_60 avoids it (ptxFlags). The PTX is still
//     written for the backend's default, sm_75 (PTXTarget).
type ptxBuild struct {
	wheel string
	// Offsets from the library's load address of SYCLToolchain::instance()'s
	// static object and of its guard variable.
	instance, guard uintptr
	// The toolchain prefix and the directory the build computes without it.
	prefix, libdir string
}

var ptxBuilds = map[string]ptxBuild{
	"ba6e03d3322f8ede884ea6a1c2787d85ac7f40d26e6701bdad0009c2c5ad39f0": {
		wheel:    "intel-sycl-rt==2026.2.0",
		instance: 0xcecb368,
		guard:    0xcecb3f8,
		prefix:   "/sycl-jit-toolchain/",
		libdir:   "/lib/clang/23/lib/",
	},
}

// ptxFlags are the compile flags of work-around 2: the front end targets
// sm_60 (its __CUDA_ARCH__ and feature macros are sm_60's).
var ptxFlags = []string{"-Xclang", "-target-cpu", "-Xclang", "sm_60"}

// PTXTarget is the architecture of the PTX the pinned library writes
// (`.target sm_75`): what the PTX entry of a fat binary is for.
const PTXTarget = "sm_75"

// CUDAPath makes the directory --cuda-path names for libdevice, a file
// (NVIDIA's libdevice.10.bc): clang's CUDA installation detector wants
// bin/ and include/ beside nvvm/libdevice/, though it reads only libdevice
// from them. The directory is temporary; remove removes it.
func CUDAPath(libdevice string) (dir string, remove func(), err error) {
	abs, err := filepath.Abs(libdevice)
	if err != nil {
		return "", nil, err
	}
	if _, err := os.Stat(abs); err != nil {
		return "", nil, fmt.Errorf("libdevice: %v", err)
	}
	dir, err = os.MkdirTemp("", "rules_sycl_cuda")
	if err != nil {
		return "", nil, err
	}
	remove = func() { os.RemoveAll(dir) }
	for _, d := range []string{"bin", "include", "nvvm/libdevice"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			remove()
			return "", nil, err
		}
	}
	if err := os.Symlink(abs, filepath.Join(dir, "nvvm/libdevice/libdevice.10.bc")); err != nil {
		remove()
		return "", nil, err
	}
	return dir, remove, nil
}

// PTXError is a library PTX compiles cannot use: not a build whose
// work-arounds this package knows, or one whose singleton does not hold
// what that build holds.
type PTXError struct{ Msg string }

func (e *PTXError) Error() string { return e.Msg }

var ptxReady sync.Map // library path -> error (nil: patched)

// CompilePTX compiles like Compile, to PTX images (FormatPTX) for
// nvptx64-nvidia-cuda. cudaPath is a directory with bin/, include/ and
// nvvm/libdevice/libdevice.10.bc (NVIDIA's libdevice, which the library
// links for the math built-ins: __nv_sqrtf, ...).
func (l *Library) CompilePTX(path string, contents []byte, args []string, cudaPath string) (*Result, error) {
	return l.CompilePTXIR(path, contents, args, cudaPath, IR{})
}

// CompilePTXIR is CompilePTX that also returns the front end's bitcode
// (ir.Save) or compiles given bitcode instead of the source (ir.Cached).
func (l *Library) CompilePTXIR(path string, contents []byte, args []string, cudaPath string, ir IR) (*Result, error) {
	if err := l.preparePTX(); err != nil {
		return nil, err
	}
	all := append([]string{"--cuda-path=" + cudaPath}, ptxFlags...)
	all = append(all, args...)
	res, err := l.compileFormat(path, contents, all, FormatPTX, ir)
	if err != nil {
		return nil, err
	}
	res.Log = dropInstructionCounts(res.Log)
	return res, nil
}

// instructionCount is a note the NVPTX backend writes for every function
// (it says nothing about the source).
var instructionCount = regexp.MustCompile(`(?m)^NOTE:<unknown>:0:0: [0-9]+ instructions in function\n?`)

func dropInstructionCounts(log string) string {
	return instructionCount.ReplaceAllString(log, "")
}

// preparePTX applies work-around 1 once per loaded library.
func (l *Library) preparePTX() error {
	if v, ok := ptxReady.Load(l.Path); ok {
		if v == nil {
			return nil
		}
		return v.(error)
	}
	err := l.patchLibspirvDir()
	ptxReady.Store(l.Path, err)
	return err
}

func (l *Library) patchLibspirvDir() error {
	sum, err := FileSHA256(l.Path)
	if err != nil {
		return &LoadError{Path: l.Path, Msg: err.Error()}
	}
	b, err := ptxBuildFor(l.Path, sum)
	if err != nil {
		return err
	}
	base := C.rtc_library_base(l.compile)
	if base == nil {
		return &PTXError{Msg: l.Path + ": cannot find the library's load address (dladdr)"}
	}
	if C.rtc_singleton_ready(base, C.uintptr_t(b.guard)) == 0 {
		// The singleton is built by the first compile: an empty source.
		if _, err := l.Compile("rules_sycl_ptx_init.cpp", nil, nil); err != nil {
			return err
		}
		if C.rtc_singleton_ready(base, C.uintptr_t(b.guard)) == 0 {
			return l.ptxMismatch(b, "its SYCLToolchain singleton is not constructed after a compile")
		}
	}
	d := C.rtc_read_dirs(base, C.uintptr_t(b.instance))
	if d.prefix_len > 4096 || d.libdir_len > 4096 {
		return l.ptxMismatch(b, fmt.Sprintf("the singleton's strings have lengths %d and %d", uint64(d.prefix_len), uint64(d.libdir_len)))
	}
	prefix := C.GoStringN(d.prefix, C.int(d.prefix_len))
	libdir := C.GoStringN(d.libdir, C.int(d.libdir_len))
	want := strings.TrimSuffix(b.prefix, "/") + b.libdir
	switch {
	case prefix != b.prefix:
		return l.ptxMismatch(b, fmt.Sprintf("toolchain prefix %q, want %q", prefix, b.prefix))
	case libdir == want:
		return nil
	case libdir != b.libdir:
		return l.ptxMismatch(b, fmt.Sprintf("libspirv directory %q, want %q", libdir, b.libdir))
	}
	cs := C.CString(want)
	defer C.free(unsafe.Pointer(cs))
	if C.rtc_write_libdir(base, C.uintptr_t(b.instance), cs, C.size_t(len(want))) == 0 {
		return &PTXError{Msg: l.Path + ": out of memory"}
	}
	return nil
}

// ptxBuildFor returns the work-arounds of the library at path whose
// sha256 is sum.
func ptxBuildFor(path, sum string) (ptxBuild, error) {
	if b, ok := ptxBuilds[sum]; ok {
		return b, nil
	}
	var known []string
	for s, kb := range ptxBuilds {
		known = append(known, kb.wheel+" (sha256 "+s+")")
	}
	sort.Strings(known)
	return ptxBuild{}, &PTXError{Msg: fmt.Sprintf("%s: sha256 %s is not a libsycl-jit whose PTX work-arounds rules_sycl knows (%s): nvptx64 SYCL C++ needs that library", path, sum, strings.Join(known, ", "))}
}

func (l *Library) ptxMismatch(b ptxBuild, what string) error {
	return &PTXError{Msg: fmt.Sprintf("%s: the PTX work-around for %s does not apply: %s (the library is not the build rules_sycl was written for)", l.Path, b.wheel, what)}
}
