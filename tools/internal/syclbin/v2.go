package syclbin

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbinary"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// SYCLBIN version 2 is an OffloadBinary (header version >= 2) whose
// entries each carry one piece of the file, tagged by string keys:
//
//	sycl_format_version = "2"
//	role     = global_metadata | am_metadata | ir | native
//	am_index = decimal abstract-module index (all roles but global)
//	ir_type  = decimal IRType (ir), arch (native), triple (ir, native)
//
// Metadata entries hold property-set text; ir and native entries hold
// u64 LE metadata size | metadata text | raw bytes, and that embedded
// metadata is authoritative (the string keys are convenience copies).
//
// Entries use ImageKind IMG_SYCLBIN, an intel/llvm addition whose numeric
// value the format reference could not find: writers take it as a
// parameter and readers accept any image kind.

// Keys and roles of v2 entries.
const (
	KeyFormatVersion = "sycl_format_version"
	KeyRole          = "role"
	KeyAMIndex       = "am_index"
	KeyIRType        = "ir_type"
	KeyTriple        = "triple"

	RoleGlobal     = "global_metadata"
	RoleAMMetadata = "am_metadata"
	RoleIR         = "ir"
	RoleNative     = "native"

	formatVersion2 = "2"
)

// ContainerOptions says how to store a SYCLBIN inside an OffloadBinary.
type ContainerOptions struct {
	// ImageKind is IMG_SYCLBIN's value; it must be given (non-zero)
	// because the reference does not record it.
	ImageKind offloadbinary.ImageKind
	// OffloadKind defaults to OFK_SYCL (8, newest LLVM numbering).
	OffloadKind offloadbinary.OffloadKind
}

func (o ContainerOptions) check() (ContainerOptions, error) {
	if o.ImageKind == offloadbinary.ImageNone {
		return o, &WriteError{"the IMG_SYCLBIN image kind must be given (its value is not recorded in the format reference)"}
	}
	if o.OffloadKind == offloadbinary.OffloadNone {
		o.OffloadKind = offloadbinary.OffloadSYCL
	}
	return o, nil
}

// WrapV1 stores the v1 encoding as the image of a single OffloadBinary
// (version 2) entry.
func (f *File) WrapV1(opt ContainerOptions) ([]byte, error) {
	opt, err := opt.check()
	if err != nil {
		return nil, err
	}
	img, err := f.Bytes()
	if err != nil {
		return nil, err
	}
	b := &offloadbinary.Binary{Version: offloadbinary.Version2, Entries: []offloadbinary.Entry{{ImageKind: opt.ImageKind, OffloadKind: opt.OffloadKind, Image: img}}}
	return b.Bytes(offloadbinary.WriteOptions{})
}

// BytesV2 encodes f as a SYCLBIN v2 OffloadBinary (header version 2).
// Entries: the global metadata, then per abstract module its metadata,
// IR modules and native images.
func (f *File) BytesV2(opt ContainerOptions) ([]byte, error) {
	opt, err := opt.check()
	if err != nil {
		return nil, err
	}
	entry := func(role string, am int, extra []offloadbinary.String, image []byte) offloadbinary.Entry {
		s := []offloadbinary.String{{Key: KeyFormatVersion, Value: formatVersion2}, {Key: KeyRole, Value: role}}
		if am >= 0 {
			s = append(s, offloadbinary.String{Key: KeyAMIndex, Value: strconv.Itoa(am)})
		}
		return offloadbinary.Entry{ImageKind: opt.ImageKind, OffloadKind: opt.OffloadKind, Strings: append(s, extra...), Image: image}
	}
	withMeta := func(r *propset.Registry, data []byte) ([]byte, error) {
		meta, err := metadataBytes(r)
		if err != nil {
			return nil, &WriteError{err.Error()}
		}
		out := make([]byte, 8, 8+len(meta)+len(data))
		binary.LittleEndian.PutUint64(out, uint64(len(meta)))
		return append(append(out, meta...), data...), nil
	}
	global, err := metadataBytes(f.Metadata)
	if err != nil {
		return nil, &WriteError{err.Error()}
	}
	entries := []offloadbinary.Entry{entry(RoleGlobal, -1, nil, global)}
	for i, am := range f.AbstractModules {
		meta, err := metadataBytes(am.Metadata)
		if err != nil {
			return nil, &WriteError{err.Error()}
		}
		entries = append(entries, entry(RoleAMMetadata, i, nil, meta))
		for _, m := range am.IRModules {
			var extra []offloadbinary.String
			if t, ok := Uint32Property(m.Metadata, IRModuleSet, KeyType); ok {
				extra = append(extra, offloadbinary.String{Key: KeyIRType, Value: strconv.FormatUint(uint64(t), 10)})
			}
			if t, ok := StringProperty(m.Metadata, IRModuleSet, KeyTarget); ok {
				extra = append(extra, offloadbinary.String{Key: KeyTriple, Value: t})
			}
			img, err := withMeta(m.Metadata, m.Data)
			if err != nil {
				return nil, err
			}
			entries = append(entries, entry(RoleIR, i, extra, img))
		}
		for _, m := range am.NativeImages {
			var extra []offloadbinary.String
			if a, ok := StringProperty(m.Metadata, NativeImageSet, KeyArch); ok {
				extra = append(extra, offloadbinary.String{Key: KeyArch, Value: a})
			}
			if t, ok := StringProperty(m.Metadata, NativeImageSet, KeyTarget); ok {
				extra = append(extra, offloadbinary.String{Key: KeyTriple, Value: t})
			}
			img, err := withMeta(m.Metadata, m.Data)
			if err != nil {
				return nil, err
			}
			entries = append(entries, entry(RoleNative, i, extra, img))
		}
	}
	b := &offloadbinary.Binary{Version: offloadbinary.Version2, Entries: entries}
	return b.Bytes(offloadbinary.WriteOptions{})
}

// Container tells where a SYCLBIN was found.
type Container int

// Containers.
const (
	ContainerV1        Container = iota // bare "SYBI" file
	ContainerWrappedV1                  // v1 as the image of an OffloadBinary entry
	ContainerV2                         // multi-entry OffloadBinary
)

func (c Container) String() string {
	switch c {
	case ContainerV1:
		return "v1"
	case ContainerWrappedV1:
		return "v1 in OffloadBinary"
	case ContainerV2:
		return "v2"
	}
	return fmt.Sprintf("Container(%d)", int(c))
}

// ParseAny decodes a bare v1 file, a v1 file wrapped in an OffloadBinary
// (detected by the magic at the start of the first entry's image), or a v2
// OffloadBinary.
func ParseAny(data []byte) (*File, Container, error) {
	if IsSYCLBIN(data) {
		f, err := Parse(data)
		return f, ContainerV1, err
	}
	if !offloadbinary.IsOffloadBinary(data) {
		return nil, 0, formatErr(0, "neither a SYCLBIN nor an OffloadBinary")
	}
	bins, err := offloadbinary.ParseAll(data)
	if err != nil {
		return nil, 0, err
	}
	return FromBinaries(bins)
}

// FromBinaries is ParseAny for OffloadBinaries already decoded (so that a
// caller that parsed them does not decompress them twice).
func FromBinaries(bins []*offloadbinary.Binary) (*File, Container, error) {
	if len(bins) != 1 {
		return nil, 0, formatErr(-1, "%d concatenated OffloadBinaries; a SYCLBIN is one", len(bins))
	}
	b := bins[0]
	if len(b.Entries) > 0 && IsSYCLBIN(b.Entries[0].Image) {
		if len(b.Entries) != 1 {
			return nil, 0, formatErr(-1, "wrapped v1 SYCLBIN with %d entries (want 1)", len(b.Entries))
		}
		f, err := Parse(b.Entries[0].Image)
		return f, ContainerWrappedV1, err
	}
	f, err := parseV2(b)
	return f, ContainerV2, err
}

func parseV2(b *offloadbinary.Binary) (*File, error) {
	if b.Version < offloadbinary.Version2 {
		return nil, formatErr(-1, "SYCLBIN v2 needs OffloadBinary version 2 or later, have %d", b.Version)
	}
	n := len(b.Entries)
	type piece struct {
		role string
		am   int
		img  []byte
	}
	pieces := make([]piece, n)
	globals, numAM := 0, 0
	for i := range b.Entries {
		e := &b.Entries[i]
		what := fmt.Sprintf("entry %d", i)
		if v, ok := e.Get(KeyFormatVersion); !ok || v != formatVersion2 {
			return nil, formatErr(-1, "%s: %s=%q (want %q)", what, KeyFormatVersion, v, formatVersion2)
		}
		// OFK_SYCL is 8 in newest LLVM and 4 in the older sequential
		// numbering (where newest LLVM's 4 means HIP); both are accepted.
		if e.OffloadKind != offloadbinary.OffloadSYCL && e.OffloadKind != 4 {
			return nil, formatErr(-1, "%s: offload kind %v is not SYCL", what, e.OffloadKind)
		}
		role, _ := e.Get(KeyRole)
		p := piece{role: role, am: -1, img: e.Image}
		switch role {
		case RoleGlobal:
			globals++
		case RoleAMMetadata, RoleIR, RoleNative:
			s, ok := e.Get(KeyAMIndex)
			idx, err := strconv.Atoi(s)
			if !ok || err != nil || idx < 0 || idx >= n || strconv.Itoa(idx) != s {
				return nil, formatErr(-1, "%s: invalid %s=%q", what, KeyAMIndex, s)
			}
			p.am = idx
			if idx+1 > numAM {
				numAM = idx + 1
			}
		default:
			return nil, formatErr(-1, "%s: unknown role %q", what, role)
		}
		pieces[i] = p
	}
	if globals != 1 {
		return nil, formatErr(-1, "%d global_metadata entries (want 1)", globals)
	}
	parseMeta := func(what string, text []byte) (*propset.Registry, error) {
		if len(text) == 0 {
			return nil, nil
		}
		r, err := propset.Parse(text, what)
		if err != nil {
			return nil, &MetadataError{What: what, Err: err}
		}
		return r, nil
	}
	f := &File{AbstractModules: make([]AbstractModule, numAM)}
	seenAM := make([]bool, numAM)
	var err error
	for i, p := range pieces {
		what := fmt.Sprintf("entry %d (%s)", i, p.role)
		switch p.role {
		case RoleGlobal:
			if f.Metadata, err = parseMeta(what, p.img); err != nil {
				return nil, err
			}
		case RoleAMMetadata:
			if seenAM[p.am] {
				return nil, formatErr(-1, "%s: abstract module %d has two metadata entries", what, p.am)
			}
			seenAM[p.am] = true
			if f.AbstractModules[p.am].Metadata, err = parseMeta(what, p.img); err != nil {
				return nil, err
			}
		default:
			if len(p.img) < 8 {
				return nil, formatErr(-1, "%s: image of %d bytes lacks the metadata size", what, len(p.img))
			}
			ms := binary.LittleEndian.Uint64(p.img)
			if ms > uint64(len(p.img)-8) {
				return nil, formatErr(-1, "%s: metadata size %d exceeds the %d-byte image", what, ms, len(p.img)-8)
			}
			// The entry's image is the reader's own copy: no need for another.
			m := Module{Data: p.img[8+ms:]}
			if m.Metadata, err = parseMeta(what, p.img[8:8+ms]); err != nil {
				return nil, err
			}
			am := &f.AbstractModules[p.am]
			if p.role == RoleIR {
				am.IRModules = append(am.IRModules, m)
			} else {
				am.NativeImages = append(am.NativeImages, m)
			}
		}
	}
	for i, ok := range seenAM {
		if !ok {
			return nil, formatErr(-1, "abstract module %d has no am_metadata entry", i)
		}
	}
	return f, nil
}
