// Package spirvvars rewrites the Function-scope variables of a SPIR-V
// module that have an initializer into variables without one, each
// initialized by an OpStore after the entry block's variables: the same
// program, in the form LLVM 15's SPIR-V reader translates correctly.
//
// libsycl-jit's SPIR-V declares a local array copied from a constant (e.g.
// sycl::stream's digit buffer) as `OpVariable ... Function %init`.
// llvm-spirv-15 -r makes such a variable a module-scope `internal global`
// in address space 0 (it makes an alloca only for variables without an
// initializer), and its forward translation then writes a module-scope
// variable of storage class Function, which spirv-val rejects ("Variables
// can not have a function[7] storage class outside of a function"). With
// the initializer stored instead, the reader makes an alloca and a store.
package spirvvars

import (
	"encoding/binary"
	"fmt"
)

const (
	magic = 0x07230203

	opFunction    = 54
	opFunctionEnd = 56
	opLabel       = 248
	opVariable    = 59
	opStore       = 62
	opLine        = 8
	opNoLine      = 317

	storageFunction = 7
)

// Error is a malformed or unexpected module; Word is the index of the
// instruction's first word.
type Error struct {
	Word int
	Msg  string
}

func (e *Error) Error() string {
	if e.Word < 0 {
		return e.Msg
	}
	return fmt.Sprintf("word %d: %s", e.Word, e.Msg)
}

// StoreInitializers returns spv with every Function variable's initializer
// moved into an OpStore that follows the last variable of its function's
// entry block, and how many it moved. A module without such variables
// comes back as it is (the same slice).
func StoreInitializers(spv []byte) ([]byte, int, error) {
	if len(spv) < 20 || len(spv)%4 != 0 {
		return nil, 0, &Error{Word: -1, Msg: fmt.Sprintf("not a SPIR-V module: %d bytes", len(spv))}
	}
	word := func(i int) uint32 { return binary.LittleEndian.Uint32(spv[4*i:]) }
	if word(0) != magic {
		return nil, 0, &Error{Word: -1, Msg: fmt.Sprintf("not a little-endian SPIR-V module: magic %#08x", word(0))}
	}
	n := len(spv) / 4
	// First pass: is there anything to do? Most modules have none.
	found := false
	for i := 5; i < n; {
		count := int(word(i) >> 16)
		if count == 0 || i+count > n {
			return nil, 0, &Error{Word: i, Msg: "malformed instruction"}
		}
		if word(i)&0xffff == opVariable && count == 5 && word(i+3) == storageFunction {
			found = true
		}
		i += count
	}
	if !found {
		return spv, 0, nil
	}

	out := make([]uint32, 0, n+16)
	for i := 0; i < 5; i++ {
		out = append(out, word(i))
	}
	type store struct{ ptr, value uint32 }
	var (
		pending  []store
		inFunc   bool
		labels   int  // OpLabels seen in the current function
		varsDone bool // the entry block's variables have ended
		moved    int
	)
	flush := func() {
		for _, s := range pending {
			out = append(out, 3<<16|opStore, s.ptr, s.value)
		}
		moved += len(pending)
		pending = pending[:0]
	}
	for i := 5; i < n; {
		count := int(word(i) >> 16)
		op := word(i) & 0xffff
		inEntry := inFunc && labels == 1 && !varsDone
		switch {
		case op == opFunction:
			inFunc, labels, varsDone = true, 0, false
		case op == opFunctionEnd:
			if inFunc && labels >= 1 && !varsDone {
				return nil, 0, &Error{Word: i, Msg: "a function's entry block ends without a terminator"}
			}
			inFunc = false
		case op == opLabel && inFunc:
			labels++
			if labels > 1 && !varsDone {
				return nil, 0, &Error{Word: i, Msg: "a function's entry block has no instruction after its variables"}
			}
		case op == opVariable && inFunc:
			if !inEntry {
				return nil, 0, &Error{Word: i, Msg: "a Function variable after the entry block's first instruction"}
			}
			if count == 5 && word(i+3) == storageFunction {
				out = append(out, 4<<16|opVariable, word(i+1), word(i+2), word(i+3))
				pending = append(pending, store{ptr: word(i + 2), value: word(i + 4)})
				i += count
				continue
			}
		case inEntry && op != opLine && op != opNoLine:
			// The entry block's first instruction that is not a variable:
			// the stores go before it.
			varsDone = true
			flush()
		}
		for j := i; j < i+count; j++ {
			out = append(out, word(j))
		}
		i += count
	}
	if len(pending) > 0 {
		return nil, 0, &Error{Word: -1, Msg: "a Function variable with an initializer outside a function's entry block"}
	}
	b := make([]byte, 4*len(out))
	for i, w := range out {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b, moved, nil
}
