package split

import (
	"io"
	"sort"
	"strconv"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Image is one extracted device image.
type Image struct {
	Text []byte
	// Entries are the entry point names (unquoted), in module order.
	Entries []string
	// EntryIdx are their entity indices in the input module.
	EntryIdx []int
	// Kernels are the entity indices of the entry points that are kernels.
	Kernels []int
	// Defs are the entity indices of functions defined in the image.
	Defs []int
	// Decls are the entity indices of functions declared in the image.
	Decls []int
	// Globals are the entity indices of global variables in the image.
	Globals []int
}

func (img *Image) hasGlobal(i int) bool {
	for _, g := range img.Globals {
		if g == i {
			return true
		}
	}
	return false
}

// linkage kinds that may be dropped when unused.
func discardable(linkage string) bool {
	switch linkage {
	case "internal", "private", "linkonce", "linkonce_odr", "available_externally":
		return true
	}
	return false
}

// Named metadata whose operands name kernels and must lose the entries of
// kernels that are not in the image.
func prunedByFirstOperand(name string) bool {
	return name == "!nvvm.annotations" || name == "!spirv.ExecutionMode"
}

// Extract builds the device image of group grp: the group's entry points
// and everything they reach, with non-entry definitions internalized and
// unreachable entities and metadata dropped.
func (g *Graph) Extract(grp Group) *Image {
	img, emit := g.analyze(grp)
	w := g.m.NewWriter()
	emit(w)
	img.Text = w.Bytes()
	return img
}

// ExtractTo is Extract streaming the image text to out instead of keeping
// it; Image.Text stays nil.
func (g *Graph) ExtractTo(grp Group, out io.Writer) (*Image, error) {
	img, emit := g.analyze(grp)
	if g.sw == nil {
		g.sw = g.m.NewStreamWriter(out)
	} else {
		g.sw.Reset(out)
	}
	emit(g.sw)
	err := g.sw.Flush()
	g.sw.Reset(nil)
	return img, err
}

// releaseEntities is how many entities an image writes between calls of
// Options.Release.
const releaseEntities = 512

// mdHasGlobal reports whether metadata node i names a global value (such
// operands may need to become null); other nodes are copied verbatim.
func (g *Graph) mdHasGlobal(i int32) bool {
	for _, j := range g.m.RefIndices(int(i), llvmir.RefsAll) {
		if isGlobalValue(g.m.Entities[j].Kind) {
			return true
		}
	}
	return false
}

// emissionOrder lists entity indices in the order LLVM prints a module:
// header, types, comdats, globals, aliases, functions, attribute groups,
// named metadata, metadata; input order within each kind.
func emissionOrder(m *llvmir.Module) []int32 {
	rank := func(k llvmir.Kind) int {
		switch k {
		case llvmir.KindSourceFilename, llvmir.KindTarget, llvmir.KindModuleAsm, llvmir.KindOther:
			return 0
		case llvmir.KindType:
			return 1
		case llvmir.KindComdat:
			return 2
		case llvmir.KindGlobal:
			return 3
		case llvmir.KindAlias, llvmir.KindIFunc:
			return 4
		case llvmir.KindFunction:
			return 5
		case llvmir.KindAttrGroup:
			return 6
		case llvmir.KindNamedMD:
			return 7
		case llvmir.KindMD:
			return 8
		}
		return 9
	}
	order := make([]int32, len(m.Entities))
	for i := range order {
		order[i] = int32(i)
	}
	sort.SliceStable(order, func(a, b int) bool {
		return rank(m.Entities[order[a]].Kind) < rank(m.Entities[order[b]].Kind)
	})
	return order
}

// renumber maps the unnamed globals (@0, @1, ...) that stay in the image
// to dense numbers in emission order: LLVM 15 rejects gaps.
func (g *Graph) renumber(order []int32, form []uint8) map[string]string {
	m := g.m
	var rename map[string]string
	next := 0
	for _, i := range order {
		e := &m.Entities[i]
		if g.flags[i]&flNumbered == 0 || form[i] == drop {
			continue
		}
		if nn := "@" + strconv.Itoa(next); nn != e.Name {
			if rename == nil {
				rename = map[string]string{}
			}
			rename[e.Name] = nn
		}
		next++
	}
	return rename
}

func isNumberedGlobal(name string) bool {
	if len(name) < 2 {
		return false
	}
	for i := 1; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

// firstOperandLive reports whether the tuple op's first operand is a global
// that is still in the image.
func firstOperandLive(m *llvmir.Module, op string, emitted func(string) bool) bool {
	j, ok := m.Lookup(op)
	if !ok {
		return true
	}
	ranges, ok := m.TupleOperands(&m.Entities[j])
	if !ok || len(ranges) == 0 {
		return true
	}
	r := ranges[0]
	if r[1]-r[0] == 1 && m.Text(r[0]) == "null" {
		return false
	}
	for t := r[0]; t < r[1]; t++ {
		if m.Tok(t).Kind == llvmir.TokGlobal && !emitted(m.Text(t)) {
			return false
		}
	}
	return true
}

// writeUsedList emits llvm.used / llvm.compiler.used with only the elements
// whose globals are defined in the image, or nothing if none remain.
func (g *Graph) writeUsedList(w *llvmir.Writer, e *llvmir.Entity, live func(string) bool) {
	m := g.m
	ai, ok := m.GlobalArrayInit(e)
	if !ok {
		return
	}
	var keep []int
	for k, r := range ai.Elems {
		ok := true
		for t := r[0]; t < r[1]; t++ {
			if m.Tok(t).Kind == llvmir.TokGlobal && !live(m.Text(t)) {
				ok = false
			}
		}
		if ok {
			keep = append(keep, k)
		}
	}
	if len(keep) > 0 {
		w.GlobalArray(e, ai, keep)
	}
}

// aliasDefined reports whether every global value the aliasee of alias
// (or the resolver of ifunc) i names is defined in the image, following
// aliases of aliases, as the verifier requires.
func (g *Graph) aliasDefined(i int32, form []uint8, depth int) bool {
	m := g.m
	if depth > 64 {
		return false // a cycle; invalid input
	}
	for _, j := range m.RefIndices(int(i), llvmir.RefsAll) {
		d := &m.Entities[j]
		switch d.Kind {
		case llvmir.KindFunction:
			if form[j] == drop || form[j] == declare || d.Fn.IsDecl {
				return false
			}
		case llvmir.KindGlobal:
			if _, decl := m.GlobalLinkage(d); form[j] == drop || decl {
				return false
			}
		case llvmir.KindAlias, llvmir.KindIFunc:
			if form[j] == drop || form[j] == declare || !g.aliasDefined(j, form, depth+1) {
				return false
			}
		}
	}
	return true
}

// aliasInternalizable reports whether alias or ifunc i may become
// internal: it is not local or available_externally already, and no
// function it leads to (through aliases of aliases) is one that other
// images reach by name.
func (g *Graph) aliasInternalizable(i int32) bool {
	m := g.m
	switch l, _ := m.GlobalLinkage(&m.Entities[i]); l {
	case "internal", "private", "available_externally":
		return false
	}
	// Walk the aliasees once each (aliases of aliases may share targets or
	// form cycles in invalid input).
	seen := map[int32]bool{i: true}
	stack := []int32{i}
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range m.RefIndices(int(a), llvmir.RefsAll) {
			switch m.Entities[j].Kind {
			case llvmir.KindFunction:
				if g.flags[j]&(flIndirectlyCallable|flReferencedIndirectly) != 0 {
					return false
				}
			case llvmir.KindAlias, llvmir.KindIFunc:
				if !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	return true
}

// aliasDecl spells alias or ifunc e as the declaration CloneModule makes of
// an alias it does not clone: an external function of the alias's value
// type if that is a function type, else an external global variable, in
// the aliasee's address space.
func (g *Graph) aliasDecl(e *llvmir.Entity, rename map[string]string) string {
	m := g.m
	name := e.Name
	if nn, ok := rename[name]; ok {
		name = nn
	}
	punct := func(t int) byte {
		if m.Tok(t).Kind != llvmir.TokPunct {
			return 0
		}
		return m.Src[m.Tok(t).Start]
	}
	t := e.Lo + 2
	for t < e.Hi && !(m.Tok(t).Kind == llvmir.TokWord && (m.Text(t) == "alias" || m.Text(t) == "ifunc")) {
		t++
	}
	tyLo := t + 1
	// The value type ends at the first top-level comma.
	tyHi, depth := tyLo, 0
scan:
	for ; tyHi < e.Hi; tyHi++ {
		switch punct(tyHi) {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		case ',':
			if depth == 0 {
				break scan
			}
		}
	}
	// The address space of the aliasee's type (before any constant
	// expression's parentheses).
	as := ""
	depth = 0
	for u := tyHi + 1; u+3 < e.Hi && m.Tok(u).Kind != llvmir.TokGlobal; u++ {
		switch punct(u) {
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}', '>':
			depth--
		}
		if depth == 0 && m.Tok(u).Kind == llvmir.TokWord && m.Text(u) == "addrspace" && punct(u+1) == '(' {
			if n := m.Text(u + 2); n != "0" {
				as = n
			}
			break
		}
	}
	// A function type ends with its parameter list.
	if tyHi-1 > tyLo && punct(tyHi-1) == ')' {
		open, d := -1, 0
		for u := tyHi - 1; u >= tyLo; u-- {
			switch punct(u) {
			case ')', ']', '}', '>':
				d++
			case '(', '[', '{', '<':
				d--
			}
			if d == 0 {
				open = u
				break
			}
		}
		if open > tyLo && !(m.Tok(open-1).Kind == llvmir.TokWord && m.Text(open-1) == "addrspace") {
			s := "declare " + m.CleanSpan(tyLo, open) + " " + name + "(" + m.CleanSpan(open+1, tyHi-1) + ")"
			if as != "" {
				s += " addrspace(" + as + ")"
			}
			return s
		}
	}
	s := name + " = external "
	if as != "" {
		s += "addrspace(" + as + ") "
	}
	return s + "global " + m.CleanSpan(tyLo, tyHi)
}

// liveDbgGlobals returns the test StripDeadDebugInfo applies to the
// DIGlobalVariableExpressions in a compile unit's `globals:` list: live if
// a global variable of the image is attached to it (!dbg) or its
// expression is a constant. Dropped entries are left out of the list
// (which stays, possibly empty, as LLVM leaves it).
func (g *Graph) liveDbgGlobals(queue []int32, form []uint8) func(int32) bool {
	if len(g.dbgGlobals) == 0 {
		return func(int32) bool { return true }
	}
	m := g.m
	live := g.dbgLive
	for k := range live {
		delete(live, k)
	}
	for _, i := range queue {
		if m.Entities[i].Kind != llvmir.KindGlobal || form[i] == drop {
			continue
		}
		for _, j := range m.RefIndices(int(i), llvmir.RefsAll) {
			if m.Entities[j].Kind == llvmir.KindMD {
				live[j] = true
			}
		}
	}
	return func(j int32) bool { return live[j] || g.dbgConst[j] }
}
