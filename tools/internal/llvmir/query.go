package llvmir

import (
	"strconv"
	"strings"
)

// RefKind classifies references found in entity text.
type RefKind uint8

// Reference kinds, by sigil.
const (
	RefGlobal    RefKind = iota // @x
	RefMD                       // !N
	RefAttrGroup                // #N
	RefType                     // %x (may also be a local value; callers filter)
	RefComdat                   // $c
)

// Refs calls fn for every reference in tokens [lo, hi), skipping the
// token at index skip (the entity's own name). Text inside strings and
// comments is never a reference because the lexer already folded it away.
func (m *Module) Refs(lo, hi, skip int, fn func(RefKind, string)) {
	m.refsAt(lo, hi, skip, func(k RefKind, name string, _ int) { fn(k, name) })
}

// refsAt is Refs also passing the token of each reference (that of the
// "comdat" keyword for an implicit comdat).
func (m *Module) refsAt(lo, hi, skip int, fn func(k RefKind, name string, tok int)) {
	for t := lo; t < hi; t++ {
		if t == skip {
			continue
		}
		switch m.Tok(t).Kind {
		case TokGlobal:
			fn(RefGlobal, m.Text(t), t)
		case TokMeta:
			if s := m.Text(t); isNumberedMD(s) {
				fn(RefMD, s, t)
			}
		case TokAttrGrp:
			fn(RefAttrGroup, m.Text(t), t)
		case TokLocal:
			fn(RefType, m.Text(t), t)
		case TokComdat:
			fn(RefComdat, m.Text(t), t)
		case TokWord:
			// A bare "comdat" refers to the comdat named like the global.
			if m.Text(t) == "comdat" && !m.isPunct(t+1, '(') && skip >= 0 {
				fn(RefComdat, "$"+m.Text(skip)[1:], t)
			}
		}
	}
}

// EntityRefs reports the references of a whole entity.
func (m *Module) EntityRefs(e *Entity, fn func(RefKind, string)) {
	m.entityRefsAt(e, func(k RefKind, name string, _ int) { fn(k, name) })
}

func (m *Module) entityRefsAt(e *Entity, fn func(RefKind, string, int)) {
	skip := -1
	if e.Kind == KindGlobal || e.Kind == KindAlias || e.Kind == KindIFunc || e.Kind == KindFunction {
		skip = e.Lo
		if e.Fn != nil {
			skip = int(e.Fn.NameTok)
		}
	}
	switch e.Kind {
	case KindMD, KindNamedMD, KindType, KindComdat:
		m.refsAt(e.Lo+1, e.Hi, -1, fn)
		return
	case KindAttrGroup:
		m.refsAt(e.Lo+2, e.Hi, -1, fn)
		return
	case KindSummary: // refers to other summary entries only (^N)
		return
	}
	m.refsAt(e.Lo, e.Hi, skip, fn)
}

// RefForm selects which references of a function definition count.
type RefForm uint8

// Reference forms (see RefIndices).
const (
	RefsAll          RefForm = iota // the entity as written
	RefsDeclared                    // a definition turned into a declaration
	RefsInternalized                // a definition without its comdat
)

// MayCallIndirectly reports whether function e may contain an indirect
// call: a cheap, conservative test (a local name before '(') known from
// parsing, to skip IndirectCalls, which lexes the whole body again.
func (m *Module) MayCallIndirectly(e *Entity) bool { return e.localCall }

// RefIndices returns the distinct entities (indices into m.Entities) that
// the text of entity i refers to through any sigil (@, %, $, #, !N), as
// EntityRefs reports them but resolved at parse time. Forms other than
// RefsAll only differ for function definitions, as FuncEdit emits them.
// The result aliases the module: do not modify it.
func (m *Module) RefIndices(i int, f RefForm) []int32 {
	e := &m.Entities[i]
	switch f {
	case RefsDeclared:
		return m.refs[e.refLo:e.refDecl]
	case RefsInternalized:
		return m.refs[e.refLo:e.refBody]
	}
	return m.refs[e.refLo:e.refHi]
}

// resolveRefs fills m.refs: per entity, in the order header (what a
// declaration keeps), section/personality/attachments, body, comdat. As
// LLVM, it rejects a module using a global value or numbered metadata
// node that it does not define (see undefUse); intrinsics (@llvm.*) may be
// used undeclared, as LLVM 19 accepts.
func (m *Module) resolveRefs(release func(end int)) error {
	stamp := make([]int32, len(m.Entities))
	var cur int32
	released := 0
	var undef undefUse // the use of an undefined name to report
	add := func(k RefKind, name string, tok int) {
		j, ok := m.Lookup(name)
		if !ok {
			// LLVM 19 declares intrinsics a module only calls.
			if k == RefMD || k == RefGlobal && !strings.HasPrefix(GlobalName(name), "llvm.") {
				if u := newUndefUse(k, name, m.Tok(tok).Start); undef.name == "" || u.before(&undef) {
					undef = u
				}
			}
			return
		}
		if stamp[j] == cur {
			return
		}
		stamp[j] = cur
		m.refs = append(m.refs, int32(j))
	}
	for i := range m.Entities {
		e := &m.Entities[i]
		if release != nil && int(e.Start)-released >= releaseStep {
			released = int(e.Start)
			release(released)
		}
		cur = int32(i + 1)
		e.refLo = uint32(len(m.refs))
		fi := e.Fn
		if fi == nil || fi.IsDecl {
			m.entityRefsAt(e, add)
			e.refDecl, e.refBody, e.refHi = uint32(len(m.refs)), uint32(len(m.refs)), uint32(len(m.refs))
			continue
		}
		m.refsAt(e.Lo, int(fi.ParamsHi)+1, int(fi.NameTok), add)
		for _, it := range fi.Tail {
			if it.Kind == TailAttr || it.Kind == TailAttrGroup {
				m.refsAt(int(it.Lo), int(it.Hi), int(fi.NameTok), add)
			}
		}
		e.refDecl = uint32(len(m.refs))
		for _, it := range fi.Tail {
			if it.Kind == TailSection || it.Kind == TailPersonality || it.Kind == TailAttachment {
				m.refsAt(int(it.Lo), int(it.Hi), int(fi.NameTok), add)
			}
		}
		m.refsAt(int(fi.BodyLo), e.Hi, -1, add)
		for t := int(fi.BodyLo); t+1 < e.Hi; t++ {
			if m.Tok(t).Kind == TokLocal && m.isPunct(t+1, '(') {
				e.localCall = true
				break
			}
		}
		e.refBody = uint32(len(m.refs))
		for _, it := range fi.Tail {
			if it.Kind == TailComdat {
				m.refsAt(int(it.Lo), int(it.Hi), int(fi.NameTok), add)
			}
		}
		e.refHi = uint32(len(m.refs))
	}
	if cap(m.refs) > len(m.refs)+len(m.refs)/8 {
		m.refs = append([]int32(nil), m.refs...)
	}
	if release != nil {
		release(len(m.Src))
	}
	if undef.name != "" {
		if undef.class == 2 {
			// llvm-as points at the number after '!'.
			line, col := lineCol(m.Src, int(undef.pos)+1)
			return &ParseError{m.File, line, col, "use of undefined metadata '" + undef.name + "'"}
		}
		line, col := lineCol(m.Src, int(undef.pos))
		return &ParseError{m.File, line, col, "use of undefined value '@" + GlobalName(undef.name) + "'"}
	}
	return nil
}

// undefUse is a use of an undefined name: class 0 for a named global, 1
// for an unnamed one (@N), 2 for a metadata node (!N).
type undefUse struct {
	class int
	name  string
	pos   uint32
}

func newUndefUse(k RefKind, name string, pos uint32) undefUse {
	u := undefUse{name: name, pos: pos}
	switch {
	case k == RefMD:
		u.class = 2
	case !isQuotedName(name) && isDigits(name[1:]):
		u.class = 1
	}
	return u
}

// before orders uses of undefined names as llvm-as picks the one it
// reports: named globals by name, then unnamed ones by number, then
// metadata nodes by number; the first use of a name.
func (u *undefUse) before(v *undefUse) bool {
	switch {
	case u.class != v.class:
		return u.class < v.class
	case u.class == 0 && !SameName(u.name, v.name):
		return GlobalName(u.name) < GlobalName(v.name)
	case u.class != 0 && len(u.name) != len(v.name): // numbers without leading zeros
		return len(u.name) < len(v.name)
	case u.class != 0 && u.name != v.name:
		return u.name < v.name
	}
	return u.pos < v.pos
}

// Unquote returns the contents of a quoted string token text (with or
// without a leading sigil or 'c'), decoding \XX escapes.
func Unquote(s string) string {
	q := strings.IndexByte(s, '"')
	if q < 0 {
		return s
	}
	s = s[q+1:]
	s = strings.TrimSuffix(s, `"`)
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == '\\' {
			b.WriteByte('\\')
			i++
			continue
		}
		if s[i] == '\\' && i+3 <= len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// GlobalName returns the bare name of an @/%/$ token text, unquoted.
func GlobalName(s string) string {
	if len(s) > 1 && s[1] == '"' {
		return Unquote(s)
	}
	return s[1:]
}

// FuncAttr looks up a function attribute of e, first among the inline
// attributes after the parameter list, then in its attribute groups.
// Valueless string attributes and keyword attributes give "".
func (m *Module) FuncAttr(e *Entity, key string) (string, bool) {
	if e.Fn == nil {
		return "", false
	}
	for _, it := range e.Fn.Tail {
		switch it.Kind {
		case TailAttr:
			// The key is the first token: a word, or a string whose
			// value (if any) follows '='.
			k := m.str[it.start:it.end]
			isStr := k[0] == '"' || len(k) > 1 && k[0] == 'c' && k[1] == '"'
			if k != key && !(isStr && Unquote(k) == key) {
				continue
			}
			if v, ok := m.attrAt(int(it.Lo), int(it.Hi), key); ok {
				return v, true
			}
		case TailAttrGroup:
			if it.group > 0 {
				if v, ok := m.numberedGroupAttr(it.group, key); ok {
					return v, true
				}
				continue
			}
			if v, ok := m.groupAttr(m.Text(int(it.Lo)), key); ok {
				return v, true
			}
		}
	}
	return "", false
}

// attrGroupNumber returns N+1 for "#N" (N a plain decimal number below
// 2^31-1), else 0.
func attrGroupNumber(s string) int32 {
	if len(s) < 2 || len(s) > 10 || s[0] != '#' || (s[1] == '0' && len(s) > 2) {
		return 0
	}
	n := int32(0)
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int32(c-'0')
	}
	return n + 1
}

// numberedGroupAttr is groupAttr for group #(num-1), whose entity index
// is cached by number: the group's name is not lexed again.
func (m *Module) numberedGroupAttr(num int32, key string) (string, bool) {
	g, ok := m.groupIdx[num]
	if !ok {
		g = -1
		if i, found := m.Lookup("#" + strconv.Itoa(int(num-1))); found {
			g = int32(i)
		}
		if m.groupIdx == nil {
			m.groupIdx = map[int32]int32{}
		}
		m.groupIdx[num] = g
	}
	if g < 0 {
		return "", false
	}
	return m.groupAttr(m.Entities[g].Name, key)
}

func (m *Module) attrAt(lo, hi int, key string) (string, bool) {
	if lo >= m.ntoks {
		return "", false
	}
	if m.Tok(lo).Kind == TokString {
		if Unquote(m.Text(lo)) != key {
			return "", false
		}
		if hi-lo >= 3 {
			return Unquote(m.Text(lo + 2)), true
		}
		return "", true
	}
	if m.Tok(lo).Kind == TokWord && m.Text(lo) == key {
		return "", true
	}
	return "", false
}

// Attachment returns the metadata node ("!N") attached to function e under
// kind (without '!'), e.g. "reqd_work_group_size".
func (m *Module) Attachment(e *Entity, kind string) (string, bool) {
	if e.Fn == nil {
		return "", false
	}
	for _, it := range e.Fn.Tail {
		if it.Kind == TailAttachment && int(it.Hi)-int(it.Lo) == 2 && m.Text(int(it.Lo)) == "!"+kind {
			return m.Text(int(it.Lo) + 1), true
		}
	}
	return "", false
}

// MDOperands returns the operand texts of the metadata tuple named name
// (e.g. "!5" or "!opencl.ocl.version"), or nil if it is not a tuple.
func (m *Module) MDOperands(name string) ([]string, bool) {
	i, ok := m.Lookup(name)
	if !ok {
		return nil, false
	}
	lo, hi, ok := m.tupleRange(&m.Entities[i])
	if !ok {
		return nil, false
	}
	var ops []string
	for _, r := range m.splitOperands(lo, hi) {
		ops = append(ops, m.Span(r[0], r[1]))
	}
	return ops, true
}

// tupleRange finds the '{' and '}' token indices of a metadata tuple entity.
func (m *Module) tupleRange(e *Entity) (int, int, bool) {
	t := e.Lo + 2 // after "!x ="
	if t < e.Hi && m.Tok(t).Kind == TokWord && m.Text(t) == "distinct" {
		t++
	}
	if t+1 < e.Hi && m.Tok(t).Kind == TokMeta && m.Text(t) == "!" && m.isPunct(t+1, '{') {
		end := m.match(t+1, e.Hi)
		if end < 0 {
			return 0, 0, false
		}
		return t + 1, end, true
	}
	return 0, 0, false
}

// splitOperands splits tokens between brackets open..close at top-level commas.
func (m *Module) splitOperands(open, close int) [][2]int {
	var out [][2]int
	start := open + 1
	depth := 0
	for t := open + 1; t < close; t++ {
		if m.Tok(t).Kind != TokPunct {
			continue
		}
		switch m.Src[m.Tok(t).Start] {
		case '{', '(', '[', '<':
			depth++
		case '}', ')', ']', '>':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, [2]int{start, t})
				start = t + 1
			}
		}
	}
	if start < close {
		out = append(out, [2]int{start, close})
	}
	return out
}

// MDInts parses integer operands ("i32 5") of a metadata tuple. Operands that
// are themselves nodes are resolved one level deep through pick, which gets
// the operand texts of the nested tuple.
func ParseIntOperand(op string) (int64, bool) {
	f := strings.Fields(op)
	if len(f) != 2 || !strings.HasPrefix(f[0], "i") {
		return 0, false
	}
	v, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		u, err2 := strconv.ParseUint(f[1], 10, 64)
		if err2 != nil {
			if f[1] == "true" {
				return 1, true
			}
			if f[1] == "false" {
				return 0, true
			}
			return 0, false
		}
		v = int64(u)
	}
	return v, true
}

// StringValue returns the quoted value of a top-level statement such as
// source_filename = "x".
func (m *Module) StringValue(e *Entity) string {
	for t := e.Lo; t < e.Hi; t++ {
		if m.Tok(t).Kind == TokString {
			return Unquote(m.Text(t))
		}
	}
	return ""
}

// GlobalLinkage returns the linkage keyword of a global variable or alias
// ("" when implicit external), and whether it is a declaration
// (`external`/`extern_weak` without initializer).
func (m *Module) GlobalLinkage(e *Entity) (linkage string, isDecl bool) {
	if e.Fn != nil {
		return e.Fn.Linkage, e.Fn.IsDecl
	}
	for t := e.Lo + 2; t < e.Hi && m.Tok(t).Kind == TokWord; t++ {
		s := m.Text(t)
		if linkages[s] {
			linkage = s
		}
		if s == "global" || s == "constant" || s == "alias" || s == "ifunc" {
			break
		}
	}
	return linkage, linkage == "external" || linkage == "extern_weak"
}

// ParseUintOperand parses "iN V" and zero-extends V from N bits.
func ParseUintOperand(op string) (uint64, bool) {
	v, ok := ParseIntOperand(op)
	if !ok {
		return 0, false
	}
	f := strings.Fields(op)
	bits, err := strconv.Atoi(f[0][1:])
	if err == nil && bits > 0 && bits < 64 {
		return uint64(v) & (1<<uint(bits) - 1), true
	}
	return uint64(v), true
}

// GlobalAttr looks up an attribute of a global variable: global variables
// carry attributes only through attribute groups (`#N` after the
// initializer).
func (m *Module) GlobalAttr(e *Entity, key string) (string, bool) {
	if e.Fn != nil {
		return m.FuncAttr(e, key)
	}
	for _, g := range m.globalAttrGroups(e) {
		if v, ok := m.groupAttr(g, key); ok {
			return v, true
		}
	}
	return "", false
}

// globalAttrGroups lists the attribute groups global variable e names, in
// order, lexing e once.
func (m *Module) globalAttrGroups(e *Entity) []string {
	if gs, ok := m.globalGroups[e.Lo]; ok {
		return gs
	}
	var gs []string
	for t := e.Lo; t < e.Hi; t++ {
		if m.Tok(t).Kind == TokAttrGrp {
			gs = append(gs, m.Text(t))
		}
	}
	if m.globalGroups == nil {
		m.globalGroups = map[int][]string{}
	}
	m.globalGroups[e.Lo] = gs
	return gs
}

func (m *Module) groupAttr(group, key string) (string, bool) {
	g, ok := m.Lookup(group)
	if !ok || m.Entities[g].Kind != KindAttrGroup {
		return "", false
	}
	kvs, ok := m.groups[int32(g)]
	if !ok {
		kvs = m.groupKVs(g)
		if m.groups == nil {
			m.groups = map[int32][]attrKV{}
		}
		m.groups[int32(g)] = kvs
	}
	for _, kv := range kvs {
		if kv.key == key {
			return kv.val, true
		}
	}
	return "", false
}

// attrKV is one attribute of an attribute group, as attrAt reads it.
type attrKV struct{ key, val string }

// groupKVs lists the attributes of attribute group entity g (cached by
// groupAttr: functions look them up for every image).
func (m *Module) groupKVs(g int) []attrKV {
	var kvs []attrKV
	ge := &m.Entities[g]
	for t := ge.Lo + 4; t < ge.Hi-1; {
		end := t + 1
		if m.Tok(t).Kind == TokString && m.isPunct(t+1, '=') {
			end = t + 3
		} else if m.isPunct(t+1, '(') {
			end = m.match(t+1, ge.Hi) + 1
		}
		switch m.Tok(t).Kind {
		case TokString:
			kv := attrKV{key: Unquote(m.Text(t))}
			if end-t >= 3 {
				kv.val = Unquote(m.Text(t + 2))
			}
			kvs = append(kvs, kv)
		case TokWord:
			kvs = append(kvs, attrKV{key: m.Text(t)})
		}
		if end <= t { // malformed: match found nothing
			break
		}
		t = end
	}
	return kvs
}

// QuoteString spells s as an IR string literal, escaping '"', '\' and
// non-printable bytes as \XX.
func QuoteString(s string) string {
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(s)+2)
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x7f {
			b = append(b, '\\', hex[c>>4], hex[c&15])
			continue
		}
		b = append(b, c)
	}
	return string(append(b, '"'))
}

// QuoteName spells name (decoded, without sigil) after sigil as LLVM's
// lexer reads it: bare when it matches [-a-zA-Z$._][-a-zA-Z$._0-9]*, quoted
// otherwise (so a name starting with a digit, even an all-digit one,
// which bare would be an unnamed value, is quoted). QuoteName('@', n)
// finds, through Lookup, the global whose GlobalName is n.
func QuoteName(sigil byte, name string) string {
	plain := name != "" && !(name[0] >= '0' && name[0] <= '9')
	for i := 0; plain && i < len(name); i++ {
		c := name[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$' || c == '-'
	}
	if plain {
		return string(sigil) + name
	}
	return string(sigil) + QuoteString(name)
}
