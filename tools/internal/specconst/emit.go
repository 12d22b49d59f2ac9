package specconst

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// emitter collects the instructions replacing one call.
type emitter struct {
	lw    *lowerer
	cs    *callSite
	lines []string
	last  string // name of the last instruction
}

func (e *emitter) fresh(base string) string {
	fn := e.cs.fn
	e.lw.defs(fn)
	if fn.fresh == nil {
		fn.fresh = map[string]int{}
	}
	// Names are only ever added: the search resumes where the last one
	// for base stopped (a constant of thousands of leaves stays linear).
	for n := fn.fresh[base]; ; n++ {
		name := "%" + base
		if n > 0 {
			name += strconv.Itoa(n)
		}
		if !fn.locals[name] {
			fn.locals[name] = true
			fn.fresh[base] = n + 1
			return name
		}
	}
}

func (e *emitter) inst(base, text string) string {
	name := e.fresh(base)
	e.lines = append(e.lines, e.cs.indent+name+" = "+text+e.cs.dbg)
	e.last = name
	return name
}

func (lw *lowerer) lowerCall(cs *callSite) error {
	m := lw.m
	l := m.l
	info, seen := lw.byName[cs.symID]
	if !seen {
		info = &specInfo{sym: cs.symID, typ: cs.scType, def: cs.def}
		lw.byName[cs.symID] = info
		if lw.mode != DefaultValues {
			lw.order = append(lw.order, info)
		}
	}
	e := &emitter{lw: lw, cs: cs}
	var val string // the replacement value (an SSA name or a constant)
	valTy := cs.scType
	switch lw.mode {
	case Native:
		k := 0
		v, err := e.native(cs.scType, 0, definedLeaves(l, cs.def, 0, nil), info, &k)
		if err != nil {
			return err
		}
		if !seen {
			if len(info.ids) == 0 { // an empty struct still takes an ID
				info.ids = []idEntry{{id: lw.nextID}}
			}
			lw.nextID += uint32(len(info.ids))
			off := 0
			k := 0
			info.descs = lw.collectDescs(cs.scType, info.ids, &k, &off, nil)
		}
		val = v
	case Emulation:
		if !seen {
			size, align := l.storeSize(cs.scType), l.align(cs.scType)
			if r := lw.nextOff % align; r != 0 {
				pad := align - r
				prev := lw.order[len(lw.order)-2]
				prev.descs = append(prev.descs, Descriptor{PaddingID, prev.descs[0].Size, uint32(pad)})
				info.padding = pad
				lw.nextOff += pad
			}
			info.offset = lw.nextOff
			info.descs = []Descriptor{{lw.nextID, 0, uint32(l.storeSize(cs.def.typ))}}
			lw.nextID++
			lw.nextOff += size
		}
		first := 0
		if cs.sret {
			first = 1
		}
		buf := cs.args[first+2]
		gep := e.inst("gep", fmt.Sprintf("getelementptr i8, %s %s, i32 %d", buf.typ, buf.value, info.offset))
		ptrTy := buf.typ
		ptr := gep
		bool1 := isInt(l, cs.scType, 1)
		loadTy := cs.scType
		if bool1 {
			loadTy = &irType{kind: kInt, bits: 8}
		} else if buf.typ.kind == kPtr && buf.typ.elem != nil {
			ptrTy = &irType{kind: kPtr, elem: cs.scType, as: buf.typ.as}
			ptr = e.inst("bc", fmt.Sprintf("bitcast %s %s to %s", buf.typ, gep, ptrTy))
		}
		ld := e.inst("load", fmt.Sprintf("load %s, %s %s, align %d", loadTy, ptrTy, ptr, l.align(loadTy)))
		val = ld
		if bool1 {
			val = e.inst("tobool", "trunc i8 "+ld+" to i1")
		}
	case DefaultValues:
		if isInt(l, cs.scType, 1) && isInt(l, cs.def.typ, 8) {
			val = e.inst("bool", "trunc i8 "+leafValue(cs.def)+" to i1")
		} else {
			// The default value as is, in its own type: an sret
			// destination is cast to it (its padding bytes stay as they
			// are).
			val = cs.def.value()
			valTy = cs.def.typ
			if rt := l.resolve(valTy); cs.def.kind == cZero && rt != nil && rt.kind <= kPtr {
				val = zeroLeaf(l.resolve(valTy))
			}
		}
	}
	if cs.sret {
		dst := cs.args[0]
		ptr := dst.value
		if dst.typ.kind == kPtr && dst.typ.elem != nil && dst.typ.elem.String() != valTy.String() {
			pt := &irType{kind: kPtr, elem: valTy, as: dst.typ.as}
			ptr = e.inst("sret.cast", fmt.Sprintf("bitcast %s %s to %s", dst.typ, dst.value, pt))
			dst.typ = pt
		}
		e.lines = append(e.lines, fmt.Sprintf("%sstore %s %s, %s %s, align %d%s", cs.indent, valTy, val, dst.typ, ptr, l.align(valTy), cs.dbg))
	} else if cs.res != "" {
		if isNumbered(cs.res) {
			// Unnamed values are numbered in order: the last instruction
			// takes over the call's number.
			if len(e.lines) > 0 && e.last == val {
				i := len(e.lines) - 1
				e.lines[i] = cs.indent + cs.res + strings.TrimPrefix(e.lines[i], cs.indent+e.last)
			} else {
				// Keep the number with an instruction that yields val.
				if k := l.resolve(valTy).kind; k == kStruct || k == kArray {
					e.lines = append(e.lines, fmt.Sprintf("%s%s = select i1 true, %s %s, %s %s%s", cs.indent, cs.res, valTy, val, valTy, val, cs.dbg))
				} else {
					e.lines = append(e.lines, fmt.Sprintf("%s%s = bitcast %s %s to %s%s", cs.indent, cs.res, valTy, val, valTy, cs.dbg))
				}
			}
		} else {
			lw.renameUses(cs.fn, cs.li, cs.res, val)
		}
	}
	lw.repl[cs.li] = e.lines
	return nil
}

func isNumbered(tok string) bool { return isDigits(tok[1:]) }

func isInt(l *layout, t *irType, bits int) bool {
	rt := l.resolve(t)
	return rt != nil && rt.kind == kInt && rt.bits == bits
}

func leafValue(c *irConst) string {
	if c.kind == cZero {
		return zeroLeaf(c.typ)
	}
	return c.value()
}

// definedLeaf is a scalar of a default value at its byte offset.
type definedLeaf struct {
	off int
	c   *irConst
}

// definedLeaves lists the scalars of a default value with their byte
// offsets (DataLayout offsets of struct fields, alloc-size strides of array
// and vector elements), in offset order; undef parts have none. The value's
// type need not be the spec constant's: the SPIR-V round trip gives the
// specialization_id initializer a literal struct without the padding fields
// the constant's own (packed) type spells out, so leaves are matched by
// offset, as DPC++'s SpecConstantsPass does.
func definedLeaves(l *layout, c *irConst, off int, out []definedLeaf) []definedLeaf {
	if c.kind == cUndef {
		return out
	}
	rt := l.resolve(c.typ)
	if rt == nil {
		return out
	}
	switch rt.kind {
	case kStruct:
		_, offs := l.structLayout(rt)
		for i, f := range rt.fields {
			out = definedLeaves(l, c.element(i, f), off+offs[i], out)
		}
	case kArray, kVector:
		stride := l.allocSize(rt.elem)
		for i := 0; i < rt.n; i++ {
			out = definedLeaves(l, c.element(i, rt.elem), off+i*stride, out)
		}
	default:
		out = append(out, definedLeaf{off, c})
	}
	return out
}

// leafAt returns the first defined leaf at offset off.
func leafAt(leaves []definedLeaf, off int) (*irConst, bool) {
	i := sort.Search(len(leaves), func(i int) bool { return leaves[i].off >= off })
	if i < len(leaves) && leaves[i].off == off {
		return leaves[i].c, true
	}
	return nil, false
}

// native emits __spirv_SpecConstant calls for the leaves of t (at byte off
// of the constant) and __spirv_SpecConstantComposite calls for its
// aggregates, returning the value of t. An element of t where the default
// value has no leaf (padding) is passed as undef and takes an ID that is
// not reported. info.ids grows with new leaves the first time a constant is
// seen; later uses reuse the IDs.
func (e *emitter) native(t *irType, off int, leaves []definedLeaf, info *specInfo, k *int) (string, error) {
	l := e.lw.m.l
	rt := l.resolve(t)
	if rt == nil {
		return "", e.errf("unknown type %s", t)
	}
	nextID := func(undef bool) uint32 {
		if *k >= len(info.ids) {
			// A new constant's IDs follow the last constant's. The first
			// one records whether it is padding too (SpecConstantsPass
			// pushes it as defined, so a constant starting with padding
			// would report the padding and shift every later record).
			id := e.lw.nextID
			if len(info.ids) > 0 {
				id = info.ids[len(info.ids)-1].id + 1
			}
			info.ids = append(info.ids, idEntry{id: id, undef: undef})
		}
		id := info.ids[*k].id
		*k++
		return id
	}
	switch rt.kind {
	case kInt, kFloat:
		def, ok := leafAt(leaves, off)
		if !ok {
			return "", e.errf("default value of %q has no scalar at byte %d for its %s element", info.sym, off, t)
		}
		if rdef := l.resolve(def.typ); rdef == nil || rdef.kind != kInt && rdef.kind != kFloat {
			return "", e.errf("default value of %q at byte %d is a %s, not a scalar", info.sym, off, def.typ)
		}
		id := nextID(false)
		argTy := def.typ
		retTy := t
		// An i1 constant with an i8 default (a bool in memory) is read as i8
		// and truncated: one __spirv_SpecConstantia for bool and char.
		trunc := rt.kind == kInt && rt.bits == 1 && isInt(l, argTy, 8)
		if trunc {
			retTy = argTy
		}
		am, err := e.mangle(argTy)
		if err != nil {
			return "", err
		}
		name := "_Z20__spirv_SpecConstanti" + am
		e.lw.declare(name, retTy, []*irType{{kind: kInt, bits: 32}, argTy})
		v := e.inst("sc", fmt.Sprintf("call %s %s(i32 %d, %s %s)", retTy, llvmir.QuoteName('@', name), id, argTy, leafValue(def)))
		if trunc {
			v = e.inst("tobool", "trunc i8 "+v+" to i1")
		}
		return v, nil
	case kStruct, kArray, kVector:
		var elTys []*irType
		var elOffs []int
		if rt.kind == kStruct {
			elTys = rt.fields
			_, elOffs = l.structLayout(rt)
		} else {
			stride := l.allocSize(rt.elem)
			for i := 0; i < rt.n; i++ {
				elTys = append(elTys, rt.elem)
				elOffs = append(elOffs, i*stride)
			}
		}
		var args []string
		mangled := "_Z29__spirv_SpecConstantComposite"
		for i, et := range elTys {
			var v string
			if _, ok := leafAt(leaves, off+elOffs[i]); !ok {
				nextID(true)
				v = "undef"
			} else {
				var err error
				if v, err = e.native(et, off+elOffs[i], leaves, info, k); err != nil {
					return "", err
				}
			}
			args = append(args, et.String()+" "+v)
			m, err := e.mangle(et)
			if err != nil {
				return "", err
			}
			mangled += m
		}
		rm, err := e.mangle(t)
		if err != nil {
			return "", err
		}
		mangled += "_R" + rm
		e.lw.declare(mangled, t, elTys)
		return e.inst("sc", fmt.Sprintf("call %s %s(%s)", t, llvmir.QuoteName('@', mangled), strings.Join(args, ", "))), nil
	}
	return "", e.errf("unsupported specialization constant type %s", t)
}

func (e *emitter) errf(format string, args ...interface{}) error {
	return &Error{e.lw.m.file, e.cs.li + 1, len(e.cs.indent) + 1, fmt.Sprintf(format, args...)}
}

// mangle spells a type the way DPC++'s spec-constant pass does in the
// names of the intrinsics it declares (Itanium-like, struct names as is).
func (e *emitter) mangle(t *irType) (string, error) {
	switch t.kind {
	case kNamed:
		return symName(t.name), nil
	case kStruct:
		return "", nil
	case kFloat:
		switch t.fname {
		case "float":
			return "f", nil
		case "double":
			return "d", nil
		case "half":
			return "Dh", nil
		}
	case kInt:
		switch t.bits {
		case 1:
			return "b", nil
		case 8:
			return "a", nil
		case 16:
			return "s", nil
		case 32:
			return "i", nil
		case 64:
			return "x", nil
		}
	case kArray:
		m, err := e.mangle(t.elem)
		return "A" + strconv.Itoa(t.n) + "_" + m, err
	case kVector:
		m, err := e.mangle(t.elem)
		return "Dv" + strconv.Itoa(t.n) + "_" + m, err
	}
	return "", e.errf("unsupported specialization constant type %s", t)
}

func (lw *lowerer) declare(name string, ret *irType, params []*irType) {
	if lw.newDecls[name] {
		return
	}
	lw.newDecls[name] = true
	if _, ok := lw.m.decls[name]; ok {
		return
	}
	ps := make([]string, len(params))
	for i, p := range params {
		ps[i] = p.String()
	}
	lw.declText = append(lw.declText, fmt.Sprintf("declare %s %s(%s)", ret, llvmir.QuoteName('@', name), strings.Join(ps, ", ")))
}

// collectDescs lists the {ID, Offset, Size} records of a native constant:
// one per defined scalar leaf at its offset in the value, plus a PaddingID
// record for each struct's tail padding. Elements native passed as undef
// (padding) consume their ID and get no record.
func (lw *lowerer) collectDescs(t *irType, ids []idEntry, k *int, off *int, out []Descriptor) []Descriptor {
	l := lw.m.l
	rt := l.resolve(t)
	if rt == nil || *k >= len(ids) {
		return out // native reported an unknown type
	}
	// element collects one element; an undef one only moves past its ID
	// (and, in an array, its slot: SpecConstantsPass leaves the offset
	// there, which would shift the records of the elements after it).
	element := func(et *irType, off *int, stride int) {
		if *k < len(ids) && ids[*k].undef {
			*k++
			*off += stride
			return
		}
		out = lw.collectDescs(et, ids, k, off, out)
	}
	switch rt.kind {
	case kArray, kVector:
		stride := l.allocSize(rt.elem)
		for i := 0; i < rt.n; i++ {
			element(rt.elem, off, stride)
		}
		return out
	case kStruct:
		size, offs := l.structLayout(rt)
		base := *off
		local := *off
		for i, f := range rt.fields {
			local = *off + offs[i]
			element(f, &local, 0)
		}
		if pad := base + size - local; pad > 0 {
			out = append(out, Descriptor{PaddingID, uint32(local), uint32(pad)})
		}
		*off += size
		return out
	}
	size := l.storeSize(t)
	out = append(out, Descriptor{ids[*k].id, uint32(*off), uint32(size)})
	*k++
	*off += size
	return out
}

// renameUses replaces the uses of a removed call's result in its function.
func (lw *lowerer) renameUses(fn *function, callLine int, from, to string) {
	for li := fn.start + 1; li < fn.end; li++ {
		if li == callLine || !strings.Contains(lw.m.lines[li].text, from) {
			continue
		}
		toks, err := lexLine(lw.m.file, lw.m.lines[li])
		if err != nil {
			continue
		}
		s := lw.m.lines[li].text
		var b strings.Builder
		last := 0
		for _, t := range toks {
			if t.kind == tLocal && t.text == from {
				b.WriteString(s[last:t.col])
				b.WriteString(to)
				last = t.col + len(t.text)
			}
		}
		b.WriteString(s[last:])
		lw.m.lines[li].text = b.String()
	}
	fn.defs = nil
	// Calls lowered earlier may use the value too (e.g. as their buffer).
	for li, r := range lw.repl {
		if li > fn.start && li < fn.end {
			for i := range r {
				r[i] = replaceLocal(r[i], from, to)
			}
		}
	}
}

func replaceLocal(s, from, to string) string {
	toks, err := lexLine("", line{text: s})
	if err != nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, t := range toks {
		if t.kind == tLocal && t.text == from {
			b.WriteString(s[last:t.col])
			b.WriteString(to)
			last = t.col + len(t.text)
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// result writes the lowered text and collects the constants.
func (lw *lowerer) result() *Result {
	m := lw.m
	res := &Result{}
	var b strings.Builder
	declsWritten := false
	for i, ln := range m.lines {
		if r, ok := lw.repl[i]; ok {
			for _, s := range r {
				b.WriteString(s)
				b.WriteByte('\n')
			}
			continue
		}
		if lw.removed[i] {
			if !declsWritten {
				declsWritten = true
				for _, d := range lw.declText {
					b.WriteString(d)
					b.WriteByte('\n')
				}
			}
			continue
		}
		b.WriteString(ln.text)
		if i+1 < len(m.lines) {
			b.WriteByte('\n')
		}
	}
	if !declsWritten && len(lw.declText) > 0 {
		b.WriteString("\n" + strings.Join(lw.declText, "\n") + "\n")
	}
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteByte('\n')
	}
	next := lw.mdNext
	nodes := lw.extraNodes
	res.ParamMasks = lw.paramMasks
	var scRefs, defRefs []string
	for _, info := range lw.order {
		ops := []string{mdString(info.sym)}
		for _, d := range info.descs {
			ops = append(ops, "i32 "+strconv.Itoa(int(int32(d.ID))), "i32 "+strconv.Itoa(int(d.Offset)), "i32 "+strconv.Itoa(int(d.Size)))
		}
		scRefs = append(scRefs, "!"+strconv.Itoa(next))
		nodes = append(nodes, fmt.Sprintf("!%d = !{%s}", next, strings.Join(ops, ", ")))
		next++
		res.SpecConsts = append(res.SpecConsts, SpecConst{SymID: info.sym, Descs: info.descs})
		if info.padding > 0 {
			defRefs = append(defRefs, "!"+strconv.Itoa(next))
			nodes = append(nodes, fmt.Sprintf("!%d = !{[%d x i8] zeroinitializer}", next, info.padding))
			next++
			res.Defaults = append(res.Defaults, make([]byte, info.padding)...)
		}
		defRefs = append(defRefs, "!"+strconv.Itoa(next))
		nodes = append(nodes, fmt.Sprintf("!%d = !{%s}", next, info.def))
		next++
		res.Defaults = appendDefault(res.Defaults, info.def, m.l)
	}
	b.WriteString("\n")
	if lw.mode == DefaultValues {
		b.WriteString("!" + mdDefaultModule + " = !{}\n")
	}
	b.WriteString("!" + mdSpecConsts + " = !{" + strings.Join(scRefs, ", ") + "}\n")
	b.WriteString("!" + mdDefaults + " = !{" + strings.Join(defRefs, ", ") + "}\n")
	for _, n := range nodes {
		b.WriteString(n + "\n")
	}
	res.Text = []byte(b.String())
	return res
}

func mdString(s string) string {
	var b strings.Builder
	b.WriteString(`!"`)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x7f {
			fmt.Fprintf(&b, "\\%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
