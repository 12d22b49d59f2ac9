package specconst

import (
	"strconv"
	"strings"
)

type typeKind uint8

const (
	kInt typeKind = iota
	kFloat
	kPtr
	kArray
	kVector
	kStruct
	kNamed
	kVoid
	kFunc
	kOther // label, metadata, token: never a spec-constant type
)

// irType is a parsed LLVM type.
type irType struct {
	kind   typeKind
	bits   int     // kInt width; kFloat width (16 half/bfloat, 32, 64, 80, 128)
	fname  string  // kFloat spelling
	as     int     // kPtr address space
	elem   *irType // kPtr pointee (nil: opaque ptr); kArray/kVector element; kFunc result
	n      int     // kArray/kVector length
	fields []*irType
	packed bool
	vararg bool
	name   string // kNamed: the %name token
}

func (t *irType) String() string {
	switch t.kind {
	case kInt:
		return "i" + strconv.Itoa(t.bits)
	case kFloat, kOther:
		return t.fname
	case kVoid:
		return "void"
	case kPtr:
		as := ""
		if t.as != 0 {
			as = " addrspace(" + strconv.Itoa(t.as) + ")"
		}
		if t.elem == nil {
			return "ptr" + as
		}
		return t.elem.String() + as + "*"
	case kArray:
		return "[" + strconv.Itoa(t.n) + " x " + t.elem.String() + "]"
	case kVector:
		return "<" + strconv.Itoa(t.n) + " x " + t.elem.String() + ">"
	case kStruct:
		parts := make([]string, len(t.fields))
		for i, f := range t.fields {
			parts[i] = f.String()
		}
		s := "{ " + strings.Join(parts, ", ") + " }"
		if len(parts) == 0 {
			s = "{}"
		}
		if t.packed {
			return "<" + s + ">"
		}
		return s
	case kNamed:
		return t.name
	case kFunc:
		parts := make([]string, len(t.fields))
		for i, f := range t.fields {
			parts[i] = f.String()
		}
		if t.vararg {
			parts = append(parts, "...")
		}
		return t.elem.String() + " (" + strings.Join(parts, ", ") + ")"
	}
	return "?"
}

var floatBits = map[string]int{"half": 16, "bfloat": 16, "float": 32, "double": 64, "x86_fp80": 80, "fp128": 128, "ppc_fp128": 128}

// parseType parses a type at p.i.
func (p *parser) parseType() (*irType, error) {
	if p.eof() {
		return nil, p.errf("expected a type, found end of line")
	}
	tok := p.toks[p.i]
	var t *irType
	switch {
	case tok.kind == tLocal:
		p.i++
		t = &irType{kind: kNamed, name: tok.text}
	case tok.text == "ptr":
		p.i++
		t = &irType{kind: kPtr}
		as, err := p.addrSpace()
		if err != nil {
			return nil, err
		}
		t.as = as
		return t, nil
	case tok.text == "void":
		p.i++
		t = &irType{kind: kVoid}
	case tok.kind == tWord && len(tok.text) > 1 && tok.text[0] == 'i' && isDigits(tok.text[1:]):
		p.i++
		n, err := strconv.Atoi(tok.text[1:])
		if err != nil || n <= 0 || n > 1<<23 {
			return nil, p.errf("bad integer type %q", tok.text)
		}
		t = &irType{kind: kInt, bits: n}
	case floatBits[tok.text] != 0:
		p.i++
		t = &irType{kind: kFloat, bits: floatBits[tok.text], fname: tok.text}
	case tok.text == "label" || tok.text == "metadata" || tok.text == "token":
		p.i++
		t = &irType{kind: kOther, fname: tok.text}
	case tok.text == "[" || tok.text == "<" && p.i+1 < len(p.toks) && p.toks[p.i+1].text != "{":
		closeTok := "]"
		kind := kArray
		if tok.text == "<" {
			closeTok, kind = ">", kVector
		}
		p.i++
		n, err := p.count()
		if err != nil {
			return nil, err
		}
		if err := p.expect("x"); err != nil {
			return nil, err
		}
		el, err := p.parseType()
		if err != nil {
			return nil, err
		}
		if err := p.expect(closeTok); err != nil {
			return nil, err
		}
		t = &irType{kind: kind, n: n, elem: el}
	case tok.text == "{" || tok.text == "<":
		packed := tok.text == "<"
		if packed {
			p.i++
		}
		p.i++
		t = &irType{kind: kStruct, packed: packed}
		for p.peek() != "}" {
			f, err := p.parseType()
			if err != nil {
				return nil, err
			}
			t.fields = append(t.fields, f)
			if p.peek() == "," {
				p.i++
			} else if p.peek() != "}" {
				return nil, p.errf("expected ',' or '}' in a struct type")
			}
		}
		p.i++
		if packed {
			if err := p.expect(">"); err != nil {
				return nil, err
			}
		}
	default:
		return nil, p.errf("expected a type, found %q", tok.text)
	}
	// Typed-pointer and function-type suffixes.
	for {
		switch p.peek() {
		case "*":
			p.i++
			t = &irType{kind: kPtr, elem: t}
			continue
		case "addrspace":
			as, err := p.addrSpace()
			if err != nil {
				return nil, err
			}
			if err := p.expect("*"); err != nil {
				return nil, err
			}
			t = &irType{kind: kPtr, elem: t, as: as}
			continue
		case "(":
			// A function type only follows a type where a pointee is expected.
			save := p.i
			p.i++
			ft := &irType{kind: kFunc, elem: t}
			ok := true
			for p.peek() != ")" {
				if p.peek() == "..." {
					p.i++
					ft.vararg = true
					continue
				}
				a, err := p.parseType()
				if err != nil {
					ok = false
					break
				}
				ft.fields = append(ft.fields, a)
				if p.peek() == "," {
					p.i++
				} else if p.peek() != ")" {
					ok = false
					break
				}
			}
			if !ok || p.eof() {
				p.i = save
				return t, nil
			}
			p.i++
			if p.peek() != "*" && p.peek() != "addrspace" {
				p.i = save
				return t, nil
			}
			t = ft
			continue
		}
		return t, nil
	}
}

func (p *parser) addrSpace() (int, error) {
	if p.peek() != "addrspace" {
		return 0, nil
	}
	p.i++
	if err := p.expect("("); err != nil {
		return 0, err
	}
	n, err := p.count()
	if err != nil {
		return 0, err
	}
	return n, p.expect(")")
}

func (p *parser) count() (int, error) {
	s := p.peek()
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 1<<28 {
		return 0, p.errf("expected a count, found %q", s)
	}
	p.i++
	return n, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// layout answers DataLayout queries (ABI alignment, store and alloc sizes)
// as LLVM 15 computes them from the module's datalayout string.
type layout struct {
	ints    map[int]int // bit width -> ABI alignment in bytes
	floats  map[int]int
	vectors map[int]int
	ptrs    map[int][2]int // address space -> {size, ABI alignment} in bytes
	aggr    int
	named   map[string]*irType // struct bodies by %name
	err     error
}

func newLayout(dl string, named map[string]*irType) *layout {
	l := &layout{
		ints:    map[int]int{1: 1, 8: 1, 16: 2, 32: 4, 64: 4},
		floats:  map[int]int{16: 2, 32: 4, 64: 8, 128: 16},
		vectors: map[int]int{64: 8, 128: 16},
		ptrs:    map[int][2]int{0: {8, 8}},
		named:   named,
	}
	for _, spec := range strings.Split(dl, "-") {
		if spec == "" {
			continue
		}
		parts := strings.Split(spec[1:], ":")
		num := func(i int) int {
			if i >= len(parts) {
				return -1
			}
			n, err := strconv.Atoi(parts[i])
			if err != nil {
				return -1
			}
			return n
		}
		switch spec[0] {
		case 'i', 'f', 'v':
			// LLVM wants a non-zero ABI alignment of whole bytes; a
			// zero one would divide by zero in the emulation offsets.
			w, a := num(0), num(1)
			if w <= 0 || a < 8 {
				continue
			}
			m := map[byte]map[int]int{'i': l.ints, 'f': l.floats, 'v': l.vectors}[spec[0]]
			m[w] = a / 8
		case 'p':
			as := 0
			if parts[0] != "" {
				as = num(0)
			}
			size, a := num(1), num(2)
			if as < 0 || size <= 0 || a < 8 {
				continue
			}
			l.ptrs[as] = [2]int{size / 8, a / 8}
		case 'a':
			if a := num(1); a >= 0 {
				l.aggr = a / 8
			}
		}
	}
	return l
}

func (l *layout) resolve(t *irType) *irType {
	for depth := 0; t.kind == kNamed; depth++ {
		body, ok := l.named[t.name]
		if !ok || depth > 64 {
			return nil
		}
		t = body
	}
	return t
}

// align is the ABI alignment in bytes.
func (l *layout) align(t *irType) int {
	t = l.resolve(t)
	if t == nil {
		return 1
	}
	switch t.kind {
	case kInt:
		if a, ok := l.ints[t.bits]; ok {
			return a
		}
		// The smallest larger integer spec, else the largest.
		best, bestW, maxW, maxA := 0, 1<<30, 0, 1
		for w, a := range l.ints {
			if w > t.bits && w < bestW {
				best, bestW = a, w
			}
			if w > maxW {
				maxW, maxA = w, a
			}
		}
		if best > 0 {
			return best
		}
		return maxA
	case kFloat:
		if a, ok := l.floats[t.bits]; ok {
			return a
		}
		return nextPow2(l.storeSize(t))
	case kPtr:
		if p, ok := l.ptrs[t.as]; ok {
			return p[1]
		}
		return l.ptrs[0][1]
	case kArray:
		return l.align(t.elem)
	case kVector:
		if a, ok := l.vectors[t.n*l.elemBits(t.elem)]; ok {
			return a
		}
		return nextPow2(l.storeSize(t))
	case kStruct:
		if t.packed {
			if l.aggr > 1 {
				return l.aggr
			}
			return 1
		}
		a := l.aggr
		if a < 1 {
			a = 1
		}
		for _, f := range t.fields {
			if fa := l.align(f); fa > a {
				a = fa
			}
		}
		return a
	}
	return 1
}

func (l *layout) elemBits(t *irType) int {
	t = l.resolve(t)
	if t == nil {
		return 0
	}
	switch t.kind {
	case kInt, kFloat:
		return t.bits
	case kPtr:
		return 8 * l.storeSize(t)
	}
	return 8 * l.allocSize(t)
}

// storeSize is the number of bytes a store of t writes.
func (l *layout) storeSize(t *irType) int {
	t = l.resolve(t)
	if t == nil {
		return 0
	}
	switch t.kind {
	case kInt, kFloat:
		return (t.bits + 7) / 8
	case kPtr:
		if p, ok := l.ptrs[t.as]; ok {
			return p[0]
		}
		return l.ptrs[0][0]
	case kArray:
		return t.n * l.allocSize(t.elem)
	case kVector:
		return (t.n*l.elemBits(t.elem) + 7) / 8
	case kStruct:
		size, _ := l.structLayout(t)
		return size
	}
	return 0
}

// allocSize is the store size rounded up to the ABI alignment.
func (l *layout) allocSize(t *irType) int {
	return alignTo(l.storeSize(t), l.align(t))
}

// structLayout returns the size (including tail padding) and the field
// offsets of a struct.
func (l *layout) structLayout(t *irType) (int, []int) {
	offs := make([]int, len(t.fields))
	off := 0
	for i, f := range t.fields {
		if !t.packed {
			off = alignTo(off, l.align(f))
		}
		offs[i] = off
		off += l.allocSize(f)
	}
	if !t.packed {
		off = alignTo(off, l.align(t))
	}
	return off, offs
}

func alignTo(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

func nextPow2(n int) int {
	p := 1
	for p < n {
		p <<= 1
	}
	return p
}
