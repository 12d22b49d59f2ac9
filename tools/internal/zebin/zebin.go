// Package zebin reads what a runtime or a test needs to know of an Intel GPU
// zebin (the ELF image ocloc and IGC write for one device): the ELF machine
// (EM_INTELGT), the device it was built for (product family, graphics core
// family, IP version), the zebin format version and the kernels it holds.
//
// A zebin is an ELF64 little-endian relocatable file. Each kernel is a
// section ".text.<kernel name>" with a FUNC symbol of that name; the device
// is in the notes of the section ".note.intelgt.compat", owner "IntelGT"
// (intel/compute-runtime, shared/source/device_binary_format/elf/zebin_elf.h):
//
//	type 1  product family (u32; PRODUCT_FAMILY, pvc: 1271)
//	type 2  graphics core family (u32; GFXCORE_FAMILY, pvc: 0xc08)
//	type 4  zebin version (NUL-terminated string, e.g. "1.73")
//	type 6  product config: the IP version, (major<<22)|(minor<<14)|revision
//	        (u32; pvc: 0x030f0007, 12.60.7, as `ocloc ids pvc` prints it)
//
// Other note types (target metadata, vISA ABI version, ...) are skipped.
// Read never panics on malformed input and never allocates more than the
// input's size for it: every offset and size is checked against the input
// before anything is read.
package zebin

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
)

// EM_INTELGT is the ELF machine of Intel GPU code (elf.h: EM_INTELGT 205).
const EM_INTELGT elf.Machine = 205

// CompatNotes is the section that names the device a zebin is for.
const CompatNotes = ".note.intelgt.compat"

// NoteOwner is the owner of the compat notes.
const NoteOwner = "IntelGT"

// The note types Read decodes.
const (
	NoteProductFamily = 1
	NoteGfxCore       = 2
	NoteZebinVersion  = 4
	NoteProductConfig = 6
)

// kernelPrefix starts the name of a kernel's code section.
const kernelPrefix = ".text."

// IPVersion is a device's IP version (GMD ID), as ocloc ids prints it.
type IPVersion struct {
	Major, Minor, Revision uint32
}

// DecodeIPVersion splits a product config note: (major<<22)|(minor<<14)|rev.
func DecodeIPVersion(v uint32) IPVersion {
	return IPVersion{Major: v >> 22, Minor: v >> 14 & 0xff, Revision: v & 0x3f}
}

// String returns "major.minor.revision" (12.60.7).
func (v IPVersion) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Revision) }

// IsZero reports whether v is unset (the zebin had no product config note).
func (v IPVersion) IsZero() bool { return v == IPVersion{} }

// ParseIPVersion reads "major.minor.revision" (12.60.7), each part in the
// range the encoding holds (major 10 bits, minor 8, revision 6).
func ParseIPVersion(s string) (IPVersion, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return IPVersion{}, fmt.Errorf("IP version %q: want major.minor.revision (e.g. 12.60.7)", s)
	}
	var n [3]uint32
	limits := [3]uint32{1<<10 - 1, 1<<8 - 1, 1<<6 - 1}
	for i, p := range parts {
		if p == "" || len(p) > 4 {
			return IPVersion{}, fmt.Errorf("IP version %q: want major.minor.revision (e.g. 12.60.7)", s)
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return IPVersion{}, fmt.Errorf("IP version %q: want major.minor.revision (e.g. 12.60.7)", s)
			}
			n[i] = n[i]*10 + uint32(c-'0')
		}
		if n[i] > limits[i] {
			return IPVersion{}, fmt.Errorf("IP version %q: %d is out of range (at most %d)", s, n[i], limits[i])
		}
	}
	return IPVersion{n[0], n[1], n[2]}, nil
}

// File is what Read found in a zebin.
type File struct {
	Machine       elf.Machine
	ProductFamily uint32
	GfxCore       uint32
	// IPVersion is zero when the zebin has no product config note (zebins
	// of devices without an IP version).
	IPVersion    IPVersion
	ZebinVersion string
	// Kernels are the names of the ".text.<name>" sections, in section
	// order.
	Kernels []string
	// Functions are the defined FUNC symbols (kernels, and functions an
	// image exports), in symbol table order.
	Functions []string
	// Undefined are the named symbols the zebin leaves to another module
	// (SHN_UNDEF: an image's imports that ocloc did not resolve), in
	// symbol table order.
	Undefined []string
}

// HasKernel reports whether name is a kernel of f.
func (f *File) HasKernel(name string) bool {
	for _, k := range f.Kernels {
		if k == name {
			return true
		}
	}
	return false
}

// HasFunction reports whether name is a kernel or a defined function of f.
func (f *File) HasFunction(name string) bool {
	if f.HasKernel(name) {
		return true
	}
	for _, k := range f.Functions {
		if k == name {
			return true
		}
	}
	return false
}

// ErrNotELF is returned for input that is not an ELF file at all.
var ErrNotELF = errors.New("not an ELF file")

// ErrNoCompatNote is returned for an Intel GPU ELF file without a
// .note.intelgt.compat section (no device to check it against).
var ErrNoCompatNote = errors.New("no " + CompatNotes + " section: not a zebin, or one too old to name its device")

// FormatError is an ELF file this package cannot read: not ELF64
// little-endian, or with headers, sections or symbols outside the file.
type FormatError struct{ Reason string }

func (e *FormatError) Error() string { return "malformed ELF file: " + e.Reason }

// MachineError is a well-formed ELF file for another machine than
// EM_INTELGT (a host object, a CPU AOT image, ...).
type MachineError struct{ Machine elf.Machine }

func (e *MachineError) Error() string {
	return fmt.Sprintf("ELF machine %d (%v), not EM_INTELGT (205): not an Intel GPU zebin", uint16(e.Machine), e.Machine)
}

// NoteError is a truncated or malformed note of .note.intelgt.compat.
type NoteError struct {
	Offset int // of the note, in the section
	Reason string
}

func (e *NoteError) Error() string {
	return fmt.Sprintf("%s: note at offset %d: %s", CompatNotes, e.Offset, e.Reason)
}

// Read reads a zebin from r.
func Read(r io.ReaderAt) (*File, error) {
	size, err := readerSize(r)
	if err != nil {
		return nil, err
	}
	return read(r, size)
}

// ReadBytes reads a zebin held in memory.
func ReadBytes(b []byte) (*File, error) {
	return read(bytes.NewReader(b), int64(len(b)))
}

// readerSize finds the size of r: its Size or Stat method, else by seeking.
func readerSize(r io.ReaderAt) (int64, error) {
	switch v := r.(type) {
	case interface{ Size() int64 }:
		return v.Size(), nil
	case interface{ Stat() (fs.FileInfo, error) }:
		st, err := v.Stat()
		if err != nil {
			return 0, err
		}
		return st.Size(), nil
	case io.Seeker:
		return v.Seek(0, io.SeekEnd)
	}
	return 0, errors.New("zebin: cannot tell the size of the input (a ReaderAt without Size, Stat or Seek)")
}

const (
	ehdrSize = 64
	shdrSize = 64
	symSize  = 24
)

func read(r io.ReaderAt, size int64) (*File, error) {
	var ident [ehdrSize]byte
	n, err := r.ReadAt(ident[:], 0)
	if n < 4 || !bytes.Equal(ident[:4], []byte(elf.ELFMAG)) {
		if err != nil && err != io.EOF {
			return nil, err
		}
		return nil, ErrNotELF
	}
	if n < ehdrSize {
		return nil, &FormatError{fmt.Sprintf("%d bytes, shorter than an ELF64 header", size)}
	}
	if elf.Class(ident[elf.EI_CLASS]) != elf.ELFCLASS64 {
		return nil, &FormatError{fmt.Sprintf("class %v, not ELFCLASS64", elf.Class(ident[elf.EI_CLASS]))}
	}
	if elf.Data(ident[elf.EI_DATA]) != elf.ELFDATA2LSB {
		return nil, &FormatError{fmt.Sprintf("data encoding %v, not little-endian", elf.Data(ident[elf.EI_DATA]))}
	}
	le := binary.LittleEndian
	machine := elf.Machine(le.Uint16(ident[18:]))
	if machine != EM_INTELGT {
		return nil, &MachineError{machine}
	}
	// Check the section header table lies in the file before debug/elf
	// reads it (it allocates what the header says).
	shoff, shentsize, shnum := le.Uint64(ident[40:]), le.Uint16(ident[58:]), le.Uint16(ident[60:])
	if shnum == 0 {
		return nil, &FormatError{"no section headers"}
	}
	if shentsize != shdrSize {
		return nil, &FormatError{fmt.Sprintf("section header size %d, not %d", shentsize, shdrSize)}
	}
	if !within(shoff, uint64(shnum)*shdrSize, size) {
		return nil, &FormatError{fmt.Sprintf("%d section headers at offset %d: past the end of the file (%d bytes)", shnum, shoff, size)}
	}
	// debug/elf takes e_phnum at its word: no program headers are read,
	// but their table must lie in the file too.
	phoff, phentsize, phnum := le.Uint64(ident[32:]), le.Uint16(ident[54:]), le.Uint16(ident[56:])
	if phnum > 0 && !within(phoff, uint64(phnum)*uint64(phentsize), size) {
		return nil, &FormatError{fmt.Sprintf("%d program headers at offset %d: past the end of the file (%d bytes)", phnum, phoff, size)}
	}
	if shstrndx := le.Uint16(ident[62:]); shstrndx >= shnum {
		return nil, &FormatError{fmt.Sprintf("section name table index %d, only %d sections", shstrndx, shnum)}
	} else if err := checkSection(r, size, shoff+uint64(shstrndx)*shdrSize); err != nil {
		return nil, err
	}
	ef, err := elf.NewFile(io.NewSectionReader(r, 0, size))
	if err != nil {
		return nil, &FormatError{err.Error()}
	}
	f := &File{Machine: ef.Machine}
	var compat *elf.Section
	for i, s := range ef.Sections {
		// A compressed section's Data inflates it to the size its header
		// claims: nothing of a zebin is compressed, so none is read.
		if s.Flags&elf.SHF_COMPRESSED != 0 {
			return nil, &FormatError{fmt.Sprintf("section %d (%q): compressed (zebins have no compressed section)", i, s.Name)}
		}
		if s.Type != elf.SHT_NOBITS && !within(s.Offset, s.FileSize, size) {
			return nil, &FormatError{fmt.Sprintf("section %d (%q): %d bytes at offset %d, past the end of the file (%d bytes)", i, s.Name, s.FileSize, s.Offset, size)}
		}
		switch {
		case s.Name == CompatNotes:
			if compat == nil {
				compat = s
			}
		case strings.HasPrefix(s.Name, kernelPrefix) && s.Type == elf.SHT_PROGBITS && len(s.Name) > len(kernelPrefix):
			f.Kernels = append(f.Kernels, s.Name[len(kernelPrefix):])
		}
	}
	if err := readFunctions(ef, f); err != nil {
		return nil, err
	}
	if compat == nil {
		return nil, ErrNoCompatNote
	}
	if compat.Type == elf.SHT_NOBITS {
		return nil, &NoteError{0, "the section has no contents (SHT_NOBITS)"}
	}
	data, err := compat.Data()
	if err != nil {
		return nil, &FormatError{fmt.Sprintf("%s: %v", CompatNotes, err)}
	}
	if err := readNotes(data, f); err != nil {
		return nil, err
	}
	return f, nil
}

// within reports whether n bytes at off lie in a file of size bytes.
func within(off, n uint64, size int64) bool {
	return off <= uint64(size) && n <= uint64(size)-off
}

// checkSection checks that the section whose header is at off has its
// contents in the file (debug/elf reads the name table whole).
func checkSection(r io.ReaderAt, size int64, off uint64) error {
	var h [shdrSize]byte
	if _, err := r.ReadAt(h[:], int64(off)); err != nil {
		return &FormatError{fmt.Sprintf("section header at offset %d: %v", off, err)}
	}
	le := binary.LittleEndian
	typ, flags := elf.SectionType(le.Uint32(h[4:])), elf.SectionFlag(le.Uint64(h[8:]))
	soff, ssize := le.Uint64(h[24:]), le.Uint64(h[32:])
	switch {
	case typ == elf.SHT_NOBITS:
		return &FormatError{"section name table: no contents (SHT_NOBITS)"}
	case flags&elf.SHF_COMPRESSED != 0:
		return &FormatError{"section name table: compressed (zebins have no compressed section)"}
	case !within(soff, ssize, size):
		return &FormatError{fmt.Sprintf("section name table: %d bytes at offset %d, past the end of the file (%d bytes)", ssize, soff, size)}
	}
	return nil
}

// readFunctions lists the defined FUNC symbols of the symbol table.
func readFunctions(ef *elf.File, f *File) error {
	symtab := ef.SectionByType(elf.SHT_SYMTAB)
	if symtab == nil {
		return nil
	}
	if symtab.Entsize != symSize && symtab.Entsize != 0 {
		return &FormatError{fmt.Sprintf("symbol table entry size %d, not %d", symtab.Entsize, symSize)}
	}
	if symtab.Link >= uint32(len(ef.Sections)) {
		return &FormatError{fmt.Sprintf("symbol table links to section %d, only %d sections", symtab.Link, len(ef.Sections))}
	}
	// Symbols reads the table and its string table whole: neither may
	// be SHT_NOBITS (zeros of any size the header claims).
	if symtab.Type == elf.SHT_NOBITS || symtab.Link > 0 && ef.Sections[symtab.Link].Type == elf.SHT_NOBITS {
		return &FormatError{"symbol table or its string table without contents (SHT_NOBITS)"}
	}
	syms, err := ef.Symbols()
	if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		return &FormatError{fmt.Sprintf("symbol table: %v", err)}
	}
	for _, s := range syms {
		switch {
		case s.Name == "":
		case s.Section == elf.SHN_UNDEF:
			f.Undefined = append(f.Undefined, s.Name)
		case elf.ST_TYPE(s.Info) == elf.STT_FUNC:
			f.Functions = append(f.Functions, s.Name)
		}
	}
	return nil
}

// readNotes decodes the IntelGT notes of data (the compat section).
func readNotes(data []byte, f *File) error {
	le := binary.LittleEndian
	for off := 0; off < len(data); {
		left := uint64(len(data) - off)
		if left < 12 {
			return &NoteError{off, fmt.Sprintf("%d bytes left, shorter than a note header (12)", left)}
		}
		namesz, descsz, typ := le.Uint32(data[off:]), le.Uint32(data[off+4:]), le.Uint32(data[off+8:])
		// The name is padded to 4 bytes; the description too, except
		// that the section may end right after the last one.
		descStart := 12 + align4(uint64(namesz))
		if descStart > left || uint64(descsz) > left-descStart {
			return &NoteError{off, fmt.Sprintf("name of %d bytes and description of %d bytes: past the end of the section (%d bytes)", namesz, descsz, len(data))}
		}
		name := data[off+12 : off+12+int(namesz)]
		desc := data[off+int(descStart) : off+int(descStart)+int(descsz)]
		if string(bytes.TrimRight(name, "\x00")) == NoteOwner {
			if err := decodeNote(typ, desc, f); err != nil {
				return &NoteError{off, err.Error()}
			}
		}
		next := descStart + align4(uint64(descsz))
		if next > left {
			next = left
		}
		off += int(next)
	}
	return nil
}

func align4(n uint64) uint64 { return (n + 3) &^ 3 }

func decodeNote(typ uint32, desc []byte, f *File) error {
	u32 := func(what string) (uint32, error) {
		if len(desc) != 4 {
			return 0, fmt.Errorf("%s (type %d): %d bytes, not 4", what, typ, len(desc))
		}
		return binary.LittleEndian.Uint32(desc), nil
	}
	var err error
	switch typ {
	case NoteProductFamily:
		f.ProductFamily, err = u32("product family")
	case NoteGfxCore:
		f.GfxCore, err = u32("graphics core family")
	case NoteProductConfig:
		var v uint32
		if v, err = u32("product config"); err == nil {
			f.IPVersion = DecodeIPVersion(v)
		}
	case NoteZebinVersion:
		s := desc
		if i := bytes.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		for _, c := range s {
			if c < 0x20 || c >= 0x7f {
				return fmt.Errorf("zebin version (type %d): not printable ASCII", typ)
			}
		}
		f.ZebinVersion = string(s)
	}
	return err
}
