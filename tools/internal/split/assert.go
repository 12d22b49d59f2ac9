package split

import (
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// devicelibAssertFail is the device library function every failing assert
// reaches (__assert_fail calls it).
const devicelibAssertFail = "__devicelib_assert_fail"

// callSites maps each function of the image to the functions whose call
// instructions use it (as callee or as a direct argument), one entry per
// call site, in module order.
func callSites(m *llvmir.Module, img *Image, rel *releaser) map[int][]int {
	users := map[int][]int{}
	for _, i := range img.Defs {
		rel.at(i)
		e := &m.Entities[i]
		forEachCallUse(m, e, func(name string) {
			if j, ok := m.Lookup(name); ok {
				users[j] = append(users[j], i)
			}
		})
	}
	return users
}

// forEachCallUse reports the globals that call instructions in e's body use
// directly: the callee, and arguments that are a global itself (a global
// inside a constant expression is the expression's use, not the call's).
func forEachCallUse(m *llvmir.Module, e *llvmir.Entity, fn func(name string)) {
	if e.Fn == nil || e.Fn.BodyLo < 0 {
		return
	}
	for t := int(e.Fn.BodyLo) + 1; t < e.Hi; t++ {
		tok := m.Tok(t)
		if tok.Kind != llvmir.TokWord || m.Text(t) != "call" {
			continue
		}
		end := t + 1
		for end < e.Hi && !m.Tok(end).LineStart {
			end++
		}
		callUses(m, t+1, end, fn)
		t = end - 1
	}
}

// callUses scans one call instruction's tokens [lo, hi). The argument list
// is the first top-level parenthesis that follows the callee (a global, a
// local or a constant expression's closing parenthesis); the function type
// of a varargs call is a parenthesis that follows a type word instead.
func callUses(m *llvmir.Module, lo, hi int, fn func(name string)) {
	depth := 0
	args := -1 // depth-0 '(' of the argument list
	for t := lo; t < hi; t++ {
		tok := m.Tok(t)
		if tok.Kind != llvmir.TokPunct {
			if tok.Kind == llvmir.TokGlobal && args >= 0 && depth == 1 {
				fn(m.Text(t))
			}
			continue
		}
		switch m.Text(t) {
		case "(":
			if depth == 0 && args < 0 && t > lo {
				prev := m.Tok(t - 1)
				if prev.Kind == llvmir.TokGlobal || prev.Kind == llvmir.TokLocal || (prev.Kind == llvmir.TokPunct && m.Text(t-1) == ")") {
					args = t
					if prev.Kind == llvmir.TokGlobal {
						fn(m.Text(t - 1))
					}
				}
			}
			depth++
		case "[", "{", "<":
			depth++
		case ")", "]", "}", ">":
			depth--
			if depth == 0 && args >= 0 {
				return
			}
		}
	}
}

// assertUsers lists the SPIR kernels of the image that may reach
// __devicelib_assert_fail: a breadth-first walk up the callers from it.
// Reaching a function with "referenced-indirectly" means any kernel may call
// it through a pointer, and then every SPIR kernel of the image is listed.
// Callers of a function are visited latest call site first, the order of
// LLVM's use lists in a freshly cloned (split) module.
func assertUsers(m *llvmir.Module, img *Image, rel *releaser) []string {
	start := -1
	for _, list := range [][]int{img.Decls, img.Defs} {
		for _, i := range list {
			if llvmir.GlobalName(m.Entities[i].Name) == devicelibAssertFail {
				start = i
			}
		}
	}
	if start < 0 {
		return nil
	}
	users := callSites(m, img, rel)
	visited := map[int]bool{}
	queue := []int{start}
	var kernels []string
	seen := map[string]bool{}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if visited[f] {
			continue
		}
		visited[f] = true
		sites := users[f]
		for k := len(sites) - 1; k >= 0; k-- {
			caller := sites[k]
			if visited[caller] {
				continue
			}
			ce := &m.Entities[caller]
			if _, ok := m.FuncAttr(ce, AttrReferencedIndirectly); ok {
				return allSPIRKernels(m, img)
			}
			if ce.Fn.CC == "spir_kernel" {
				// A kernel met twice before its visit is listed once.
				if name := llvmir.GlobalName(ce.Name); !seen[name] {
					seen[name] = true
					kernels = append(kernels, name)
				}
			}
			queue = append(queue, caller)
		}
	}
	return kernels
}

// allSPIRKernels lists the image's spir_kernel functions in module order.
func allSPIRKernels(m *llvmir.Module, img *Image) []string {
	var out []string
	for _, i := range imageFunctions(img) {
		if e := &m.Entities[i]; e.Fn.CC == "spir_kernel" {
			out = append(out, llvmir.GlobalName(e.Name))
		}
	}
	return out
}

// imageFunctions returns the image's functions, definitions and
// declarations, in module order.
func imageFunctions(img *Image) []int {
	out := make([]int, 0, len(img.Defs)+len(img.Decls))
	d, c := 0, 0
	for d < len(img.Defs) || c < len(img.Decls) {
		if c >= len(img.Decls) || (d < len(img.Defs) && img.Defs[d] < img.Decls[c]) {
			out, d = append(out, img.Defs[d]), d+1
		} else {
			out, c = append(out, img.Decls[c]), c+1
		}
	}
	return out
}
