// Package syclbin reads and writes SYCLBIN version 1 files ("SYBI"): the
// container DPC++ produces with -fsyclbin for a kernel bundle in a given
// sycl::bundle_state. A file holds global metadata and abstract modules;
// each abstract module (one split module) owns IR modules (e.g. SPIR-V) and
// native device code images (AOT output). All metadata blobs are
// property-set text (.prop), read and written with package propset.
//
// Layout (all integers little-endian, all headers 8-byte aligned):
//
//	FileHeader (56) | AbstractModuleHeader[N] (32 each)
//	| IRModuleHeader[M] (32 each) | NativeDeviceCodeImageHeader[L] (32 each)
//	| metadata byte table, padded to 8 | binary byte table
//
// The order of blobs inside the two byte tables is not fixed by the format
// (every header carries offsets); this writer stores them in header order:
// global metadata, abstract-module metadata, IR-module metadata, native-image
// metadata; then IR bytes, then native bytes, each table packed without
// per-blob padding. That choice is ours, not verified against DPC++'s
// writer; any reader that follows the offsets reads it.
package syclbin

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Magic is the first u32 (LE) of a v1 file: the bytes "IBYS" on disk, the
// characters "SYBI" read as a big-endian constant.
const (
	Magic   uint32 = 0x53594249
	Version uint32 = 1
)

// Header sizes.
const (
	FileHeaderSize   = 56
	ModuleHeaderSize = 32 // abstract module, IR module and native image headers alike
)

// Property-set names and keys carried in the metadata blobs.
const (
	GlobalMetadataSet = "SYCLBIN/global metadata"
	IRModuleSet       = "SYCLBIN/ir module metadata"
	// NativeImageSet is the runtime's constant; the design doc once calls
	// it "SYCLBIN/native device code image module metadata".
	NativeImageSet = "SYCLBIN/native device code image metadata"

	KeyState  = "state"
	KeyType   = "type"
	KeyTarget = "target"
	KeyArch   = "arch"
)

// State is sycl::bundle_state as stored in the global metadata.
type State uint32

// Bundle states.
const (
	StateInput      State = 0
	StateObject     State = 1
	StateExecutable State = 2
)

func (s State) String() string {
	switch s {
	case StateInput:
		return "input"
	case StateObject:
		return "object"
	case StateExecutable:
		return "executable"
	}
	return fmt.Sprintf("State(%d)", uint32(s))
}

// ParseState maps "input", "object" and "executable" to states.
func ParseState(s string) (State, bool) {
	for _, st := range []State{StateInput, StateObject, StateExecutable} {
		if st.String() == s {
			return st, true
		}
	}
	return 0, false
}

// IRType is the "type" key of IR module metadata.
type IRType uint32

// IR module types.
const (
	IRSPIRV  IRType = 0
	IRPTX    IRType = 1
	IRAMDGCN IRType = 2
)

func (t IRType) String() string {
	switch t {
	case IRSPIRV:
		return "spirv"
	case IRPTX:
		return "ptx"
	case IRAMDGCN:
		return "amdgcn"
	}
	return fmt.Sprintf("IRType(%d)", uint32(t))
}

// ParseIRType maps "spirv", "ptx" and "amdgcn" to types.
func ParseIRType(s string) (IRType, bool) {
	for _, t := range []IRType{IRSPIRV, IRPTX, IRAMDGCN} {
		if t.String() == s {
			return t, true
		}
	}
	return 0, false
}

// File is a decoded SYCLBIN. A nil Registry means an empty metadata blob.
type File struct {
	Metadata        *propset.Registry
	AbstractModules []AbstractModule
}

// AbstractModule is one split module: its own property sets plus the IR
// modules and native images compiled from it.
type AbstractModule struct {
	Metadata     *propset.Registry
	IRModules    []Module
	NativeImages []Module
}

// Module is an IR module or a native device code image: metadata plus raw
// bytes.
type Module struct {
	Metadata *propset.Registry
	Data     []byte
}

// New returns a file whose global metadata records state.
func New(state State) *File {
	r := &propset.Registry{}
	r.Add(GlobalMetadataSet, KeyState, propset.U32(uint32(state)))
	return &File{Metadata: r}
}

// State reads the bundle state from the global metadata.
func (f *File) State() (State, bool) {
	if f.Metadata == nil {
		return 0, false
	}
	v, ok := f.Metadata.Get(GlobalMetadataSet, KeyState)
	if !ok || v.Type() != propset.Uint32 {
		return 0, false
	}
	return State(v.Uint32()), true
}

// IRModuleMetadata builds the metadata of an IR module; target (the
// -fsycl-targets value) is omitted when empty.
func IRModuleMetadata(t IRType, target string) *propset.Registry {
	r := &propset.Registry{}
	r.Add(IRModuleSet, KeyType, propset.U32(uint32(t)))
	if target != "" {
		r.Add(IRModuleSet, KeyTarget, propset.String(target))
	}
	return r
}

// NativeImageMetadata builds the metadata of a native image.
func NativeImageMetadata(arch string) *propset.Registry {
	r := &propset.Registry{}
	r.Add(NativeImageSet, KeyArch, propset.String(arch))
	return r
}

// StringProperty returns a byte-array property of set as a string.
func StringProperty(r *propset.Registry, set, key string) (string, bool) {
	if r == nil {
		return "", false
	}
	v, ok := r.Get(set, key)
	if !ok || v.Type() != propset.ByteArray || v.BitCount()%8 != 0 {
		return "", false
	}
	return string(v.Data()), true
}

// Uint32Property returns a UINT32 property of set.
func Uint32Property(r *propset.Registry, set, key string) (uint32, bool) {
	if r == nil {
		return 0, false
	}
	v, ok := r.Get(set, key)
	if !ok || v.Type() != propset.Uint32 {
		return 0, false
	}
	return v.Uint32(), true
}

// WriteError reports a file that cannot be encoded.
type WriteError struct{ Msg string }

func (e *WriteError) Error() string { return "syclbin: " + e.Msg }

func align8(n uint64) uint64 { return (n + 7) &^ 7 }

func metadataBytes(r *propset.Registry) ([]byte, error) {
	if r == nil || r.Len() == 0 {
		return nil, nil
	}
	return r.Bytes()
}

type blob struct{ off, size uint64 }

// Bytes encodes the file.
func (f *File) Bytes() ([]byte, error) {
	var meta, bin bytes.Buffer
	addMeta := func(r *propset.Registry) (blob, error) {
		b, err := metadataBytes(r)
		if err != nil {
			return blob{}, &WriteError{err.Error()}
		}
		off := uint64(meta.Len())
		meta.Write(b)
		return blob{off, uint64(len(b))}, nil
	}
	global, err := addMeta(f.Metadata)
	if err != nil {
		return nil, err
	}
	n := len(f.AbstractModules)
	var m, l int
	for _, am := range f.AbstractModules {
		m += len(am.IRModules)
		l += len(am.NativeImages)
	}
	if uint64(n) > 0xffffffff || uint64(m) > 0xffffffff || uint64(l) > 0xffffffff {
		return nil, &WriteError{"too many modules for u32 counts"}
	}
	amMeta := make([]blob, n)
	var irMeta, nativeMeta, irBin, nativeBin []blob
	for i, am := range f.AbstractModules {
		if amMeta[i], err = addMeta(am.Metadata); err != nil {
			return nil, err
		}
	}
	for _, am := range f.AbstractModules {
		for _, ir := range am.IRModules {
			b, err := addMeta(ir.Metadata)
			if err != nil {
				return nil, err
			}
			irMeta = append(irMeta, b)
		}
	}
	for _, am := range f.AbstractModules {
		for _, ni := range am.NativeImages {
			b, err := addMeta(ni.Metadata)
			if err != nil {
				return nil, err
			}
			nativeMeta = append(nativeMeta, b)
		}
	}
	for _, am := range f.AbstractModules {
		for _, ir := range am.IRModules {
			irBin = append(irBin, blob{uint64(bin.Len()), uint64(len(ir.Data))})
			bin.Write(ir.Data)
		}
	}
	for _, am := range f.AbstractModules {
		for _, ni := range am.NativeImages {
			nativeBin = append(nativeBin, blob{uint64(bin.Len()), uint64(len(ni.Data))})
			bin.Write(ni.Data)
		}
	}

	hdrSize := FileHeaderSize + ModuleHeaderSize*(n+m+l)
	out := make([]byte, hdrSize, uint64(hdrSize)+align8(uint64(meta.Len()))+uint64(bin.Len()))
	le := binary.LittleEndian
	le.PutUint32(out[0:], Magic)
	le.PutUint32(out[4:], Version)
	le.PutUint32(out[8:], uint32(n))
	le.PutUint32(out[12:], uint32(m))
	le.PutUint32(out[16:], uint32(l))
	le.PutUint64(out[24:], uint64(meta.Len()))
	le.PutUint64(out[32:], uint64(bin.Len()))
	le.PutUint64(out[40:], global.off)
	le.PutUint64(out[48:], global.size)
	p := FileHeaderSize
	var irIdx, nativeIdx uint32
	for i, am := range f.AbstractModules {
		le.PutUint64(out[p:], amMeta[i].off)
		le.PutUint64(out[p+8:], amMeta[i].size)
		le.PutUint32(out[p+16:], uint32(len(am.IRModules)))
		le.PutUint32(out[p+20:], irIdx)
		le.PutUint32(out[p+24:], uint32(len(am.NativeImages)))
		le.PutUint32(out[p+28:], nativeIdx)
		irIdx += uint32(len(am.IRModules))
		nativeIdx += uint32(len(am.NativeImages))
		p += ModuleHeaderSize
	}
	put := func(meta, data []blob) {
		for i := range meta {
			le.PutUint64(out[p:], meta[i].off)
			le.PutUint64(out[p+8:], meta[i].size)
			le.PutUint64(out[p+16:], data[i].off)
			le.PutUint64(out[p+24:], data[i].size)
			p += ModuleHeaderSize
		}
	}
	put(irMeta, irBin)
	put(nativeMeta, nativeBin)
	out = append(out, meta.Bytes()...)
	for len(out)%8 != 0 {
		out = append(out, 0)
	}
	out = append(out, bin.Bytes()...)
	return out, nil
}
