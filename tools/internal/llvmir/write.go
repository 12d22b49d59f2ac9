package llvmir

import (
	"bytes"
	"strings"
)

// Writer accumulates re-emitted entities of one module. It never modifies
// the Module, so one parsed module can feed many outputs.
type Writer struct {
	m   *Module
	buf []byte
}

// NewWriter starts an output built from entities of m.
func (m *Module) NewWriter() *Writer { return &Writer{m: m} }

// Bytes returns the text written so far.
func (w *Writer) Bytes() []byte { return w.buf }

// Raw appends text verbatim.
func (w *Writer) Raw(s string) { w.buf = append(w.buf, s...) }

// Entity re-emits e unchanged (except for comments).
func (w *Writer) Entity(e *Entity) {
	w.buf = w.m.appendSpan(w.buf, e.Lo, e.Hi)
	w.buf = append(w.buf, '\n')
	if e.Kind == KindFunction && !e.Fn.IsDecl {
		w.buf = append(w.buf, '\n')
	}
}

// FuncEdit describes how to change a function when re-emitting it.
type FuncEdit struct {
	// Internalize gives the definition internal linkage; visibility,
	// DLL storage, preemption specifiers and the comdat are dropped
	// because they are invalid or meaningless on local symbols.
	Internalize bool
	// Externalize gives the definition external linkage (no linkage
	// keyword) so that it stays in the image even if unused.
	Externalize bool
	// Declare turns a definition into a declaration: the body, comdat,
	// section, personality/prefix/prologue and metadata attachments go.
	Declare bool
	// AddAttrs are extra function attributes, already formatted
	// (e.g. `"sycl-module-id"="a.cl"`), inserted after the parameter list.
	AddAttrs []string
}

// Function re-emits function e with edits.
func (w *Writer) Function(e *Entity, ed FuncEdit) {
	m := w.m
	fi := e.Fn
	if fi == nil || (!ed.Internalize && !ed.Externalize && !ed.Declare && len(ed.AddAttrs) == 0) || (ed.Declare && fi.IsDecl && len(ed.AddAttrs) == 0) {
		w.Entity(e)
		return
	}
	declare := ed.Declare || fi.IsDecl
	var b strings.Builder
	if declare {
		b.WriteString("declare ")
		if !fi.IsDecl {
			// A former definition becomes a plain external declaration.
			if fi.Visibility != "" && fi.Linkage != "internal" && fi.Linkage != "private" {
				b.WriteString(fi.Visibility + " ")
			}
			if fi.CC != "" {
				b.WriteString(fi.CC + " ")
			}
		} else {
			b.WriteString(m.Span(fi.PrefixLo, fi.RetLo))
			if fi.PrefixLo < fi.RetLo {
				b.WriteByte(' ')
			}
		}
	} else if ed.Internalize {
		b.WriteString("define internal ")
		if fi.CC != "" {
			b.WriteString(fi.CC + " ")
		}
	} else if ed.Externalize {
		b.WriteString("define ")
		for t := fi.PrefixLo; t < fi.RetLo; t++ {
			if s := m.Text(t); !linkages[s] {
				b.WriteString(s + " ")
			}
		}
	} else {
		b.WriteString(m.Text(e.Lo) + " ")
		if fi.PrefixLo < fi.RetLo {
			b.WriteString(m.Span(fi.PrefixLo, fi.RetLo) + " ")
		}
	}
	b.WriteString(m.Span(fi.RetLo, fi.ParamsHi+1))
	// Function attributes must precede section/comdat/align/metadata.
	insertAt := len(fi.Tail)
	for k, it := range fi.Tail {
		if it.Kind == TailSection || it.Kind == TailComdat || it.Kind == TailPersonality || it.Kind == TailAttachment ||
			(it.Kind == TailAttr && (m.Text(it.Lo) == "align" || m.Text(it.Lo) == "gc")) {
			insertAt = k
			break
		}
	}
	for k, it := range fi.Tail {
		if k == insertAt {
			for _, a := range ed.AddAttrs {
				b.WriteString(" " + a)
			}
		}
		switch it.Kind {
		case TailComdat:
			if declare || ed.Internalize {
				continue
			}
		case TailSection, TailPersonality, TailAttachment:
			if declare && !fi.IsDecl {
				continue
			}
		}
		b.WriteByte(' ')
		b.WriteString(m.Span(it.Lo, it.Hi))
	}
	if insertAt == len(fi.Tail) {
		for _, a := range ed.AddAttrs {
			b.WriteString(" " + a)
		}
	}
	if !declare {
		b.WriteByte(' ')
		b.WriteString(m.CleanSpan(fi.BodyLo, e.Hi))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	w.buf = append(w.buf, b.String()...)
}

// NamedMD emits `!name = !{ops...}`.
func (w *Writer) NamedMD(name string, ops []string) {
	w.buf = append(w.buf, name+" = !{"+strings.Join(ops, ", ")+"}\n"...)
}

// MDTuple re-emits metadata entity e. If it is a tuple, each operand is
// passed through edit, which may return "null" for operands naming removed
// globals, or "" to drop the operand; other nodes are emitted verbatim.
func (w *Writer) MDTuple(e *Entity, edit func(op string, lo, hi int) string) {
	m := w.m
	open, close, ok := m.tupleRange(e)
	if !ok || edit == nil {
		w.Entity(e)
		return
	}
	var b strings.Builder
	b.WriteString(m.Span(e.Lo, open-1))
	b.WriteString(" !{")
	n := 0
	for _, r := range m.splitOperands(open, close) {
		op := edit(m.Span(r[0], r[1]), r[0], r[1])
		if op == "" {
			continue // dropped operand
		}
		if n > 0 {
			b.WriteString(", ")
		}
		b.WriteString(op)
		n++
	}
	b.WriteString("}")
	if close+1 < e.Hi {
		b.WriteString(" " + m.Span(close+1, e.Hi))
	}
	b.WriteByte('\n')
	w.buf = append(w.buf, b.String()...)
}

// TupleOperands returns the token ranges of the operands of tuple entity e.
func (m *Module) TupleOperands(e *Entity) ([][2]int, bool) {
	open, close, ok := m.tupleRange(e)
	if !ok {
		return nil, false
	}
	return m.splitOperands(open, close), true
}

// ArrayInit locates the array initializer of a global such as
// `@llvm.used = appending global [2 x ptr] [ptr @a, ptr @b], section ...`:
// the element count token, and the operand ranges of the initializer.
type ArrayInit struct {
	CountTok    int
	Open, Close int
	Elems       [][2]int
}

// GlobalArrayInit finds the array type and initializer of global e.
func (m *Module) GlobalArrayInit(e *Entity) (ArrayInit, bool) {
	for t := e.Lo + 2; t < e.Hi; t++ {
		if m.Toks[t].Kind == TokWord && (m.Text(t) == "global" || m.Text(t) == "constant") {
			if !m.isPunct(t+1, '[') {
				return ArrayInit{}, false
			}
			tyEnd := m.match(t+1, e.Hi)
			if tyEnd < 0 || !m.isPunct(tyEnd+1, '[') {
				return ArrayInit{}, false
			}
			close := m.match(tyEnd+1, e.Hi)
			if close < 0 {
				return ArrayInit{}, false
			}
			return ArrayInit{CountTok: t + 2, Open: tyEnd + 1, Close: close, Elems: m.splitOperands(tyEnd+1, close)}, true
		}
	}
	return ArrayInit{}, false
}

// GlobalArray re-emits global e keeping only the initializer elements at
// the given indices (e.g. to trim llvm.used).
func (w *Writer) GlobalArray(e *Entity, ai ArrayInit, keep []int) {
	m := w.m
	var b strings.Builder
	b.WriteString(m.Span(e.Lo, ai.CountTok))
	b.WriteString(itoa(len(keep)) + " ")
	b.WriteString(m.Span(ai.CountTok+1, ai.Open))
	b.WriteString(" [")
	for i, k := range keep {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.Span(ai.Elems[k][0], ai.Elems[k][1]))
	}
	b.WriteString("]")
	if ai.Close+1 < e.Hi {
		b.WriteString(m.Span(ai.Close+1, e.Hi))
	}
	b.WriteByte('\n')
	w.buf = append(w.buf, b.String()...)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	return string(d)
}

// appendSpan appends the text of tokens [lo, hi) with comments removed:
// the gaps between tokens hold only whitespace and comments, and comments
// from the input (e.g. test CHECK lines) must not leak into outputs.
func (m *Module) appendSpan(buf []byte, lo, hi int) []byte {
	if lo >= hi {
		return buf
	}
	runStart := m.Toks[lo].Start
	for t := lo; t+1 < hi; t++ {
		gapLo, gapHi := m.Toks[t].End, m.Toks[t+1].Start
		gap := m.Src[gapLo:gapHi]
		if bytes.IndexByte(gap, ';') < 0 {
			continue
		}
		buf = append(buf, m.Src[runStart:gapLo]...)
		for len(gap) > 0 {
			i := bytes.IndexByte(gap, ';')
			if i < 0 {
				buf = append(buf, gap...)
				break
			}
			buf = append(buf, bytes.TrimRight(gap[:i], " \t")...)
			j := bytes.IndexByte(gap[i:], '\n')
			if j < 0 {
				break
			}
			gap = gap[i+j:]
			// Drop the line break of a line that held only the comment.
			if len(buf) > 0 && buf[len(buf)-1] == '\n' {
				gap = gap[1:]
			}
		}
		runStart = gapHi
	}
	return append(buf, m.Src[runStart:m.Toks[hi-1].End]...)
}

// CleanSpan is Span without comments.
func (m *Module) CleanSpan(lo, hi int) string { return string(m.appendSpan(nil, lo, hi)) }
