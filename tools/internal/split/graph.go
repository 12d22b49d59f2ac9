package split

import (
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Graph is the dependency graph between global values of a module: an edge
// A->B means that if A goes into a device image, B must go too.
type Graph struct {
	m       *llvmir.Module
	opts    Options
	kernels Kernels
	order   []int32   // emission order of entities
	deps    [][]int32 // by entity index; nil for non-global-value entities
	flags   []uint8   // per entity: fl* bits
	// roots are the global variables every image keeps (aliases and
	// ifuncs are reached through their users, see NewGraph).
	roots []int32
	// named are the named metadata tuples and their operands.
	named []namedMD
	// registered marks the nodes of !sycl_registered_kernels.
	registered map[int32]bool
	// Per-image scratch, reused by Extract (a Graph serves one goroutine).
	inSet, isEntry, refd, mdSeen []bool
	form                         []uint8
	queue, touched, cand         []int32
	sw                           *llvmir.Writer
	// pos is each entity's place in order; always lists the entities
	// every image considers emitting (header, named metadata, llvm.used).
	pos, always []int32
	// spir: the target triple contains "spir" (DPC++'s test before it
	// takes device_globals out of llvm.compiler.used).
	spir bool
	// dbgGlobals are the `globals:` tuples of the compile units in
	// !llvm.dbg.cu that nothing else refers to; dbgConst marks their
	// DIGlobalVariableExpressions with a constant expression. See
	// liveDbgGlobals.
	dbgGlobals, dbgConst map[int32]bool
	dbgLive              map[int32]bool // per-image scratch
}

type namedMD struct {
	ent int32
	ops []string
}

// Entity flags computed once per graph.
const (
	flKernel               = 1 << iota
	flIndirectlyCallable   // "indirectly-callable" (virtual functions)
	flReferencedIndirectly // "referenced-indirectly"
	flImportable           // see Importable
	flNumbered             // an unnamed global value (@0, @1, ...)
	flLocal                // a function with internal or private linkage
)

func isGlobalValue(k llvmir.Kind) bool {
	return k == llvmir.KindFunction || k == llvmir.KindGlobal || k == llvmir.KindAlias || k == llvmir.KindIFunc
}

// isUsedList reports the special arrays that only keep globals alive for the
// backend. sycl-post-link's pre-split pipeline erases @llvm.used (only
// kernels are meant to be in it; CleanupSYCLMetadataFromLLVMUsed drops the
// whole array, so its other members live only if something else uses them)
// and, for "spir" triples, takes device_global variables out of
// @llvm.compiler.used. What is left of @llvm.compiler.used is an appending
// (never discardable) global, so it is a root of every image and keeps its
// members alive everywhere.
func isUsedList(name string) bool {
	return name == llvmUsed || name == llvmCompilerUsed
}

const (
	llvmUsed         = "@llvm.used"
	llvmCompilerUsed = "@llvm.compiler.used"
)

// isDeviceGlobal reports a SYCL device_global variable (DPC++'s
// isDeviceGlobalVariable: the "sycl-device-global-size" attribute).
func isDeviceGlobal(m *llvmir.Module, e *llvmir.Entity) bool {
	if e.Kind != llvmir.KindGlobal {
		return false
	}
	_, ok := m.GlobalAttr(e, "sycl-device-global-size")
	return ok
}

// NewGraph builds the dependency graph of m: uses in bodies and global
// initializers, aliases, and indirect calls (to every "referenced-indirectly"
// function of the same signature; if the module has none, to every
// address-taken function of that signature, or all of them if none match).
//
// Aliases and ifuncs are nodes like functions: a user of an alias depends
// on it, and the alias on its aliasee (an ifunc on its resolver). They are
// never roots: DPC++ starts only from entry points and non-discardable
// global variables, so an alias nobody in the image uses is not copied
// (Extract decides what a kept alias becomes when its aliasee is not
// defined in the image).
//
// With opts.AllowDeviceImageDependencies, functions another image can
// export (see Importable) get no incoming edges: they stay declarations and
// are resolved when the runtime links the device images.
func NewGraph(m *llvmir.Module, opts Options) *Graph {
	n := len(m.Entities)
	g := &Graph{m: m, opts: opts, kernels: FindKernels(m), order: emissionOrder(m), deps: make([][]int32, n),
		flags: make([]uint8, n), inSet: make([]bool, n), isEntry: make([]bool, n), refd: make([]bool, n),
		mdSeen: make([]bool, n), form: make([]uint8, n), registered: map[int32]bool{}}
	g.pos = make([]int32, n)
	for k, i := range g.order {
		g.pos[i] = int32(k)
	}
	rel := releaser{f: opts.Release, m: m}
	defer rel.end()
	for i := range m.Entities {
		rel.at(i)
		e := &m.Entities[i]
		if isGlobalValue(e.Kind) && isNumberedGlobal(e.Name) {
			g.flags[i] |= flNumbered
		}
		switch e.Kind {
		case llvmir.KindTarget:
			if triple, ok := entityTriple(m, e); ok {
				g.spir = strings.Contains(triple, "spir")
			}
			g.always = append(g.always, int32(i))
		case llvmir.KindSourceFilename, llvmir.KindModuleAsm, llvmir.KindOther, llvmir.KindNamedMD:
			g.always = append(g.always, int32(i))
		case llvmir.KindGlobal, llvmir.KindAlias, llvmir.KindIFunc:
			if isUsedList(e.Name) {
				g.always = append(g.always, int32(i))
			}
		}
		switch e.Kind {
		case llvmir.KindFunction:
			var f uint8
			if g.kernels.IsKernel(e) {
				f |= flKernel
			}
			if _, ok := m.FuncAttr(e, AttrIndirectlyCallable); ok {
				f |= flIndirectlyCallable
			}
			if _, ok := m.FuncAttr(e, AttrReferencedIndirectly); ok {
				f |= flReferencedIndirectly
			}
			if Importable(m, e) {
				f |= flImportable
			}
			if e.Fn.Linkage == "internal" || e.Fn.Linkage == "private" {
				f |= flLocal
			}
			g.flags[i] |= f
		case llvmir.KindGlobal:
			if e.Name != llvmUsed {
				if l, decl := m.GlobalLinkage(e); l == "appending" || !decl && !discardable(l) {
					g.roots = append(g.roots, int32(i))
				}
			}
		case llvmir.KindNamedMD:
			ops, ok := m.MDOperands(e.Name)
			if !ok {
				continue
			}
			g.named = append(g.named, namedMD{ent: int32(i), ops: ops})
			if e.Name == "!sycl_registered_kernels" {
				for _, op := range ops {
					if j, ok := m.Lookup(op); ok {
						g.registered[int32(j)] = true
					}
				}
			}
		}
	}
	// Indirect call targets matter only if some function calls indirectly.
	indirect := map[int][]string{}
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind == llvmir.KindFunction && m.MayCallIndirectly(e) {
			if sigs := m.IndirectCalls(e); len(sigs) > 0 {
				indirect[i] = sigs
			}
		}
	}
	bySig := map[string][]int32{}      // referenced-indirectly functions
	takenBySig := map[string][]int32{} // address-taken functions
	var taken []int32
	anyRefInd := false
	seenTaken := map[int]bool{}
	rel.end()
	for i := range m.Entities {
		if len(indirect) == 0 {
			break
		}
		rel.at(i)
		e := &m.Entities[i]
		if e.Kind == llvmir.KindFunction {
			if g.flags[i]&(flReferencedIndirectly|flKernel) == flReferencedIndirectly {
				anyRefInd = true
				sig := m.Signature(e)
				bySig[sig] = append(bySig[sig], int32(i))
			}
		}
		if e.Kind == llvmir.KindMD || e.Kind == llvmir.KindNamedMD {
			continue
		}
		if !isUsedList(e.Name) {
			m.AddressTaken(e, func(name string) {
				j, ok := m.Lookup(name)
				if !ok || m.Entities[j].Kind != llvmir.KindFunction || seenTaken[j] {
					return
				}
				seenTaken[j] = true
				taken = append(taken, int32(j))
				sig := m.Signature(&m.Entities[j])
				takenBySig[sig] = append(takenBySig[sig], int32(j))
			})
		}
	}
	for i := range m.Entities {
		e := &m.Entities[i]
		if !isGlobalValue(e.Kind) || e.Name == llvmUsed {
			continue
		}
		compilerUsed := e.Name == llvmCompilerUsed
		// RefIndices are distinct and never the entity itself (its own
		// name is not a reference).
		var deps []int32
		for _, j := range m.RefIndices(i, llvmir.RefsAll) {
			if !isGlobalValue(m.Entities[j].Kind) || opts.AllowDeviceImageDependencies && g.flags[j]&flImportable != 0 {
				continue
			}
			if compilerUsed && g.spir && isDeviceGlobal(m, &m.Entities[j]) {
				continue
			}
			deps = append(deps, j)
		}
		if sigs := indirect[i]; len(sigs) > 0 {
			seen := map[int32]bool{int32(i): true}
			for _, j := range deps {
				seen[j] = true
			}
			add := func(j int32) {
				if !seen[j] {
					seen[j] = true
					deps = append(deps, j)
				}
			}
			for _, sig := range sigs {
				var targets []int32
				switch {
				case anyRefInd:
					targets = bySig[sig]
				case len(takenBySig[sig]) > 0:
					targets = takenBySig[sig]
				default:
					targets = taken
				}
				for _, j := range targets {
					add(j)
				}
			}
		}
		if len(deps) > 0 {
			g.deps[i] = deps[:len(deps):len(deps)]
		}
	}
	g.findDbgGlobals()
	return g
}

// findDbgGlobals fills dbgGlobals and dbgConst. A `globals:` tuple that
// something besides compile units refers to is left alone: trimming it
// would change that other use.
func (g *Graph) findDbgGlobals() {
	m := g.m
	cand := map[int32]bool{}
	cus := map[int32]bool{}
	for _, nm := range g.named {
		if m.Entities[nm.ent].Name != "!llvm.dbg.cu" {
			continue
		}
		for _, op := range nm.ops {
			j, ok := m.Lookup(op)
			if !ok || m.Entities[j].Kind != llvmir.KindMD {
				continue
			}
			cus[int32(j)] = true
			e := &m.Entities[j]
			for t := e.Lo + 2; t+2 < e.Hi; t++ {
				if m.Tok(t).Kind == llvmir.TokWord && m.Text(t) == "globals" && m.Text(t+1) == ":" && m.Tok(t+2).Kind == llvmir.TokMeta {
					if k, ok := m.Lookup(m.Text(t + 2)); ok && m.Entities[k].Kind == llvmir.KindMD {
						if _, isTuple := m.TupleOperands(&m.Entities[k]); isTuple {
							cand[int32(k)] = true
						}
					}
					break
				}
			}
		}
	}
	if len(cand) == 0 {
		return
	}
	for i := range m.Entities {
		if cus[int32(i)] {
			continue
		}
		for _, j := range m.RefIndices(i, llvmir.RefsAll) {
			if cand[j] {
				delete(cand, j) // shared with another use
			}
		}
	}
	if len(cand) == 0 {
		return
	}
	g.dbgGlobals, g.dbgConst, g.dbgLive = cand, map[int32]bool{}, map[int32]bool{}
	for k := range cand {
		for _, j := range m.RefIndices(int(k), llvmir.RefsAll) {
			if m.Entities[j].Kind == llvmir.KindMD && constantGVE(m, j) {
				g.dbgConst[j] = true
			}
		}
	}
}

// constantGVE reports a DIGlobalVariableExpression whose expression is a
// constant (DW_OP_constu/consts ... DW_OP_stack_value): StripDeadDebugInfo
// keeps those without a global. Anything else that is not a
// DIGlobalVariableExpression is kept too (it is not ours to judge).
func constantGVE(m *llvmir.Module, j int32) bool {
	e := &m.Entities[j]
	text := m.EntityText(e)
	if !strings.Contains(text, "!DIGlobalVariableExpression(") {
		return true
	}
	isConst := func(s string) bool {
		return strings.Contains(s, "DW_OP_stack_value") && (strings.Contains(s, "DW_OP_constu") || strings.Contains(s, "DW_OP_consts"))
	}
	if isConst(text) {
		return true
	}
	for _, k := range m.RefIndices(int(j), llvmir.RefsAll) {
		if d := &m.Entities[k]; d.Kind == llvmir.KindMD && strings.Contains(m.EntityText(d), "!DIExpression(") && isConst(m.EntityText(d)) {
			return true
		}
	}
	return false
}

// Importable reports functions that may be imported from another device
// image when dynamic linking is allowed: declarations and SYCL_EXTERNAL
// definitions, except intrinsics, builtins and reserved ("__") names.
func Importable(m *llvmir.Module, e *llvmir.Entity) bool {
	if e.Kind != llvmir.KindFunction {
		return false
	}
	if !e.Fn.IsDecl {
		if _, ok := m.FuncAttr(e, AttrModuleID); !ok {
			return false
		}
	}
	return importable(llvmir.GlobalName(e.Name))
}
