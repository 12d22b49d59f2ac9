package spirvval

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// module is a SPIR-V module of the given instructions (words) after a
// header.
func module(instructions ...[]uint32) []byte {
	words := []uint32{spirvMagic, 0x00010200, 0, 10, 0}
	for _, in := range instructions {
		words = append(words, in...)
	}
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

func FuzzWithoutGlobalVariableDecorations(f *testing.F) {
	ext := []uint32{11<<16 | opExtension}
	name := []byte(globalVariableDecorations + "\x00\x00\x00")
	for i := 0; i+4 <= len(name); i += 4 {
		ext = append(ext, binary.LittleEndian.Uint32(name[i:]))
	}
	f.Add(module([]uint32{2<<16 | opCapability, 6}, []uint32{2<<16 | opCapability, capGlobalVariableDecorations}, ext,
		[]uint32{5<<16 | opDecorate, 1, 6147, 2, 0x67}, []uint32{4<<16 | opDecorate, 1, 6148, 0}, []uint32{3<<16 | opDecorate, 1, 44}))
	f.Add(module([]uint32{2<<16 | opCapability, 6}))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, dropped, err := WithoutGlobalVariableDecorations(in)
		if err != nil {
			return
		}
		if len(out) > len(in) || (dropped == 0 && len(out) == len(in) && !bytes.Equal(out, in)) {
			t.Fatalf("%d -> %d bytes, %d decorations dropped", len(in), len(out), dropped)
		}
		again, n, err := WithoutGlobalVariableDecorations(out)
		if err != nil || n != 0 || !bytes.Equal(again, out) {
			t.Fatalf("second pass: dropped %d, err %v", n, err)
		}
	})
}
