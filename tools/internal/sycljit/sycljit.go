// Package sycljit calls the SYCL C++ device compiler inside Intel's
// libsycl-jit.so (DPC++ 2026.2: the clang front end, device libraries,
// sycl-post-link's library and the SPIR-V translator in one library,
// shipped in the intel-sycl-rt wheel). One Compile compiles one source in
// device-only mode and returns, per device image the library's own
// post-link made, the SPIR-V bytes, the entry points and the property sets.
//
// The entry point is extern "C" but internal and unversioned: the layouts
// in rtc.h hold for the pinned wheel only. Check (check.go) is the
// self-test that ties a library to them: its sha256, its exported
// symbols, and a compile whose result must have the expected shape.
package sycljit

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <malloc.h>
#include <stdlib.h>
#include "rtc.h"
*/
import "C"

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unsafe"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Symbols are the library's exported entry points: all must be present.
var Symbols = []string{
	"compileSYCL",
	"calculateHash",
	"materializeSpecConstants",
	"destroyBinary",
	"addToJITConfiguration",
	"resetJITConfiguration",
}

// The library's BinaryFormat values of the images it writes.
const (
	FormatSPIRV = 2
	FormatPTX   = 3
)

// SYCLHeaderDir is the directory of the SYCL headers in the library's
// in-memory toolchain. Its driver searches only its parent (include/), where
// DPC++'s also searches include/sycl: -isystem SYCLHeaderDir makes
// <sycl.hpp> resolve as it does with DPC++.
const SYCLHeaderDir = "/sycl-jit-toolchain/include/sycl"

// Library is a loaded libsycl-jit. Libraries are never unloaded: LLVM's
// global state does not survive dlclose, and a process (a persistent
// worker) keeps the one it loaded; loading the same path again is cheap.
type Library struct {
	Path    string
	compile unsafe.Pointer
}

// LoadError is a library that cannot be loaded or lacks an entry point.
type LoadError struct {
	Path string
	Msg  string
}

func (e *LoadError) Error() string { return fmt.Sprintf("%s: %s", e.Path, e.Msg) }

// Open loads the library at path and looks up every entry point.
func Open(path string) (*Library, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	h := C.dlopen(cpath, C.RTLD_NOW|C.RTLD_LOCAL)
	if h == nil {
		return nil, &LoadError{Path: path, Msg: "cannot load: " + C.GoString(C.dlerror())}
	}
	lib := &Library{Path: path}
	for _, s := range Symbols {
		cs := C.CString(s)
		p := C.dlsym(h, cs)
		C.free(unsafe.Pointer(cs))
		if p == nil {
			return nil, &LoadError{Path: path, Msg: "no exported symbol " + s + ": not the libsycl-jit this tool was written for"}
		}
		if s == "compileSYCL" {
			lib.compile = p
		}
	}
	return lib, nil
}

// Image is one device image of a compile.
type Image struct {
	Format      uint32
	AddressBits uint64
	Binary      []byte
	Symbols     []string // entry points
	Properties  *propset.Registry
}

// Result is a successful compile.
type Result struct {
	Images []Image
	// Log is the compiler's output of a successful compile (warnings).
	Log string
	// IR is the front end's LLVM bitcode (IR.Save), before the device
	// libraries are linked.
	IR []byte
}

// IR asks a compile for the front end's bitcode or gives it bitcode
// instead of a source (compileSYCL's SaveIR and CachedIR).
type IR struct {
	// Save: the result's IR holds the front end's LLVM bitcode.
	Save bool
	// Cached is LLVM bitcode (of the front end's module, possibly
	// rewritten) that the library compiles instead of running the front
	// end on the source: device libraries, post-link and code generation
	// as for a source. The source still names the compile.
	Cached []byte
}

// CachedIRError is cached bitcode the library could not read: it then
// compiles the source instead, which is not what the caller asked for.
type CachedIRError struct{ Log string }

func (e *CachedIRError) Error() string {
	return "libsycl-jit could not read the given bitcode: " + e.Log
}

// cachedIRFailed is how the library's log says it fell back to the source.
const cachedIRFailed = "Loading of cached device code failed"

// CompileError is a compile the library rejected; Log holds the
// compiler's diagnostics.
type CompileError struct {
	Code int
	Log  string
}

func (e *CompileError) Error() string {
	return fmt.Sprintf("compile failed (error %d)", e.Code)
}

// ABIError is a result that does not have the shape this package reads:
// a library other than the pinned one.
type ABIError struct{ Msg string }

func (e *ABIError) Error() string { return "unexpected compileSYCL result: " + e.Msg }

// Limits against a result read through a wrong layout: garbage sizes must
// end in an ABIError, not in a huge allocation.
const (
	maxImages     = 1 << 16
	maxBinary     = 1 << 32
	maxSymbols    = 1 << 20
	maxSets       = 1 << 10
	maxValues     = 1 << 20
	maxValueBytes = 1 << 28
)

// Compile compiles the source at path (as the compiler should name it in
// diagnostics and resolve its relative includes from) with contents and
// the compiler arguments args, to SPIR-V device images.
func (l *Library) Compile(path string, contents []byte, args []string) (*Result, error) {
	return l.compileFormat(path, contents, args, FormatSPIRV, IR{})
}

// CompileIR is Compile that also returns the front end's bitcode
// (ir.Save) or compiles given bitcode instead of the source (ir.Cached).
func (l *Library) CompileIR(path string, contents []byte, args []string, ir IR) (*Result, error) {
	return l.compileFormat(path, contents, args, FormatSPIRV, ir)
}

func (l *Library) compileFormat(path string, contents []byte, args []string, format uint32, ir IR) (*Result, error) {
	if bytes.IndexByte(contents, 0) >= 0 {
		return nil, fmt.Errorf("%s: contains a NUL byte: not a C++ source", path)
	}
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	csrc := C.CString(string(contents))
	defer C.free(unsafe.Pointer(csrc))
	cargs := C.malloc(C.size_t(len(args)+1) * C.size_t(unsafe.Sizeof(uintptr(0))))
	defer C.free(cargs)
	argv := (*[1 << 20]*C.char)(cargs)[: len(args)+1 : len(args)+1]
	for i, a := range args {
		argv[i] = C.CString(a)
	}
	defer func() {
		for i := range args {
			C.free(unsafe.Pointer(argv[i]))
		}
	}()
	var cached *C.char
	if len(ir.Cached) > 0 {
		cached = (*C.char)(C.CBytes(ir.Cached))
		defer C.free(unsafe.Pointer(cached))
	}
	var r C.rtc_result
	C.rtc_call_compile(l.compile, C.rtc_file{Path: cpath, Contents: csrc}, (**C.char)(cargs), C.size_t(len(args)),
		cached, C.size_t(len(ir.Cached)), C.bool(ir.Save), C.uint32_t(format), &r)
	// The compile frees ~200 MB of its own heap; hand it back to the
	// system, or a process that compiles again (a persistent worker) holds
	// its largest compile's heap in every malloc arena it touched.
	C.malloc_trim(0)
	// The library's allocations are not freed: its allocator is not ours
	// to call, and a compile leaks a few kilobytes.
	log := goString(r.BuildLog)
	if r.ErrorCode != 0 {
		return nil, &CompileError{Code: int(r.ErrorCode), Log: log}
	}
	if r.Images.Size > maxImages || (r.Images.Size > 0 && r.Images.Values == nil) {
		return nil, &ABIError{Msg: fmt.Sprintf("%d device images", uint64(r.Images.Size))}
	}
	if len(ir.Cached) > 0 {
		if i := strings.Index(log, cachedIRFailed); i >= 0 {
			return nil, &CachedIRError{Log: strings.TrimSpace(log[i:])}
		}
	}
	res := &Result{Log: log}
	if ir.Save {
		if r.DeviceCodeIR.Size == 0 || r.DeviceCodeIR.Size > maxBinary || r.DeviceCodeIR.Values == nil {
			return nil, &ABIError{Msg: fmt.Sprintf("front-end bitcode of %d bytes", uint64(r.DeviceCodeIR.Size))}
		}
		res.IR = C.GoBytes(r.DeviceCodeIR.Values, C.int(r.DeviceCodeIR.Size))
	}
	images := unsafe.Slice((*C.rtc_image)(r.Images.Values), int(r.Images.Size))
	for i := range images {
		img, err := readImage(&images[i])
		if err != nil {
			return nil, &ABIError{Msg: fmt.Sprintf("image %d: %v", i, err)}
		}
		res.Images = append(res.Images, img)
	}
	return res, nil
}

func goString(p *C.char) string {
	if p == nil {
		return ""
	}
	return C.GoString(p)
}

func readImage(ci *C.rtc_image) (Image, error) {
	b := ci.Binary
	if b.BinarySize > maxBinary || (b.BinarySize > 0 && b.BinaryStart == nil) {
		return Image{}, fmt.Errorf("binary of %d bytes at %p", uint64(b.BinarySize), b.BinaryStart)
	}
	img := Image{
		Format:      uint32(b.Format),
		AddressBits: uint64(b.AddressBits),
		Binary:      C.GoBytes(unsafe.Pointer(b.BinaryStart), C.int(b.BinarySize)),
		Properties:  &propset.Registry{},
	}
	if ci.SymbolTable.Size > maxSymbols || (ci.SymbolTable.Size > 0 && ci.SymbolTable.Values == nil) {
		return Image{}, fmt.Errorf("%d symbols at %p", uint64(ci.SymbolTable.Size), ci.SymbolTable.Values)
	}
	for _, s := range unsafe.Slice((**C.char)(ci.SymbolTable.Values), int(ci.SymbolTable.Size)) {
		img.Symbols = append(img.Symbols, goString(s))
	}
	if ci.Properties.Size > maxSets || (ci.Properties.Size > 0 && ci.Properties.Values == nil) {
		return Image{}, fmt.Errorf("%d property sets at %p", uint64(ci.Properties.Size), ci.Properties.Values)
	}
	for _, set := range unsafe.Slice((*C.rtc_property_set)(ci.Properties.Values), int(ci.Properties.Size)) {
		name := goString(set.Name)
		if set.Values.Size > maxValues || (set.Values.Size > 0 && set.Values.Values == nil) {
			return Image{}, fmt.Errorf("property set %q: %d values", name, uint64(set.Values.Size))
		}
		img.Properties.AddSet(name)
		for _, v := range unsafe.Slice((*C.rtc_property)(set.Values.Values), int(set.Values.Size)) {
			val, err := readValue(&v)
			if err != nil {
				return Image{}, fmt.Errorf("property %s/%s: %v", name, goString(v.Name), err)
			}
			img.Properties.Add(name, goString(v.Name), val)
		}
	}
	return img, nil
}

// readValue turns a frozen property value into a propset value. A byte
// array arrives as the runtime sees it: the u64 bit count, then the data.
func readValue(v *C.rtc_property) (propset.Value, error) {
	if bool(v.IsUIntValue) {
		return propset.U32(uint32(v.UIntValue)), nil
	}
	n := uint64(v.Bytes.Size)
	if n > maxValueBytes || n < propset.PrefixSize || v.Bytes.Values == nil {
		return propset.Value{}, fmt.Errorf("byte array of %d bytes", n)
	}
	return byteArray(C.GoBytes(v.Bytes.Values, C.int(n)))
}

// byteArray reads a byte-array payload: the u64 bit count, then exactly
// the bytes it needs.
func byteArray(payload []byte) (propset.Value, error) {
	if len(payload) < propset.PrefixSize {
		return propset.Value{}, fmt.Errorf("byte array of %d bytes, shorter than its bit count", len(payload))
	}
	return propset.BitBytes(payload[propset.PrefixSize:], binary.LittleEndian.Uint64(payload))
}
