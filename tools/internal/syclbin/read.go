package syclbin

import (
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// FormatError reports a malformed SYCLBIN. Offset is the file offset of the
// offending field or blob when known, else -1.
type FormatError struct {
	Offset int64
	Msg    string
}

func (e *FormatError) Error() string {
	if e.Offset < 0 {
		return "syclbin: " + e.Msg
	}
	return fmt.Sprintf("syclbin: at offset %#x: %s", e.Offset, e.Msg)
}

func formatErr(off int64, format string, args ...interface{}) error {
	return &FormatError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// VersionError reports a SYBI file of a version this package cannot read.
type VersionError struct{ Version uint32 }

func (e *VersionError) Error() string {
	return fmt.Sprintf("syclbin: unsupported version %d (want %d)", e.Version, Version)
}

// MetadataError wraps a property-set parse error of one metadata blob.
type MetadataError struct {
	What string // e.g. "abstract module 2"
	Err  error
}

func (e *MetadataError) Error() string { return fmt.Sprintf("syclbin: %s metadata: %v", e.What, e.Err) }

func (e *MetadataError) Unwrap() error { return e.Err }

// IsSYCLBIN reports whether data starts with the v1 magic.
func IsSYCLBIN(data []byte) bool {
	return len(data) >= 4 && binary.LittleEndian.Uint32(data) == Magic
}

type span struct {
	what      string
	off, size uint64 // absolute file offsets
}

// Parse decodes a v1 file. Every count, offset and size is checked against
// the file length before use, so hostile input fails with a *FormatError
// and never causes a large allocation. Blobs may not overlap one another,
// and each IR module and native image must belong to exactly one abstract
// module (the only shape the File type can represent). Trailing bytes after
// the binary table other than zero padding to 8 bytes are rejected.
func Parse(data []byte) (*File, error) {
	le := binary.LittleEndian
	size := uint64(len(data))
	if size < FileHeaderSize {
		return nil, formatErr(0, "file of %d bytes is shorter than the %d-byte header", size, FileHeaderSize)
	}
	if m := le.Uint32(data); m != Magic {
		return nil, formatErr(0, "bad magic %#08x (want %#08x)", m, Magic)
	}
	if v := le.Uint32(data[4:]); v != Version {
		return nil, &VersionError{v}
	}
	n := uint64(le.Uint32(data[8:]))
	m := uint64(le.Uint32(data[12:]))
	l := uint64(le.Uint32(data[16:]))
	metaSize := le.Uint64(data[24:])
	binSize := le.Uint64(data[32:])
	hdrEnd := FileHeaderSize + ModuleHeaderSize*(n+m+l) // < 2^40: no overflow
	if hdrEnd > size {
		return nil, formatErr(8, "%d abstract modules, %d IR modules and %d native images need %d header bytes; file has %d", n, m, l, hdrEnd, size)
	}
	if metaSize > size || binSize > size {
		return nil, formatErr(24, "table sizes (metadata %d, binary %d) exceed the file size %d", metaSize, binSize, size)
	}
	metaStart := hdrEnd
	binStart := hdrEnd + align8(metaSize)
	end := binStart + binSize
	if end > size {
		return nil, formatErr(24, "tables end at %d, past the end of the %d-byte file", end, size)
	}
	// Up to 7 zero bytes may pad the file to a multiple of 8; anything
	// else after the binary table is an error.
	if size-end >= 8 || (size-end > 0 && align8(end) != size) {
		return nil, formatErr(int64(end), "%d trailing bytes after the binary table", size-end)
	}
	for i := end; i < size; i++ {
		if data[i] != 0 {
			return nil, formatErr(int64(i), "non-zero bytes after the binary table")
		}
	}
	for i := metaStart + metaSize; i < binStart; i++ {
		if data[i] != 0 {
			return nil, formatErr(int64(i), "non-zero padding after the metadata table")
		}
	}
	if le.Uint32(data[20:]) != 0 {
		return nil, formatErr(20, "non-zero header padding")
	}

	var spans []span
	metaBlob := func(what string, fieldOff, off, sz uint64) (span, error) {
		if off > metaSize || sz > metaSize-off {
			return span{}, formatErr(int64(fieldOff), "%s metadata [%d, +%d) lies outside the %d-byte metadata table", what, off, sz, metaSize)
		}
		s := span{what + " metadata", metaStart + off, sz}
		spans = append(spans, s)
		return s, nil
	}
	binBlob := func(what string, fieldOff, off, sz uint64) (span, error) {
		if off > binSize || sz > binSize-off {
			return span{}, formatErr(int64(fieldOff), "%s bytes [%d, +%d) lie outside the %d-byte binary table", what, off, sz, binSize)
		}
		s := span{what + " bytes", binStart + off, sz}
		spans = append(spans, s)
		return s, nil
	}

	globalSpan, err := metaBlob("global", 40, le.Uint64(data[40:]), le.Uint64(data[48:]))
	if err != nil {
		return nil, err
	}

	type amHdr struct {
		meta                             span
		irCount, irFirst, nvCount, nvFst uint64
	}
	ams := make([]amHdr, n)
	p := uint64(FileHeaderSize)
	irOwner := make([]int, m)
	nvOwner := make([]int, l)
	for i := range irOwner {
		irOwner[i] = -1
	}
	for i := range nvOwner {
		nvOwner[i] = -1
	}
	for i := range ams {
		h := data[p : p+ModuleHeaderSize]
		what := fmt.Sprintf("abstract module %d", i)
		s, err := metaBlob(what, p, le.Uint64(h), le.Uint64(h[8:]))
		if err != nil {
			return nil, err
		}
		a := amHdr{meta: s,
			irCount: uint64(le.Uint32(h[16:])), irFirst: uint64(le.Uint32(h[20:])),
			nvCount: uint64(le.Uint32(h[24:])), nvFst: uint64(le.Uint32(h[28:]))}
		if a.irFirst+a.irCount > m {
			return nil, formatErr(int64(p+16), "%s: IR modules [%d, +%d) out of the %d declared", what, a.irFirst, a.irCount, m)
		}
		if a.nvFst+a.nvCount > l {
			return nil, formatErr(int64(p+24), "%s: native images [%d, +%d) out of the %d declared", what, a.nvFst, a.nvCount, l)
		}
		for j := a.irFirst; j < a.irFirst+a.irCount; j++ {
			if irOwner[j] >= 0 {
				return nil, formatErr(int64(p+16), "%s: IR module %d already belongs to abstract module %d", what, j, irOwner[j])
			}
			irOwner[j] = i
		}
		for j := a.nvFst; j < a.nvFst+a.nvCount; j++ {
			if nvOwner[j] >= 0 {
				return nil, formatErr(int64(p+24), "%s: native image %d already belongs to abstract module %d", what, j, nvOwner[j])
			}
			nvOwner[j] = i
		}
		ams[i] = a
		p += ModuleHeaderSize
	}
	for j, o := range irOwner {
		if o < 0 {
			return nil, formatErr(-1, "IR module %d belongs to no abstract module", j)
		}
	}
	for j, o := range nvOwner {
		if o < 0 {
			return nil, formatErr(-1, "native image %d belongs to no abstract module", j)
		}
	}
	readModules := func(count uint64, kind string) ([][2]span, error) {
		out := make([][2]span, count)
		for j := range out {
			h := data[p : p+ModuleHeaderSize]
			what := fmt.Sprintf("%s %d", kind, j)
			ms, err := metaBlob(what, p, le.Uint64(h), le.Uint64(h[8:]))
			if err != nil {
				return nil, err
			}
			bs, err := binBlob(what, p+16, le.Uint64(h[16:]), le.Uint64(h[24:]))
			if err != nil {
				return nil, err
			}
			out[j] = [2]span{ms, bs}
			p += ModuleHeaderSize
		}
		return out, nil
	}
	irs, err := readModules(m, "IR module")
	if err != nil {
		return nil, err
	}
	nvs, err := readModules(l, "native image")
	if err != nil {
		return nil, err
	}
	if err := checkOverlap(spans); err != nil {
		return nil, err
	}

	parseMeta := func(s span) (*propset.Registry, error) {
		if s.size == 0 {
			return nil, nil
		}
		r, err := propset.Parse(data[s.off:s.off+s.size], s.what)
		if err != nil {
			return nil, &MetadataError{What: s.what, Err: err}
		}
		return r, nil
	}
	f := &File{}
	if f.Metadata, err = parseMeta(globalSpan); err != nil {
		return nil, err
	}
	module := func(s [2]span) (Module, error) {
		r, err := parseMeta(s[0])
		if err != nil {
			return Module{}, err
		}
		return Module{Metadata: r, Data: append([]byte{}, data[s[1].off:s[1].off+s[1].size]...)}, nil
	}
	for _, a := range ams {
		var am AbstractModule
		if am.Metadata, err = parseMeta(a.meta); err != nil {
			return nil, err
		}
		for j := a.irFirst; j < a.irFirst+a.irCount; j++ {
			mod, err := module(irs[j])
			if err != nil {
				return nil, err
			}
			am.IRModules = append(am.IRModules, mod)
		}
		for j := a.nvFst; j < a.nvFst+a.nvCount; j++ {
			mod, err := module(nvs[j])
			if err != nil {
				return nil, err
			}
			am.NativeImages = append(am.NativeImages, mod)
		}
		f.AbstractModules = append(f.AbstractModules, am)
	}
	return f, nil
}

// checkOverlap rejects blobs that share bytes (empty blobs never overlap).
func checkOverlap(spans []span) error {
	s := make([]span, 0, len(spans))
	for _, x := range spans {
		if x.size > 0 {
			s = append(s, x)
		}
	}
	sort.SliceStable(s, func(i, j int) bool { return s[i].off < s[j].off })
	for i := 1; i < len(s); i++ {
		if s[i].off < s[i-1].off+s[i-1].size {
			return formatErr(int64(s[i].off), "%s overlaps %s", s[i].what, s[i-1].what)
		}
	}
	return nil
}
