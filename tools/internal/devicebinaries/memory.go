package devicebinaries

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"sort"
)

// segment is one loaded section at its (real or synthetic) address.
type segment struct {
	name string
	addr uint64
	size uint64
	data []byte // nil for SHT_NOBITS (reads as zeros)
	sec  int    // section index
}

// memory is the program image as the runtime would see it after loading
// at base address 0: section contents plus pointer slots patched by
// relocations. Only 8-byte absolute pointer relocations matter here (every
// pointer in the descriptor is one).
type memory struct {
	segs       []segment // sorted by addr
	ptrs       map[uint64]uint64
	unresolved map[uint64]string
	secAddr    map[int]uint64

	// Hostile descriptors can point many images, entries or properties
	// at the same bytes. Strings read at one address are decoded once;
	// everything decoded is charged against maxDecoded.
	strs       map[uint64]string
	decoded    uint64
	maxDecoded uint64
	images     []imageBytes // the image byte ranges read
}

// imageBytes is the data range [begin, end) of the image struct at image.
type imageBytes struct{ begin, end, image uint64 }

// decodedLimit bounds what a file of n bytes may decode to: strings,
// names and property values, which may legitimately be shared (linkers
// merge equal strings), up to 4 times the file plus 1 MiB.
func decodedLimit(n int) uint64 { return 4*uint64(n) + 1<<20 }

// charge counts n decoded bytes at addr.
func (m *memory) charge(addr, n uint64) error {
	m.decoded += n
	if m.decoded > m.maxDecoded {
		return &FormatError{Addr: addr, Msg: fmt.Sprintf("descriptor data decodes to more than %d bytes (4x the file + 1 MiB): images, entries or properties share their bytes", m.maxDecoded)}
	}
	return nil
}

// load builds the memory view of f whose raw bytes are raw. Section
// contents are sliced from raw after checking their bounds, so hostile
// headers cannot trigger large allocations.
func load(f *elf.File, raw []byte) (*memory, error) {
	m := &memory{ptrs: map[uint64]uint64{}, unresolved: map[uint64]string{}, secAddr: map[int]uint64{},
		strs: map[uint64]string{}, maxDecoded: decodedLimit(len(raw))}
	relocatable := f.Type == elf.ET_REL
	var next uint64 = 0x1000
	for i, s := range f.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Type == elf.SHT_NULL {
			continue
		}
		seg := segment{name: s.Name, addr: s.Addr, size: s.Size, sec: i}
		if s.Type != elf.SHT_NOBITS {
			if s.Offset > uint64(len(raw)) || s.Size > uint64(len(raw))-s.Offset {
				return nil, &FormatError{Msg: fmt.Sprintf("section %s [%#x, +%#x) lies past the end of the file", s.Name, s.Offset, s.Size)}
			}
			seg.data = raw[s.Offset : s.Offset+s.Size]
		}
		if relocatable {
			// Sections of a relocatable object all sit at address 0: give
			// each its own synthetic address so pointers are unambiguous.
			a := s.Addralign
			if a < 16 {
				a = 16
			}
			if a > 1<<20 {
				a = 1 << 20
			}
			next = (next + a - 1) / a * a
			seg.addr = next
			if next+s.Size < next {
				return nil, &FormatError{Msg: "section sizes overflow the address space"}
			}
			next += s.Size
		} else if seg.addr+seg.size < seg.addr {
			return nil, &FormatError{Msg: fmt.Sprintf("section %s wraps the address space", s.Name)}
		}
		m.secAddr[i] = seg.addr
		m.segs = append(m.segs, seg)
	}
	sort.SliceStable(m.segs, func(i, j int) bool { return m.segs[i].addr < m.segs[j].addr })
	if relocatable {
		return m, m.applyObjectRelocs(f, raw)
	}
	return m, m.applyDynamicRelocs(f, raw)
}

// Relocation types that write an absolute or load-relative 64-bit address.
const (
	rX86_64_64       = 1
	rX86_64_GLOBDAT  = 6
	rX86_64_RELATIVE = 8
	rAArch64_ABS64   = 257
	rAArch64_GLOBDAT = 1025
	rAArch64_RELATIV = 1027
)

func isAbs64(m elf.Machine, t uint32) bool {
	switch m {
	case elf.EM_X86_64:
		return t == rX86_64_64 || t == rX86_64_GLOBDAT
	case elf.EM_AARCH64:
		return t == rAArch64_ABS64 || t == rAArch64_GLOBDAT
	}
	return false
}

func isRelative(m elf.Machine, t uint32) bool {
	return (m == elf.EM_X86_64 && t == rX86_64_RELATIVE) || (m == elf.EM_AARCH64 && t == rAArch64_RELATIV)
}

func relaEntries(s *elf.Section, raw []byte) ([]byte, error) {
	if s.Offset > uint64(len(raw)) || s.Size > uint64(len(raw))-s.Offset {
		return nil, &FormatError{Msg: fmt.Sprintf("relocation section %s lies past the end of the file", s.Name)}
	}
	return raw[s.Offset : s.Offset+s.Size-s.Size%24], nil
}

// applyObjectRelocs resolves R_*_64/ABS64 relocations of a relocatable
// object against the synthetic section addresses.
func (m *memory) applyObjectRelocs(f *elf.File, raw []byte) error {
	syms, err := f.Symbols()
	if err != nil && err != elf.ErrNoSymbols {
		return &FormatError{Msg: "symbol table: " + err.Error()}
	}
	le := binary.LittleEndian
	for _, s := range f.Sections {
		if s.Type != elf.SHT_RELA || int(s.Info) >= len(f.Sections) {
			continue
		}
		base, ok := m.secAddr[int(s.Info)]
		if !ok {
			continue // relocations of a non-loaded section (e.g. debug info)
		}
		ents, err := relaEntries(s, raw)
		if err != nil {
			return err
		}
		for p := 0; p+24 <= len(ents); p += 24 {
			off, info, addend := le.Uint64(ents[p:]), le.Uint64(ents[p+8:]), le.Uint64(ents[p+16:])
			if !isAbs64(f.Machine, uint32(info)) {
				continue
			}
			slot := base + off
			idx := info >> 32
			if idx == 0 {
				m.ptrs[slot] = addend
				continue
			}
			if idx > uint64(len(syms)) {
				return &FormatError{Msg: fmt.Sprintf("relocation in %s names symbol %d of %d", s.Name, idx, len(syms))}
			}
			sym := syms[idx-1] // debug/elf drops the null symbol
			if sym.Section == elf.SHN_UNDEF {
				m.unresolved[slot] = sym.Name
				continue
			}
			sa, ok := m.secAddr[int(sym.Section)]
			if !ok {
				if sym.Section == elf.SHN_ABS {
					m.ptrs[slot] = sym.Value + addend
				} else {
					m.unresolved[slot] = sym.Name
				}
				continue
			}
			m.ptrs[slot] = sa + sym.Value + addend
		}
	}
	return nil
}

// applyDynamicRelocs applies RELATIVE and absolute relocations of a linked
// executable or shared library (load base 0). RELA slots may hold zero on
// disk, so their addends are authoritative; REL and RELR relocations keep
// the addend in place, which already reads correctly at base 0.
func (m *memory) applyDynamicRelocs(f *elf.File, raw []byte) error {
	dsyms, _ := f.DynamicSymbols()
	le := binary.LittleEndian
	for _, s := range f.Sections {
		if s.Type != elf.SHT_RELA || s.Flags&elf.SHF_ALLOC == 0 {
			continue
		}
		ents, err := relaEntries(s, raw)
		if err != nil {
			return err
		}
		for p := 0; p+24 <= len(ents); p += 24 {
			off, info, addend := le.Uint64(ents[p:]), le.Uint64(ents[p+8:]), le.Uint64(ents[p+16:])
			t := uint32(info)
			switch {
			case isRelative(f.Machine, t):
				m.ptrs[off] = addend
			case isAbs64(f.Machine, t):
				idx := info >> 32
				if idx == 0 || idx > uint64(len(dsyms)) {
					continue
				}
				sym := dsyms[idx-1]
				if sym.Section == elf.SHN_UNDEF {
					m.unresolved[off] = sym.Name
					continue
				}
				m.ptrs[off] = sym.Value + addend
			}
		}
	}
	return nil
}

// find returns the segment holding [addr, addr+n).
func (m *memory) find(addr, n uint64) (*segment, error) {
	i := sort.Search(len(m.segs), func(i int) bool { return m.segs[i].addr+m.segs[i].size > addr })
	for ; i < len(m.segs); i++ {
		s := &m.segs[i]
		if s.addr > addr {
			break
		}
		if n <= s.size && addr-s.addr <= s.size-n {
			return s, nil
		}
	}
	return nil, &FormatError{Addr: addr, Msg: fmt.Sprintf("%d bytes at %#x are not in any loaded section", n, addr)}
}

// read returns n bytes at addr. Data is shared with the
// file image; callers copy what they keep.
func (m *memory) read(addr, n uint64) ([]byte, error) {
	s, err := m.find(addr, n)
	if err != nil {
		return nil, err
	}
	if s.data == nil {
		// Descriptor data is constant: it never lives in .bss-like
		// sections, and reading "zeros" of a hostile size would only
		// allocate.
		return nil, &FormatError{Addr: addr, Msg: fmt.Sprintf("data at %#x lies in NOBITS section %s", addr, s.name)}
	}
	return s.data[addr-s.addr : addr-s.addr+n], nil
}

// ptr reads the pointer slot at addr, relocations applied.
func (m *memory) ptr(addr uint64) (uint64, error) {
	if v, ok := m.ptrs[addr]; ok {
		return v, nil
	}
	if name, ok := m.unresolved[addr]; ok {
		return 0, &FormatError{Addr: addr, Msg: fmt.Sprintf("pointer refers to undefined symbol %q", name)}
	}
	b, err := m.read(addr, 8)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b), nil
}

// cstring reads a NUL-terminated string at addr; NULL reads as "". A
// string is as long as its section allows (the wrapper writes names of
// any length); each address is scanned and copied once, and every use
// is charged in full (whoever prints the descriptor repeats it), so scans,
// copies and reports stay proportional to the file.
func (m *memory) cstring(addr uint64) (string, error) {
	if addr == 0 {
		return "", nil
	}
	if s, ok := m.strs[addr]; ok {
		return s, m.charge(addr, 16+uint64(len(s)))
	}
	s, err := m.find(addr, 1)
	if err != nil {
		return "", err
	}
	if s.data == nil {
		return "", &FormatError{Addr: addr, Msg: fmt.Sprintf("string at %#x lies in NOBITS section %s", addr, s.name)}
	}
	rest := s.data[addr-s.addr:]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		return "", &FormatError{Addr: addr, Msg: fmt.Sprintf("string is not NUL-terminated before the end of section %s", s.name)}
	}
	if err := m.charge(addr, 16+uint64(i)); err != nil {
		return "", err
	}
	str := string(rest[:i])
	m.strs[addr] = str
	return str, nil
}
