// Package specconst lowers SYCL 2020 specialization constants in one device
// image, as sycl-post-link's -spec-const does after the split: calls to
// __sycl_getScalar2020SpecConstantValue / __sycl_getComposite2020SpecConstantValue
// become SPIR-V spec-constant intrinsics with integer IDs (native), loads
// from the implicit spec-constant buffer (emulation), or the default values
// (the default-value clone images). It reads the image's text line by line
// (instructions are one line each), rewrites only those calls, and appends
// the declarations and the metadata the property sets are computed from.
package specconst

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Mode selects the lowering.
type Mode int

const (
	// Native assigns integer IDs per scalar leaf and calls
	// __spirv_SpecConstant / __spirv_SpecConstantComposite (JIT SPIR-V).
	Native Mode = iota
	// Emulation reads every constant from one buffer passed to the kernel.
	Emulation
	// DefaultValues replaces every constant with its default value.
	DefaultValues
)

// ParseMode maps a -spec-const value. "rt" and "default" are the spellings
// of older sycl-post-link versions: rt set values at run time through
// SPIR-V spec constants (native), default read them from the buffer whose
// contents default to the defaults (emulation).
func ParseMode(s string) (Mode, error) {
	switch s {
	case "native", "rt":
		return Native, nil
	case "emulation", "default":
		return Emulation, nil
	}
	return 0, fmt.Errorf("invalid -spec-const value %q (want native or emulation)", s)
}

const (
	scalarPrefix    = "_Z37__sycl_getScalar2020SpecConstantValue"
	compositePrefix = "_Z40__sycl_getComposite2020SpecConstantValue"
	// PaddingID marks a descriptor the runtime skips.
	PaddingID = 0xFFFFFFFF

	mdSpecConsts    = "sycl.specialization-constants"
	mdDefaults      = "sycl.specialization-constants-default-values"
	mdDefaultModule = "sycl.specialization-constants-default-values-module"
)

// Uses reports whether an image may call the spec-constant intrinsics: the
// splitter's fast path for the (usual) images that don't.
func Uses(text []byte) bool {
	return bytes.Contains(text, []byte("__sycl_getScalar2020SpecConstantValue")) ||
		bytes.Contains(text, []byte("__sycl_getComposite2020SpecConstantValue"))
}

// Descriptor is one {ID, Offset, Size} record of a spec constant.
type Descriptor struct{ ID, Offset, Size uint32 }

// SpecConst is a spec constant of the image with its descriptors.
type SpecConst struct {
	SymID string
	Descs []Descriptor
}

// Result is a lowered image.
type Result struct {
	Text []byte
	// SpecConsts in first-seen order (empty for DefaultValues).
	SpecConsts []SpecConst
	// Defaults is the default-values blob.
	Defaults []byte
	// ParamMasks are the new SYCL/kernel param opt masks of the kernels
	// whose spec-constant buffer parameter emulation restored (its element,
	// the last, now false), by kernel name.
	ParamMasks map[string][]bool
}

type idEntry struct {
	id    uint32
	undef bool
}

type specInfo struct {
	sym     string
	ids     []idEntry // native
	offset  int       // emulation
	descs   []Descriptor
	typ     *irType
	def     *irConst
	padding int // emulation: zero bytes inserted before this constant
}

type function struct {
	start, end int // line indices of the header and the closing brace
	locals     map[string]bool
	defs       map[string]int // local token -> defining line index
	fresh      map[string]int // name base -> first suffix fresh may take
}

type module struct {
	file      string
	lines     []line
	named     map[string]*irType
	globals   map[string]int // unquoted global name -> line index
	decls     map[string]int // unquoted function name -> declare/define line index
	funcs     []*function
	maxMD     int
	l         *layout
	scDecls   []string // spec-constant intrinsic declarations, module order
	hasMDName map[string]bool
}

// Lower lowers the spec constants of one image. An image without calls
// comes back unchanged with no constants.
func Lower(src []byte, file string, mode Mode) (*Result, error) {
	return LowerWith(src, file, mode, Options{})
}

// LowerWith is Lower with the kernels' parameter masks given (see Options).
func LowerWith(src []byte, file string, mode Mode, opts Options) (*Result, error) {
	if !Uses(src) {
		return &Result{Text: src}, nil
	}
	m, err := scan(src, file)
	if err != nil {
		return nil, err
	}
	lw := &lowerer{m: m, mode: mode, opts: opts, byName: map[string]*specInfo{}, repl: map[int][]string{},
		newDecls: map[string]bool{}, removed: map[int]bool{}, mdNext: m.maxMD + 1}
	if err := lw.run(); err != nil {
		return nil, err
	}
	return lw.result(), nil
}

func scan(src []byte, file string) (*module, error) {
	text := string(src)
	raw := strings.Split(text, "\n")
	m := &module{file: file, named: map[string]*irType{}, globals: map[string]int{}, decls: map[string]int{},
		maxMD: -1, hasMDName: map[string]bool{}}
	m.lines = make([]line, len(raw))
	dl := ""
	var cur *function
	for i, s := range raw {
		m.lines[i] = line{text: s, no: i + 1}
		if cur != nil {
			if s == "}" {
				cur.end = i
				m.funcs = append(m.funcs, cur)
				cur = nil
			}
			continue
		}
		if s == "" || s[0] == ' ' || s[0] == '\t' || s[0] == ';' {
			continue
		}
		switch {
		case strings.HasPrefix(s, "target datalayout"):
			if a, b := strings.IndexByte(s, '"'), strings.LastIndexByte(s, '"'); a >= 0 && b > a {
				dl = s[a+1 : b]
			}
		case s[0] == '%':
			p, err := m.parser(i)
			if err != nil {
				return nil, err
			}
			if len(p.toks) >= 3 && p.toks[1].text == "=" && p.toks[2].text == "type" {
				name := p.toks[0].text
				p.i = 3
				if p.peek() == "opaque" {
					continue
				}
				t, err := p.parseType()
				if err != nil {
					return nil, err
				}
				m.named[name] = t
			}
		case s[0] == '@':
			if j := strings.Index(s, " = "); j > 0 {
				m.globals[symName(s[:j])] = i
			}
		case strings.HasPrefix(s, "declare ") || strings.HasPrefix(s, "define "):
			at := strings.IndexByte(s, '@')
			if at < 0 {
				return nil, &Error{file, i + 1, 1, "function without a name"}
			}
			p, err := m.parser(i)
			if err != nil {
				return nil, err
			}
			for _, t := range p.toks {
				if t.kind == tGlobal {
					name := symName(t.text)
					m.decls[name] = i
					if s[1] == 'e' && (strings.HasPrefix(name, scalarPrefix) || strings.HasPrefix(name, compositePrefix)) {
						m.scDecls = append(m.scDecls, name)
					}
					break
				}
			}
			if s[2] == 'f' && strings.HasSuffix(strings.TrimRight(s, " "), "{") {
				cur = &function{start: i}
			}
		case s[0] == '!':
			j := strings.Index(s, " = ")
			if j < 0 {
				continue
			}
			if n, err := strconv.Atoi(s[1:j]); err == nil {
				if n > m.maxMD {
					m.maxMD = n
				}
			} else {
				m.hasMDName[s[1:j]] = true
			}
		}
	}
	if cur != nil {
		return nil, &Error{file, cur.start + 1, 1, "function body without a closing '}'"}
	}
	if m.hasMDName[mdSpecConsts] || m.hasMDName[mdDefaults] {
		return nil, &Error{file, 1, 1, "specialization constants are already lowered (" + mdSpecConsts + " present)"}
	}
	if name, ok := recursiveType(m.named); ok {
		return nil, &Error{file, 1, 1, "type " + name + " contains itself"}
	}
	m.l = newLayout(dl, m.named)
	return m, nil
}

// recursiveType finds a named struct that contains itself by value (LLVM
// rejects these; the layout code would not terminate on them).
func recursiveType(named map[string]*irType) (string, bool) {
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(t *irType) (string, bool)
	visit = func(t *irType) (string, bool) {
		switch t.kind {
		case kNamed:
			switch state[t.name] {
			case 1:
				return t.name, true
			case 2:
				return "", false
			}
			body, ok := named[t.name]
			if !ok {
				return "", false
			}
			state[t.name] = 1
			if n, bad := visit(body); bad {
				return n, true
			}
			state[t.name] = 2
		case kArray, kVector:
			return visit(t.elem)
		case kStruct:
			for _, f := range t.fields {
				if n, bad := visit(f); bad {
					return n, true
				}
			}
		}
		return "", false
	}
	names := make([]string, 0, len(named))
	for n := range named {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if name, bad := visit(&irType{kind: kNamed, name: n}); bad {
			return name, true
		}
	}
	return "", false
}

func (m *module) parser(i int) (*parser, error) {
	toks, err := lexLine(m.file, m.lines[i])
	if err != nil {
		return nil, err
	}
	return &parser{file: m.file, ln: m.lines[i], toks: toks}, nil
}

func (m *module) errAt(i int, msg string) error { return &Error{m.file, i + 1, 1, msg} }

type lowerer struct {
	m        *module
	mode     Mode
	order    []*specInfo
	byName   map[string]*specInfo
	nextID   uint32
	nextOff  int
	repl     map[int][]string // call line -> replacement lines
	removed  map[int]bool
	newDecls map[string]bool
	declText []string
	opaque   bool

	opts       Options
	paramMasks map[string][]bool // Result.ParamMasks
	mdLines    map[int]int       // numbered metadata node -> line index
	mdNext     int               // the next free metadata node number
	extraNodes []string          // metadata nodes the buffer restoration adds
}

type callSite struct {
	fn     *function
	li     int
	res    string // result token, "" if none
	ret    *irType
	args   []argument
	dbg    string
	sret   bool
	symID  string
	def    *irConst
	scType *irType
	callee string
	indent string
}

type argument struct {
	typ   *irType
	value string
	toks  []token
	sret  *irType
}

func (lw *lowerer) run() error {
	m := lw.m
	fns := map[string]bool{}
	for _, n := range m.scDecls {
		fns[n] = true
	}
	if len(fns) == 0 {
		return nil
	}
	var calls = map[string][]*callSite{}
	for _, fn := range m.funcs {
		for li := fn.start + 1; li < fn.end; li++ {
			s := m.lines[li].text
			if !strings.Contains(s, "SpecConstantValue") {
				continue
			}
			cs, err := lw.parseCall(fn, li, fns)
			if err != nil {
				return err
			}
			if cs != nil {
				calls[cs.callee] = append(calls[cs.callee], cs)
			}
		}
	}
	if lw.mode == Emulation {
		if err := lw.restoreBuffers(calls); err != nil {
			return err
		}
	}
	for _, name := range m.scDecls {
		for _, cs := range calls[name] {
			if err := lw.lowerCall(cs); err != nil {
				return err
			}
		}
		lw.removed[m.decls[name]] = true
	}
	return nil
}

var paramAttrWithType = map[string]bool{"sret": true, "byval": true, "byref": true, "elementtype": true, "inalloca": true, "preallocated": true}

// parseCall parses a call to a spec-constant intrinsic on line li (nil if
// the line does not call one).
func (lw *lowerer) parseCall(fn *function, li int, fns map[string]bool) (*callSite, error) {
	m := lw.m
	p, err := m.parser(li)
	if err != nil {
		return nil, err
	}
	ci := -1
	for j, t := range p.toks {
		if t.kind == tGlobal && fns[symName(t.text)] && j+1 < len(p.toks) && p.toks[j+1].text == "(" {
			ci = j
			break
		}
	}
	if ci < 0 {
		return nil, nil
	}
	callTok := -1
	for j := 0; j < ci; j++ {
		if p.toks[j].text == "call" {
			callTok = j
		}
	}
	if callTok < 0 {
		p.i = ci
		return nil, p.errf("%s is used other than by a call", p.toks[ci].text)
	}
	cs := &callSite{fn: fn, li: li, callee: symName(p.toks[ci].text)}
	cs.indent = m.lines[li].text[:len(m.lines[li].text)-len(strings.TrimLeft(m.lines[li].text, " \t"))]
	if p.toks[0].kind == tLocal && len(p.toks) > 1 && p.toks[1].text == "=" {
		cs.res = p.toks[0].text
	}
	for j := callTok + 1; j < ci && cs.ret == nil; j++ {
		p.i = j
		if t, err := p.parseType(); err == nil && p.i == ci {
			cs.ret = t
		}
	}
	if cs.ret == nil {
		p.i = callTok
		return nil, p.errf("cannot find the return type of the call to %s", p.toks[ci].text)
	}
	p.i = ci + 1
	ranges, err := p.splitArgs()
	if err != nil {
		return nil, err
	}
	for k := p.i; k+1 < len(p.toks); k++ {
		if p.toks[k].text == "!dbg" {
			cs.dbg = ", !dbg " + p.toks[k+1].text
		}
	}
	for _, r := range ranges {
		sub := &parser{file: p.file, ln: p.ln, toks: p.toks[:r[1]], i: r[0]}
		a, err := sub.parseArg()
		if err != nil {
			return nil, err
		}
		cs.args = append(cs.args, a)
	}
	cs.sret = len(cs.args) > 0 && cs.args[0].sret != nil
	if !cs.sret {
		// The declaration carries sret even where a call site omits it.
		if dp, err := m.parser(m.decls[cs.callee]); err == nil {
			for k, t := range dp.toks {
				if t.text == "sret" && k > 0 {
					dp.i = k + 1
					if dp.peek() == "(" {
						dp.i++
						if st, err := dp.parseType(); err == nil && len(cs.args) > 0 {
							cs.args[0].sret = st
						}
					} else if len(cs.args) > 0 && cs.args[0].typ.kind == kPtr && cs.args[0].typ.elem != nil {
						cs.args[0].sret = cs.args[0].typ.elem
					}
					break
				}
			}
			cs.sret = len(cs.args) > 0 && cs.args[0].sret != nil
		}
	}
	first := 0
	cs.scType = cs.ret
	if cs.sret {
		first = 1
		cs.scType = cs.args[0].sret
	}
	p.i = callTok
	if len(cs.args) < first+2 || (lw.mode == Emulation && len(cs.args) < first+3) {
		return nil, p.errf("call to %s has %d arguments, want %d", p.toks[ci].text, len(cs.args), first+3)
	}
	if cs.scType.kind == kVoid {
		return nil, p.errf("call to %s returns void and has no sret argument", p.toks[ci].text)
	}
	if cs.symID, err = lw.symbolicID(fn, cs.args[first], p); err != nil {
		return nil, err
	}
	if cs.def, err = lw.defaultValue(fn, cs.args[first+1], p); err != nil {
		return nil, err
	}
	// Spec constants are small; this bound keeps absurd types (huge
	// arrays, arrays of empty structs) from exhausting time or memory.
	for _, t := range []*irType{cs.scType, cs.def.typ} {
		if m.l.resolve(t) == nil {
			return nil, p.errf("specialization constant type %s is not defined", t)
		}
		if n := leafCount(m.l, t, maxLeaves+1); n > maxLeaves || m.l.storeSize(t) > maxSize || m.l.storeSize(t) < 0 {
			return nil, p.errf("specialization constant type %s is too large", t)
		}
	}
	return cs, nil
}

// parseArg parses "type attrs value" of one call argument.
func (p *parser) parseArg() (argument, error) {
	var a argument
	t, err := p.parseType()
	if err != nil {
		return a, err
	}
	a.typ = t
	for !p.eof() && p.toks[p.i].kind == tWord {
		w := p.toks[p.i].text
		if !isAttrWord(w) {
			break
		}
		p.i++
		switch {
		case paramAttrWithType[w] && p.peek() == "(":
			p.i++
			at, err := p.parseType()
			if err != nil {
				return a, err
			}
			if err := p.expect(")"); err != nil {
				return a, err
			}
			if w == "sret" {
				a.sret = at
			}
		case w == "sret":
			if t.kind == kPtr && t.elem != nil {
				a.sret = t.elem
			}
		case p.peek() == "(":
			if err := p.skipBalanced(); err != nil {
				return a, err
			}
		case w == "align":
			p.i++
		}
	}
	if p.eof() {
		return a, p.errf("expected an argument value")
	}
	a.toks = p.toks[p.i:]
	a.value = p.text(p.i, len(p.toks))
	return a, nil
}

func isAttrWord(w string) bool {
	switch w {
	case "noundef", "nonnull", "noalias", "nocapture", "readonly", "writeonly", "readnone", "signext", "zeroext",
		"inreg", "returned", "immarg", "nofree", "align", "dereferenceable", "dereferenceable_or_null", "sret",
		"byval", "byref", "elementtype", "inalloca", "preallocated", "swiftself", "swifterror", "nest", "noundef_or_poison",
		"allocalign", "allocptr", "nocallback", "noinline",
		// LLVM 17+ (clang-19 puts dead_on_unwind and writable on sret
		// arguments); initializes, range and captures take a parenthesized
		// operand.
		"nofpclass", "dead_on_unwind", "dead_on_return", "writable", "initializes", "range", "captures", "noext":
		return true
	}
	return false
}

// symbolicID finds the string literal passed as the symbolic ID: a
// (casted) global, possibly stored to an alloca and loaded back.
func (lw *lowerer) symbolicID(fn *function, a argument, p *parser) (string, error) {
	g, err := lw.traceGlobal(fn, a.toks, 0)
	if err != nil {
		return "", err
	}
	if g == "" {
		return "", p.errf("cannot trace the symbolic ID argument %q to a string literal", a.value)
	}
	gi, ok := lw.m.globals[g]
	if !ok {
		return "", p.errf("symbolic ID global %s is not defined in the image", llvmir.QuoteName('@', g))
	}
	gp, err := lw.m.parser(gi)
	if err != nil {
		return "", err
	}
	for _, t := range gp.toks {
		if t.kind == tString && t.text[0] == 'c' {
			s, ok := unescape(t.text[2 : len(t.text)-1])
			if !ok {
				gp.i = 0
				return "", gp.errf("bad string literal")
			}
			return strings.TrimSuffix(s, "\x00"), nil
		}
	}
	gp.i = 0
	return "", gp.errf("symbolic ID global %s has no string initializer", llvmir.QuoteName('@', g))
}

// traceGlobal follows a value to the global it points into: constant
// expressions name it directly; locals are followed through casts, GEPs
// and an alloca store/load pair.
func (lw *lowerer) traceGlobal(fn *function, toks []token, depth int) (string, error) {
	if depth > 16 {
		return "", nil
	}
	for _, t := range toks {
		if t.kind == tGlobal {
			return symName(t.text), nil
		}
	}
	if len(toks) != 1 || toks[0].kind != tLocal {
		return "", nil
	}
	di, ok := lw.defs(fn)[toks[0].text]
	if !ok {
		return "", nil
	}
	p, err := lw.m.parser(di)
	if err != nil {
		return "", err
	}
	if len(p.toks) < 4 {
		return "", nil
	}
	switch op := p.toks[2].text; op {
	case "addrspacecast", "bitcast":
		p.i = 3
		if _, err := p.parseType(); err != nil {
			return "", err
		}
		lo := p.i
		for !p.eof() && p.peek() != "to" {
			p.i++
		}
		return lw.traceGlobal(fn, p.toks[lo:p.i], depth+1)
	case "getelementptr":
		p.i = 3
		if p.peek() == "inbounds" {
			p.i++
		}
		if _, err := p.parseType(); err != nil {
			return "", err
		}
		if err := p.expect(","); err != nil {
			return "", err
		}
		if _, err := p.parseType(); err != nil {
			return "", err
		}
		lo := p.i
		for !p.eof() && p.peek() != "," {
			p.i++
		}
		return lw.traceGlobal(fn, p.toks[lo:p.i], depth+1)
	case "load":
		p.i = 3
		if p.peek() == "volatile" {
			p.i++
		}
		if _, err := p.parseType(); err != nil {
			return "", err
		}
		if err := p.expect(","); err != nil {
			return "", err
		}
		if _, err := p.parseType(); err != nil {
			return "", err
		}
		if p.eof() {
			return "", nil
		}
		ptr := p.toks[p.i].text
		// The single store of the literal's address into that slot.
		for li := fn.start + 1; li < fn.end; li++ {
			s := lw.m.lines[li].text
			if !strings.Contains(s, "store ") || !strings.Contains(s, ptr) {
				continue
			}
			sp, err := lw.m.parser(li)
			if err != nil {
				return "", err
			}
			if len(sp.toks) == 0 || sp.toks[0].text != "store" {
				continue
			}
			ranges, err := storeOperands(sp)
			if err != nil || len(ranges) < 2 {
				continue
			}
			dst := sp.toks[ranges[1][0]:ranges[1][1]]
			if len(dst) == 0 || dst[len(dst)-1].text != ptr {
				continue
			}
			sp.i = ranges[0][0]
			if _, err := sp.parseType(); err != nil {
				return "", err
			}
			return lw.traceGlobal(fn, sp.toks[sp.i:ranges[0][1]], depth+1)
		}
	}
	return "", nil
}

// storeOperands splits "store [volatile] T v, T* p[, align N]..." at its
// top-level commas.
func storeOperands(p *parser) ([][2]int, error) {
	var out [][2]int
	start, depth := 1, 0
	if len(p.toks) > 1 && p.toks[1].text == "volatile" {
		start = 2
	}
	for j := start; j < len(p.toks); j++ {
		switch p.toks[j].text {
		case "(", "[", "{", "<":
			depth++
		case ")", "]", "}", ">":
			depth--
		case ",":
			if depth == 0 {
				out = append(out, [2]int{start, j})
				start = j + 1
			}
		}
	}
	out = append(out, [2]int{start, len(p.toks)})
	return out, nil
}

// defs indexes the function's local definitions and names.
func (lw *lowerer) defs(fn *function) map[string]int {
	if fn.defs != nil {
		return fn.defs
	}
	// locals also holds names given to pending replacement instructions,
	// so it survives a re-index.
	fn.defs = map[string]int{}
	if fn.locals == nil {
		fn.locals = map[string]bool{}
	}
	for li := fn.start; li <= fn.end; li++ {
		s := lw.m.lines[li].text
		toks, err := lexLine(lw.m.file, lw.m.lines[li])
		if err != nil {
			continue
		}
		for k, t := range toks {
			if t.kind == tLocal {
				fn.locals[t.text] = true
				if k == 0 && len(toks) > 1 && toks[1].text == "=" {
					fn.defs[t.text] = li
				}
			}
		}
		// Labels name locals too.
		if j := strings.IndexByte(s, ':'); j > 0 && !strings.ContainsAny(s[:j], " \t=") {
			fn.locals["%"+s[:j]] = true
		}
	}
	return fn.defs
}

// defaultValue reads field 0 of the specialization_id global's initializer.
func (lw *lowerer) defaultValue(fn *function, a argument, p *parser) (*irConst, error) {
	g, err := lw.traceGlobal(fn, a.toks, 0)
	if err != nil {
		return nil, err
	}
	if g == "" {
		return nil, p.errf("cannot trace the specialization_id argument %q to a global", a.value)
	}
	gi, ok := lw.m.globals[g]
	if !ok {
		return nil, p.errf("specialization_id global %s is not defined in the image", llvmir.QuoteName('@', g))
	}
	gp, err := lw.m.parser(gi)
	if err != nil {
		return nil, err
	}
	for gp.i = 2; !gp.eof() && gp.peek() != "global" && gp.peek() != "constant"; gp.i++ {
		if gp.toks[gp.i].kind == tPunct && gp.peek() == "(" {
			if err := gp.skipBalanced(); err != nil {
				return nil, err
			}
			gp.i--
		}
	}
	if gp.eof() {
		return nil, gp.errf("specialization_id global %s has no initializer", llvmir.QuoteName('@', g))
	}
	gp.i++
	t, err := gp.parseType()
	if err != nil {
		return nil, err
	}
	if gp.eof() || gp.peek() == "," {
		gp.i = 2
		return nil, gp.errf("specialization_id global %s has no initializer", llvmir.QuoteName('@', g))
	}
	init, err := gp.parseConst(t, lw.m.l)
	if err != nil {
		return nil, err
	}
	rt := lw.m.l.resolve(t)
	var ft *irType
	switch {
	case rt.kind == kStruct && len(rt.fields) > 0:
		ft = rt.fields[0]
	case (rt.kind == kArray || rt.kind == kVector) && rt.n > 0:
		ft = rt.elem
	default:
		gp.i = 2
		return nil, gp.errf("specialization_id global %s is not a non-empty aggregate", llvmir.QuoteName('@', g))
	}
	if init.kind == cUndef {
		gp.i = 2
		return nil, gp.errf("specialization_id global %s has an undefined default value", llvmir.QuoteName('@', g))
	}
	return init.element(0, ft), nil
}

const (
	maxLeaves = 1 << 14
	maxSize   = 1 << 20
)

// leafCount counts the scalar leaves of t, stopping once past limit.
func leafCount(l *layout, t *irType, limit int) int {
	rt := l.resolve(t)
	if rt == nil {
		return 0
	}
	switch rt.kind {
	case kArray, kVector:
		if rt.n == 0 {
			return 0
		}
		per := leafCount(l, rt.elem, limit)
		if per == 0 {
			return rt.n // empty elements still cost an iteration each
		}
		if rt.n > limit/per+1 {
			return limit + 1
		}
		return rt.n * per
	case kStruct:
		n := 0
		for _, f := range rt.fields {
			if n += leafCount(l, f, limit); n > limit {
				return n
			}
		}
		return n
	}
	return 1
}
