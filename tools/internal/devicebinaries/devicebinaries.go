// Package devicebinaries reads SYCL binary descriptors
// (sycl_device_binaries_struct and everything it points to) back out of
// ELF files: relocatable objects written by tools/wrapper or
// clang-offload-wrapper, and executables or shared libraries they were
// linked into. It loads the allocated sections at their addresses (or, in
// a relocatable object, at synthetic ones), applies the 64-bit pointer
// relocations (R_X86_64_64 / R_AARCH64_ABS64 in objects; RELATIVE and
// absolute .rela.dyn entries in linked files; REL/RELR keep their addends
// in place), then follows the pointers exactly as the runtime does.
//
// Descriptors are found by symbol: the wrapper names them
// ".sycl_offloading.descriptor" (or ".sycl_offloading.<desc-name>"). A
// stripped file is scanned for a plausible descriptor instead.
package devicebinaries

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Struct sizes and constants of the runtime ABI (64-bit hosts).
const (
	DescriptorSize  = 32
	ImageSizeV2     = 96 // versions 1 and 2: with manifest pointers
	ImageSizeV3     = 80
	EntrySizeOld    = 32
	EntrySizeNew    = 56
	PropertySetSize = 24
	PropertySize    = 32

	DescriptorVersion = 1
	KindSYCL          = 4

	PropUint32    = 1
	PropByteArray = 2
	PropString    = 3

	symbolTag = ".sycl_offloading."
)

// FormatError reports a descriptor that cannot be followed. Addr is the
// (possibly synthetic) address involved, 0 when not applicable.
type FormatError struct {
	Addr uint64
	Msg  string
}

func (e *FormatError) Error() string {
	if e.Addr == 0 {
		return "devicebinaries: " + e.Msg
	}
	return fmt.Sprintf("devicebinaries: at %#x: %s", e.Addr, e.Msg)
}

// NotFoundError reports an ELF file without any SYCL descriptor.
type NotFoundError struct{}

func (e *NotFoundError) Error() string { return "devicebinaries: no SYCL binary descriptor found" }

// Descriptor is one sycl_device_binaries_struct.
type Descriptor struct {
	Symbol string // defining symbol, "" when found by scanning
	// Where the descriptor lies, which tells apart the many descriptors a
	// file may hold under one name (a shared library linked from several
	// wrapper objects has one ".sycl_offloading.descriptor" each):
	// Address is its virtual address in a linked file (executable or
	// shared library) and 0 in a relocatable object, whose sections have
	// none; Section and SectionIndex name its ELF section and Offset is
	// its offset there.
	Address      uint64
	Section      string
	SectionIndex int
	Offset       uint64
	Version      uint16
	Images       []Image
}

// Image is one sycl_device_binary_struct with its data.
type Image struct {
	Version        uint16
	Kind           uint8
	Format         uint8
	Target         string
	CompileOptions string
	LinkOptions    string
	Data           []byte
	// NewEntries is true for 56-byte llvm::offloading entries.
	NewEntries bool
	Entries    []string
	// Properties holds the property sets; STRING (type 3) values, which
	// .prop files cannot express, become byte-array strings.
	Properties *propset.Registry
}

// Read decodes every descriptor in the ELF file raw, ordered by address.
func Read(raw []byte) (descs []Descriptor, err error) {
	defer func() {
		// debug/elf is not hardened against every hostile input; a
		// malformed file must be an error, never a crash.
		if r := recover(); r != nil {
			descs, err = nil, &FormatError{Msg: fmt.Sprintf("malformed ELF file: %v", r)}
		}
	}()
	if err := checkHeaders(raw); err != nil {
		return nil, err
	}
	f, err := elf.NewFile(bytes.NewReader(raw))
	if err != nil {
		return nil, &FormatError{Msg: err.Error()}
	}
	if f.Class != elf.ELFCLASS64 || f.Data != elf.ELFDATA2LSB {
		return nil, &FormatError{Msg: "only 64-bit little-endian ELF files are supported"}
	}
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOBITS && s.Type != elf.SHT_NULL && (s.Offset > uint64(len(raw)) || s.Size > uint64(len(raw))-s.Offset) {
			return nil, &FormatError{Msg: fmt.Sprintf("section %q [%#x, +%#x) lies past the end of the file", s.Name, s.Offset, s.Size)}
		}
	}
	m, err := load(f, raw)
	if err != nil {
		return nil, err
	}
	cands, err := descriptorSymbols(f, m)
	if err != nil {
		return nil, err
	}
	if len(cands) == 0 {
		cands = scan(m)
	}
	if len(cands) == 0 {
		return nil, &NotFoundError{}
	}
	for _, c := range cands {
		d, err := m.descriptor(c.addr)
		if err != nil {
			if c.name != "" {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
			return nil, err
		}
		d.Symbol = c.name
		if f.Type == elf.ET_REL {
			d.Address = 0 // synthetic (see load)
		}
		descs = append(descs, *d)
	}
	if err := checkImageOverlap(m.images); err != nil {
		return nil, err
	}
	// Image bytes alias the file until here; non-overlapping, their copies
	// add at most the file's size.
	for i := range descs {
		for j := range descs[i].Images {
			img := &descs[i].Images[j]
			if img.Data != nil {
				img.Data = append([]byte{}, img.Data...)
			}
		}
	}
	return descs, nil
}

// checkImageOverlap rejects images (of any descriptor) whose bytes
// overlap: the wrapper gives every image its own bytes, and shared ones
// would let a small file describe gigabytes. Images at one address found
// twice (a descriptor found by two symbols) are the same image, not an
// overlap; descriptors are deduplicated by address before this.
func checkImageOverlap(images []imageBytes) error {
	rs := append([]imageBytes{}, images...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].begin < rs[j].begin })
	for k := 1; k < len(rs); k++ {
		a, b := rs[k-1], rs[k]
		if b.begin < a.end {
			return &FormatError{Addr: b.image, Msg: fmt.Sprintf("the bytes [%#x, %#x) of the image struct at %#x overlap those of the image struct at %#x [%#x, %#x)",
				b.begin, b.end, b.image, a.image, a.begin, a.end)}
		}
	}
	return nil
}

type candidate struct {
	name string
	addr uint64
}

// descriptorSymbols lists symbols that name a descriptor: the tag prefix,
// 32 bytes, and none of the wrapper's other tagged globals.
func descriptorSymbols(f *elf.File, m *memory) ([]candidate, error) {
	var all []elf.Symbol
	if s, err := f.Symbols(); err == nil {
		all = append(all, s...)
	}
	if s, err := f.DynamicSymbols(); err == nil {
		all = append(all, s...)
	}
	seen := map[uint64]bool{}
	var out []candidate
	for _, s := range all {
		if !strings.HasPrefix(s.Name, symbolTag) || s.Size != DescriptorSize || s.Section == elf.SHN_UNDEF {
			continue
		}
		rest := s.Name[len(symbolTag):]
		if strings.HasPrefix(rest, "target.") || strings.HasPrefix(rest, "opts.") || rest == "device_images" || (rest != "" && rest[0] >= '0' && rest[0] <= '9') {
			continue
		}
		addr := s.Value
		if f.Type == elf.ET_REL {
			base, ok := m.secAddr[int(s.Section)]
			if !ok {
				continue
			}
			addr += base
		}
		if seen[addr] {
			continue
		}
		seen[addr] = true
		out = append(out, candidate{s.Name, addr})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].addr < out[j].addr })
	return out, nil
}

// scan looks through data sections for a descriptor: version 1, a
// non-zero image count, zero padding and host entries, and a first image
// of a known version with kind SYCL.
func scan(m *memory) []candidate {
	var out []candidate
	le := binary.LittleEndian
	for _, s := range m.segs {
		if s.data == nil || !strings.HasPrefix(s.name, ".data") {
			continue
		}
		for off := uint64(0); off+DescriptorSize <= s.size; off += 8 {
			b := s.data[off:]
			if le.Uint16(b) != DescriptorVersion || le.Uint16(b[2:]) == 0 || le.Uint32(b[4:]) != 0 {
				continue
			}
			addr := s.addr + off
			if p, err := m.ptr(addr + 16); err != nil || p != 0 {
				continue
			}
			if p, err := m.ptr(addr + 24); err != nil || p != 0 {
				continue
			}
			imgs, err := m.ptr(addr + 8)
			if err != nil {
				continue
			}
			h, err := m.read(imgs, 4)
			if err != nil || le.Uint16(h) < 1 || le.Uint16(h) > 3 || h[2] != KindSYCL {
				continue
			}
			out = append(out, candidate{"", addr})
		}
	}
	return out
}

func (m *memory) descriptor(addr uint64) (*Descriptor, error) {
	le := binary.LittleEndian
	h, err := m.read(addr, DescriptorSize)
	if err != nil {
		return nil, err
	}
	s, _ := m.find(addr, DescriptorSize) // read found it
	d := &Descriptor{Address: addr, Section: s.name, SectionIndex: s.sec, Offset: addr - s.addr, Version: le.Uint16(h)}
	if d.Version != DescriptorVersion {
		return nil, &FormatError{Addr: addr, Msg: fmt.Sprintf("descriptor version %d (want %d)", d.Version, DescriptorVersion)}
	}
	n := uint64(le.Uint16(h[2:]))
	if n == 0 {
		return d, nil
	}
	arr, err := m.ptr(addr + 8)
	if err != nil {
		return nil, err
	}
	// Image structs differ in size by version; the first one's version
	// decides the stride (the wrapper writes one version throughout).
	first, err := m.read(arr, 2)
	if err != nil {
		return nil, err
	}
	stride := uint64(ImageSizeV2)
	if le.Uint16(first) == 3 {
		stride = ImageSizeV3
	}
	if _, err := m.read(arr, n*stride); err != nil {
		return nil, err
	}
	for i := uint64(0); i < n; i++ {
		img, err := m.image(arr + i*stride)
		if err != nil {
			return nil, fmt.Errorf("image %d: %w", i, err)
		}
		d.Images = append(d.Images, *img)
	}
	return d, nil
}

// pair reads two pointer slots [begin, end) and checks their order.
func (m *memory) pair(slot uint64) (begin, end uint64, err error) {
	if begin, err = m.ptr(slot); err != nil {
		return
	}
	if end, err = m.ptr(slot + 8); err != nil {
		return
	}
	if end < begin {
		err = &FormatError{Addr: slot, Msg: fmt.Sprintf("range end %#x precedes begin %#x", end, begin)}
	}
	return
}

func (m *memory) image(addr uint64) (*Image, error) {
	h, err := m.read(addr, 4)
	if err != nil {
		return nil, err
	}
	img := &Image{Version: binary.LittleEndian.Uint16(h), Kind: h[2], Format: h[3]}
	if img.Version < 1 || img.Version > 3 {
		return nil, &FormatError{Addr: addr, Msg: fmt.Sprintf("device image version %d (want 1..3)", img.Version)}
	}
	for i, dst := range []*string{&img.Target, &img.CompileOptions, &img.LinkOptions} {
		p, err := m.ptr(addr + 8 + 8*uint64(i))
		if err != nil {
			return nil, err
		}
		if *dst, err = m.cstring(p); err != nil {
			return nil, err
		}
	}
	f := addr + 32
	if img.Version < 3 {
		f = addr + 48 // after the two (unused) manifest pointers
	}
	bb, be, err := m.pair(f)
	if err != nil {
		return nil, err
	}
	if be > bb {
		data, err := m.read(bb, be-bb)
		if err != nil {
			return nil, err
		}
		img.Data = data // copied by Read once overlaps are ruled out
		m.images = append(m.images, imageBytes{begin: bb, end: be, image: addr})
	}
	eb, ee, err := m.pair(f + 16)
	if err != nil {
		return nil, err
	}
	if img.Entries, img.NewEntries, err = m.entries(eb, ee); err != nil {
		return nil, err
	}
	pb, pe, err := m.pair(f + 32)
	if err != nil {
		return nil, err
	}
	if img.Properties, err = m.propertySets(pb, pe); err != nil {
		return nil, err
	}
	return img, nil
}

// entries reads an offload entry array, choosing the layout like the
// runtime: the new 56-byte layout iff the first entry has Reserved 0,
// Version 1, Kind OFK_SYCL (8) and Flags 0.
func (m *memory) entries(begin, end uint64) ([]string, bool, error) {
	n := end - begin
	if n == 0 {
		return nil, false, nil
	}
	arr, err := m.read(begin, n)
	if err != nil {
		return nil, false, err
	}
	le := binary.LittleEndian
	newLayout := n%EntrySizeNew == 0 && le.Uint64(arr) == 0 && le.Uint16(arr[8:]) == 1 && le.Uint16(arr[10:]) == 8 && le.Uint32(arr[12:]) == 0
	size, nameOff := uint64(EntrySizeOld), uint64(8)
	if newLayout {
		size, nameOff = EntrySizeNew, 24
	}
	if n%size != 0 {
		return nil, false, &FormatError{Addr: begin, Msg: fmt.Sprintf("entry array of %d bytes is not a multiple of %d", n, size)}
	}
	// Every image may point at the same array: each name read is charged.
	var names []string
	for e := begin; e < end; e += size {
		p, err := m.ptr(e + nameOff)
		if err != nil {
			return nil, false, err
		}
		s, err := m.cstring(p)
		if err != nil {
			return nil, false, err
		}
		names = append(names, s)
	}
	return names, newLayout, nil
}

func (m *memory) propertySets(begin, end uint64) (*propset.Registry, error) {
	if end == begin {
		return nil, nil
	}
	if (end-begin)%PropertySetSize != 0 {
		return nil, &FormatError{Addr: begin, Msg: "property-set array size is not a multiple of 24"}
	}
	if _, err := m.read(begin, end-begin); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	reg := &propset.Registry{}
	for s := begin; s < end; s += PropertySetSize {
		np, err := m.ptr(s)
		if err != nil {
			return nil, err
		}
		name, err := m.cstring(np)
		if err != nil {
			return nil, err
		}
		set := reg.AddSet(name)
		pb, pe, err := m.pair(s + 8)
		if err != nil {
			return nil, err
		}
		if (pe-pb)%PropertySize != 0 {
			return nil, &FormatError{Addr: pb, Msg: fmt.Sprintf("property array of set %q is not a multiple of 32 bytes", name)}
		}
		if pe > pb {
			if _, err := m.read(pb, pe-pb); err != nil {
				return nil, err
			}
		}
		for p := pb; p < pe; p += PropertySize {
			if err := m.charge(p, PropertySize); err != nil {
				return nil, err
			}
			raw, _ := m.read(p, PropertySize)
			typ, size := le.Uint32(raw[16:]), le.Uint64(raw[24:])
			pn, err := m.ptr(p)
			if err != nil {
				return nil, err
			}
			pname, err := m.cstring(pn)
			if err != nil {
				return nil, err
			}
			va, err := m.ptr(p + 8)
			if err != nil {
				return nil, err
			}
			var v propset.Value
			switch typ {
			case PropUint32:
				v = propset.U32(uint32(size))
			case PropByteArray:
				if size < propset.PrefixSize {
					return nil, &FormatError{Addr: p, Msg: fmt.Sprintf("property %q: byte array of %d bytes lacks the bit count", pname, size)}
				}
				payload, err := m.read(va, size)
				if err != nil {
					return nil, err
				}
				if err := m.charge(va, size); err != nil {
					return nil, err
				}
				bits := le.Uint64(payload)
				v, err = propset.BitBytes(payload[propset.PrefixSize:], bits)
				if err != nil {
					return nil, &FormatError{Addr: p, Msg: fmt.Sprintf("property %q: %v", pname, err)}
				}
			case PropString:
				str, err := m.cstring(va)
				if err != nil {
					return nil, err
				}
				v = propset.String(str)
			default:
				return nil, &FormatError{Addr: p, Msg: fmt.Sprintf("property %q: unknown type %d", pname, typ)}
			}
			set.Add(pname, v)
		}
	}
	return reg, nil
}

// SHTLLVMOffloading is the ELF section type of embedded OffloadBinaries.
const SHTLLVMOffloading = 0x6fff4c03

// Section is an ELF section that carries offload data.
type Section struct {
	Name string
	Type uint32
	Data []byte // shared with the input
}

// OffloadSections returns the sections of an ELF file that hold offload
// data: OffloadBinaries (type SHT_LLVM_OFFLOADING or name .llvm.offloading)
// and clang-offload-bundler sections (__CLANG_OFFLOAD_BUNDLE__<id>, which
// tools/wrapper also uses for image bytes). Order is section order.
func OffloadSections(raw []byte) (secs []Section, err error) {
	defer func() {
		if r := recover(); r != nil {
			secs, err = nil, &FormatError{Msg: fmt.Sprintf("malformed ELF file: %v", r)}
		}
	}()
	if err := checkHeaders(raw); err != nil {
		return nil, err
	}
	f, err := elf.NewFile(bytes.NewReader(raw))
	if err != nil {
		return nil, &FormatError{Msg: err.Error()}
	}
	for _, s := range f.Sections {
		if s.Type == elf.SHT_NOBITS {
			continue
		}
		if uint32(s.Type) != SHTLLVMOffloading && !strings.HasPrefix(s.Name, ".llvm.offloading") && !strings.HasPrefix(s.Name, "__CLANG_OFFLOAD_BUNDLE__") {
			continue
		}
		if s.Offset > uint64(len(raw)) || s.Size > uint64(len(raw))-s.Offset {
			return nil, &FormatError{Msg: fmt.Sprintf("section %q lies past the end of the file", s.Name)}
		}
		secs = append(secs, Section{Name: s.Name, Type: uint32(s.Type), Data: raw[s.Offset : s.Offset+s.Size]})
	}
	return secs, nil
}

// IsELF reports whether raw starts with the ELF magic.
func IsELF(raw []byte) bool { return bytes.HasPrefix(raw, []byte(elf.ELFMAG)) }
