// Package elfobj writes ELF64 little-endian relocatable objects (ET_REL) for
// x86-64 and AArch64: a handful of sections, symbols and RELA relocations,
// enough to hand-build small data-plus-glue objects. Section contents can be
// streamed from readers at write time so that large payloads (device images)
// are copied through, never held in memory.
package elfobj

import (
	"fmt"
	"io"

	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
)

// Machine selects the target architecture.
type Machine int

// Supported machines.
const (
	X86_64 Machine = iota + 1
	AArch64
)

func (m Machine) String() string {
	switch m {
	case X86_64:
		return "x86_64"
	case AArch64:
		return "aarch64"
	}
	return fmt.Sprintf("Machine(%d)", int(m))
}

func (m Machine) elfMachine() uint16 {
	if m == AArch64 {
		return 183 // EM_AARCH64
	}
	return 62 // EM_X86_64
}

// Section types and flags used by callers (ELF gABI values).
const (
	SHT_PROGBITS   uint32 = 1
	SHT_INIT_ARRAY uint32 = 14
	SHT_FINI_ARRAY uint32 = 15

	SHF_WRITE     uint64 = 0x1
	SHF_ALLOC     uint64 = 0x2
	SHF_EXECINSTR uint64 = 0x4
)

// Relocation types.
const (
	R_X86_64_64    uint32 = 1
	R_X86_64_PC32  uint32 = 2
	R_X86_64_PLT32 uint32 = 4

	R_AARCH64_ABS64            uint32 = 257
	R_AARCH64_ADR_PREL_PG_HI21 uint32 = 275
	R_AARCH64_ADD_ABS_LO12_NC  uint32 = 277
	R_AARCH64_JUMP26           uint32 = 282
	R_AARCH64_CALL26           uint32 = 283
)

const (
	shtSymtab   uint32 = 2
	shtStrtab   uint32 = 3
	shtRela     uint32 = 4
	shfInfoLink uint64 = 0x40

	elfHeaderSize     = 64
	sectionHeaderSize = 64
	symbolSize        = 24
	relaSize          = 24

	stbLocal, stbGlobal byte = 0, 1
	sttNoType           byte = 0
	sttObject           byte = 1
	sttFunc             byte = 2
	sttSection          byte = 3
)

// Source is section content produced at write time. Open is called once, by
// Write, and must yield exactly Size bytes.
type Source struct {
	Size int64
	Open func() (io.ReadCloser, error)
	Name string // for error messages (e.g. a file name)
}

// FileSource streams a file, sized now and read at write time.
func FileSource(path string) (Source, error) {
	// Sized and checked (a regular file within the limit) now.
	f, err := inputfile.Open(path, inputfile.DeviceImage)
	if err != nil {
		return Source{}, err
	}
	size := f.Size()
	f.Close()
	return Source{
		Size: size,
		// Opened again at write time: still a regular file within the
		// limit, and reads end past it if the file grew.
		Open: func() (io.ReadCloser, error) { return inputfile.Open(path, inputfile.DeviceImage) },
		Name: path,
	}, nil
}

// piece is one run of section content: bytes in memory, a streamed source,
// or zero fill.
type piece struct {
	start int64
	data  []byte
	src   *Source
	zeros int64
}

func (p piece) size() int64 {
	switch {
	case p.src != nil:
		return p.src.Size
	case p.data != nil:
		return int64(len(p.data))
	}
	return p.zeros
}

// Section is one output section under construction.
type Section struct {
	Name    string
	Type    uint32
	Flags   uint64
	Align   uint64
	EntSize uint64

	pieces []piece
	size   int64
	relocs []Reloc
	sym    *Symbol // STT_SECTION symbol
	index  int
}

// Size is the current content size.
func (s *Section) Size() int64 { return s.size }

// Symbol returns the section symbol, used as a relocation target with the
// offset in the addend.
func (s *Section) Symbol() *Symbol { return s.sym }

// Pad appends zero bytes up to a multiple of align.
func (s *Section) Pad(align int64) {
	if r := s.size % align; r != 0 {
		s.AppendZeros(align - r)
	}
}

// Append adds bytes (copied) and returns their offset.
func (s *Section) Append(b []byte) int64 {
	off := s.size
	if len(b) > 0 {
		s.appendData(b)
	}
	return off
}

// appendData grows the trailing in-memory piece so that small writes do not
// each become a piece.
func (s *Section) appendData(b []byte) {
	if n := len(s.pieces); n > 0 && s.pieces[n-1].data != nil {
		s.pieces[n-1].data = append(s.pieces[n-1].data, b...)
	} else {
		s.pieces = append(s.pieces, piece{start: s.size, data: append([]byte{}, b...)})
	}
	s.size += int64(len(b))
}

// bigZeros is the size from which zero fill is recorded, not stored.
const bigZeros = 1 << 16

// AppendZeros adds n zero bytes and returns their offset.
func (s *Section) AppendZeros(n int64) int64 {
	off := s.size
	switch {
	case n <= 0:
	case n < bigZeros:
		s.appendData(make([]byte, n))
	default:
		s.pieces = append(s.pieces, piece{start: s.size, zeros: n})
		s.size += n
	}
	return off
}

// AppendFields adds n zero bytes kept in memory, however many, so that Set
// can fill them in: struct arrays laid out first and completed field by
// field. (AppendZeros records large runs without storing them.)
func (s *Section) AppendFields(n int64) int64 {
	off := s.size
	if n > 0 {
		s.appendData(make([]byte, n))
	}
	return off
}

// AppendSource adds content read at write time and returns its offset.
func (s *Section) AppendSource(src Source) int64 {
	off := s.size
	if src.Size > 0 {
		c := src
		s.pieces = append(s.pieces, piece{start: s.size, src: &c})
		s.size += src.Size
	}
	return off
}

// Set overwrites already appended in-memory bytes at off (used to fill in
// struct fields after laying out an array). Overwriting streamed or large
// zero-filled content (AppendZeros of 64 KiB or more: use AppendFields) is
// a programming error and panics.
func (s *Section) Set(off int64, b []byte) {
	for i := range s.pieces {
		p := &s.pieces[i]
		if off >= p.start && off+int64(len(b)) <= p.start+p.size() && p.data != nil {
			copy(p.data[off-p.start:], b)
			return
		}
	}
	panic(fmt.Sprintf("elfobj: Set(%s+%#x, %d bytes) outside in-memory content", s.Name, off, len(b)))
}

// Reloc is a RELA relocation at Offset within its section.
type Reloc struct {
	Offset int64
	Type   uint32
	Sym    *Symbol
	Addend int64
}

// AddReloc records a relocation applying to this section.
func (s *Section) AddReloc(r Reloc) { s.relocs = append(s.relocs, r) }

// Symbol is an ELF symbol. Section nil means undefined.
type Symbol struct {
	Name    string
	Section *Section
	Value   int64
	Size    int64
	Global  bool
	Func    bool // STT_FUNC, else STT_OBJECT for defined, STT_NOTYPE for undefined
	section bool // STT_SECTION
	index   int
}

// Object is an ELF relocatable object under construction.
type Object struct {
	Machine  Machine
	sections []*Section
	symbols  []*Symbol
}

// New starts an empty object.
func New(m Machine) *Object { return &Object{Machine: m} }

// AddSection appends a section. align 0 is treated as 1.
func (o *Object) AddSection(name string, typ uint32, flags, align uint64) *Section {
	if align == 0 {
		align = 1
	}
	s := &Section{Name: name, Type: typ, Flags: flags, Align: align}
	s.sym = &Symbol{Section: s, section: true}
	o.sections = append(o.sections, s)
	return s
}

// AddSymbol defines a symbol (sec nil: undefined, which should be global).
func (o *Object) AddSymbol(sym *Symbol) *Symbol {
	o.symbols = append(o.symbols, sym)
	return sym
}
