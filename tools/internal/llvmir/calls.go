package llvmir

import "strings"

// Keywords that may precede a call's return type or a function's return
// type: fast-math flags, tail markers, and return attributes.
var callPrefixWords = map[string]bool{
	"tail": true, "musttail": true, "notail": true, "fast": true, "nnan": true, "ninf": true, "nsz": true,
	"arcp": true, "contract": true, "afn": true, "reassoc": true, "noundef": true, "zeroext": true,
	"signext": true, "inreg": true, "noalias": true, "nonnull": true, "noext": true,
	"dereferenceable": true, "dereferenceable_or_null": true, "align": true, "range": true, "addrspace": true,
	"nofpclass": true,
}

// skipAttrs skips attribute-like keywords (with optional "(...)" or a
// numeric operand for align) and string attributes ("a", "k"="v")
// starting at t.
func (m *Module) skipAttrs(t, hi int) int {
	for t < hi {
		if m.Tok(t).Kind == TokString { // "attr" or "key"="value"
			t++
			if m.isPunct(t, '=') && t+1 < hi && m.Tok(t+1).Kind == TokString {
				t += 2
			}
			continue
		}
		if m.Tok(t).Kind != TokWord {
			return t
		}
		s := m.Text(t)
		if !callPrefixWords[s] && !isCC(s) {
			return t
		}
		t++
		if m.isPunct(t, '(') {
			if e := m.match(t, hi); e > 0 {
				t = e + 1
			}
		} else if s == "align" && t < hi && m.Tok(t).Kind == TokWord {
			t++
		}
	}
	return t
}

func (m *Module) typeText(lo, hi int) string {
	var b strings.Builder
	for t := lo; t < hi; t++ {
		if t > lo {
			b.WriteByte(' ')
		}
		b.WriteString(m.Text(t))
	}
	return b.String()
}

// paramTypes returns the types of the comma-separated items between the
// brackets at open and close (parameters or call arguments).
func (m *Module) paramTypes(open, close int) []string {
	var out []string
	for _, r := range m.splitOperands(open, close) {
		if r[1]-r[0] == 1 && m.Text(r[0]) == "..." {
			out = append(out, "...")
			continue
		}
		out = append(out, m.typeText(r[0], m.skipType(r[0], r[1])))
	}
	return out
}

// Signature returns a normalized function type of function e, comparable
// with the signatures reported by IndirectCalls.
func (m *Module) Signature(e *Entity) string {
	fi := e.Fn
	rt := m.skipAttrs(int(fi.RetLo), int(fi.NameTok))
	ret := m.typeText(rt, m.skipType(rt, int(fi.NameTok)))
	return ret + "(" + strings.Join(m.paramTypes(int(fi.ParamsLo), int(fi.ParamsHi)), ",") + ")"
}

// IndirectCalls returns the signatures of the indirect calls (calls through
// a local value) in the body of function e.
func (m *Module) IndirectCalls(e *Entity) []string {
	fi := e.Fn
	if fi == nil || int(fi.BodyLo) < 0 {
		return nil
	}
	var sigs []string
	for t := int(fi.BodyLo); t < e.Hi; t++ {
		if m.Tok(t).Kind != TokWord {
			continue
		}
		if s := m.Text(t); s != "call" && s != "invoke" && s != "callbr" {
			continue
		}
		u := m.skipAttrs(t+1, e.Hi)
		rt := u
		te := m.skipType(u, e.Hi)
		ret := m.typeText(rt, te)
		var params []string
		explicit := false
		if m.isPunct(te, '(') {
			close := m.match(te, e.Hi)
			if close < 0 {
				continue
			}
			params = m.paramTypes(te, close)
			explicit = true
			te = close + 1
		}
		if te >= e.Hi || m.Tok(te).Kind != TokLocal || !m.isPunct(te+1, '(') {
			continue
		}
		if !explicit {
			close := m.match(te+1, e.Hi)
			if close < 0 {
				continue
			}
			params = m.paramTypes(te+1, close)
		}
		sigs = append(sigs, ret+"("+strings.Join(params, ",")+")")
	}
	return sigs
}

// AddressTaken reports, for each global token in entity e other than its
// own name, names used other than as a direct callee.
func (m *Module) AddressTaken(e *Entity, fn func(name string)) {
	skip := e.Lo
	if e.Fn != nil {
		skip = int(e.Fn.NameTok)
	}
	for t := e.Lo; t < e.Hi; t++ {
		if t == skip || m.Tok(t).Kind != TokGlobal {
			continue
		}
		if m.isPunct(t+1, '(') {
			continue
		}
		fn(m.Text(t))
	}
}
