package elfobj

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"sort"
)

// Error reports an inconsistent object or a failing content source.
type Error struct{ Msg string }

func (e *Error) Error() string { return "elfobj: " + e.Msg }

func errorf(format string, args ...interface{}) error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

type strtab struct {
	buf []byte
	off map[string]uint32
}

func newStrtab() *strtab { return &strtab{buf: []byte{0}, off: map[string]uint32{"": 0}} }

func (t *strtab) add(s string) uint32 {
	if o, ok := t.off[s]; ok {
		return o
	}
	o := uint32(len(t.buf))
	t.buf = append(append(t.buf, s...), 0)
	t.off[s] = o
	return o
}

// header is a section header plus where its content comes from.
type header struct {
	name                   string
	typ                    uint32
	flags, addr, off, size uint64
	link, info             uint32
	align, entsize         uint64
	sec                    *Section // user section, or nil
	data                   []byte   // generated table content
}

func alignUp(v, a uint64) uint64 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}

// Write emits the object. Sources are opened one at a time, in section
// order, and copied through a small buffer.
func (o *Object) Write(w io.Writer) error {
	if o.Machine != X86_64 && o.Machine != AArch64 {
		return errorf("unsupported machine %v", o.Machine)
	}
	le := binary.LittleEndian
	owned := make(map[*Section]bool, len(o.sections))
	for _, s := range o.sections {
		owned[s] = true
	}

	// Symbol table: null, section symbols, named locals, then globals (the
	// ELF rule that locals precede globals).
	syms := []*Symbol{nil}
	for _, s := range o.sections {
		syms = append(syms, s.sym)
	}
	for _, sym := range o.symbols {
		if !sym.Global {
			if sym.Section == nil {
				return errorf("local symbol %q is undefined", sym.Name)
			}
			syms = append(syms, sym)
		}
	}
	firstGlobal := len(syms)
	for _, sym := range o.symbols {
		if sym.Global {
			syms = append(syms, sym)
		}
	}
	symIndex := make(map[*Symbol]int, len(syms))
	for i, sym := range syms {
		if i > 0 {
			if sym.Section != nil && !owned[sym.Section] {
				return errorf("symbol %q refers to a section of another object", sym.Name)
			}
			symIndex[sym] = i
		}
	}

	// Section headers: null, user sections, .note.GNU-stack (non-executable
	// stack), .rela.*, .symtab, .strtab, .shstrtab.
	hdrs := []*header{{}}
	secIndex := make(map[*Section]int, len(o.sections))
	hasStackNote := false
	for _, s := range o.sections {
		if s.Name == ".note.GNU-stack" {
			hasStackNote = true
		}
		secIndex[s] = len(hdrs)
		hdrs = append(hdrs, &header{name: s.Name, typ: s.Type, flags: s.Flags, size: uint64(s.size),
			align: s.Align, entsize: s.EntSize, sec: s})
	}
	if !hasStackNote {
		hdrs = append(hdrs, &header{name: ".note.GNU-stack", typ: SHT_PROGBITS, align: 1})
	}
	symtabIdx := len(hdrs)
	for _, s := range o.sections {
		if len(s.relocs) > 0 {
			symtabIdx++
		}
	}
	for _, s := range o.sections {
		if len(s.relocs) == 0 {
			continue
		}
		buf := make([]byte, 0, relaSize*len(s.relocs))
		// Sorted by offset, as assemblers emit them; ties keep add order.
		relocs := append([]Reloc{}, s.relocs...)
		sort.SliceStable(relocs, func(i, j int) bool { return relocs[i].Offset < relocs[j].Offset })
		for _, r := range relocs {
			si, ok := symIndex[r.Sym]
			if !ok {
				return errorf("relocation in %s refers to a symbol not in the object", s.Name)
			}
			if r.Offset < 0 || r.Offset+relocWidth(r.Type) > s.size {
				return errorf("relocation at %s+%#x is outside the section", s.Name, r.Offset)
			}
			var e [relaSize]byte
			le.PutUint64(e[0:], uint64(r.Offset))
			le.PutUint64(e[8:], uint64(si)<<32|uint64(r.Type))
			le.PutUint64(e[16:], uint64(r.Addend))
			buf = append(buf, e[:]...)
		}
		hdrs = append(hdrs, &header{name: ".rela" + s.Name, typ: shtRela, flags: shfInfoLink,
			size: uint64(len(buf)), link: uint32(symtabIdx), info: uint32(secIndex[s]),
			align: 8, entsize: relaSize, data: buf})
	}

	strs := newStrtab()
	symbuf := make([]byte, symbolSize*len(syms))
	for i, sym := range syms {
		if i == 0 {
			continue
		}
		e := symbuf[i*symbolSize:]
		bind, typ := stbLocal, sttNoType
		if sym.Global {
			bind = stbGlobal
		}
		var shndx uint16
		switch {
		case sym.section:
			typ = sttSection
		case sym.Section != nil && sym.Func:
			typ = sttFunc
		case sym.Section != nil:
			typ = sttObject
		}
		if sym.Section != nil {
			idx := secIndex[sym.Section]
			if idx >= 0xff00 {
				return errorf("too many sections")
			}
			shndx = uint16(idx)
		}
		if !sym.section {
			le.PutUint32(e[0:], strs.add(sym.Name))
		}
		e[4] = bind<<4 | typ
		le.PutUint16(e[6:], shndx)
		le.PutUint64(e[8:], uint64(sym.Value))
		le.PutUint64(e[16:], uint64(sym.Size))
	}
	strtabIdx := symtabIdx + 1
	hdrs = append(hdrs, &header{name: ".symtab", typ: shtSymtab, size: uint64(len(symbuf)),
		link: uint32(strtabIdx), info: uint32(firstGlobal), align: 8, entsize: symbolSize, data: symbuf})
	hdrs = append(hdrs, &header{name: ".strtab", typ: shtStrtab, size: uint64(len(strs.buf)), align: 1, data: strs.buf})
	shstrs := newStrtab()
	shstrHdr := &header{name: ".shstrtab", typ: shtStrtab, align: 1}
	hdrs = append(hdrs, shstrHdr)
	names := make([]uint32, len(hdrs))
	for i, h := range hdrs {
		if i > 0 {
			names[i] = shstrs.add(h.name)
		}
	}
	shstrHdr.data, shstrHdr.size = shstrs.buf, uint64(len(shstrs.buf))
	if len(hdrs) >= 0xff00 {
		return errorf("too many sections")
	}

	// File layout: ELF header, contents in header order, header table.
	off := uint64(elfHeaderSize)
	for _, h := range hdrs[1:] {
		off = alignUp(off, h.align)
		h.off = off
		off += h.size
	}
	shoff := alignUp(off, 8)

	bw := bufio.NewWriterSize(w, 1<<16)
	var eh [elfHeaderSize]byte
	copy(eh[:], "\x7fELF")
	eh[4], eh[5], eh[6] = 2, 1, 1 // ELFCLASS64, ELFDATA2LSB, EV_CURRENT
	le.PutUint16(eh[16:], 1)      // ET_REL
	le.PutUint16(eh[18:], o.Machine.elfMachine())
	le.PutUint32(eh[20:], 1)
	le.PutUint64(eh[40:], shoff)
	le.PutUint16(eh[52:], elfHeaderSize)
	le.PutUint16(eh[58:], sectionHeaderSize)
	le.PutUint16(eh[60:], uint16(len(hdrs)))
	le.PutUint16(eh[62:], uint16(len(hdrs)-1))
	bw.Write(eh[:])
	pos := uint64(elfHeaderSize)
	for _, h := range hdrs[1:] {
		if err := writeZeros(bw, int64(h.off-pos)); err != nil {
			return err
		}
		pos = h.off
		if h.sec != nil {
			if err := writeSection(bw, h.sec); err != nil {
				return err
			}
		} else if _, err := bw.Write(h.data); err != nil {
			return err
		}
		pos += h.size
	}
	if err := writeZeros(bw, int64(shoff-pos)); err != nil {
		return err
	}
	for i, h := range hdrs {
		var sh [sectionHeaderSize]byte
		if i > 0 {
			le.PutUint32(sh[0:], names[i])
			le.PutUint32(sh[4:], h.typ)
			le.PutUint64(sh[8:], h.flags)
			le.PutUint64(sh[24:], h.off)
			le.PutUint64(sh[32:], h.size)
			le.PutUint32(sh[40:], h.link)
			le.PutUint32(sh[44:], h.info)
			le.PutUint64(sh[48:], h.align)
			le.PutUint64(sh[56:], h.entsize)
		}
		if _, err := bw.Write(sh[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func relocWidth(t uint32) int64 {
	switch t {
	case R_X86_64_64, R_AARCH64_ABS64:
		return 8
	}
	return 4
}

var zeroBlock [4096]byte

func writeZeros(w io.Writer, n int64) error {
	for n > 0 {
		k := int64(len(zeroBlock))
		if n < k {
			k = n
		}
		if _, err := w.Write(zeroBlock[:k]); err != nil {
			return err
		}
		n -= k
	}
	return nil
}

func writeSection(w io.Writer, s *Section) error {
	for _, p := range s.pieces {
		switch {
		case p.src != nil:
			if err := copySource(w, p.src); err != nil {
				return err
			}
		case p.data != nil:
			if _, err := w.Write(p.data); err != nil {
				return err
			}
		default:
			if err := writeZeros(w, p.zeros); err != nil {
				return err
			}
		}
	}
	return nil
}

// copySource streams exactly src.Size bytes; a source that grew or shrank
// since it was sized is an error rather than a corrupt object.
func copySource(w io.Writer, src *Source) error {
	rc, err := src.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	n, err := io.CopyN(w, rc, src.Size)
	if err != nil {
		if err == io.EOF {
			return errorf("%s: shrank to %d bytes while being read (expected %d)", src.Name, n, src.Size)
		}
		return err
	}
	var one [1]byte
	if k, _ := io.ReadFull(rc, one[:]); k != 0 {
		return errorf("%s: grew beyond %d bytes while being read", src.Name, src.Size)
	}
	return rc.Close()
}
