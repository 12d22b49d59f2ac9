// Package llvmir reads and rewrites LLVM textual IR at the level of top-level
// entities (globals, functions, metadata, ...). It does not model
// instructions: each entity keeps its exact source text, plus the names of
// everything that text refers to, which is all a device-code splitter needs.
package llvmir

import (
	"fmt"
	"strings"
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
)

// Entity is one top-level construct with its token range [Lo, Hi).
type Entity struct {
	Kind Kind
	// Name is the defined name with its sigil (@f, %T, $c, #0, !0, !name),
	// empty for unnamed constructs.
	Name   string
	Lo, Hi int
	Fn     *FuncInfo // for KindFunction
}

// FuncInfo locates the parts of a function header, as token indices.
type FuncInfo struct {
	IsDecl     bool
	NameTok    int
	PrefixLo   int // first token after define/declare
	RetLo      int // first token after linkage/visibility/cc keywords
	ParamsLo   int // '(' of the parameter list
	ParamsHi   int // matching ')'
	BodyLo     int // '{' of the body, or -1
	Linkage    string
	Visibility string
	CC         string
	Tail       []TailItem // items between ')' and '{' (or end)
}

// TailItem is one function attribute/property after the parameter list.
type TailItem struct {
	Kind   TailKind
	Lo, Hi int
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

// Module is parsed textual IR.
type Module struct {
	File     string
	Src      []byte
	Toks     []Token
	Entities []Entity
	byName   map[string]int
}

// Text returns the source text of token t.
func (m *Module) Text(t int) string {
	return string(m.Src[m.Toks[t].Start:m.Toks[t].End])
}

// Span returns the source text covering tokens [lo, hi).
func (m *Module) Span(lo, hi int) string {
	if lo >= hi {
		return ""
	}
	return string(m.Src[m.Toks[lo].Start:m.Toks[hi-1].End])
}

// EntityText returns the whole source text of entity e.
func (m *Module) EntityText(e *Entity) string { return m.Span(e.Lo, e.Hi) }

// Lookup returns the index of the entity defining name (with sigil).
func (m *Module) Lookup(name string) (int, bool) {
	i, ok := m.byName[name]
	return i, ok
}

func (m *Module) errorf(tok int, format string, args ...interface{}) error {
	pos := len(m.Src)
	if tok < len(m.Toks) {
		pos = int(m.Toks[tok].Start)
	}
	line, col := lineCol(m.Src, pos)
	return &ParseError{m.File, line, col, fmt.Sprintf(format, args...)}
}

func isTopStarter(m *Module, t int) bool {
	tok := m.Toks[t]
	switch tok.Kind {
	case TokGlobal, TokLocal, TokComdat:
		return true
	case TokMeta:
		return tok.End-tok.Start > 1
	case TokWord:
		switch m.Text(t) {
		case "source_filename", "target", "module", "attributes", "define", "declare", "uselistorder", "uselistorder_bb", "deplibs":
			return true
		}
	}
	return false
}

// Parse parses textual IR. file names the input in error messages.
func Parse(src []byte, file string) (*Module, error) {
	toks, err := lex(src, file)
	if err != nil {
		return nil, err
	}
	m := &Module{File: file, Src: src, Toks: toks, byName: map[string]int{}}
	// Split into entities: a new entity starts at a line-initial starter
	// token outside all brackets.
	depth := 0
	lo := -1
	var bounds [][2]int
	for t := range toks {
		if depth == 0 && (lo < 0 || toks[t].LineStart && isTopStarter(m, t)) {
			if lo >= 0 {
				bounds = append(bounds, [2]int{lo, t})
			}
			lo = t
		}
		if toks[t].Kind == TokPunct {
			switch src[toks[t].Start] {
			case '{', '(', '[', '<':
				depth++
			case '}', ')', ']', '>':
				depth--
				if depth < 0 {
					return nil, m.errorf(t, "unbalanced '%c'", src[toks[t].Start])
				}
			}
		}
	}
	if depth != 0 {
		return nil, m.errorf(len(toks), "unexpected end of file: %d unclosed bracket(s)", depth)
	}
	if lo >= 0 {
		bounds = append(bounds, [2]int{lo, len(toks)})
	}
	m.Entities = make([]Entity, 0, len(bounds))
	for _, b := range bounds {
		e, err := m.classify(b[0], b[1])
		if err != nil {
			return nil, err
		}
		if e.Name != "" {
			if _, dup := m.byName[e.Name]; dup && e.Kind != KindNamedMD {
				return nil, m.errorf(b[0], "redefinition of %s", e.Name)
			}
			m.byName[e.Name] = len(m.Entities)
		}
		m.Entities = append(m.Entities, e)
	}
	return m, nil
}

func (m *Module) isPunct(t int, c byte) bool {
	return t < len(m.Toks) && m.Toks[t].Kind == TokPunct && m.Src[m.Toks[t].Start] == c
}

// match returns the index of the bracket closing the one at t.
func (m *Module) match(t, hi int) int {
	depth := 0
	for i := t; i < hi; i++ {
		if m.Toks[i].Kind != TokPunct {
			continue
		}
		switch m.Src[m.Toks[i].Start] {
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

func (m *Module) classify(lo, hi int) (Entity, error) {
	e := Entity{Kind: KindOther, Lo: lo, Hi: hi}
	first := m.Text(lo)
	switch m.Toks[lo].Kind {
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
			if lo+1 >= hi || m.Toks[lo+1].Kind != TokAttrGrp || !m.isPunct(lo+2, '=') {
				return e, m.errorf(lo, "expected 'attributes #N = { ... }'")
			}
			e.Name = m.Text(lo + 1)
		case "define", "declare":
			e.Kind = KindFunction
			fi, err := m.parseFuncHeader(lo, hi, first == "declare")
			if err != nil {
				return e, err
			}
			e.Fn = fi
			e.Name = m.Text(fi.NameTok)
		default:
			return e, m.errorf(lo, "unexpected top-level token %q", first)
		}
	case TokLocal:
		e.Kind = KindType
		e.Name = first
		if !m.isPunct(lo+1, '=') {
			return e, m.errorf(lo, "expected '=' after type name %s", first)
		}
	case TokComdat:
		e.Kind = KindComdat
		e.Name = first
	case TokGlobal:
		e.Name = first
		if !m.isPunct(lo+1, '=') {
			return e, m.errorf(lo, "expected '=' after global name %s", first)
		}
		e.Kind = KindGlobal
		for t := lo + 2; t < hi && m.Toks[t].Kind == TokWord; t++ {
			switch m.Text(t) {
			case "alias":
				e.Kind = KindAlias
			case "ifunc":
				e.Kind = KindIFunc
			case "global", "constant":
			default:
				continue
			}
			break
		}
	case TokMeta:
		e.Name = first
		if isNumberedMD(first) {
			e.Kind = KindMD
		} else {
			e.Kind = KindNamedMD
		}
		if !m.isPunct(lo+1, '=') {
			return e, m.errorf(lo, "expected '=' after metadata %s", first)
		}
	default:
		return e, m.errorf(lo, "unexpected top-level token %q", first)
	}
	return e, nil
}

func isNumberedMD(name string) bool {
	if len(name) < 2 || name[0] != '!' {
		return false
	}
	for i := 1; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
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

func (m *Module) parseFuncHeader(lo, hi int, decl bool) (*FuncInfo, error) {
	fi := &FuncInfo{IsDecl: decl, PrefixLo: lo + 1, BodyLo: -1, NameTok: -1}
	t := lo + 1
	for ; t < hi && m.Toks[t].Kind == TokWord; t++ {
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
	fi.RetLo = t
	for ; t < hi; t++ {
		if m.Toks[t].Kind == TokGlobal && m.isPunct(t+1, '(') {
			fi.NameTok = t
			break
		}
		if m.Toks[t].Kind == TokPunct && (m.isPunct(t, '(') || m.isPunct(t, '[') || m.isPunct(t, '{') || m.isPunct(t, '<')) {
			// Skip bracketed parts of the return type (function types, structs).
			if e := m.match(t, hi); e > 0 {
				t = e
			}
		}
	}
	if fi.NameTok < 0 {
		return nil, m.errorf(lo, "expected function name")
	}
	fi.ParamsLo = fi.NameTok + 1
	fi.ParamsHi = m.match(fi.ParamsLo, hi)
	if fi.ParamsHi < 0 {
		return nil, m.errorf(fi.ParamsLo, "unterminated parameter list")
	}
	t = fi.ParamsHi + 1
	for t < hi {
		s := m.Text(t)
		it := TailItem{Lo: t, Hi: t + 1}
		switch m.Toks[t].Kind {
		case TokAttrGrp:
			it.Kind = TailAttrGroup
		case TokMeta:
			it.Kind = TailAttachment
			if t+1 < hi && (m.Toks[t+1].Kind == TokMeta) {
				it.Hi = t + 2
				if !isNumberedMD(m.Text(t+1)) && (m.isPunct(t+2, '(') || m.isPunct(t+2, '{')) { // inline node: !{...} or !DI...(...)
					if e := m.match(t+2, hi); e > 0 {
						it.Hi = e + 1
					}
				}
			}
		case TokString:
			it.Kind = TailAttr
			if m.isPunct(t+1, '=') && t+2 < hi {
				it.Hi = t + 3
			}
		case TokPunct:
			if s == "{" && !decl {
				fi.BodyLo = t
				return fi, nil
			}
			return nil, m.errorf(t, "unexpected %q in function header", s)
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
				it.Kind = TailAttr
				if m.isPunct(t+1, '(') { // memory(...), addrspace(1), vscale_range(..)
					it.Hi = m.match(t+1, hi) + 1
				}
			}
		}
		if it.Hi <= it.Lo || it.Hi > hi {
			return nil, m.errorf(t, "malformed function header")
		}
		fi.Tail = append(fi.Tail, it)
		t = it.Hi
	}
	if !decl {
		return nil, m.errorf(lo, "function definition without body")
	}
	return fi, nil
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
	case m.Toks[t].Kind == TokWord && m.Text(t) == "target" && m.isPunct(t+1, '('):
		t = m.match(t+1, hi) + 1
	default:
		t++
	}
	for t < hi {
		switch {
		case m.Toks[t].Kind == TokWord && m.Text(t) == "addrspace" && m.isPunct(t+1, '('):
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

// skipTypedValue skips "<type> <constant>" starting at t.
func (m *Module) skipTypedValue(t, hi int) int {
	t = m.skipType(t, hi)
	if t >= hi {
		return hi
	}
	if m.Toks[t].Kind == TokWord && m.isPunct(t+1, '(') {
		return m.match(t+1, hi) + 1
	}
	return t + 1
}
