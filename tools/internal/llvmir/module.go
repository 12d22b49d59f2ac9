// Package llvmir reads and rewrites LLVM textual IR at the level of top-level
// entities (globals, functions, metadata, ...). It does not model
// instructions: each entity keeps its exact source text, plus the names of
// everything that text refers to, which is all a device-code splitter needs.
// At that level it rejects what llvm-as would: malformed global and
// function headers, text after a function body, and uses of global values
// or numbered metadata nodes the module does not define. Names compare by
// their decoded value (@"f" is @f).
//
// Memory: a Module aliases the source text (which the splitter maps rather
// than reads) and keeps no token array. Per entity it stores its token and
// byte ranges, a compact function header (FuncInfo) and its references
// resolved to int32 entity indices (RefIndices); tokens are lexed again on
// demand through a small cache (Tok). On a 14 MB linked module that is about
// 0.5 byte of Go heap per byte of text (BenchmarkParse in ../split reports
// it), where a token array alone cost 2.4.
package llvmir

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"unsafe"
)

// Kind is the kind of a top-level entity.
type Kind uint8

// Entity kinds.
const (
	KindSourceFilename Kind = iota
	KindTarget              // target datalayout / target triple
	KindModuleAsm
	KindType // %T = type ...
	KindComdat
	KindGlobal // global variable
	KindFunction
	KindAlias
	KindIFunc
	KindAttrGroup // attributes #N = { ... }
	KindNamedMD   // !name = !{...}
	KindMD        // !N = ...
	KindUseList   // uselistorder directives
	KindOther     // anything else at top level (kept verbatim)
	// KindSummary is a ThinLTO summary entry (^N = module: ..., ^N = gv:
	// ...). Summaries describe the module they were computed for, so
	// images built from parts of it must not copy them.
	KindSummary
)

// Entity is one top-level construct with its token range [Lo, Hi) and
// byte range [Start, End) (first token's start, last token's end).
type Entity struct {
	Kind Kind
	// hasComment: a comment may lie inside the entity's byte range, so
	// its text cannot be copied verbatim.
	hasComment bool
	// localCall: a function body has a local name before '(' (see
	// MayCallIndirectly).
	localCall bool
	// quoted: Name is quoted (@"x"), so it may equal names spelled
	// differently; Lookup tests it without reading the text, which may
	// have been released (see ParseReleasing).
	quoted bool
	// Name is the defined name with its sigil (@f, %T, $c, #0, !0, !name),
	// empty for unnamed constructs.
	Name       string
	Lo, Hi     int
	Start, End uint32
	Fn         *FuncInfo // for KindFunction
	// References to other entities, as entity indices into Module.refs:
	// [refLo, refDecl) survive turning a definition into a declaration,
	// [refLo, refBody) survive internalization (everything but the
	// comdat), [refLo, refHi) is everything.
	refLo, refDecl, refBody, refHi uint32
}

// FuncInfo locates the parts of a function header, as token indices
// (int32 to keep the per-function cost down).
type FuncInfo struct {
	IsDecl     bool
	NameTok    int32
	PrefixLo   int32 // first token after define/declare
	RetLo      int32 // first token after linkage/visibility/cc keywords
	ParamsLo   int32 // '(' of the parameter list
	ParamsHi   int32 // matching ')'
	BodyLo     int32 // '{' of the body, or -1
	Linkage    string
	Visibility string
	CC         string
	Tail       []TailItem // items between ')' and '{' (or end)
}

// TailItem is one function attribute/property after the parameter list.
type TailItem struct {
	Kind   TailKind
	Lo, Hi int32
	// group is N+1 for a TailAttrGroup item #N (0: not a plain number), so
	// that FuncAttr finds the group without lexing the header again.
	group int32
	// start, end: the byte range of the item's first token (FuncAttr
	// reads an attribute's key there without lexing the header again).
	start, end uint32
}

// TailKind classifies header items after the parameter list.
type TailKind uint8

// Tail item kinds.
const (
	TailAttr        TailKind = iota // inline attribute, unnamed_addr, addrspace, align, gc
	TailAttrGroup                   // #N
	TailSection                     // section "x" / partition "x"
	TailComdat                      // comdat / comdat($c)
	TailPersonality                 // personality/prefix/prologue constants
	TailAttachment                  // !kind !N
)

// Module is parsed textual IR. It keeps Src (which the caller must not
// modify afterwards: names and texts returned by the module alias it) and,
// per entity, its token and byte ranges, function header and resolved
// references; tokens themselves are lexed again on demand (see Tok), so the
// module costs about a hundred bytes per entity on top of Src.
//
// A Module is not safe for concurrent use: reading tokens updates a cache.
type Module struct {
	File     string
	Src      []byte
	Entities []Entity

	str   string // Src as a string, aliasing it
	ntoks int
	funcs []FuncInfo
	tails []TailItem
	refs  []int32
	// index is an open-addressing hash table of entity indices+1 by name.
	index []int32
	wins  [4]window
	mru   int
	next  int
	// groups caches the attributes of attribute groups (see groupAttr),
	// groupIdx the entity of #N by N+1 (see FuncAttr).
	groups   map[int32][]attrKV
	groupIdx map[int32]int32
	// globalGroups caches the attribute groups (#N texts) a global
	// variable names, by the entity's first token (see GlobalAttr: the
	// property sets ask several keys of every global of every image, and
	// an initializer can be thousands of tokens).
	globalGroups map[int][]string
	// commentGaps are the byte ranges [lo, hi) between two tokens that
	// hold a comment, in order, as pairs: appendSpan strips them without
	// lexing the entity again (disassembled functions have one per basic
	// block, "; preds = ...").
	commentGaps []uint32
}

// window holds the tokens of one entity, lexed lazily from its start.
type window struct {
	lo, hi int // token range of the entity
	ent    int
	toks   []Token
	lx     lexer
}

// NumToks returns the number of tokens in the module.
func (m *Module) NumToks() int { return m.ntoks }

// Tok returns token t (a module-wide index, as in Entity.Lo/Hi).
func (m *Module) Tok(t int) Token {
	if w := &m.wins[m.mru]; t >= w.lo && t < w.hi && t-w.lo < len(w.toks) {
		return w.toks[t-w.lo]
	}
	return m.tokSlow(t)
}

func (m *Module) tokSlow(t int) Token {
	w := m.window(t)
	if w == nil {
		return Token{Kind: TokPunct}
	}
	rel := t - w.lo
	for len(w.toks) <= rel {
		tok, ok, err := w.lx.next()
		if !ok || err != nil { // cannot happen: the text lexed fine before
			return Token{Kind: TokPunct}
		}
		w.toks = append(w.toks, tok)
	}
	return w.toks[rel]
}

// window returns the window of the entity holding token t, setting one up
// if needed, or nil if t is out of range.
func (m *Module) window(t int) *window {
	for k := range m.wins {
		if w := &m.wins[k]; t >= w.lo && t < w.hi {
			m.mru = k
			return w
		}
	}
	if t < 0 || t >= m.ntoks {
		return nil
	}
	e := sort.Search(len(m.Entities), func(i int) bool { return m.Entities[i].Hi > t })
	if e >= len(m.Entities) {
		return nil
	}
	k := m.next
	m.next = (m.next + 1) % len(m.wins)
	w := &m.wins[k]
	ent := &m.Entities[e]
	w.lo, w.hi, w.ent = ent.Lo, ent.Hi, e
	w.toks = w.toks[:0]
	if cap(w.toks) > 1<<16 {
		w.toks = nil // do not keep a huge entity's tokens around
	}
	w.lx = newLexer(m.Src, m.File, int(ent.Start))
	m.mru = k
	return w
}

// tokEnd returns the end offset of token t without lexing when t is the
// last token of its entity.
func (m *Module) tokEnd(t int) uint32 {
	if w := m.window(t); w != nil && t == w.hi-1 {
		return m.Entities[w.ent].End
	}
	return m.Tok(t).End
}

// entityOf returns the entity holding token t, or nil.
func (m *Module) entityOf(t int) *Entity {
	if w := m.window(t); w != nil {
		return &m.Entities[w.ent]
	}
	return nil
}

// Text returns the source text of token t.
func (m *Module) Text(t int) string {
	tok := m.Tok(t)
	return m.str[tok.Start:tok.End]
}

// Span returns the source text covering tokens [lo, hi).
func (m *Module) Span(lo, hi int) string {
	if lo >= hi {
		return ""
	}
	return m.str[m.Tok(lo).Start:m.tokEnd(hi-1)]
}

// EntityText returns the whole source text of entity e.
func (m *Module) EntityText(e *Entity) string { return m.str[e.Start:e.End] }

// Names are compared by their decoded value, as LLVM does: @"f" and @f
// (and @"\66") name the same global. An unquoted all-digit name (@0) is
// an unnamed value, though, distinct from the named @"0". Unquoted names
// (the usual case) hash and compare as plain bytes, without decoding.

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

func hashName(s string) uint32 {
	h := uint32(fnvOffset)
	if !isQuotedName(s) {
		for i := 0; i < len(s); i++ {
			h ^= uint32(s[i])
			h *= fnvPrime
		}
		return h
	}
	h ^= uint32(s[0])
	h *= fnvPrime
	d := newNameDecoder(s)
	digits, n := true, 0
	for {
		c, ok := d.next()
		if !ok {
			break
		}
		h ^= uint32(c)
		h *= fnvPrime
		digits = digits && c >= '0' && c <= '9'
		n++
	}
	if digits && n > 0 { // @"0" is not @0
		h ^= 0xff
		h *= fnvPrime
	}
	return h
}

// isQuotedName reports whether s is a sigil followed by a quoted name.
func isQuotedName(s string) bool { return len(s) >= 2 && s[1] == '"' }

// nameDecoder yields the bytes of a quoted name (the text after the
// opening quote), decoding \\ and \XX escapes as LLVM's lexer does.
type nameDecoder struct {
	s string
	i int
	// plain: s is an unquoted name, its bytes as they are.
	plain bool
}

// newNameDecoder decodes the name of a sigil-prefixed spelling, quoted or
// not.
func newNameDecoder(s string) nameDecoder {
	if isQuotedName(s) {
		return nameDecoder{s: s[2:]}
	}
	return nameDecoder{s: s[1:], plain: true}
}

func (d *nameDecoder) next() (byte, bool) {
	s, i := d.s, d.i
	if d.plain {
		if i >= len(s) {
			return 0, false
		}
		d.i++
		return s[i], true
	}
	if i >= len(s) || s[i] == '"' {
		return 0, false
	}
	c := s[i]
	if c == '\\' {
		if i+1 < len(s) && s[i+1] == '\\' {
			d.i = i + 2
			return '\\', true
		}
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			d.i = i + 3
			return hexVal(s[i+1])<<4 | hexVal(s[i+2]), true
		}
	}
	d.i = i + 1
	return c, true
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexVal(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// SameName reports whether two spellings of sigil-prefixed names (as in
// Entity.Name or token text) name the same thing: @"x" is @x, but @"0"
// is not the unnamed @0.
func SameName(a, b string) bool {
	if a == b {
		return true
	}
	qa, qb := isQuotedName(a), isQuotedName(b)
	if !qa && !qb || len(a) == 0 || len(b) == 0 || a[0] != b[0] {
		return false
	}
	da, db := newNameDecoder(a), newNameDecoder(b)
	digits, n := true, 0
	for {
		ca, oka := da.next()
		cb, okb := db.next()
		if oka != okb || ca != cb {
			return false
		}
		if !oka {
			break
		}
		digits = digits && ca >= '0' && ca <= '9'
		n++
	}
	// Same bytes; all digits means an unnamed value on the unquoted side.
	return !(digits && n > 0 && qa != qb)
}

// Lookup returns the index of the entity defining name (with sigil),
// however it is spelled (see SameName).
func (m *Module) Lookup(name string) (int, bool) {
	if len(m.index) == 0 {
		return 0, false
	}
	mask := uint32(len(m.index) - 1)
	for h := hashName(name) & mask; ; h = (h + 1) & mask {
		v := m.index[h]
		if v == 0 {
			return 0, false
		}
		if e := &m.Entities[v-1]; e.Name == name || (e.quoted || isQuotedName(name)) && SameName(e.Name, name) {
			return int(v - 1), true
		}
	}
}

// insert records entity i under its name, replacing an earlier entity of
// the same name; it reports whether there was one.
func (m *Module) insert(i int) bool {
	name := m.Entities[i].Name
	mask := uint32(len(m.index) - 1)
	for h := hashName(name) & mask; ; h = (h + 1) & mask {
		v := m.index[h]
		if v == 0 {
			m.index[h] = int32(i + 1)
			return false
		}
		if e := &m.Entities[v-1]; e.Name == name || (e.quoted || isQuotedName(name)) && SameName(e.Name, name) {
			m.index[h] = int32(i + 1)
			return true
		}
	}
}

func (m *Module) errorf(tok int, format string, args ...interface{}) error {
	pos := len(m.Src)
	if tok < m.ntoks {
		pos = int(m.Tok(tok).Start)
	}
	line, col := lineCol(m.Src, pos)
	return &ParseError{m.File, line, col, fmt.Sprintf(format, args...)}
}

func isTopStarter(src []byte, tok Token) bool {
	switch tok.Kind {
	case TokGlobal, TokLocal, TokComdat:
		return true
	case TokMeta:
		return tok.End-tok.Start > 1
	case TokPunct:
		return src[tok.Start] == '^'
	case TokWord:
		switch string(src[tok.Start:tok.End]) {
		case "source_filename", "target", "module", "attributes", "define", "declare", "uselistorder", "uselistorder_bb", "deplibs":
			return true
		}
	}
	return false
}

// Parse parses textual IR. file names the input in error messages. The
// module aliases src: do not modify it afterwards.
func Parse(src []byte, file string) (*Module, error) { return ParseReleasing(src, file, nil) }

// releaseStep is how much text Parse reads between calls of release.
const releaseStep = 1 << 20

// ParseReleasing is Parse telling release(end), every megabyte or so, that
// it is done with src[:end] for now. Parsing reads the text twice from
// start to end; a caller that mapped src can drop those pages from memory
// (they are read again when an image needs them).
func ParseReleasing(src []byte, file string, release func(end int)) (*Module, error) {
	if int64(len(src)) >= 1<<31-1 {
		return nil, &ParseError{file, 1, 1, "input larger than 2 GiB"}
	}
	m := &Module{File: file, Src: src, str: bytesToString(src)}
	// Size the tables from a quick count of line-initial starters, to
	// avoid growing them by doubling (the count is an upper bound when
	// entities start at column 0, as LLVM prints them).
	nEnt, nFn := countStarts(src, release)
	m.Entities = make([]Entity, 0, nEnt)
	m.funcs = make([]FuncInfo, 0, nFn)
	m.tails = make([]TailItem, 0, 2*nFn)
	// Split into entities: a new entity starts at a line-initial starter
	// token outside all brackets. The tokens of the entity being read are
	// window 0, so classify can look at them.
	lx := newLexer(src, file, 0)
	lx.gaps = &m.commentGaps
	w := &m.wins[0]
	released := 0
	depth := 0
	nt := 0
	open0 := 0 // the last bracket opened at depth 0
	var cur *Entity
	finish := func() error {
		if cur == nil {
			return nil
		}
		cur.Hi = nt
		cur.End = w.toks[len(w.toks)-1].End
		cur.hasComment = lx.comment
		w.lo, w.hi, w.ent = cur.Lo, cur.Hi, len(m.Entities)-1
		m.ntoks = nt // classify must not look past the entity
		if err := m.classify(cur); err != nil {
			return err
		}
		cur.quoted = isQuotedName(cur.Name)
		// Nothing may follow a function body (on a line that does not
		// start a top-level entity): its '{' must be the last bracket
		// opened at depth 0, and its '}' the last token.
		if fi := cur.Fn; fi != nil && !fi.IsDecl {
			last := w.toks[len(w.toks)-1]
			if int(fi.BodyLo) != open0 || last.Kind != TokPunct || src[last.Start] != '}' {
				t := cur.Hi - 1
				if e := m.match(int(fi.BodyLo), cur.Hi); e >= 0 && e+1 < cur.Hi {
					t = e + 1
				}
				return m.errorf(t, "expected top-level entity")
			}
		}
		return nil
	}
	for {
		tok, ok, err := lx.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if depth == 0 && (cur == nil || tok.LineStart && isTopStarter(src, tok)) {
			if err := finish(); err != nil {
				return nil, err
			}
			if release != nil && int(tok.Start)-released >= releaseStep {
				released = int(tok.Start)
				release(released)
			}
			m.Entities = append(m.Entities, Entity{Kind: KindOther, Lo: nt, Start: tok.Start})
			cur = &m.Entities[len(m.Entities)-1]
			w.toks = w.toks[:0]
			lx.comment = false
		}
		w.toks = append(w.toks, tok)
		nt++
		if tok.Kind == TokPunct {
			switch c := src[tok.Start]; c {
			case '{', '(', '[', '<':
				if depth == 0 {
					open0 = nt - 1
				}
				depth++
			case '}', ')', ']', '>':
				depth--
				if depth < 0 {
					line, col := lineCol(src, int(tok.Start))
					return nil, &ParseError{file, line, col, fmt.Sprintf("unbalanced '%c'", c)}
				}
			}
		}
	}
	if depth != 0 {
		line, col := lineCol(src, len(src))
		return nil, &ParseError{file, line, col, fmt.Sprintf("unexpected end of file: %d unclosed bracket(s)", depth)}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	m.ntoks = nt
	w.lo, w.hi, w.toks = 0, 0, nil
	// Drop spare capacity worth copying for.
	if cap(m.Entities) > len(m.Entities)+len(m.Entities)/8+64 {
		m.Entities = append(make([]Entity, 0, len(m.Entities)), m.Entities...)
	}
	if cap(m.funcs) > len(m.funcs)+len(m.funcs)/8+64 {
		m.funcs = append(make([]FuncInfo, 0, len(m.funcs)), m.funcs...)
	}
	if cap(m.tails) > len(m.tails)+len(m.tails)/8+64 {
		m.tails = append(make([]TailItem, 0, len(m.tails)), m.tails...)
	}
	// Fix FuncInfo and tail pointers now that m.funcs and m.tails have
	// stopped growing.
	fn, off := 0, 0
	for i := range m.Entities {
		if m.Entities[i].Kind == KindFunction {
			fi := &m.funcs[fn]
			n := len(fi.Tail)
			fi.Tail = m.tails[off : off+n : off+n]
			off += n
			m.Entities[i].Fn = fi
			fn++
		}
	}
	size := 16
	for size < 2*len(m.Entities) {
		size *= 2
	}
	m.index = make([]int32, size)
	released = 0 // names alias the text: hashing them reads it again
	for i := range m.Entities {
		e := &m.Entities[i]
		if release != nil && int(e.Start)-released >= releaseStep {
			released = int(e.Start)
			release(released)
		}
		if e.Name != "" {
			if m.insert(i) && e.Kind != KindNamedMD {
				return nil, m.errorf(e.Lo, "redefinition of %s", e.Name)
			}
		}
	}
	if err := m.resolveRefs(release); err != nil {
		return nil, err
	}
	return m, nil
}

// countStarts estimates the number of entities (lines starting with a
// non-blank character other than ';' and '}') and functions (lines starting
// with "define " or "declare ").
func countStarts(src []byte, release func(end int)) (entities, funcs int) {
	released := 0
	for i := 0; i < len(src); {
		if release != nil && i-released >= releaseStep {
			released = i
			release(released)
		}
		c := src[i]
		if c != ' ' && c != '\t' && c != ';' && c != '}' && c != '\n' && c != '\r' {
			entities++
			if c == 'd' && (bytes.HasPrefix(src[i:], []byte("define ")) || bytes.HasPrefix(src[i:], []byte("declare "))) {
				funcs++
			}
		}
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return entities + 1, funcs + 1
}

// bytesToString views b as a string without copying; b must not change.
func bytesToString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return *(*string)(unsafe.Pointer(&b))
}

func (m *Module) isPunct(t int, c byte) bool {
	return t >= 0 && t < m.ntoks && m.Tok(t).Kind == TokPunct && m.Src[m.Tok(t).Start] == c
}

// match returns the index of the bracket closing the one at t.
func (m *Module) match(t, hi int) int {
	depth := 0
	for i := t; i < hi; i++ {
		if m.Tok(i).Kind != TokPunct {
			continue
		}
		switch m.Src[m.Tok(i).Start] {
		case '{', '(', '[', '<':
			depth++
		case '}', ')', ']', '>':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

func (m *Module) classify(e *Entity) error {
	lo, hi := e.Lo, e.Hi
	first := m.Text(lo)
	switch m.Tok(lo).Kind {
	case TokWord:
		switch first {
		case "source_filename":
			e.Kind = KindSourceFilename
		case "target":
			e.Kind = KindTarget
		case "module":
			e.Kind = KindModuleAsm
		case "uselistorder", "uselistorder_bb":
			e.Kind = KindUseList
		case "attributes":
			e.Kind = KindAttrGroup
			if lo+1 >= hi || m.Tok(lo+1).Kind != TokAttrGrp || !m.isPunct(lo+2, '=') {
				return m.errorf(lo, "expected 'attributes #N = { ... }'")
			}
			e.Name = m.Text(lo + 1)
		case "define", "declare":
			e.Kind = KindFunction
			if err := m.parseFuncHeader(lo, hi, first == "declare"); err != nil {
				return err
			}
			fi := &m.funcs[len(m.funcs)-1]
			e.Fn = fi // fixed up when m.funcs stops growing
			e.Name = m.Text(int(fi.NameTok))
		default:
			return m.errorf(lo, "unexpected top-level token %s", m.shortTok(lo))
		}
	case TokLocal:
		e.Kind = KindType
		e.Name = first
		if !m.isPunct(lo+1, '=') {
			return m.errorf(lo, "expected '=' after type name %s", first)
		}
	case TokComdat:
		e.Kind = KindComdat
		e.Name = first
	case TokGlobal:
		e.Name = first
		if !m.isPunct(lo+1, '=') {
			return m.errorf(lo, "expected '=' after global name %s", first)
		}
		kind, err := m.globalKind(lo+2, hi)
		if err != nil {
			return err
		}
		e.Kind = kind
	case TokPunct:
		// ^N = module: (...) / gv: (...) / typeid: (...) / flags: N ...
		if m.Src[m.Tok(lo).Start] != '^' || !(lo+1 < hi && m.Tok(lo+1).Kind == TokWord && isDigits(m.Text(lo+1))) {
			return m.errorf(lo, "unexpected top-level token %s", m.shortTok(lo))
		}
		if !m.isPunct(lo+2, '=') {
			return m.errorf(lo+2, "expected '=' here")
		}
		e.Kind = KindSummary
	case TokMeta:
		e.Name = first
		if isNumberedMD(first) {
			e.Kind = KindMD
		} else {
			e.Kind = KindNamedMD
		}
		if !m.isPunct(lo+1, '=') {
			return m.errorf(lo, "expected '=' after metadata %s", first)
		}
	default:
		return m.errorf(lo, "unexpected top-level token %s", m.shortTok(lo))
	}
	return m.checkShape(e)
}

// globalKind checks the keywords after "@name =" up to global/constant
// (or alias/ifunc), in LLVM's order: linkage, preemption specifier,
// visibility, DLL storage class, thread_local[(model)], [local_]
// unnamed_addr, addrspace(N), externally_initialized (any order is
// accepted), and tells which kind of entity this is.
func (m *Module) globalKind(t, hi int) (Kind, error) {
	for ; t < hi && m.Tok(t).Kind == TokWord; t++ {
		s := m.Text(t)
		switch {
		case s == "global" || s == "constant":
			return KindGlobal, nil
		case s == "alias":
			return KindAlias, nil
		case s == "ifunc":
			return KindIFunc, nil
		case linkages[s]:
		case s == "dso_local" || s == "dso_preemptable" || s == "default" || s == "hidden" || s == "protected" ||
			s == "dllimport" || s == "dllexport" || s == "unnamed_addr" || s == "local_unnamed_addr" ||
			s == "externally_initialized":
		case s == "thread_local" || s == "addrspace":
			if m.isPunct(t+1, '(') {
				e := m.match(t+1, hi)
				if e < 0 {
					return 0, m.errorf(t+1, "expected ')'")
				}
				t = e
			} else if s == "addrspace" {
				return 0, m.errorf(t+1, "expected '(' in address space")
			}
		default:
			return 0, m.errorf(t, "expected 'global' or 'constant'")
		}
	}
	return 0, m.errorIn(t, hi, "expected 'global' or 'constant'")
}

// errorIn is errorf for token t of the entity ending before token hi
// (whose tokens are all classify may look at): at the entity's end, the
// error points where the next token starts, as llvm-as does.
func (m *Module) errorIn(t, hi int, format string, args ...interface{}) error {
	if t < hi {
		return m.errorf(t, format, args...)
	}
	pos := int(m.tokEnd(hi - 1))
	for src := m.Src; pos < len(src); pos++ {
		if c := src[pos]; c == ';' {
			for pos < len(src) && src[pos] != '\n' {
				pos++
			}
		} else if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
	}
	line, col := lineCol(m.Src, pos)
	return &ParseError{m.File, line, col, fmt.Sprintf(format, args...)}
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isNumberedMD(name string) bool {
	return len(name) >= 2 && name[0] == '!' && isDigits(name[1:])
}

var linkages = map[string]bool{
	"private": true, "internal": true, "available_externally": true, "linkonce": true, "weak": true,
	"common": true, "appending": true, "extern_weak": true, "linkonce_odr": true, "weak_odr": true, "external": true,
}

func isCC(s string) bool {
	switch s {
	case "ccc", "fastcc", "coldcc", "tailcc", "webkit_jscc", "anyregcc", "ghccc", "win64cc", "intel_ocl_bicc", "cfguard_checkcc", "swiftcc", "swifttailcc", "cxx_fast_tlscc", "graalcc":
		return true
	}
	for _, p := range []string{"spir_", "amdgpu_", "ptx_", "x86_", "arm_", "aarch64_", "preserve_", "msp430_", "avr_", "riscv_", "hhvm", "m68k_", "amdgpu_"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// parseFuncHeader appends the FuncInfo of the function at [lo, hi) to
// m.funcs and its tail items to m.tails.
func (m *Module) parseFuncHeader(lo, hi int, decl bool) error {
	m.funcs = append(m.funcs, FuncInfo{IsDecl: decl, PrefixLo: int32(lo + 1), BodyLo: -1, NameTok: -1})
	fi := &m.funcs[len(m.funcs)-1]
	tail0 := len(m.tails)
	done := func() error {
		fi.Tail = m.tails[tail0:len(m.tails):len(m.tails)]
		return nil
	}
	t := lo + 1
	if decl {
		// LLVM prints a declaration's metadata attachments first:
		// declare !dbg !5 void @f(). (They stay in [PrefixLo, RetLo).)
		for t+1 < hi && m.Tok(t).Kind == TokMeta && m.Tok(t+1).Kind == TokMeta && !isNumberedMD(m.Text(t)) {
			t = m.attachmentEnd(t, hi)
		}
	}
	for ; t < hi && m.Tok(t).Kind == TokWord; t++ {
		s := m.Text(t)
		switch {
		case linkages[s]:
			fi.Linkage = s
		case s == "dso_local" || s == "dso_preemptable" || s == "dllimport" || s == "dllexport":
		case s == "default" || s == "hidden" || s == "protected":
			fi.Visibility = s
		case isCC(s):
			fi.CC = s
		case s == "cc" && t+1 < hi:
			fi.CC = s + " " + m.Text(t+1)
			t++
		default:
			goto done
		}
	}
done:
	fi.RetLo = int32(t)
	// Return attributes, the return type, then @name(.
	t = m.skipAttrs(t, hi)
	if !m.isTypeStart(t, hi) {
		return m.errorIn(t, hi, "expected type")
	}
	t = m.skipType(t, hi)
	if t >= hi || m.Tok(t).Kind != TokGlobal {
		return m.errorIn(t, hi, "expected function name")
	}
	if !m.isPunct(t+1, '(') {
		return m.errorIn(t+1, hi, "expected '(' in function argument list")
	}
	fi.NameTok = int32(t)
	fi.ParamsLo = fi.NameTok + 1
	fi.ParamsHi = int32(m.match(int(fi.ParamsLo), hi))
	if int(fi.ParamsHi) < 0 {
		return m.errorf(int(fi.ParamsLo), "unterminated parameter list")
	}
	t = int(fi.ParamsHi) + 1
	for t < hi {
		s := m.Text(t)
		it := struct {
			Kind   TailKind
			Lo, Hi int
		}{Lo: t, Hi: t + 1}
		switch m.Tok(t).Kind {
		case TokAttrGrp:
			it.Kind = TailAttrGroup
		case TokMeta:
			it.Kind = TailAttachment
			if t+1 < hi && m.Tok(t+1).Kind == TokMeta {
				it.Hi = m.attachmentEnd(t, hi)
			}
		case TokString:
			it.Kind = TailAttr
			if m.isPunct(t+1, '=') && t+2 < hi {
				it.Hi = t + 3
			}
		case TokPunct:
			if s == "{" && !decl {
				fi.BodyLo = int32(t)
				return done()
			}
			return m.errorf(t, "unexpected %s in function header", shortQuote(s))
		default:
			switch s {
			case "section", "partition", "gc":
				it.Kind = TailSection
				if s == "gc" {
					it.Kind = TailAttr
				}
				it.Hi = t + 2
			case "comdat":
				it.Kind = TailComdat
				if m.isPunct(t+1, '(') {
					it.Hi = m.match(t+1, hi) + 1
				}
			case "align", "alignstack":
				it.Kind = TailAttr
				if m.isPunct(t+1, '(') {
					it.Hi = m.match(t+1, hi) + 1
				} else {
					it.Hi = t + 2
				}
			case "personality", "prefix", "prologue":
				it.Kind = TailPersonality
				it.Hi = m.skipTypedValue(t+1, hi)
			default:
				// A word at the start of a line that is no attribute is
				// a junk line after the header, not an unknown attribute.
				if m.Tok(t).LineStart && !fnAttrWords[s] {
					return m.errorf(t, "expected top-level entity")
				}
				it.Kind = TailAttr
				if m.isPunct(t+1, '(') { // memory(...), addrspace(1), vscale_range(..)
					it.Hi = m.match(t+1, hi) + 1
				}
			}
		}
		if int(it.Hi) <= int(it.Lo) || int(it.Hi) > hi {
			return m.errorf(t, "malformed function header")
		}
		first := m.Tok(it.Lo)
		ti := TailItem{Kind: it.Kind, Lo: int32(it.Lo), Hi: int32(it.Hi), start: first.Start, end: first.End}
		if it.Kind == TailAttrGroup {
			ti.group = attrGroupNumber(s)
		}
		m.tails = append(m.tails, ti)
		t = int(it.Hi)
	}
	if !decl {
		return m.errorf(lo, "function definition without body")
	}
	return done()
}

// attachmentEnd returns the index after the metadata attachment "!kind
// NODE" at t (t+1 is a metadata token): NODE is !N, or an inline node
// !{...} or !DI...(...).
func (m *Module) attachmentEnd(t, hi int) int {
	end := t + 2
	if !isNumberedMD(m.Text(t+1)) && (m.isPunct(end, '(') || m.isPunct(end, '{')) {
		if e := m.match(end, hi); e > 0 {
			end = e + 1
		}
	}
	return end
}

// isTypeStart reports whether a type can start at token t: a primitive
// type keyword, iN, target(...), a named type, or a bracket.
func (m *Module) isTypeStart(t, hi int) bool {
	if t >= hi {
		return false
	}
	switch m.Tok(t).Kind {
	case TokLocal:
		return true
	case TokPunct:
		switch m.Src[m.Tok(t).Start] {
		case '[', '{', '<':
			return true
		}
		return false
	case TokWord:
	default:
		return false
	}
	switch s := m.Text(t); s {
	case "void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128", "x86_mmx", "x86_amx",
		"label", "metadata", "token", "ptr", "opaque":
		return true
	case "target":
		return m.isPunct(t+1, '(')
	default:
		return len(s) > 1 && s[0] == 'i' && isDigits(s[1:])
	}
}

// skipType returns the index after the type starting at t.
func (m *Module) skipType(t, hi int) int {
	if t >= hi {
		return hi
	}
	switch {
	case m.isPunct(t, '[') || m.isPunct(t, '{') || m.isPunct(t, '<'):
		e := m.match(t, hi)
		if e < 0 {
			return hi
		}
		t = e + 1
		if m.isPunct(t-1, '>') && m.isPunct(t, '{') { // <{ ... }> handled by match of '<'
		}
	case m.Tok(t).Kind == TokWord && m.Text(t) == "target" && m.isPunct(t+1, '('):
		t = m.match(t+1, hi) + 1
	default:
		t++
	}
	for t < hi {
		switch {
		case m.Tok(t).Kind == TokWord && m.Text(t) == "addrspace" && m.isPunct(t+1, '('):
			t = m.match(t+1, hi) + 1
		case m.isPunct(t, '*'):
			t++
		case m.isPunct(t, '('):
			// Function type: only if a '*' follows (typed pointers) or in
			// contexts where a type is expected; callers handle ambiguity.
			e := m.match(t, hi)
			if e < 0 || !m.isPunct(e+1, '*') {
				return t
			}
			t = e + 1
		default:
			return t
		}
	}
	return t
}

// skipTypedValue skips "<type> <constant>" starting at t: a scalar or
// global, an aggregate in brackets, or a constant expression (keywords such
// as getelementptr inbounds, then its parenthesized operands).
func (m *Module) skipTypedValue(t, hi int) int {
	t = m.skipType(t, hi)
	if t >= hi {
		return hi
	}
	if m.isPunct(t, '[') || m.isPunct(t, '{') || m.isPunct(t, '<') {
		if e := m.match(t, hi); e >= 0 {
			return e + 1
		}
		return hi
	}
	if m.Tok(t).Kind == TokWord && constExprWords[m.Text(t)] {
		for u := t + 1; u < hi; u++ {
			switch {
			case m.isPunct(u, '('):
				e := m.match(u, hi)
				if e < 0 {
					return hi
				}
				if !constExprFlagGroup[m.Text(u-1)] {
					return e + 1
				}
				u = e // inrange(...): the operands come next
			case m.Tok(u).Kind == TokGlobal: // dso_local_equivalent @f, no_cfi @f
				return u + 1
			case m.Tok(u).Kind != TokWord:
				return u
			}
		}
		return hi
	}
	if m.Tok(t).Kind == TokWord && m.isPunct(t+1, '(') {
		return m.match(t+1, hi) + 1
	}
	return t + 1
}

// constExprWords start constant expressions (instructions usable as
// constants, and the function-pointer wrappers).
var constExprWords = map[string]bool{
	"getelementptr": true, "bitcast": true, "addrspacecast": true, "ptrtoint": true, "inttoptr": true,
	"trunc": true, "zext": true, "sext": true, "fptrunc": true, "fpext": true, "add": true, "sub": true,
	"mul": true, "shl": true, "lshr": true, "ashr": true, "and": true, "or": true, "xor": true,
	"icmp": true, "fcmp": true, "select": true, "extractelement": true, "insertelement": true,
	"shufflevector": true, "blockaddress": true, "dso_local_equivalent": true, "no_cfi": true,
}

// constExprFlagGroup are keyword groups with parenthesized operands inside a
// constant expression's head (getelementptr inbounds inrange(-16, 8) (...)).
var constExprFlagGroup = map[string]bool{"inrange": true}
