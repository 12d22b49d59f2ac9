package elfobj

import "encoding/binary"

// AddressReloc is the relocation type for an absolute 64-bit data pointer.
func (m Machine) AddressReloc() uint32 {
	if m == AArch64 {
		return R_AARCH64_ABS64
	}
	return R_X86_64_64
}

// AppendPointer appends an 8-byte slot (8-aligned) holding the address of
// target+addend, or NULL when target is nil, and returns its offset.
func (o *Object) AppendPointer(s *Section, target *Symbol, addend int64) int64 {
	s.Pad(8)
	off := s.AppendZeros(8)
	o.SetPointer(s, off, target, addend)
	return off
}

// SetPointer relocates the 8-byte slot at off (already zero) to point at
// target+addend. A nil target leaves the slot NULL.
func (o *Object) SetPointer(s *Section, off int64, target *Symbol, addend int64) {
	if target == nil {
		return
	}
	s.AddReloc(Reloc{Offset: off, Type: o.Machine.AddressReloc(), Sym: target, Addend: addend})
}

// AddTailCall appends to text a local function `name` that passes the
// address arg+argAddend as the first argument to callee and tail-calls it:
//
//	x86-64:  lea rdi,[rip+arg]; jmp callee        (PC32, PLT32)
//	AArch64: adrp x0,arg; add x0,x0,:lo12:arg; b callee
//	                                               (ADR_PREL_PG_HI21, ADD_ABS_LO12_NC, JUMP26)
//
// A tail call keeps the caller's stack alignment, so no frame is needed.
// The function occupies a 16-byte-aligned slot; its symbol is returned.
func (o *Object) AddTailCall(text *Section, name string, arg *Symbol, argAddend int64, callee *Symbol) *Symbol {
	text.Pad(16)
	start := text.Size()
	var code []byte
	switch o.Machine {
	case AArch64:
		code = make([]byte, 12)
		binary.LittleEndian.PutUint32(code[0:], 0x90000000) // adrp x0, 0
		binary.LittleEndian.PutUint32(code[4:], 0x91000000) // add x0, x0, #0
		binary.LittleEndian.PutUint32(code[8:], 0x14000000) // b 0
		text.Append(code)
		text.AddReloc(Reloc{Offset: start, Type: R_AARCH64_ADR_PREL_PG_HI21, Sym: arg, Addend: argAddend})
		text.AddReloc(Reloc{Offset: start + 4, Type: R_AARCH64_ADD_ABS_LO12_NC, Sym: arg, Addend: argAddend})
		text.AddReloc(Reloc{Offset: start + 8, Type: R_AARCH64_JUMP26, Sym: callee})
	default:
		code = []byte{
			0x48, 0x8d, 0x3d, 0, 0, 0, 0, // lea rdi, [rip+disp32]
			0xe9, 0, 0, 0, 0, // jmp rel32
		}
		text.Append(code)
		// The displacement is relative to the end of each instruction.
		text.AddReloc(Reloc{Offset: start + 3, Type: R_X86_64_PC32, Sym: arg, Addend: argAddend - 4})
		text.AddReloc(Reloc{Offset: start + 8, Type: R_X86_64_PLT32, Sym: callee, Addend: -4})
	}
	// Fill the rest of the 16-byte slot with traps (int3 on x86-64; the
	// zero word is "udf #0" on AArch64) rather than decodable code.
	fill := byte(0)
	if o.Machine == X86_64 {
		fill = 0xcc
	}
	for text.Size()%16 != 0 {
		text.Append([]byte{fill})
	}
	sym := &Symbol{Name: name, Section: text, Value: start, Size: int64(len(code)), Func: true}
	o.AddSymbol(sym)
	return sym
}
