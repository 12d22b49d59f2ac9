package annotate

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/split"
)

// decorationHostAccess is SPIR-V's HostAccessINTEL decoration: the
// reverse translation leaves it in !spirv.Decorations as
// !{i32 6147, i32 ACCESS, !"UNIQUE ID"} (LLVM 15 translator), the one place where a device
// global's unique id survives.
const decorationHostAccess = "i32 6147"

// MissingError reports a kernel or device global the sets name that the
// module does not define.
type MissingError struct {
	File, What, Name string
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("%s: %s %s of the per-kernel property sets is not defined in the module", e.File, e.What, errtext.Quote(e.Name))
}

// Annotate returns the text of m with the sets written onto it, as the
// metadata and attributes tools/internal/split reads:
//   - per entry point: !sycl_kernel_omit_args (one i1 per argument),
//     !sycl_used_aspects, !sycl_fixed_targets, !sycl_joint_matrix(_mad),
//     !work_group_num_dim, "sycl-optlevel"; !reqd_work_group_size and
//     !intel_reqd_sub_group_size only where the module lacks them (SPIR-V
//     keeps both as execution modes);
//   - per device global (found by the unique id of its HostAccessINTEL
//     decoration): "sycl-device-global-size", "sycl-unique-id" and, with
//     device_image_scope, "sycl-device-image-scope", in a new attribute
//     group;
//   - every spir_kernel definition of external linkage becomes weak_odr, so
//     that a template kernel instantiated in two TUs links.
//
// What the module already has is kept, not duplicated: annotating twice
// changes nothing. New metadata nodes and attribute groups are numbered
// after the module's own, in module order.
func Annotate(m *llvmir.Module, s *Sets) ([]byte, error) {
	nextMD, nextGroup := freeNumbers(m)
	nodes := map[string]string{} // node text -> !N
	var nodeOrder []string
	node := func(text string) string {
		if ref, ok := nodes[text]; ok {
			return ref
		}
		ref := "!" + strconv.Itoa(nextMD)
		nextMD++
		nodes[text] = ref
		nodeOrder = append(nodeOrder, text)
		return ref
	}

	entries := map[string]*Entry{}
	for i := range s.Entries {
		entries[s.Entries[i].Name] = &s.Entries[i]
	}
	globals := map[string]*DeviceGlobal{}
	for i := range s.DeviceGlobals {
		globals[s.DeviceGlobals[i].ID] = &s.DeviceGlobals[i]
	}
	found := map[string]bool{}
	foundGlobal := map[string]bool{}

	w := m.NewWriter()
	var groups []string
	for i := range m.Entities {
		e := &m.Entities[i]
		switch e.Kind {
		case llvmir.KindFunction:
			if e.Fn.IsDecl {
				w.Entity(e)
				continue
			}
			var ed llvmir.FuncEdit
			if en, ok := entries[llvmir.GlobalName(e.Name)]; ok {
				found[en.Name] = true
				ed = entryEdit(m, e, en, node)
			}
			if e.Fn.CC == "spir_kernel" && (e.Fn.Linkage == "" || e.Fn.Linkage == "external") {
				ed.Linkage = "weak_odr"
			}
			w.Function(e, ed)
		case llvmir.KindGlobal:
			id, ok := uniqueID(m, e)
			dg := globals[id]
			if !ok || dg == nil {
				w.Entity(e)
				continue
			}
			foundGlobal[id] = true
			text, group := globalEdit(m, e, dg, nextGroup)
			if group == "" {
				w.Entity(e)
				continue
			}
			nextGroup++
			groups = append(groups, group)
			w.Raw(text + "\n")
		default:
			w.Entity(e)
		}
	}
	for _, en := range s.Entries {
		if !found[en.Name] {
			return nil, &MissingError{m.File, "entry point", en.Name}
		}
	}
	for _, dg := range s.DeviceGlobals {
		if !foundGlobal[dg.ID] {
			return nil, &MissingError{m.File, "device global with unique id", dg.ID}
		}
	}
	for _, g := range groups {
		w.Raw(g + "\n")
	}
	for _, text := range nodeOrder {
		w.Raw(nodes[text] + " = " + text + "\n")
	}
	return dropEmptyTemplateParams(dropWrapDecorations(w.Bytes())), nil
}

var (
	mdNode     = regexp.MustCompile(`^(![0-9]+) = (?:distinct )?!\{(.*)\}$`)
	decoration = regexp.MustCompile(`, !spirv\.Decorations (![0-9]+)`)
)

// dropWrapDecorations removes the !spirv.Decorations attachments that
// hold only NoSignedWrap (4469) / NoUnsignedWrap (4470) decorations of
// instructions or LinkageAttributes (41) of globals: newer translators
// (LLVM 19's llvm-spirv) reading SPIR-V back keep them beside the nsw/nuw
// flags and the linkage that say the same, and the forward translation
// then decorates twice, which spirv-val rejects. The flags and linkage
// stay.
func dropWrapDecorations(text []byte) []byte {
	if !bytes.Contains(text, []byte("!spirv.Decorations")) {
		return text
	}
	lines := strings.Split(string(text), "\n")
	operands := map[string]string{}
	for _, l := range lines {
		if m := mdNode.FindStringSubmatch(l); m != nil {
			operands[m[1]] = strings.TrimSpace(m[2])
		}
	}
	wrapOnly := func(node string) bool {
		ops := operands[node]
		if ops == "" {
			return false
		}
		for _, op := range strings.Split(ops, ",") {
			d := operands[strings.TrimSpace(op)]
			if d != "i32 4469" && d != "i32 4470" && !strings.HasPrefix(d, "i32 41,") {
				return false
			}
		}
		return true
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "!") || !strings.Contains(l, "!spirv.Decorations") {
			continue
		}
		lines[i] = decoration.ReplaceAllStringFunc(l, func(att string) string {
			if wrapOnly(decoration.FindStringSubmatch(att)[1]) {
				return ""
			}
			return att
		})
	}
	return []byte(strings.Join(lines, "\n"))
}

var templateParams = regexp.MustCompile(`, templateParams: (![0-9]+)`)

// dropEmptyTemplateParams removes the `templateParams: !N` of debug info
// nodes whose list !N is empty: SPIRV-LLVM-Translator 22 reading
// NonSemantic.Shader.DebugInfo.200 back gives every function declaration
// one (`templateParams: !{}`), and its forward translation then wraps each
// in a DebugTypeTemplate of no parameters around a DebugFunctionDeclaration
// (285 of them in a zero-fill kernel of 15 lines), which the CPU device's
// SPIR-V reader rejects ("references an id that is not defined: 0") and
// spirv-val too; libsycl-jit's own images have none. Without debug info
// nothing changes.
func dropEmptyTemplateParams(text []byte) []byte {
	if !bytes.Contains(text, []byte("templateParams: !")) {
		return text
	}
	lines := strings.Split(string(text), "\n")
	empty := map[string]bool{}
	for _, l := range lines {
		if m := mdNode.FindStringSubmatch(l); m != nil && strings.TrimSpace(m[2]) == "" {
			empty[m[1]] = true
		}
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "!") || !strings.Contains(l, "templateParams: !") {
			continue
		}
		lines[i] = templateParams.ReplaceAllStringFunc(l, func(att string) string {
			if empty[templateParams.FindStringSubmatch(att)[1]] {
				return ""
			}
			return att
		})
	}
	return []byte(strings.Join(lines, "\n"))
}

// entryEdit is what function e gets from entry en, leaving out what it has.
func entryEdit(m *llvmir.Module, e *llvmir.Entity, en *Entry, node func(string) string) llvmir.FuncEdit {
	var ed llvmir.FuncEdit
	attach := func(kind string, ops []string, always bool) {
		if len(ops) == 0 && !always {
			return
		}
		if _, has := m.Attachment(e, kind); has {
			return
		}
		ed.AddAttachments = append(ed.AddAttachments, "!"+kind+" "+node("!{"+strings.Join(ops, ", ")+"}"))
	}
	if en.OmitArgs != nil {
		ops := make([]string, len(en.OmitArgs))
		for i, b := range en.OmitArgs {
			ops[i] = "i1 " + strconv.FormatBool(b)
		}
		attach("sycl_kernel_omit_args", ops, true)
	}
	attach("sycl_used_aspects", ints32(en.Aspects), false)
	attach("sycl_fixed_targets", ints32(en.FixedTargets), false)
	if en.JointMatrix != "" {
		attach("sycl_joint_matrix", []string{"!" + llvmir.QuoteString(en.JointMatrix)}, false)
	}
	if en.JointMatrixMad != "" {
		attach("sycl_joint_matrix_mad", []string{"!" + llvmir.QuoteString(en.JointMatrixMad)}, false)
	}
	if en.WorkGroupNumDim != nil {
		attach("work_group_num_dim", ints32([]uint32{*en.WorkGroupNumDim}), false)
	}
	if len(en.ReqdWorkGroupSize) > 0 {
		if _, has := m.FuncAttr(e, "sycl-work-group-size"); !has {
			var ops []string
			for _, v := range en.ReqdWorkGroupSize {
				ops = append(ops, "i64 "+strconv.FormatUint(v, 10))
			}
			attach("reqd_work_group_size", ops, false)
		}
	}
	if en.ReqdSubGroupSize != nil {
		if _, has := m.FuncAttr(e, "sycl-sub-group-size"); !has {
			attach("intel_reqd_sub_group_size", ints32([]uint32{*en.ReqdSubGroupSize}), false)
		}
	}
	attr := func(name, value string) {
		if _, has := m.FuncAttr(e, name); !has {
			ed.AddAttrs = append(ed.AddAttrs, llvmir.QuoteString(name)+"="+llvmir.QuoteString(value))
		}
	}
	if en.OptLevel != nil {
		attr("sycl-optlevel", strconv.FormatUint(uint64(*en.OptLevel), 10))
	}
	if en.IDQueriesRange != nil {
		attr(split.AttrIDQueriesRange, strconv.FormatUint(uint64(*en.IDQueriesRange), 10))
	}
	if en.WorkGroupStatic {
		attr("sycl-work-group-static", "1")
	}
	if en.DynamicLocalMem {
		attr(split.AttrWorkGroupDynamicLocalMem, "1")
	}
	if en.ImplicitLocalArg != nil {
		ed.ParamAttrs = map[int]string{int(*en.ImplicitLocalArg): llvmir.QuoteString(split.AttrImplicitLocalArg)}
	}
	return ed
}

// ints32 spells values as i32 operands (aspect values above 2^31 wrap, as
// the producer's int does).
func ints32(v []uint32) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = "i32 " + strconv.FormatInt(int64(int32(x)), 10)
	}
	return out
}

// globalEdit returns global e's text with a new attribute group #group
// holding its old group's attributes (if any) and the device-global ones it
// lacks, and that group's text; group text "" when it lacks none.
func globalEdit(m *llvmir.Module, e *llvmir.Entity, dg *DeviceGlobal, group int) (string, string) {
	want := [][2]string{
		{"sycl-device-global-size", strconv.FormatUint(uint64(dg.Size), 10)},
		{"sycl-unique-id", dg.ID},
	}
	if dg.ImageScope {
		want = append(want, [2]string{"sycl-device-image-scope", ""})
	}
	var add []string
	for _, kv := range want {
		if _, has := m.GlobalAttr(e, kv[0]); has {
			continue
		}
		a := llvmir.QuoteString(kv[0])
		if kv[1] != "" || kv[0] != "sycl-device-image-scope" {
			a += "=" + llvmir.QuoteString(kv[1])
		}
		add = append(add, a)
	}
	if len(add) == 0 {
		return "", ""
	}
	ref := "#" + strconv.Itoa(group)
	// An existing group reference is replaced by the new group, which
	// starts with the old one's attributes.
	var old string
	text := ""
	last := e.Lo
	for t := e.Lo; t < e.Hi; t++ {
		if m.Tok(t).Kind != llvmir.TokAttrGrp {
			continue
		}
		if g, ok := m.Lookup(m.Text(t)); ok && m.Entities[g].Kind == llvmir.KindAttrGroup {
			ge := &m.Entities[g]
			// attributes #N = { ... }: the tokens inside the braces.
			old = m.CleanSpan(ge.Lo+4, ge.Hi-1)
		}
		if t > last {
			text += m.CleanSpan(last, t) + " "
		}
		last = t + 1
	}
	if last < e.Hi {
		text += m.CleanSpan(last, e.Hi)
	}
	text = strings.TrimRight(text, " ") + " " + ref
	body := strings.Join(add, " ")
	if old != "" {
		body = old + " " + body
	}
	return text, "attributes " + ref + " = { " + body + " }"
}

// uniqueID returns the unique id of global e's HostAccessINTEL decoration.
func uniqueID(m *llvmir.Module, e *llvmir.Entity) (string, bool) {
	for t := e.Lo; t+1 < e.Hi; t++ {
		if m.Tok(t).Kind != llvmir.TokMeta || m.Text(t) != "!spirv.Decorations" {
			continue
		}
		decos, ok := m.MDOperands(m.Text(t + 1))
		if !ok {
			return "", false
		}
		for _, d := range decos {
			ops, ok := m.MDOperands(d)
			if !ok || len(ops) < 2 || ops[0] != decorationHostAccess {
				continue
			}
			for _, op := range ops[1:] {
				if strings.HasPrefix(op, `!"`) {
					return llvmir.Unquote(op[1:]), true
				}
			}
		}
	}
	return "", false
}

// freeNumbers returns the first metadata node number and attribute group
// number the module does not use.
func freeNumbers(m *llvmir.Module) (md, group int) {
	for i := range m.Entities {
		e := &m.Entities[i]
		var n *int
		var digits string
		switch {
		case e.Kind == llvmir.KindMD && strings.HasPrefix(e.Name, "!"):
			n, digits = &md, e.Name[1:]
		case e.Kind == llvmir.KindAttrGroup && strings.HasPrefix(e.Name, "#"):
			n, digits = &group, e.Name[1:]
		default:
			continue
		}
		if v, err := strconv.Atoi(digits); err == nil && v >= *n {
			*n = v + 1
		}
	}
	return md, group
}
