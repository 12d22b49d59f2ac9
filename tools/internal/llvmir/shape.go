package llvmir

import "fmt"

// checkShape checks that a classified entity has the top-level shape of
// its kind up to its last token, as llvm-as's parser would: an entity
// runs until the next line that starts a top-level construct, so a line
// of junk after a complete entity (or a truncated one) ends up inside it
// and must be rejected here. Bracketed parts (initializers, metadata
// operands, attribute lists, function bodies) are only balanced, not
// parsed.
func (m *Module) checkShape(e *Entity) error {
	lo, hi := e.Lo, e.Hi
	switch e.Kind {
	case KindSourceFilename: // source_filename = "x"
		if err := m.expectPunct(lo+1, hi, '='); err != nil {
			return err
		}
		if err := m.expectKind(lo+2, hi, TokString, "expected string constant"); err != nil {
			return err
		}
		return m.expectEnd(lo+3, hi)
	case KindTarget: // target datalayout|triple = "x"
		if lo+1 >= hi || m.Tok(lo+1).Kind != TokWord || m.Text(lo+1) != "datalayout" && m.Text(lo+1) != "triple" {
			return m.errorIn(lo+1, hi, "unknown target property")
		}
		if err := m.expectPunct(lo+2, hi, '='); err != nil {
			return err
		}
		if err := m.expectKind(lo+3, hi, TokString, "expected string constant"); err != nil {
			return err
		}
		return m.expectEnd(lo+4, hi)
	case KindModuleAsm: // module asm "x"
		if lo+1 >= hi || m.Tok(lo+1).Kind != TokWord || m.Text(lo+1) != "asm" {
			return m.errorIn(lo+1, hi, "expected 'module asm'")
		}
		if err := m.expectKind(lo+2, hi, TokString, "expected string constant"); err != nil {
			return err
		}
		return m.expectEnd(lo+3, hi)
	case KindComdat: // $c = comdat any
		if err := m.expectPunct(lo+1, hi, '='); err != nil {
			return err
		}
		if lo+2 >= hi || m.Tok(lo+2).Kind != TokWord || m.Text(lo+2) != "comdat" {
			return m.errorIn(lo+2, hi, "expected comdat keyword")
		}
		if lo+3 >= hi || m.Tok(lo+3).Kind != TokWord {
			return m.errorIn(lo+3, hi, "expected comdat type")
		}
		switch m.Text(lo + 3) {
		case "any", "exactmatch", "largest", "noduplicates", "nodeduplicate", "samesize":
		default:
			return m.errorf(lo+3, "unknown selection kind")
		}
		return m.expectEnd(lo+4, hi)
	case KindAttrGroup: // attributes #N = { ... } (#N and = checked by classify)
		return m.expectGroupToEnd(lo+3, hi, '{')
	case KindType: // %T = type opaque | type <type>
		if lo+2 >= hi || m.Tok(lo+2).Kind != TokWord || m.Text(lo+2) != "type" {
			return m.errorIn(lo+2, hi, "expected 'type'")
		}
		t := lo + 3
		if t < hi && m.Tok(t).Kind == TokWord && m.Text(t) == "opaque" {
			return m.expectEnd(t+1, hi)
		}
		if !m.isTypeStart(t, hi) {
			return m.errorIn(t, hi, "expected type")
		}
		return m.expectEnd(m.skipFullType(t, hi), hi)
	case KindMD, KindNamedMD: // !N = [distinct] !{...} | !DIx(...); !name = !{...}
		t := lo + 2
		if e.Kind == KindMD && t < hi && m.Tok(t).Kind == TokWord && m.Text(t) == "distinct" {
			t++
		}
		if t >= hi || m.Tok(t).Kind != TokMeta || isNumberedMD(m.Text(t)) {
			return m.errorIn(t, hi, "expected metadata node")
		}
		if m.Text(t) == "!" || e.Kind == KindNamedMD {
			return m.expectGroupToEnd(t+1, hi, '{')
		}
		return m.expectGroupToEnd(t+1, hi, '(')
	case KindSummary: // ^N = name: (...) | name: N
		t := lo + 3
		if t >= hi || m.Tok(t).Kind != TokWord {
			return m.errorIn(t, hi, "expected summary entry kind")
		}
		if err := m.expectPunct(t+1, hi, ':'); err != nil {
			return err
		}
		if t+2 < hi && m.Tok(t+2).Kind == TokWord {
			return m.expectEnd(t+3, hi)
		}
		return m.expectGroupToEnd(t+2, hi, '(')
	case KindUseList: // uselistorder ..., { N, ... }
		// The indexes are the first "{" after a comma outside brackets
		// (the value may be a constant with brackets of its own).
		for u := lo + 1; u < hi; u++ {
			open := m.isPunct(u, '{') || m.isPunct(u, '(') || m.isPunct(u, '[') || m.isPunct(u, '<')
			if !open {
				continue
			}
			e := m.match(u, hi)
			if e < 0 {
				break
			}
			if m.isPunct(u, '{') && m.isPunct(u-1, ',') {
				return m.expectEnd(e+1, hi)
			}
			u = e
		}
		return m.errorIn(hi, hi, "expected uselistorder indexes")
	case KindGlobal, KindAlias, KindIFunc:
		return m.checkGlobalShape(e)
	}
	return nil
}

// checkGlobalShape checks what follows the global/constant (alias, ifunc)
// keyword: type, initializer (unless the linkage is external or
// extern_weak), then ", section ...", ", align N", ", !kind !N", ... and
// attribute groups.
func (m *Module) checkGlobalShape(e *Entity) error {
	lo, hi := e.Lo, e.Hi
	t := lo + 2
	external := false
	for ; t < hi && m.Tok(t).Kind == TokWord; t++ {
		s := m.Text(t)
		if s == "global" || s == "constant" || s == "alias" || s == "ifunc" {
			break
		}
		if s == "external" || s == "extern_weak" {
			external = true
		}
		if m.isPunct(t+1, '(') { // thread_local(...), addrspace(N)
			t = m.match(t+1, hi)
		}
	}
	t++
	if !m.isTypeStart(t, hi) {
		return m.errorIn(t, hi, "expected type")
	}
	t = m.skipType(t, hi)
	if e.Kind == KindGlobal {
		if !external {
			if t = m.skipValue(t, hi); t < 0 {
				return m.errorIn(-t-1, hi, "expected value token")
			}
		}
	} else {
		if m.isPunct(t, '(') { // a function type: alias void (), ptr @f
			t = m.match(t, hi) + 1
		}
		if err := m.expectPunct(t, hi, ','); err != nil {
			return err
		}
		// The aliasee's type may be left out before a constant
		// expression (alias i8, getelementptr (...)).
		t++
		if !(t < hi && m.Tok(t).Kind == TokWord && constExprWords[m.Text(t)]) {
			if !m.isTypeStart(t, hi) {
				return m.errorIn(t, hi, "expected type")
			}
			t = m.skipType(t, hi)
		}
		if t = m.skipValue(t, hi); t < 0 {
			return m.errorIn(-t-1, hi, "expected value token")
		}
	}
	for t < hi {
		switch {
		case m.Tok(t).Kind == TokAttrGrp:
			t++
			continue
		case !m.isPunct(t, ','):
			return m.expectEnd(t, hi)
		}
		t++
		if t >= hi {
			return m.errorIn(t, hi, "expected global property")
		}
		switch m.Tok(t).Kind {
		case TokMeta:
			if t+1 >= hi || m.Tok(t+1).Kind != TokMeta || isNumberedMD(m.Text(t)) {
				return m.errorIn(t+1, hi, "expected metadata attachment")
			}
			t = m.attachmentEnd(t, hi)
		case TokWord:
			switch m.Text(t) {
			case "section", "partition", "code_model":
				if err := m.expectKind(t+1, hi, TokString, "expected string constant"); err != nil {
					return err
				}
				t += 2
			case "align":
				if t+1 >= hi || m.Tok(t+1).Kind != TokWord || !isDigits(m.Text(t+1)) {
					return m.errorIn(t+1, hi, "expected alignment")
				}
				t += 2
			default: // comdat[($c)], sanitizer flags, later keywords
				t++
				if m.isPunct(t, '(') {
					if e := m.match(t, hi); e > 0 {
						t = e + 1
					}
				}
			}
		default:
			return m.errorf(t, "expected global property")
		}
	}
	return nil
}

// skipValue returns the index after the constant starting at t, or -t-1
// if no constant starts there: a bracketed aggregate, a string, a global,
// a number or constant keyword, or a constant expression.
func (m *Module) skipValue(t, hi int) int {
	if t >= hi {
		return -t - 1
	}
	switch m.Tok(t).Kind {
	case TokString, TokGlobal:
		return t + 1
	case TokPunct:
		if m.isPunct(t, '[') || m.isPunct(t, '{') || m.isPunct(t, '<') {
			if e := m.match(t, hi); e >= 0 {
				return e + 1
			}
		}
		return -t - 1
	case TokWord:
	default:
		return -t - 1
	}
	s := m.Text(t)
	switch {
	case constExprWords[s] || s == "splat" || s == "ptrauth" || s == "extractvalue" || s == "insertvalue" || s == "fneg":
		// Keywords and flag groups, then the operands in parentheses
		// (or the global of dso_local_equivalent / no_cfi).
		for u := t + 1; u < hi; u++ {
			switch {
			case m.isPunct(u, '('):
				e := m.match(u, hi)
				if e < 0 {
					return -u - 1
				}
				if !constExprFlagGroup[m.Text(u-1)] {
					return e + 1
				}
				u = e
			case m.Tok(u).Kind == TokGlobal:
				return u + 1
			case m.Tok(u).Kind != TokWord:
				return -u - 1
			}
		}
		return -hi - 1
	case s == "null" || s == "true" || s == "false" || s == "undef" || s == "poison" || s == "zeroinitializer" || s == "none":
		return t + 1
	case s[0] >= '0' && s[0] <= '9' || s[0] == '-' && len(s) > 1:
		return t + 1
	}
	return -t - 1
}

// skipFullType is skipType that also takes a function type's parameter
// list (void (i32)) and the pointers to it.
func (m *Module) skipFullType(t, hi int) int {
	t = m.skipType(t, hi)
	for m.isPunct(t, '(') {
		e := m.match(t, hi)
		if e < 0 {
			return hi
		}
		t = e + 1
		for m.isPunct(t, '*') {
			t++
		}
	}
	return t
}

// expectPunct checks that token t is the punctuation c.
func (m *Module) expectPunct(t, hi int, c byte) error {
	if t < hi && m.isPunct(t, c) {
		return nil
	}
	return m.errorIn(t, hi, "expected '%c' here", c)
}

// expectKind checks that token t is of kind k.
func (m *Module) expectKind(t, hi int, k TokKind, msg string) error {
	if t < hi && m.Tok(t).Kind == k {
		return nil
	}
	return m.errorIn(t, hi, "%s", msg)
}

// expectEnd checks that the entity ends before token t.
func (m *Module) expectEnd(t, hi int) error {
	if t >= hi {
		return nil
	}
	return m.errorf(t, "expected top-level entity")
}

// expectGroupToEnd checks that token t opens a bracket (c) closed by the
// entity's last token.
func (m *Module) expectGroupToEnd(t, hi int, c byte) error {
	if err := m.expectPunct(t, hi, c); err != nil {
		return err
	}
	e := m.match(t, hi)
	if e < 0 {
		return m.errorIn(hi, hi, "expected '%s'", closing(c))
	}
	return m.expectEnd(e+1, hi)
}

func closing(c byte) string {
	switch c {
	case '{':
		return "}"
	case '(':
		return ")"
	case '[':
		return "]"
	}
	return ">"
}

// shortTok is the text of token t for an error message: quoted, with
// control characters escaped, and cut to a few dozen bytes.
func (m *Module) shortTok(t int) string {
	return shortQuote(m.Text(t))
}

func shortQuote(s string) string {
	const max = 40
	if len(s) > max {
		return fmt.Sprintf("%q...", s[:max])
	}
	return fmt.Sprintf("%q", s)
}

// fnAttrWords are the function attributes and header keywords (LLVM 15 to
// 19) that may start a line of a function header after its parameters.
var fnAttrWords = map[string]bool{}

func init() {
	for _, w := range []string{
		"alignstack", "allockind", "allocsize", "alwaysinline", "builtin", "cold", "convergent",
		"disable_sanitizer_instrumentation", "fn_ret_thunk_extern", "hot", "hybrid_patchable", "inlinehint",
		"jumptable", "memory", "minsize", "mustprogress", "naked", "nobuiltin", "nocallback", "nocf_check",
		"noduplicate", "nofree", "noimplicitfloat", "noinline", "nomerge", "nonlazybind", "noprofile",
		"norecurse", "noredzone", "noreturn", "nosanitize_bounds", "nosanitize_coverage", "nosync",
		"nounwind", "null_pointer_is_valid", "optforfuzzing", "optnone", "optsize", "presplitcoroutine",
		"readnone", "readonly", "returns_twice", "safestack", "sanitize_address", "sanitize_hwaddress",
		"sanitize_memory", "sanitize_memtag", "sanitize_numerical_stability", "sanitize_thread",
		"shadowcallstack", "skipprofile", "speculatable", "speculative_load_hardening", "ssp", "sspreq",
		"sspstrong", "strictfp", "uwtable", "vscale_range", "willreturn", "writeonly", "argmemonly",
		"inaccessiblememonly", "inaccessiblemem_or_argmemonly", "unnamed_addr", "local_unnamed_addr",
		"addrspace", "align", "gc", "section", "partition", "comdat", "personality", "prefix", "prologue",
		"range", "nocapture", "noundef", "nonnull",
	} {
		fnAttrWords[w] = true
	}
}
