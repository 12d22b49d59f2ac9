package specconst

import (
	"encoding/binary"
	"math"
	"math/big"
	"strconv"
	"strings"
)

type constKind uint8

const (
	cZero  constKind = iota // zeroinitializer (also null, false)
	cUndef                  // undef, poison
	cInt
	cFloat
	cAgg
)

// irConst is a parsed constant of a spec constant's default value.
type irConst struct {
	typ   *irType
	kind  constKind
	bits  uint64 // cInt: value truncated to the width; cFloat: IEEE bits of the type's width
	text  string // cInt/cFloat: the value as written
	elems []*irConst
}

// value is the constant's value text (without its type).
func (c *irConst) value() string {
	switch c.kind {
	case cZero:
		return "zeroinitializer"
	case cUndef:
		return "undef"
	case cInt, cFloat:
		return c.text
	}
	open, closeTok := "{ ", " }"
	switch c.typ.kind {
	case kArray:
		open, closeTok = "[", "]"
	case kVector:
		open, closeTok = "<", ">"
	}
	parts := make([]string, len(c.elems))
	for i, e := range c.elems {
		parts[i] = e.typ.String() + " " + e.value()
	}
	return open + strings.Join(parts, ", ") + closeTok
}

func (c *irConst) String() string { return c.typ.String() + " " + c.value() }

// parseConst parses the value of a constant of type t at p.i.
func (p *parser) parseConst(t *irType, l *layout) (*irConst, error) {
	rt := l.resolve(t)
	if rt == nil {
		return nil, p.errf("unknown type %s", t)
	}
	if p.eof() {
		return nil, p.errf("expected a constant, found end of line")
	}
	tok := p.toks[p.i]
	switch tok.text {
	case "zeroinitializer", "null":
		p.i++
		return &irConst{typ: t, kind: cZero}, nil
	case "undef", "poison":
		p.i++
		return &irConst{typ: t, kind: cUndef}, nil
	}
	switch rt.kind {
	case kInt:
		p.i++
		v, ok := parseIntConst(tok.text, rt.bits)
		if !ok {
			p.i--
			return nil, p.errf("bad %s constant %q", t, tok.text)
		}
		return &irConst{typ: t, kind: cInt, bits: v, text: tok.text}, nil
	case kFloat:
		p.i++
		v, ok := parseFloatConst(tok.text, rt.bits)
		if !ok {
			p.i--
			return nil, p.errf("bad %s constant %q", t, tok.text)
		}
		return &irConst{typ: t, kind: cFloat, bits: v, text: tok.text}, nil
	case kArray, kVector, kStruct:
		return p.parseAggregate(t, rt, l)
	}
	return nil, p.errf("unsupported specialization constant type %s", t)
}

func (p *parser) parseAggregate(t, rt *irType, l *layout) (*irConst, error) {
	tok := p.toks[p.i]
	c := &irConst{typ: t, kind: cAgg}
	if rt.kind == kArray && tok.kind == tString && tok.text[0] == 'c' {
		el := l.resolve(rt.elem)
		if el == nil || el.kind != kInt || el.bits != 8 {
			return nil, p.errf("string constant for %s", t)
		}
		s, ok := unescape(tok.text[2 : len(tok.text)-1])
		if !ok || len(s) != rt.n {
			return nil, p.errf("bad string constant for %s", t)
		}
		p.i++
		for i := 0; i < len(s); i++ {
			c.elems = append(c.elems, &irConst{typ: rt.elem, kind: cInt, bits: uint64(s[i]), text: strconv.Itoa(int(int8(s[i])))})
		}
		return c, nil
	}
	open, closeTok := "{", "}"
	switch {
	case rt.kind == kArray:
		open, closeTok = "[", "]"
	case rt.kind == kVector:
		open, closeTok = "<", ">"
	case rt.packed:
		if err := p.expect("<"); err != nil {
			return nil, err
		}
	}
	if err := p.expect(open); err != nil {
		return nil, err
	}
	for i := 0; p.peek() != closeTok; i++ {
		if i > 0 {
			if err := p.expect(","); err != nil {
				return nil, err
			}
		}
		et, err := p.parseType()
		if err != nil {
			return nil, err
		}
		e, err := p.parseConst(et, l)
		if err != nil {
			return nil, err
		}
		c.elems = append(c.elems, e)
	}
	p.i++
	if rt.kind == kStruct && rt.packed {
		if err := p.expect(">"); err != nil {
			return nil, err
		}
	}
	want := rt.n
	if rt.kind == kStruct {
		want = len(rt.fields)
	}
	if len(c.elems) != want {
		return nil, p.errf("%s constant has %d elements, want %d", t, len(c.elems), want)
	}
	return c, nil
}

func parseIntConst(s string, bits int) (uint64, bool) {
	switch s {
	case "true":
		return 1, bits == 1
	case "false":
		return 0, true
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return 0, false
	}
	// Two's complement truncation to the width, kept to 64 bits (wider
	// constants keep their low 64 bits; bytes above are written as zero).
	mask := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	mask.Sub(mask, big.NewInt(1))
	v.And(v, mask)
	return new(big.Int).And(v, new(big.Int).SetUint64(math.MaxUint64)).Uint64(), true
}

// parseFloatConst returns the IEEE bits of a floating-point literal as LLVM
// prints them: decimal, 0x<16 hex> (a double's bits, also for float and
// half), 0xH (half), 0xR (bfloat).
func parseFloatConst(s string, bits int) (uint64, bool) {
	if strings.HasPrefix(s, "0x") && len(s) > 2 {
		body := s[2:]
		switch body[0] {
		case 'H', 'R':
			if bits != 16 {
				return 0, false
			}
			v, err := strconv.ParseUint(body[1:], 16, 16)
			return v, err == nil
		case 'K', 'L', 'M':
			return 0, false
		}
		v, err := strconv.ParseUint(body, 16, 64)
		if err != nil {
			return 0, false
		}
		return fromDouble(math.Float64frombits(v), bits)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return fromDouble(f, bits)
}

func fromDouble(f float64, bits int) (uint64, bool) {
	switch bits {
	case 64:
		return math.Float64bits(f), true
	case 32:
		return uint64(math.Float32bits(float32(f))), true
	case 16:
		return uint64(halfBits(float32(f))), true
	}
	return 0, false
}

// halfBits converts to IEEE half precision (round to nearest even); the
// literals LLVM writes for half are exact, so rounding rarely matters.
func halfBits(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xff) - 127 + 15
	mant := b & 0x7fffff
	switch {
	case (b>>23)&0xff == 0xff:
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp >= 31:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		mant |= 0x800000
		shift := uint(14 - exp)
		h := mant >> shift
		if rem := mant & (1<<shift - 1); rem > 1<<(shift-1) || rem == 1<<(shift-1) && h&1 == 1 {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | mant>>13
	if rem := mant & 0x1fff; rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++
	}
	return sign | uint16(h)
}

// appendDefault appends c's bytes to the defaults blob the way the runtime
// reads them: scalars as little-endian store bytes, zero/undef as zeros of
// the store size, struct fields at their DataLayout offsets with zero fill
// up to the struct's size, arrays and vectors element by element.
func appendDefault(blob []byte, c *irConst, l *layout) []byte {
	t := l.resolve(c.typ)
	switch c.kind {
	case cZero, cUndef:
		return append(blob, make([]byte, l.storeSize(c.typ))...)
	case cInt, cFloat:
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], c.bits)
		n := l.storeSize(c.typ)
		if n <= 8 {
			return append(blob, b[:n]...)
		}
		blob = append(blob, b[:]...)
		return append(blob, make([]byte, n-8)...)
	}
	if t.kind == kStruct {
		base := len(blob)
		size, offs := l.structLayout(t)
		for i, e := range c.elems {
			for len(blob) < base+offs[i] {
				blob = append(blob, 0)
			}
			blob = appendDefault(blob, e, l)
		}
		for len(blob) < base+size {
			blob = append(blob, 0)
		}
		return blob
	}
	for _, e := range c.elems {
		blob = appendDefault(blob, e, l)
	}
	return blob
}

// element returns the i-th element of an aggregate constant; a zero or
// undef aggregate has zero or undef elements.
func (c *irConst) element(i int, et *irType) *irConst {
	if c.kind == cAgg {
		if i >= len(c.elems) {
			// parseAggregate checks the count against the type; this
			// keeps a type and a value that disagree from panicking.
			return &irConst{typ: et, kind: cUndef}
		}
		return c.elems[i]
	}
	return &irConst{typ: et, kind: c.kind}
}

// zeroLeaf spells a zero scalar of t (for zero leaves passed to
// __spirv_SpecConstant).
func zeroLeaf(t *irType) string {
	if t.kind == kFloat {
		return "0.000000e+00"
	}
	return "0"
}
