package split

import (
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Forms of global values in an image.
const (
	drop = iota
	keep
	declare
	internalize
	externalize
)

// imagePlan is what analyze decides about one group's image. Its slices
// and the graph's per-entity arrays are the graph's scratch, reused by the
// next image (a Graph serves one goroutine).
type imagePlan struct {
	g   *Graph
	m   *llvmir.Module
	grp Group
	// hasVF: the group has a virtual ("indirectly-callable") entry point.
	hasVF bool
	// queue holds the global values the image reaches, in discovery order.
	queue []int32
	// touched lists every entity whose per-entity scratch this image set.
	touched []int32
	// Work lists: metadata nodes, types and comdats, and other referenced
	// entities (declarations, attribute groups).
	mdQueue, typeQueue, refdList []int32
	// namedOps are the operands kept of each named metadata tuple.
	namedOps map[int32][]string
	// liveDbg tells the debug-info global entries that stay (see
	// liveDbgGlobals).
	liveDbg func(int32) bool
	// cand are the entities that may be emitted, in emission order.
	cand []int32
}

// analyze decides what goes into the image of grp; emit writes it. Each
// phase is a method of imagePlan, run in this order.
func (g *Graph) analyze(grp Group) (*Image, func(w *llvmir.Writer)) {
	p := g.startPlan(grp)
	p.reachFromRoots()
	p.decideForms()
	p.declareUndefinedAliases()
	p.internalizeAliases()
	p.collectReferences()
	p.declareReferencedFunctions()
	p.closeTypes()
	p.pruneNamedMetadata()
	p.liveDbg = g.liveDbgGlobals(p.queue, g.form)
	p.closeMetadata()
	p.orderCandidates()
	img := &Image{}
	return img, func(w *llvmir.Writer) { p.emit(w, img) }
}

// startPlan clears what the previous image set (so per-image work stays
// proportional to the image, not to the module) and marks grp's entry
// points.
func (g *Graph) startPlan(grp Group) *imagePlan {
	for _, i := range g.touched {
		g.inSet[i], g.isEntry[i], g.form[i], g.refd[i], g.mdSeen[i] = false, false, drop, false, false
	}
	p := &imagePlan{g: g, m: g.m, grp: grp, touched: g.touched[:0], queue: g.queue[:0]}
	for _, i := range grp.Entries {
		g.isEntry[i] = true
		p.touched = append(p.touched, int32(i))
		if g.flags[i]&flIndirectlyCallable != 0 {
			p.hasVF = true
		}
	}
	return p
}

// vfDecl reports a virtual function that another image defines: this one
// only declares it.
func (p *imagePlan) vfDecl(i int32) bool {
	return !p.hasVF && p.g.flags[i]&flIndirectlyCallable != 0
}

func (p *imagePlan) push(i int32) {
	if !p.g.inSet[i] {
		p.g.inSet[i] = true
		p.queue = append(p.queue, i)
		p.touched = append(p.touched, i)
	}
}

// reachFromRoots fills queue with the entry points, the roots every image
// keeps, and everything they depend on; declarations contribute no
// dependencies.
func (p *imagePlan) reachFromRoots() {
	g, m := p.g, p.m
	for _, i := range p.grp.Entries {
		p.push(int32(i))
	}
	for _, i := range g.roots {
		p.push(i)
	}
	for q := 0; q < len(p.queue); q++ {
		i := p.queue[q]
		e := &m.Entities[i]
		if e.Kind == llvmir.KindFunction && (e.Fn.IsDecl || (!g.isEntry[i] && p.vfDecl(i))) {
			continue
		}
		for _, j := range g.deps[i] {
			d := &m.Entities[j]
			if d.Kind == llvmir.KindFunction && (d.Fn.IsDecl || p.vfDecl(j)) {
				continue
			}
			p.push(j)
		}
	}
	g.queue = p.queue
}

// decideForms gives every reached global value its form: kept,
// declared, internalized or externalized.
func (p *imagePlan) decideForms() {
	g, m, form := p.g, p.m, p.g.form
	for _, i := range p.queue {
		e := &m.Entities[i]
		if !isGlobalValue(e.Kind) {
			continue
		}
		form[i] = keep
		if e.Kind == llvmir.KindFunction && !e.Fn.IsDecl {
			switch {
			case !g.isEntry[i] && p.vfDecl(i):
				form[i] = declare
			case p.hasVF && g.flags[i]&flIndirectlyCallable != 0 && e.Fn.Linkage != "":
				form[i] = externalize // keep virtual functions for other images
			case g.opts.AllowDeviceImageDependencies && g.flags[i]&(flKernel|flImportable) != 0:
				// Kept external: other images may import it.
			case e.Fn.Linkage == "available_externally":
				// LLVM's internalize leaves these alone: a declaration
				// with a body, whose definition is elsewhere.
			case !g.isEntry[i] && g.flags[i]&(flIndirectlyCallable|flReferencedIndirectly|flLocal) == 0:
				form[i] = internalize
			}
		}
	}
}

// declareUndefinedAliases declares a kept alias or ifunc whose aliasee
// (resolver) is not defined here: "Alias must point to a definition". That
// happens when the aliasee is a virtual function another image defines, or
// a function other images export under AllowDeviceImageDependencies. DPC++
// never clones aliases (they are not in its set of globals to extract), so
// CloneModule turns every alias into an external declaration of the
// alias's name and type, and references through it stay unresolved in the
// image. We keep an alias when its aliasee is defined in the image (the
// code then works, where DPC++'s would not), and otherwise do what DPC++
// does: declare it, which is valid IR and leaves the symbol to be resolved
// like any other declaration. Keeping the aliasee's body instead would
// copy a virtual or exported function into images DPC++ keeps it out of.
func (p *imagePlan) declareUndefinedAliases() {
	for _, i := range p.queue {
		if k := p.m.Entities[i].Kind; (k == llvmir.KindAlias || k == llvmir.KindIFunc) && !p.g.aliasDefined(i, p.g.form, 0) {
			p.g.form[i] = declare
		}
	}
}

// internalizeAliases: aliases defined in the image are not entry points:
// like non-entry functions they become internal, so that two images linked
// into one program cannot clash on them, unless images may import from
// each other or the alias names a function other images reach it through
// (a virtual or indirectly referenced one).
func (p *imagePlan) internalizeAliases() {
	if p.g.opts.AllowDeviceImageDependencies {
		return
	}
	for _, i := range p.queue {
		e := &p.m.Entities[i]
		if (e.Kind == llvmir.KindAlias || e.Kind == llvmir.KindIFunc) && p.g.form[i] == keep && p.g.aliasInternalizable(i) {
			p.g.form[i] = internalize
		}
	}
}

// collect files each of refs on its work list, once.
func (p *imagePlan) collect(refs []int32) {
	g := p.g
	for _, j := range refs {
		switch p.m.Entities[j].Kind {
		case llvmir.KindMD:
			p.addMD(j)
		case llvmir.KindType, llvmir.KindComdat:
			if !g.refd[j] {
				g.refd[j] = true
				p.typeQueue = append(p.typeQueue, j)
				p.touched = append(p.touched, j)
			}
		default:
			if !g.refd[j] {
				g.refd[j] = true
				p.refdList = append(p.refdList, j)
				p.touched = append(p.touched, j)
			}
		}
	}
}

// addMD queues metadata node j for the metadata closure, once.
func (p *imagePlan) addMD(j int32) {
	if !p.g.mdSeen[j] {
		p.g.mdSeen[j] = true
		p.mdQueue = append(p.mdQueue, j)
		p.touched = append(p.touched, j)
	}
}

// refsOfForm are entity i's references as its form writes it.
func (p *imagePlan) refsOfForm(i int32) []int32 {
	switch p.g.form[i] {
	case declare:
		return p.m.RefIndices(int(i), llvmir.RefsDeclared)
	case internalize:
		return p.m.RefIndices(int(i), llvmir.RefsInternalized)
	}
	return p.m.RefIndices(int(i), llvmir.RefsAll)
}

// collectReferences collects what the image's global values refer to:
// declarations, types, comdats, attribute groups and metadata roots.
func (p *imagePlan) collectReferences() {
	m, form := p.m, p.g.form
	for _, i := range p.queue {
		if form[i] == drop {
			continue
		}
		e := &m.Entities[i]
		if isUsedList(e.Name) || form[i] == declare && (e.Kind == llvmir.KindAlias || e.Kind == llvmir.KindIFunc) {
			// Only the types: a used list keeps the members that are
			// in the image anyway, and a declared alias names no other
			// global.
			for _, j := range p.refsOfForm(i) {
				if !isGlobalValue(m.Entities[j].Kind) {
					p.collect([]int32{j})
				}
			}
			continue
		}
		p.collect(p.refsOfForm(i))
	}
}

// declareReferencedFunctions: functions only referenced (from kept code)
// become declarations. (A declaration's own references are types and
// attribute groups, so the order of this walk does not matter.)
func (p *imagePlan) declareReferencedFunctions() {
	for k := 0; k < len(p.refdList); k++ {
		i := p.refdList[k]
		if p.m.Entities[i].Kind == llvmir.KindFunction && p.g.form[i] == drop {
			p.g.form[i] = declare
			p.collect(p.refsOfForm(i))
		}
	}
}

// closeTypes keeps every type and comdat the image names (types may name
// other types).
func (p *imagePlan) closeTypes() {
	for q := 0; q < len(p.typeQueue); q++ {
		i := p.typeQueue[q]
		p.g.form[i] = keep
		p.collect(p.m.RefIndices(int(i), llvmir.RefsAll))
	}
}

// emitted reports a global value the image writes (defined or declared).
func (p *imagePlan) emitted(name string) bool {
	j, ok := p.m.Lookup(name)
	return ok && isGlobalValue(p.m.Entities[j].Kind) && p.g.form[j] != drop
}

// pruneNamedMetadata drops the operands of named metadata that name
// kernels not in the image; what is left are metadata roots.
func (p *imagePlan) pruneNamedMetadata() {
	m := p.m
	p.namedOps = map[int32][]string{}
	for _, nm := range p.g.named {
		e := &m.Entities[nm.ent]
		ops := nm.ops
		switch {
		case prunedByFirstOperand(e.Name):
			var kept []string
			for _, op := range ops {
				if firstOperandLive(m, op, p.emitted) {
					kept = append(kept, op)
				}
			}
			ops = kept
		case e.Name == "!opencl.ocl.version" && len(ops) > 1:
			ops = ops[:1] // llvm-spirv rejects differing versions after llvm-link
		}
		if len(ops) == 0 && (prunedByFirstOperand(e.Name) || e.Name == "!sycl_registered_kernels") {
			continue
		}
		p.namedOps[nm.ent] = ops
		for _, op := range ops {
			if strings.HasPrefix(op, "!") {
				if j, ok := m.Lookup(op); ok && m.Entities[j].Kind == llvmir.KindMD {
					p.addMD(int32(j))
				}
			}
		}
	}
}

// keepPair drops {!"registered name", !"mangled name"} pairs of kernels
// that are not in this image.
func (p *imagePlan) keepPair(op string) bool {
	sub, ok := p.m.MDOperands(op)
	return !ok || len(sub) != 2 || p.emitted(llvmir.QuoteName('@', llvmir.Unquote(sub[1])))
}

// closeMetadata adds every metadata node the queued ones reach, except the
// registered-kernel pairs and debug globals this image drops.
func (p *imagePlan) closeMetadata() {
	g, m := p.g, p.m
	for q := 0; q < len(p.mdQueue); q++ {
		j := p.mdQueue[q]
		if g.registered[j] {
			ops, _ := m.MDOperands(m.Entities[j].Name)
			for _, op := range ops {
				if strings.HasPrefix(op, "!") && p.keepPair(op) {
					if k, ok := m.Lookup(op); ok && m.Entities[k].Kind == llvmir.KindMD {
						p.addMD(int32(k))
					}
				}
			}
			continue
		}
		dbgList := g.dbgGlobals[j]
		for _, k := range m.RefIndices(int(j), llvmir.RefsAll) {
			if dbgList && !p.liveDbg(k) {
				continue
			}
			if m.Entities[k].Kind == llvmir.KindMD {
				p.addMD(k)
			}
		}
	}
}

// orderCandidates lists the entities that may be emitted, in emission
// order: those every image considers, and those this image touched.
func (p *imagePlan) orderCandidates() {
	g := p.g
	g.touched = p.touched
	cand := append(g.cand[:0], g.always...)
	cand = append(cand, p.touched...)
	pos := g.pos
	sort.Slice(cand, func(a, b int) bool { return pos[cand[a]] < pos[cand[b]] })
	n := 0
	for k, i := range cand {
		if k == 0 || i != cand[n-1] {
			cand[n] = i
			n++
		}
	}
	p.cand = cand[:n]
	g.cand = p.cand
}

// emit writes the image to w in emission order and fills img's entity
// lists.
func (p *imagePlan) emit(w *llvmir.Writer, img *Image) {
	g, m, form := p.g, p.m, p.g.form
	rename := g.renumber(p.cand, form)
	w.SetRename(rename)
	for k, i := range p.cand {
		// Large images read the text all over the module; each page
		// fault maps its neighbours too. Hand the pages back now and
		// then (see Options.Release).
		if k%releaseEntities == releaseEntities-1 && g.opts.Release != nil {
			g.opts.Release(len(m.Src))
		}
		e := &m.Entities[i]
		switch e.Kind {
		case llvmir.KindSourceFilename, llvmir.KindTarget, llvmir.KindModuleAsm, llvmir.KindOther:
			w.Entity(e)
		case llvmir.KindType, llvmir.KindComdat:
			if form[i] != drop {
				w.Entity(e)
			}
		case llvmir.KindAttrGroup:
			if g.refd[i] {
				w.Entity(e)
			}
		case llvmir.KindGlobal, llvmir.KindAlias, llvmir.KindIFunc:
			p.emitGlobal(w, img, i, rename)
		case llvmir.KindFunction:
			p.emitFunction(w, img, i)
		case llvmir.KindNamedMD:
			if ops, ok := p.namedOps[i]; ok {
				w.NamedMD(e.Name, ops)
			} else if _, isTuple := m.MDOperands(e.Name); !isTuple {
				w.Entity(e)
			}
		case llvmir.KindMD:
			p.emitMD(w, i)
		}
	}
}

// emitGlobal writes a global variable, alias or ifunc in its form.
func (p *imagePlan) emitGlobal(w *llvmir.Writer, img *Image, i int32, rename map[string]string) {
	g, m, form := p.g, p.m, p.g.form
	e := &m.Entities[i]
	switch {
	case e.Name == llvmUsed:
		// erased before the split (see isUsedList)
	case isUsedList(e.Name):
		g.writeUsedList(w, e, func(name string) bool {
			j, ok := m.Lookup(name)
			if !ok || form[j] == drop || form[j] == declare {
				return false
			}
			f := &m.Entities[j]
			if g.spir && isDeviceGlobal(m, f) {
				return false
			}
			// llvm-spirv rejects declarations in used lists.
			return !(f.Kind == llvmir.KindFunction && f.Fn.IsDecl)
		})
	case form[i] == declare:
		w.Raw(g.aliasDecl(e, rename) + "\n")
	case form[i] == internalize:
		w.InternalAlias(e)
	case form[i] != drop:
		w.Entity(e)
		if e.Kind == llvmir.KindGlobal {
			img.Globals = append(img.Globals, int(i))
		}
	}
}

// emitFunction writes a function in its form and records it in img.
func (p *imagePlan) emitFunction(w *llvmir.Writer, img *Image, i int32) {
	g, e := p.g, &p.m.Entities[i]
	switch g.form[i] {
	case keep:
		w.Entity(e)
		if !e.Fn.IsDecl {
			img.Defs = append(img.Defs, int(i))
		} else {
			img.Decls = append(img.Decls, int(i))
		}
	case internalize:
		w.Function(e, llvmir.FuncEdit{Internalize: true})
		img.Defs = append(img.Defs, int(i))
	case externalize:
		w.Function(e, llvmir.FuncEdit{Externalize: true})
		img.Defs = append(img.Defs, int(i))
	case declare:
		w.Function(e, llvmir.FuncEdit{Declare: true})
		img.Decls = append(img.Decls, int(i))
	}
	if g.isEntry[i] {
		// A copy: names alias the module text, whose pages the
		// splitter hands back while writing large images.
		img.Entries = append(img.Entries, strings.Clone(llvmir.GlobalName(e.Name)))
		img.EntryIdx = append(img.EntryIdx, int(i))
		if g.flags[i]&flKernel != 0 {
			img.Kernels = append(img.Kernels, int(i))
		}
	}
}

// emitMD writes a metadata node the image reached, nulling operands that
// name globals the image does not write.
func (p *imagePlan) emitMD(w *llvmir.Writer, i int32) {
	g, m := p.g, p.m
	if !g.mdSeen[i] {
		return
	}
	e := &m.Entities[i]
	if g.dbgGlobals[i] {
		w.MDTuple(e, func(op string, lo, hi int) string {
			if j, ok := m.Lookup(op); ok && !p.liveDbg(int32(j)) {
				return ""
			}
			return op
		})
		return
	}
	if !g.registered[i] && !g.mdHasGlobal(i) {
		w.Entity(e)
		return
	}
	w.MDTuple(e, func(op string, lo, hi int) string {
		if g.registered[i] && !p.keepPair(op) {
			return "" // pair of a kernel not in this image
		}
		for t := lo; t < hi; t++ {
			if m.Tok(t).Kind == llvmir.TokGlobal && !p.emitted(m.Text(t)) {
				return "null"
			}
		}
		return op
	})
}
