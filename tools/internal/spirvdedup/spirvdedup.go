// Package spirvdedup removes the duplicate declarations SPIRV-LLVM-Translator
// 22.1.0 (Debian sid's llvm-spirv-22, the SYCL C++ device link's forward
// translator) writes into SYCL device images, which spirv-val rejects and
// Intel's runtimes accept:
//
//   - a second OpTypeEvent where device code waits on a device_event: one
//     for target("spirv.Event"), one the translator derives from the
//     mangled name of __spirv_GroupWaitEvents (P13__spirv_Event, the
//     pre-target-type form of an event): "Duplicate non-aggregate type
//     declarations are not allowed. Opcode: TypeEvent";
//   - the same decoration twice: a conversion with a rounding mode in its
//     builtin name (__spirv_ConvertFToU_Ruchar2_rte) and in the
//     !spirv.Decorations the reverse translation gave the call: "ID
//     decorated with FPRoundingMode multiple times is not allowed".
//
// spirv-opt --remove-duplicates does this too, but SPIRV-Tools cannot
// parse the images of device_global programs (the translator's internal
// capability 6146, GlobalVariableDecorationsINTEL). This package reads
// only the instruction stream, so unknown capabilities do not matter.
package spirvdedup

import (
	"encoding/binary"
	"fmt"
)

const (
	magic = 0x07230203

	opName                 = 5
	opTypeEvent            = 34
	opTypePointer          = 32
	opDecorate             = 71
	opMemberDecorate       = 72
	opDecorateID           = 332
	opDecorateString       = 5632
	opMemberDecorateString = 5633
)

// FormatError is an input that is not a well-formed SPIR-V module.
type FormatError struct {
	Word   int // word offset of the problem, 0 for the header
	Reason string
}

func (e *FormatError) Error() string {
	if e.Word == 0 {
		return "not a SPIR-V module: " + e.Reason
	}
	return fmt.Sprintf("not a SPIR-V module: %s at word %d", e.Reason, e.Word)
}

// Report says what Dedup removed.
type Report struct {
	// Decorations is the number of annotation instructions dropped because
	// an identical one came before.
	Decorations int
	// EventTypes is the number of OpTypeEvent declarations merged into the
	// first one.
	EventTypes int
	// KeptEventTypes is the number of duplicate OpTypeEvent declarations
	// left as they are: used where only a rewrite of every id operand
	// could merge them (see mergeable).
	KeptEventTypes int
}

// Changed reports whether Dedup rewrote the module.
func (r Report) Changed() bool { return r.Decorations+r.EventTypes > 0 }

type inst struct {
	at    int // word offset
	words []uint32
}

func (i inst) op() uint32 { return i.words[0] & 0xffff }

// Dedup returns spv without repeated decorations and with every duplicate
// OpTypeEvent merged into the first one, where that is sound. A module
// with nothing to remove comes back as it is (the same slice). Its output
// has nothing more to remove: passes run until one removes nothing (a
// merge can make a kept declaration mergeable; translator images take two
// passes, the second removing nothing).
func Dedup(spv []byte) ([]byte, Report, error) {
	var total Report
	for {
		out, r, err := pass(spv)
		if err != nil {
			return nil, Report{}, err
		}
		total.Decorations += r.Decorations
		total.EventTypes += r.EventTypes
		total.KeptEventTypes = r.KeptEventTypes
		if !r.Changed() {
			return out, total, nil
		}
		spv = out
	}
}

func pass(spv []byte) ([]byte, Report, error) {
	insts, err := parse(spv)
	if err != nil {
		return nil, Report{}, err
	}
	var r Report
	drop := map[int]bool{}       // by word offset
	retarget := map[int]uint32{} // OpTypePointer offset -> new pointee
	seen := map[string]bool{}    // annotation instructions, by their words
	var events []inst
	for _, in := range insts {
		switch in.op() {
		case opDecorate, opMemberDecorate, opDecorateID, opDecorateString, opMemberDecorateString:
			key := wordsKey(in.words)
			if seen[key] {
				drop[in.at] = true
				r.Decorations++
			}
			seen[key] = true
		case opTypeEvent:
			if len(in.words) == 2 {
				events = append(events, in)
			}
		}
	}
	if len(events) > 1 {
		first := events[0].words[1]
		for _, dup := range events[1:] {
			id := dup.words[1]
			names, pointers, ok := mergeable(insts, dup.at, id)
			if !ok {
				r.KeptEventTypes++
				continue
			}
			drop[dup.at] = true
			for _, n := range names {
				drop[n] = true
			}
			for _, p := range pointers {
				retarget[p] = first
			}
			r.EventTypes++
		}
	}
	if !r.Changed() {
		return spv, r, nil
	}
	out := make([]byte, 0, len(spv))
	out = append(out, spv[:20]...)
	for _, in := range insts {
		if drop[in.at] {
			continue
		}
		words := in.words
		if to, ok := retarget[in.at]; ok {
			words = append([]uint32(nil), words...)
			words[3] = to
		}
		for _, w := range words {
			out = binary.LittleEndian.AppendUint32(out, w)
		}
	}
	return out, r, nil
}

// mergeable finds every use of the OpTypeEvent id declared at offset def:
// the OpName instructions naming it and the OpTypePointer instructions
// pointing at it. It returns false if the id's value occurs in any other
// word of the module: without the grammar of every instruction such a
// word may be an operand (a load's result type, a struct member) that a
// merge would have to rewrite, or a literal that it must not; either way
// the declaration is left alone. Pointers at the merged event become
// pointers at the first one: SPIR-V allows duplicate pointer types (only
// non-aggregate, non-pointer types must be unique).
func mergeable(insts []inst, def int, id uint32) (names, pointers []int, ok bool) {
	for _, in := range insts {
		if in.at == def {
			continue
		}
		for k, w := range in.words[1:] {
			if w != id {
				continue
			}
			switch {
			case in.op() == opName && k == 0:
				names = append(names, in.at)
			case in.op() == opTypePointer && k == 2 && len(in.words) == 4:
				pointers = append(pointers, in.at)
			default:
				return nil, nil, false
			}
		}
	}
	return names, pointers, true
}

func parse(spv []byte) ([]inst, error) {
	if len(spv) < 20 {
		return nil, &FormatError{Reason: fmt.Sprintf("%d bytes, shorter than its header", len(spv))}
	}
	if len(spv)%4 != 0 {
		return nil, &FormatError{Reason: fmt.Sprintf("%d bytes, not whole words", len(spv))}
	}
	n := len(spv) / 4
	words := make([]uint32, n)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(spv[4*i:])
	}
	if words[0] != magic {
		return nil, &FormatError{Reason: fmt.Sprintf("magic %#08x, not %#08x (little-endian)", words[0], magic)}
	}
	var insts []inst
	for i := 5; i < n; {
		count := int(words[i] >> 16)
		if count == 0 {
			return nil, &FormatError{Word: i, Reason: "an instruction of 0 words"}
		}
		if i+count > n {
			return nil, &FormatError{Word: i, Reason: fmt.Sprintf("an instruction of %d words past the end (%d words)", count, n)}
		}
		insts = append(insts, inst{at: i, words: words[i : i+count]})
		i += count
	}
	return insts, nil
}

func wordsKey(words []uint32) string {
	b := make([]byte, 0, 4*len(words))
	for _, w := range words {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return string(b)
}
