package llvmir

import (
	"bytes"
	"io"
	"sort"
	"strings"
)

// Writer accumulates re-emitted entities of one module. It never modifies
// the Module, so one parsed module can feed many outputs.
type Writer struct {
	m      *Module
	buf    []byte
	rename map[string]string
	out    io.Writer // streaming writers flush buf here
	err    error
}

// NewWriter starts an output built from entities of m, kept in memory.
func (m *Module) NewWriter() *Writer { return &Writer{m: m} }

// streamChunk is how much text a streaming writer buffers.
const streamChunk = 64 << 10

// NewStreamWriter starts an output that goes to out as it is written, so
// that an image never has to fit in memory; call Flush at the end.
func (m *Module) NewStreamWriter(out io.Writer) *Writer {
	return &Writer{m: m, out: out, buf: make([]byte, 0, streamChunk+streamChunk/4)}
}

// Reset makes a streaming writer start a new output to out, keeping its
// buffer; the rename map is cleared.
func (w *Writer) Reset(out io.Writer) {
	w.out, w.err, w.rename = out, nil, nil
	w.buf = w.buf[:0]
}

// Bytes returns the text written so far (not for streaming writers).
func (w *Writer) Bytes() []byte { return w.buf }

// Flush writes buffered text of a streaming writer and reports the first
// write error.
func (w *Writer) Flush() error {
	if w.out != nil && w.err == nil && len(w.buf) > 0 {
		_, w.err = w.out.Write(w.buf)
		w.buf = w.buf[:0]
	}
	return w.err
}

// spill flushes a streaming writer whose buffer is full.
func (w *Writer) spill() {
	if w.out != nil && len(w.buf) >= streamChunk {
		w.Flush()
		if w.err != nil {
			w.buf = w.buf[:0] // keep discarding after an error
		}
	}
}

// Raw appends text verbatim.
func (w *Writer) Raw(s string) { w.buf = append(w.buf, s...); w.spill() }

// Entity re-emits e unchanged (except for comments).
func (w *Writer) Entity(e *Entity) {
	w.buf = w.m.appendSpan(w.buf, e.Lo, e.Hi, w.rename)
	w.buf = append(w.buf, '\n')
	if e.Kind == KindFunction && !e.Fn.IsDecl {
		w.buf = append(w.buf, '\n')
	}
	w.spill()
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
	// Linkage, if set, replaces the linkage of a definition that is kept
	// a definition (e.g. "weak_odr"); ignored with Internalize,
	// Externalize or Declare.
	Linkage string
	// AddAttachments are extra metadata attachments, already formatted
	// (e.g. `!sycl_used_aspects !7`), appended after the header's own
	// (definitions only).
	AddAttachments []string
	// ParamAttrs are extra attributes of parameters, by index, already
	// formatted (e.g. `"sycl-implicit-local-arg"`), inserted before the
	// parameter's name (at its end when unnamed).
	ParamAttrs map[int]string
}

// Function re-emits function e with edits.
func (w *Writer) Function(e *Entity, ed FuncEdit) {
	m := w.m
	fi := e.Fn
	if fi == nil || (!ed.Internalize && !ed.Externalize && !ed.Declare && len(ed.AddAttrs) == 0 && ed.Linkage == "" && len(ed.AddAttachments) == 0 && len(ed.ParamAttrs) == 0) || (ed.Declare && fi.IsDecl && len(ed.AddAttrs) == 0) {
		w.Entity(e)
		return
	}
	declare := ed.Declare || fi.IsDecl
	// The header goes straight into w.buf (no strings built per span).
	b := bufAppender{w}
	if declare {
		b.add("declare ")
		if !fi.IsDecl {
			// A former definition becomes a plain external declaration.
			if fi.Visibility != "" && fi.Linkage != "internal" && fi.Linkage != "private" {
				b.add(fi.Visibility + " ")
			}
			if fi.CC != "" {
				b.add(fi.CC + " ")
			}
		} else {
			b.span(int(fi.PrefixLo), int(fi.RetLo))
			if int(fi.PrefixLo) < int(fi.RetLo) {
				b.addByte(' ')
			}
		}
	} else if ed.Internalize {
		b.add("define internal ")
		if fi.CC != "" {
			b.add(fi.CC + " ")
		}
	} else if ed.Externalize {
		b.add("define ")
		for t := int(fi.PrefixLo); t < int(fi.RetLo); t++ {
			if s := m.Text(t); !linkages[s] {
				b.add(s + " ")
			}
		}
	} else if ed.Linkage != "" && !fi.IsDecl {
		b.add("define " + ed.Linkage + " ")
		for t := int(fi.PrefixLo); t < int(fi.RetLo); t++ {
			if s := m.Text(t); !linkages[s] {
				b.add(s + " ")
			}
		}
	} else {
		b.add(m.Text(e.Lo) + " ")
		if int(fi.PrefixLo) < int(fi.RetLo) {
			b.span(int(fi.PrefixLo), int(fi.RetLo))
			b.addByte(' ')
		}
	}
	if len(ed.ParamAttrs) == 0 {
		b.span(int(fi.RetLo), int(fi.ParamsHi)+1)
	} else {
		from := int(fi.RetLo)
		for _, at := range paramAttrPoints(m, fi, ed.ParamAttrs) {
			b.span(from, at.tok)
			b.add(" " + at.attr + " ")
			from = at.tok
		}
		b.span(from, int(fi.ParamsHi)+1)
	}
	// Function attributes must precede section/comdat/align/metadata.
	insertAt := len(fi.Tail)
	for k, it := range fi.Tail {
		if it.Kind == TailSection || it.Kind == TailComdat || it.Kind == TailPersonality || it.Kind == TailAttachment ||
			(it.Kind == TailAttr && (m.str[it.start:it.end] == "align" || m.str[it.start:it.end] == "gc")) {
			insertAt = k
			break
		}
	}
	for k, it := range fi.Tail {
		if k == insertAt {
			for _, a := range ed.AddAttrs {
				b.add(" " + a)
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
		b.addByte(' ')
		b.span(int(it.Lo), int(it.Hi))
	}
	if insertAt == len(fi.Tail) {
		for _, a := range ed.AddAttrs {
			b.add(" " + a)
		}
	}
	if !declare {
		for _, a := range ed.AddAttachments {
			b.add(" " + a)
		}
	}
	if !declare {
		w.buf = append(w.buf, ' ')
		w.buf = m.appendSpan(w.buf, int(fi.BodyLo), e.Hi, w.rename)
		w.buf = append(w.buf, '\n')
	}
	w.buf = append(w.buf, '\n')
	w.spill()
}

// bufAppender appends a function header to its writer's buffer.
type bufAppender struct{ w *Writer }

func (b bufAppender) add(s string)    { b.w.buf = append(b.w.buf, s...) }
func (b bufAppender) addByte(c byte)  { b.w.buf = append(b.w.buf, c) }
func (b bufAppender) span(lo, hi int) { b.w.buf = b.w.m.appendSpan(b.w.buf, lo, hi, b.w.rename) }

// InternalAlias re-emits alias or ifunc e with internal linkage. As for
// functions, the preemption specifier, visibility and DLL storage class go:
// a local symbol must have default visibility and no DLL storage.
func (w *Writer) InternalAlias(e *Entity) {
	m := w.m
	kw := e.Lo + 2
	for kw < e.Hi && !(m.Tok(kw).Kind == TokWord && (m.Text(kw) == "alias" || m.Text(kw) == "ifunc")) {
		kw++
	}
	if e.Kind != KindAlias && e.Kind != KindIFunc || kw >= e.Hi {
		w.Entity(e)
		return
	}
	w.buf = m.appendSpan(w.buf, e.Lo, e.Lo+2, w.rename)
	w.buf = append(w.buf, " internal"...)
	for t := e.Lo + 2; t < kw; t++ {
		if m.Tok(t).Kind == TokWord {
			switch s := m.Text(t); {
			case linkages[s], s == "dso_local", s == "dso_preemptable", s == "default", s == "hidden",
				s == "protected", s == "dllimport", s == "dllexport":
				continue
			}
		}
		w.buf = append(w.buf, ' ')
		w.buf = m.appendSpan(w.buf, t, t+1, w.rename)
	}
	w.buf = append(w.buf, ' ')
	w.buf = m.appendSpan(w.buf, kw, e.Hi, w.rename)
	w.buf = append(w.buf, '\n')
	w.spill()
}

// NamedMD emits `!name = !{ops...}`.
func (w *Writer) NamedMD(name string, ops []string) {
	w.buf = append(w.buf, name+" = !{"+strings.Join(ops, ", ")+"}\n"...)
	w.spill()
}

// MDTuple re-emits metadata entity e. If it is a tuple, each operand is
// passed through edit, which may return "null" for operands naming removed
// globals, or "" to drop the operand; other nodes are emitted verbatim.
func (w *Writer) MDTuple(e *Entity, edit func(op string, lo, hi int) string) {
	m := w.m
	open, close, ok := m.tupleRange(e)
	if !ok || edit == nil {
		if edit != nil && w.specializedNode(e, edit) {
			return
		}
		w.Entity(e)
		return
	}
	var b strings.Builder
	b.WriteString(w.span(e.Lo, open-1))
	b.WriteString(" !{")
	n := 0
	for _, r := range m.splitOperands(open, close) {
		op := edit(w.span(r[0], r[1]), r[0], r[1])
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
		b.WriteString(" " + w.span(close+1, e.Hi))
	}
	b.WriteByte('\n')
	w.buf = append(w.buf, b.String()...)
	w.spill()
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
		if m.Tok(t).Kind == TokWord && (m.Text(t) == "global" || m.Text(t) == "constant") {
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
	var b strings.Builder
	b.WriteString(w.span(e.Lo, ai.CountTok))
	b.WriteString(itoa(len(keep)) + " ")
	b.WriteString(w.span(ai.CountTok+1, ai.Open))
	b.WriteString(" [")
	for i, k := range keep {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(w.span(ai.Elems[k][0], ai.Elems[k][1]))
	}
	b.WriteString("]")
	if ai.Close+1 < e.Hi {
		b.WriteString(w.span(ai.Close+1, e.Hi))
	}
	b.WriteByte('\n')
	w.buf = append(w.buf, b.String()...)
	w.spill()
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

// appendSpan appends the text of tokens [lo, hi) with comments removed
// (the gaps between tokens hold only whitespace and comments, and input
// comments such as test CHECK lines must not leak into outputs) and with
// global names in rename replaced.
func (m *Module) appendSpan(buf []byte, lo, hi int, rename map[string]string) []byte {
	if lo >= hi {
		return buf
	}
	// Fast path: no rename that can apply (renamed names are numbered
	// globals, which have an '@'): the text, minus the comment gaps Parse
	// recorded, if the entity has any.
	if e := m.entityOf(lo); e != nil && hi <= e.Hi {
		start, end := m.Tok(lo).Start, m.tokEnd(hi-1)
		if len(rename) == 0 || bytes.IndexByte(m.Src[start:end], '@') < 0 {
			if !e.hasComment {
				return append(buf, m.Src[start:end]...)
			}
			return m.appendStripped(buf, start, end)
		}
	}
	runStart := m.Tok(lo).Start
	for t := lo; t < hi; t++ {
		tok := m.Tok(t)
		if len(rename) > 0 && tok.Kind == TokGlobal {
			if nn, ok := rename[string(m.Src[tok.Start:tok.End])]; ok {
				buf = append(buf, m.Src[runStart:tok.Start]...)
				buf = append(buf, nn...)
				runStart = tok.End
			}
		}
		if t+1 >= hi {
			break
		}
		gapLo, gapHi := tok.End, m.Tok(t+1).Start
		gap := m.Src[gapLo:gapHi]
		if bytes.IndexByte(gap, ';') < 0 {
			continue
		}
		buf = append(buf, m.Src[runStart:gapLo]...)
		buf = appendGap(buf, gap)
		runStart = gapHi
	}
	return append(buf, m.Src[runStart:m.tokEnd(hi-1)]...)
}

// appendGap appends the gap between two tokens without its comments.
func appendGap(buf, gap []byte) []byte {
	for len(gap) > 0 {
		i := bytes.IndexByte(gap, ';')
		if i < 0 {
			return append(buf, gap...)
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
	return buf
}

// appendStripped appends Src[start:end) (whole tokens) without the
// comments of the gaps Parse recorded: what the token walk of appendSpan
// writes, without lexing the text again.
func (m *Module) appendStripped(buf []byte, start, end uint32) []byte {
	g := m.commentGaps
	k := sort.Search(len(g)/2, func(k int) bool { return g[2*k] >= start })
	run := start
	for ; 2*k < len(g) && g[2*k+1] <= end; k++ {
		lo, hi := g[2*k], g[2*k+1]
		buf = append(buf, m.Src[run:lo]...)
		buf = appendGap(buf, m.Src[lo:hi])
		run = hi
	}
	return append(buf, m.Src[run:end]...)
}

// CleanSpan is Span without comments.
func (m *Module) CleanSpan(lo, hi int) string { return string(m.appendSpan(nil, lo, hi, nil)) }

func (w *Writer) span(lo, hi int) string { return string(w.m.appendSpan(nil, lo, hi, w.rename)) }

// SetRename makes the writer spell global names differently, e.g. to
// renumber unnamed globals (@0, @1, ...) that LLVM 15 requires to be
// dense after some were dropped. Keys and values include the '@'.
func (w *Writer) SetRename(rename map[string]string) { w.rename = rename }

// specializedNode re-emits a node such as `!N = !DITemplateValueParameter(
// name: "F", value: ptr @f)` passing each "field: value" through edit, whose
// result replaces the value. It reports false for other shapes.
func (w *Writer) specializedNode(e *Entity, edit func(op string, lo, hi int) string) bool {
	m := w.m
	t := e.Lo + 2
	if t < e.Hi && m.Tok(t).Kind == TokWord && m.Text(t) == "distinct" {
		t++
	}
	if t+1 >= e.Hi || m.Tok(t).Kind != TokMeta || !m.isPunct(t+1, '(') {
		return false
	}
	close := m.match(t+1, e.Hi)
	if close < 0 {
		return false
	}
	hasGlobal := false
	for u := t + 2; u < close; u++ {
		if m.Tok(u).Kind == TokGlobal {
			hasGlobal = true
		}
	}
	if !hasGlobal {
		return false
	}
	var b strings.Builder
	b.WriteString(w.span(e.Lo, t+2))
	for i, r := range m.splitOperands(t+1, close) {
		if i > 0 {
			b.WriteString(", ")
		}
		// Field syntax: name ':' value.
		if r[1]-r[0] >= 3 && m.isPunct(r[0]+1, ':') {
			b.WriteString(w.span(r[0], r[0]+2) + " ")
			b.WriteString(edit(w.span(r[0]+2, r[1]), r[0]+2, r[1]))
			continue
		}
		b.WriteString(w.span(r[0], r[1]))
	}
	b.WriteString(")")
	if close+1 < e.Hi {
		b.WriteString(" " + w.span(close+1, e.Hi))
	}
	b.WriteByte('\n')
	w.buf = append(w.buf, b.String()...)
	w.spill()
	return true
}

type paramAttrPoint struct {
	tok  int
	attr string
}

// paramAttrPoints gives, in token order, where each parameter attribute
// goes: before the parameter's name token, or before the ',' or ')' that
// ends an unnamed parameter.
func paramAttrPoints(m *Module, fi *FuncInfo, attrs map[int]string) []paramAttrPoint {
	var out []paramAttrPoint
	depth, idx, last := 0, 0, -1
	end := func(t int) {
		if a, ok := attrs[idx]; ok && last >= 0 {
			if m.Tok(last).Kind == TokLocal {
				out = append(out, paramAttrPoint{last, a})
			} else {
				out = append(out, paramAttrPoint{t, a})
			}
		}
	}
	for t := int(fi.ParamsLo) + 1; t <= int(fi.ParamsHi); t++ {
		tok := m.Tok(t)
		if tok.Kind == TokPunct {
			switch m.Text(t) {
			case "(", "[", "{", "<":
				depth++
			case ")", "]", "}", ">":
				if t == int(fi.ParamsHi) {
					end(t)
					return out
				}
				depth--
			case ",":
				if depth == 0 {
					end(t)
					idx++
					last = -1
					continue
				}
			}
		}
		last = t
	}
	return out
}
