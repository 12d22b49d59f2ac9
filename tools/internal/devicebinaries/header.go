package devicebinaries

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"strings"
)

// checkHeaders validates the ELF64 LE file header, program headers and
// section headers against the file length before debug/elf sees them, so
// hostile counts, offsets and sizes fail fast with a clear error instead
// of reaching allocations or slow paths inside debug/elf (whose hardening
// differs between Go releases).
func checkHeaders(raw []byte) error {
	le := binary.LittleEndian
	n := uint64(len(raw))
	if n < 64 || string(raw[:4]) != "\x7fELF" {
		return &FormatError{Msg: "not an ELF file"}
	}
	if raw[4] != 2 || raw[5] != 1 {
		return &FormatError{Msg: "only 64-bit little-endian ELF files are supported"}
	}
	phoff, shoff := le.Uint64(raw[0x20:]), le.Uint64(raw[0x28:])
	phentsize, phnum := uint64(le.Uint16(raw[0x36:])), uint64(le.Uint16(raw[0x38:]))
	shentsize, shnum := uint64(le.Uint16(raw[0x3a:])), uint64(le.Uint16(raw[0x3c:]))
	shstrndx := uint64(le.Uint16(raw[0x3e:]))
	if phnum > 0 {
		if phentsize != 56 || phnum == 0xffff {
			return &FormatError{Msg: fmt.Sprintf("unsupported program headers (%d of %d bytes)", phnum, phentsize)}
		}
		if phoff > n || phnum*56 > n-phoff {
			return &FormatError{Msg: "program headers lie past the end of the file"}
		}
	}
	if shnum == 0 {
		if shoff != 0 {
			return &FormatError{Msg: "extended section numbering is not supported"}
		}
		return nil
	}
	if shentsize != 64 {
		return &FormatError{Msg: fmt.Sprintf("section header size %d (want 64)", shentsize)}
	}
	if shoff > n || shnum*64 > n-shoff {
		return &FormatError{Msg: "section headers lie past the end of the file"}
	}
	if shstrndx >= shnum {
		return &FormatError{Msg: fmt.Sprintf("section name table index %d out of %d sections", shstrndx, shnum)}
	}
	// Sections debug/elf reads as tables: the name table and every
	// sh_link target (string tables of symbol tables, ...). Their contents
	// must exist in the file whatever their type claims.
	referenced := map[uint64]bool{shstrndx: true}
	for i := uint64(0); i < shnum; i++ {
		if link := uint64(le.Uint32(raw[shoff+64*i+0x28:])); link < shnum {
			referenced[link] = true
		} else {
			return &FormatError{Msg: fmt.Sprintf("section %d links to section %d of %d", i, link, shnum)}
		}
	}
	for i := uint64(0); i < shnum; i++ {
		h := raw[shoff+64*i:]
		typ, flags := le.Uint32(h[4:]), le.Uint64(h[8:])
		off, size := le.Uint64(h[0x18:]), le.Uint64(h[0x20:])
		if flags&0x800 != 0 { // SHF_COMPRESSED
			return &FormatError{Msg: fmt.Sprintf("section %d is compressed (not supported)", i)}
		}
		if referenced[i] && typ == 8 && size > 0 {
			return &FormatError{Msg: fmt.Sprintf("section %d is used as a table but has no file contents (NOBITS)", i)}
		}
		if (typ == 0 || typ == 8) && !referenced[i] { // SHT_NULL, SHT_NOBITS
			continue
		}
		if off > n || size > n-off {
			return &FormatError{Msg: fmt.Sprintf("section %d [%#x, +%#x) lies past the end of the file", i, off, size)}
		}
	}
	return nil
}

// Host is what the wrapper's options need to know of the ELF file around
// the descriptors.
type Host struct {
	Machine     elf.Machine
	Relocatable bool // ET_REL: an object, not a linked file
	// InitArray: the file has constructor sections (.init_array*); a
	// wrapper object without them registers nothing
	// (-emit-reg-funcs=false).
	InitArray bool
}

// ReadHost reads the machine, type and constructor sections of an ELF
// file.
func ReadHost(raw []byte) (h Host, err error) {
	defer func() {
		if r := recover(); r != nil {
			h, err = Host{}, &FormatError{Msg: fmt.Sprintf("malformed ELF file: %v", r)}
		}
	}()
	if err := checkHeaders(raw); err != nil {
		return h, err
	}
	f, err := elf.NewFile(bytes.NewReader(raw))
	if err != nil {
		return h, &FormatError{Msg: err.Error()}
	}
	h.Machine, h.Relocatable = f.Machine, f.Type == elf.ET_REL
	for _, s := range f.Sections {
		if s.Type == elf.SHT_INIT_ARRAY || strings.HasPrefix(s.Name, ".init_array") {
			h.InitArray = true
		}
	}
	return h, nil
}
