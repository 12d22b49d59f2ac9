package split

import (
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Graph is the dependency graph between global values of a module: an edge
// A->B means that if A goes into a device image, B must go too.
type Graph struct {
	m       *llvmir.Module
	opts    Options
	kernels Kernels
	order   []int     // emission order of entities
	deps    [][]int32 // by entity index; nil for non-global-value entities
}

func isGlobalValue(k llvmir.Kind) bool {
	return k == llvmir.KindFunction || k == llvmir.KindGlobal || k == llvmir.KindAlias || k == llvmir.KindIFunc
}

// isUsedList reports the special arrays that only keep globals alive for the
// backend; they are trimmed per image instead of pulling everything in.
func isUsedList(name string) bool {
	return name == "@llvm.used" || name == "@llvm.compiler.used"
}

// NewGraph builds the dependency graph of m: uses in bodies and global
// initializers, aliases, and indirect calls (to every "referenced-indirectly"
// function of the same signature; if the module has none, to every
// address-taken function of that signature, or all of them if none match).
//
// With opts.AllowDeviceImageDependencies, functions another image can
// export (see Importable) get no incoming edges: they stay declarations and
// are resolved when the runtime links the device images.
func NewGraph(m *llvmir.Module, opts Options) *Graph {
	g := &Graph{m: m, opts: opts, kernels: FindKernels(m), order: emissionOrder(m), deps: make([][]int32, len(m.Entities))}
	bySig := map[string][]int32{}      // referenced-indirectly functions
	takenBySig := map[string][]int32{} // address-taken functions
	var taken []int32
	anyRefInd := false
	seenTaken := map[int]bool{}
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind == llvmir.KindFunction {
			if _, ok := m.FuncAttr(e, AttrReferencedIndirectly); ok && !g.kernels.IsKernel(e) {
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
		if !isGlobalValue(e.Kind) || isUsedList(e.Name) {
			continue
		}
		seen := map[int32]bool{}
		add := func(j int32) {
			if j != int32(i) && !seen[j] {
				seen[j] = true
				g.deps[i] = append(g.deps[i], j)
			}
		}
		m.EntityRefs(e, func(k llvmir.RefKind, name string) {
			if k != llvmir.RefGlobal {
				return
			}
			if j, ok := m.Lookup(name); ok && isGlobalValue(m.Entities[j].Kind) {
				if opts.AllowDeviceImageDependencies && Importable(m, &m.Entities[j]) {
					return
				}
				add(int32(j))
			}
		})
		if e.Kind != llvmir.KindFunction {
			continue
		}
		for _, sig := range m.IndirectCalls(e) {
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
	return g
}

// Deps returns the entity indices entity i depends on.
func (g *Graph) Deps(i int) []int32 { return g.deps[i] }

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
