package specconst

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// The spec-constant buffer of emulated images.
//
// DPC++ compiles device code for an AOT triple (spir64_x86_64, spir64_gen)
// with the kernel parameter the integration header lists last for a kernel
// that takes a kernel_handler (kind_specialization_constants_buffer), passes
// it to the spec-constant intrinsics, and sycl-post-link -spec-const=emulation
// turns their calls into loads from it. Code compiled for the JIT triple
// spir64 (libsycl-jit, whatever target it ends up in) passes a null buffer
// instead, and dead-argument elimination removes the parameter, which the
// kernel's SYCL/kernel param opt mask then marks eliminated; libsycl sets the
// kept arguments in order, skipping the eliminated ones. Emulating such an
// image's constants means giving those kernels the parameter back (last, as
// the header lists it), clearing its bit in the mask (the runtime then passes
// the buffer at that index), and reading the constants from it: in the
// kernel itself and, through a parameter added to each of them, in the
// functions between the kernel and the reads that the front end did not
// inline (every one at -O0).

// Options are Lower's inputs beyond the image.
type Options struct {
	// ParamMasks are the kernels' SYCL/kernel param opt masks by kernel
	// name (one element per source-level argument, true where dead-argument
	// elimination removed it), for images whose IR does not carry them
	// (SPIR-V read back); nil: each kernel's !sycl_kernel_omit_args, which
	// tools/annotate writes from the same sets.
	ParamMasks map[string][]bool
	// NullBuffers says the image was compiled for the JIT triple spir64
	// (libsycl-jit's images): its intrinsic calls never get the kernel's
	// buffer, also where dead-argument elimination kept the parameter
	// (-O0: no mask element marks it, and the kernel_handler the reads go
	// through holds null). Such a kernel's reads then come from its last
	// parameter. Without it, only kernels whose mask marks the buffer
	// eliminated change (sycl-post-link's inputs keep the calls' buffer).
	NullBuffers bool
}

// bufferParam names the restored kernel parameter as DPC++'s front end does.
const bufferParam = "_arg__specialization_constants_buffer"

// kernelArgMD are the per-argument metadata of a kernel with the element
// the restored buffer (a global char *) takes in each.
var kernelArgMD = map[string]string{
	"kernel_arg_addr_space":      "i32 1",
	"kernel_arg_access_qual":     `!"none"`,
	"kernel_arg_type":            `!"char*"`,
	"kernel_arg_base_type":       `!"char*"`,
	"kernel_arg_type_qual":       `!""`,
	"kernel_arg_name":            `!"` + bufferParam + `"`,
	"kernel_arg_buffer_location": "i32 -1",
	"kernel_arg_runtime_aligned": "i1 false",
	"kernel_arg_exclusive_ptr":   "i1 false",
}

// fnInfo is what the buffer threading knows of one defined function.
type fnInfo struct {
	fn      *function
	name    string
	kernel  bool
	callers map[string]bool
	callees map[string]bool
	reads   bool   // calls a spec-constant intrinsic itself
	taken   string // a use other than a direct call ("" if none)
}

// restoreBuffers gives every kernel whose spec-constant buffer parameter
// was eliminated the parameter back and points the intrinsic calls it
// reaches at it; calls is every intrinsic call by callee.
func (lw *lowerer) restoreBuffers(calls map[string][]*callSite) error {
	m := lw.m
	byFn := map[*function][]*callSite{}
	for _, name := range m.scDecls {
		for _, cs := range calls[name] {
			byFn[cs.fn] = append(byFn[cs.fn], cs)
		}
	}
	infos, order, err := lw.callGraph(byFn)
	if err != nil {
		return err
	}
	// The kernels that read (or call what reads): restored, those whose
	// buffer is gone; kept, those whose last parameter is it.
	var restored, kept []*fnInfo
	masks := map[string][]bool{}
	for _, name := range order {
		fi := infos[name]
		if !fi.kernel || !reachesReads(infos, name, map[string]bool{}) {
			continue
		}
		mask, ok, err := lw.kernelMask(fi)
		if err != nil {
			return err
		}
		if !(ok && len(mask) > 0 && mask[len(mask)-1]) {
			if lw.opts.NullBuffers {
				kept = append(kept, fi)
			}
			continue
		}
		// The kept parameters are the kernel's: the mask must be this
		// kernel's, or the runtime would set the wrong arguments.
		n, err := lw.paramCount(fi.fn.start)
		if err != nil {
			return err
		}
		if k := keptCount(mask); n != k {
			return m.errAt(fi.fn.start, fmt.Sprintf("%s has %d parameters, but its SYCL/kernel param opt mask keeps %d of %d", llvmir.QuoteName('@', name), n, k, len(mask)))
		}
		restored = append(restored, fi)
		masks[name] = mask
	}
	if len(restored) == 0 && len(kept) == 0 {
		return nil
	}
	hasBuffer := map[string]bool{}
	for _, fi := range append(append([]*fnInfo{}, restored...), kept...) {
		hasBuffer[fi.name] = true
	}
	// Every function between such a kernel and a read takes the buffer as
	// a parameter of its own.
	threaded := map[string]bool{}
	var visit func(name string) error
	visit = func(name string) error {
		for _, c := range sortedKeys(infos[name].callees) {
			ci := infos[c]
			if ci.kernel || threaded[c] || !reachesReads(infos, c, map[string]bool{}) {
				continue
			}
			if why := lw.unthreadable(ci); why != "" {
				return m.errAt(ci.fn.start, fmt.Sprintf("%s reads specialization constants outside the kernels that call it, which cannot pass it their spec-constant buffer: %s", llvmir.QuoteName('@', c), why))
			}
			threaded[c] = true
			if err := visit(c); err != nil {
				return err
			}
		}
		return nil
	}
	for _, name := range order {
		if hasBuffer[name] {
			if err := visit(name); err != nil {
				return err
			}
		}
	}
	// Callers the buffer cannot come from.
	for _, name := range sortedKeys(threaded) {
		for _, c := range sortedKeys(infos[name].callers) {
			if ci := infos[c]; !threaded[c] && !hasBuffer[c] {
				return m.errAt(ci.fn.start, fmt.Sprintf("%s calls %s, which reads specialization constants, but has no spec-constant buffer to pass it", llvmir.QuoteName('@', c), llvmir.QuoteName('@', name)))
			}
		}
	}
	bufTy := &irType{kind: kPtr, elem: &irType{kind: kInt, bits: 8}, as: 1}
	if lw.opaquePointers() {
		bufTy.elem = nil
	}
	bufs := map[string]string{}
	for _, fi := range restored {
		b, err := lw.addParam(fi, bufTy, bufferParam)
		if err != nil {
			return err
		}
		bufs[fi.name] = b
		if err := lw.extendKernelMD(fi); err != nil {
			return err
		}
		mask := append([]bool{}, masks[fi.name]...)
		mask[len(mask)-1] = false
		if lw.paramMasks == nil {
			lw.paramMasks = map[string][]bool{}
		}
		lw.paramMasks[fi.name] = mask
	}
	for _, fi := range kept {
		b, err := lw.lastParam(fi, bufTy)
		if err != nil {
			return err
		}
		bufs[fi.name] = b
	}
	for _, name := range sortedKeys(threaded) {
		b, err := lw.addParam(infos[name], bufTy, "spec.buffer")
		if err != nil {
			return err
		}
		bufs[name] = b
	}
	// Calls of threaded functions pass the caller's buffer.
	for _, name := range append(append(kernelNames(restored), kernelNames(kept)...), sortedKeys(threaded)...) {
		fi := infos[name]
		for li := fi.fn.start + 1; li < fi.fn.end; li++ {
			if err := lw.passBuffer(li, threaded, bufTy.String()+" "+bufs[name]); err != nil {
				return err
			}
		}
		fi.fn.defs = nil
		for _, cs := range byFn[fi.fn] {
			first := 0
			if cs.sret {
				first = 1
			}
			cs.args[first+2] = argument{typ: bufTy, value: bufs[name]}
		}
	}
	return nil
}

func keptCount(mask []bool) int {
	n := 0
	for _, omit := range mask {
		if !omit {
			n++
		}
	}
	return n
}

func kernelNames(fis []*fnInfo) []string {
	out := make([]string, len(fis))
	for i, fi := range fis {
		out[i] = fi.name
	}
	return out
}

func sortedKeys(s map[string]bool) []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// reachesReads tells whether name, or a non-kernel function it calls,
// calls a spec-constant intrinsic.
func reachesReads(infos map[string]*fnInfo, name string, seen map[string]bool) bool {
	if seen[name] {
		return false
	}
	seen[name] = true
	fi := infos[name]
	if fi.reads {
		return true
	}
	for c := range fi.callees {
		if !infos[c].kernel && reachesReads(infos, c, seen) {
			return true
		}
	}
	return false
}

// callGraph indexes the defined functions: their direct calls between each
// other and any other use of their names (order: module order).
func (lw *lowerer) callGraph(byFn map[*function][]*callSite) (map[string]*fnInfo, []string, error) {
	m := lw.m
	infos := map[string]*fnInfo{}
	var order []string
	for _, fn := range m.funcs {
		p, err := m.parser(fn.start)
		if err != nil {
			return nil, nil, err
		}
		fi := &fnInfo{fn: fn, callers: map[string]bool{}, callees: map[string]bool{}, reads: len(byFn[fn]) > 0}
		for k, t := range p.toks {
			if t.kind == tGlobal {
				fi.name = symName(t.text)
				break
			}
			if t.text == "spir_kernel" && k > 0 {
				fi.kernel = true
			}
		}
		infos[fi.name] = fi
		order = append(order, fi.name)
	}
	use := func(li int, caller string) error {
		s := m.lines[li].text
		if !strings.Contains(s, "@") {
			return nil
		}
		p, err := m.parser(li)
		if err != nil {
			return err
		}
		start := 0
		if caller == "" {
			start = 1 // a global's own name
		}
		for k := start; k < len(p.toks); k++ {
			t := p.toks[k]
			if t.kind != tGlobal {
				continue
			}
			ci, ok := infos[symName(t.text)]
			if !ok {
				continue
			}
			// A function name followed by its arguments in a call is
			// the callee (an operand is followed by ',' or ')').
			direct := false
			if caller != "" && k+1 < len(p.toks) && p.toks[k+1].text == "(" {
				for j := 0; j < k && !direct; j++ {
					direct = p.toks[j].kind == tWord && p.toks[j].text == "call"
				}
			}
			if direct {
				ci.callers[caller] = true
				infos[caller].callees[ci.name] = true
			} else if ci.taken == "" {
				where := "a global's initializer"
				if caller != "" {
					where = llvmir.QuoteName('@', caller)
				}
				ci.taken = "its address is taken in " + where + " (line " + strconv.Itoa(li+1) + ")"
			}
		}
		return nil
	}
	for _, name := range order {
		fn := infos[name].fn
		for li := fn.start + 1; li < fn.end; li++ {
			if err := use(li, name); err != nil {
				return nil, nil, err
			}
		}
	}
	for _, li := range m.globals {
		if err := use(li, ""); err != nil {
			return nil, nil, err
		}
	}
	return infos, order, nil
}

// unthreadable says why fi cannot take a parameter more ("" if it can):
// other images or TUs may call an exported function with its old
// signature, and a use other than a direct call would not pass it.
func (lw *lowerer) unthreadable(fi *fnInfo) string {
	if fi.taken != "" {
		return fi.taken
	}
	p, err := lw.m.parser(fi.fn.start)
	if err != nil {
		return err.Error()
	}
	for _, t := range p.toks[1:] {
		switch t.text {
		case "internal", "private", "linkonce_odr", "linkonce":
			return ""
		}
		if t.kind == tGlobal {
			break
		}
	}
	return "it is visible outside the image (SYCL_EXTERNAL, or not inlined with external linkage); inline it (__attribute__((always_inline))) or make it static"
}

// kernelMask is fi's parameter mask: Options.ParamMasks' entry, or its
// !sycl_kernel_omit_args node.
func (lw *lowerer) kernelMask(fi *fnInfo) ([]bool, bool, error) {
	if lw.opts.ParamMasks != nil {
		mask, ok := lw.opts.ParamMasks[fi.name]
		return mask, ok, nil
	}
	for _, a := range lw.attachments(fi.fn.start) {
		if a.name != "sycl_kernel_omit_args" {
			continue
		}
		elems, _, err := lw.mdNode(a.node, fi.fn.start)
		if err != nil {
			return nil, false, err
		}
		mask := make([]bool, len(elems))
		for i, e := range elems {
			switch e {
			case "i1 true", "i1 1":
				mask[i] = true
			case "i1 false", "i1 0":
			default:
				return nil, false, lw.m.errAt(fi.fn.start, fmt.Sprintf("!sycl_kernel_omit_args of %s: element %q is not an i1 constant", llvmir.QuoteName('@', fi.name), e))
			}
		}
		return mask, true, nil
	}
	return nil, false, nil
}

type attachment struct {
	name string
	node int
	col  int // the node token's offset in the line
	text string
}

// attachments lists the "!name !N" metadata attachments of a define line.
func (lw *lowerer) attachments(li int) []attachment {
	toks, err := lexLine(lw.m.file, lw.m.lines[li])
	if err != nil {
		return nil
	}
	var out []attachment
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].kind != tMeta || toks[k+1].kind != tMeta {
			continue
		}
		name, ref := toks[k].text[1:], toks[k+1].text[1:]
		if n, err := strconv.Atoi(ref); err == nil && !isDigits(name) {
			out = append(out, attachment{name: name, node: n, col: toks[k+1].col, text: toks[k+1].text})
			k++
		}
	}
	return out
}

// mdNode returns the elements of the node "!n = !{...}" ("distinct" too)
// as text.
func (lw *lowerer) mdNode(n int, from int) ([]string, int, error) {
	m := lw.m
	if lw.mdLines == nil {
		lw.mdLines = map[int]int{}
		for i, ln := range m.lines {
			s := ln.text
			if len(s) < 2 || s[0] != '!' || s[1] < '0' || s[1] > '9' {
				continue
			}
			if j := strings.Index(s, " = "); j > 0 {
				if k, err := strconv.Atoi(s[1:j]); err == nil {
					lw.mdLines[k] = i
				}
			}
		}
	}
	li, ok := lw.mdLines[n]
	if !ok {
		return nil, 0, m.errAt(from, fmt.Sprintf("metadata node !%d is not defined", n))
	}
	p, err := m.parser(li)
	if err != nil {
		return nil, 0, err
	}
	p.i = 2 // past "!N" "="
	if p.peek() == "distinct" {
		p.i++
	}
	if p.peek() != "!" || p.i+1 >= len(p.toks) || p.toks[p.i+1].text != "{" {
		return nil, 0, m.errAt(li, fmt.Sprintf("metadata node !%d is not a tuple", n))
	}
	p.i++
	ranges, err := p.splitArgs()
	if err != nil {
		return nil, 0, err
	}
	out := make([]string, len(ranges))
	for i, r := range ranges {
		out[i] = p.text(r[0], r[1])
	}
	return out, li, nil
}

// newNode appends a metadata node and returns its number.
func (lw *lowerer) newNode(elems []string) int {
	n := lw.mdNext
	lw.mdNext++
	lw.extraNodes = append(lw.extraNodes, fmt.Sprintf("!%d = !{%s}", n, strings.Join(elems, ", ")))
	return n
}

// paramList finds the parameter list of the define on line li: the token
// indices of its parentheses.
func (lw *lowerer) paramList(li int) (*parser, int, int, error) {
	p, err := lw.m.parser(li)
	if err != nil {
		return nil, 0, 0, err
	}
	for k, t := range p.toks {
		if t.kind == tGlobal && k+1 < len(p.toks) && p.toks[k+1].text == "(" {
			p.i = k + 1
			if err := p.skipBalanced(); err != nil {
				return nil, 0, 0, err
			}
			return p, k + 1, p.i - 1, nil
		}
	}
	return nil, 0, 0, lw.m.errAt(li, "function definition without a parameter list")
}

// addParam appends a parameter of type t to fi's definition and returns
// its name.
func (lw *lowerer) addParam(fi *fnInfo, t *irType, base string) (string, error) {
	m := lw.m
	p, open, closeTok, err := lw.paramList(fi.fn.start)
	if err != nil {
		return "", err
	}
	if closeTok > open+1 && p.toks[closeTok-1].text == "..." {
		return "", m.errAt(fi.fn.start, fmt.Sprintf("%s takes variable arguments: no spec-constant buffer parameter can follow them", llvmir.QuoteName('@', fi.name)))
	}
	name := lw.freshLocal(fi.fn, base)
	decl := t.String() + " " + name
	if closeTok > open+1 {
		decl = ", " + decl
	}
	s := m.lines[fi.fn.start].text
	col := p.toks[closeTok].col
	m.lines[fi.fn.start].text = s[:col] + decl + s[col:]
	fi.fn.defs = nil
	return name, nil
}

// lastParam is the name of fi's last parameter, which must be a global
// pointer as the spec-constant buffer is (the integration header lists it
// last).
func (lw *lowerer) lastParam(fi *fnInfo, bufTy *irType) (string, error) {
	m := lw.m
	p, open, _, err := lw.paramList(fi.fn.start)
	if err != nil {
		return "", err
	}
	p.i = open
	r, err := p.splitArgs()
	if err != nil {
		return "", err
	}
	bad := m.errAt(fi.fn.start, fmt.Sprintf("%s reads specialization constants, but its last parameter is not the spec-constant buffer (%s)", llvmir.QuoteName('@', fi.name), bufTy))
	if len(r) == 0 {
		return "", bad
	}
	last := r[len(r)-1]
	p.i = last[0]
	t, err := p.parseType()
	if err != nil || t.kind != kPtr || t.as != 1 || (t.elem != nil && t.String() != bufTy.String()) || last[1]-1 < p.i || p.toks[last[1]-1].kind != tLocal {
		return "", bad
	}
	return p.toks[last[1]-1].text, nil
}

// paramCount counts the parameters of the define on line li.
func (lw *lowerer) paramCount(li int) (int, error) {
	p, open, _, err := lw.paramList(li)
	if err != nil {
		return 0, err
	}
	p.i = open
	r, err := p.splitArgs()
	return len(r), err
}

// extendKernelMD gives the restored parameter its element in each of the
// kernel's per-argument metadata and clears its bit in
// !sycl_kernel_omit_args; nodes may be shared, so the kernel gets new ones.
// It runs after addParam: the kernel had one parameter less.
func (lw *lowerer) extendKernelMD(fi *fnInfo) error {
	m := lw.m
	li := fi.fn.start
	n, err := lw.paramCount(li)
	if err != nil {
		return err
	}
	old := n - 1
	atts := lw.attachments(li)
	s := m.lines[li].text
	// Rewrite right to left so earlier columns stay valid.
	for k := len(atts) - 1; k >= 0; k-- {
		a := atts[k]
		elems, _, err := lw.mdNode(a.node, li)
		if err != nil {
			return err
		}
		var ext []string
		switch add, ok := kernelArgMD[a.name]; {
		case a.name == "sycl_kernel_omit_args":
			if len(elems) == 0 {
				return m.errAt(li, fmt.Sprintf("!sycl_kernel_omit_args of %s is empty, but its mask has the spec-constant buffer", llvmir.QuoteName('@', fi.name)))
			}
			ext = append([]string{}, elems...)
			ext[len(ext)-1] = "i1 false"
		case ok:
			if len(elems) != old {
				return m.errAt(li, fmt.Sprintf("!%s of %s lists %d arguments, the kernel has %d", a.name, llvmir.QuoteName('@', fi.name), len(elems), old))
			}
			ext = append(append([]string{}, elems...), add)
		case a.name == "spirv.ParameterDecorations":
			if len(elems) != old {
				return m.errAt(li, fmt.Sprintf("!%s of %s lists %d arguments, the kernel has %d", a.name, llvmir.QuoteName('@', fi.name), len(elems), old))
			}
			ext = append(append([]string{}, elems...), "!"+strconv.Itoa(lw.newNode(nil)))
		case strings.HasPrefix(a.name, "kernel_arg_"):
			return m.errAt(li, fmt.Sprintf("!%s of %s: no element is known for the restored spec-constant buffer parameter", a.name, llvmir.QuoteName('@', fi.name)))
		default:
			continue
		}
		ref := "!" + strconv.Itoa(lw.newNode(ext))
		s = s[:a.col] + ref + s[a.col+len(a.text):]
	}
	m.lines[li].text = s
	return nil
}

// passBuffer appends arg to each call on line li of a function in threaded.
func (lw *lowerer) passBuffer(li int, threaded map[string]bool, arg string) error {
	m := lw.m
	s := m.lines[li].text
	if !strings.Contains(s, "call ") {
		return nil
	}
	p, err := m.parser(li)
	if err != nil {
		return err
	}
	type ins struct {
		col   int
		empty bool
	}
	var at []ins
	for k := 0; k+1 < len(p.toks); k++ {
		t := p.toks[k]
		if t.kind != tGlobal || !threaded[symName(t.text)] || p.toks[k+1].text != "(" {
			continue
		}
		p.i = k + 1
		if err := p.skipBalanced(); err != nil {
			return err
		}
		closeTok := p.i - 1
		at = append(at, ins{p.toks[closeTok].col, closeTok == k+2})
	}
	for k := len(at) - 1; k >= 0; k-- {
		a := arg
		if !at[k].empty {
			a = ", " + arg
		}
		s = s[:at[k].col] + a + s[at[k].col:]
	}
	m.lines[li].text = s
	return nil
}

// freshLocal returns a local name not yet used in fn.
func (lw *lowerer) freshLocal(fn *function, base string) string {
	lw.defs(fn)
	if fn.fresh == nil {
		fn.fresh = map[string]int{}
	}
	for n := fn.fresh[base]; ; n++ {
		name := llvmir.QuoteName('%', base)
		if n > 0 {
			name = llvmir.QuoteName('%', base+strconv.Itoa(n))
		}
		if !fn.locals[name] {
			fn.locals[name] = true
			fn.fresh[base] = n + 1
			return name
		}
	}
}

// opaquePointers tells whether the image's IR has opaque pointers.
func (lw *lowerer) opaquePointers() bool {
	for _, name := range lw.m.scDecls {
		if strings.Contains(lw.m.lines[lw.m.decls[name]].text, "ptr") {
			p, err := lw.m.parser(lw.m.decls[name])
			if err != nil {
				continue
			}
			for _, t := range p.toks {
				if t.kind == tWord && t.text == "ptr" {
					return true
				}
			}
		}
	}
	return false
}
