package spirvval

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// DPC++'s SPIR-V for a device_global declares the extension
// SPV_INTEL_global_variable_decorations with numbers that are not in
// SPIRV-Headers (SPIRV-LLVM-Translator's spirv_internal.hpp: capability
// GlobalVariableDecorationsINTEL 6146, decorations HostAccessINTEL 6147,
// InitModeINTEL 6148, ImplementInCSRINTEL 6149), which Intel's runtimes
// read and no spirv-val knows ("Invalid capability operand: 6146", SPIRV-Tools
// 2023.1 and 2026.4 alike): libsycl-jit's own images carry them as ours do.
const (
	globalVariableDecorations    = "SPV_INTEL_global_variable_decorations"
	capGlobalVariableDecorations = 6146

	opExtension      = 10
	opCapability     = 17
	opDecorate       = 71
	opDecorateString = 5632
	spirvMagic       = 0x07230203
)

var globalVariableDecorationKinds = map[uint32]bool{6147: true, 6148: true, 6149: true}

// WithoutGlobalVariableDecorations returns spv without the capability, the
// extension and the decorations of SPV_INTEL_global_variable_decorations,
// and how many decorations it dropped: the rest of the image is what
// spirv-val then validates. An image that does not declare the capability
// comes back as it is (the same slice).
func WithoutGlobalVariableDecorations(spv []byte) ([]byte, int, error) {
	if len(spv) < 20 || len(spv)%4 != 0 {
		return nil, 0, fmt.Errorf("not a SPIR-V module: %d bytes", len(spv))
	}
	word := func(i int) uint32 { return binary.LittleEndian.Uint32(spv[4*i:]) }
	if word(0) != spirvMagic {
		return nil, 0, fmt.Errorf("not a little-endian SPIR-V module: magic %#08x", word(0))
	}
	n := len(spv) / 4
	declared := false
	for i := 5; i < n; {
		count := int(word(i) >> 16)
		if count == 0 || i+count > n {
			return nil, 0, fmt.Errorf("malformed SPIR-V instruction at word %d", i)
		}
		if word(i)&0xffff == opCapability && count == 2 && word(i+1) == capGlobalVariableDecorations {
			declared = true
		}
		i += count
	}
	if !declared {
		return spv, 0, nil
	}
	out := make([]byte, 0, len(spv))
	out = append(out, spv[:20]...)
	dropped := 0
	for i := 5; i < n; {
		count := int(word(i) >> 16)
		op := word(i) & 0xffff
		drop := false
		switch {
		case op == opCapability && count == 2:
			drop = word(i+1) == capGlobalVariableDecorations
		case op == opExtension:
			lit := spv[4*(i+1) : 4*(i+count)]
			if z := bytes.IndexByte(lit, 0); z >= 0 {
				lit = lit[:z]
			}
			drop = string(lit) == globalVariableDecorations
		case (op == opDecorate || op == opDecorateString) && count >= 3:
			if globalVariableDecorationKinds[word(i+2)] {
				drop = true
				dropped++
			}
		}
		if !drop {
			out = append(out, spv[4*i:4*(i+count)]...)
		}
		i += count
	}
	return out, dropped, nil
}
