package split

import "github.com/rules-sycl/rules_sycl/tools/internal/llvmir"

// MDExplicitSIMD is the function metadata that marks ESIMD (explicit SIMD)
// functions; ESIMD code is compiled by a different back end (vc-codegen),
// so the runtime must see ESIMD kernels in images of their own.
const MDExplicitSIMD = "sycl_explicit_simd"

// IsESIMD reports whether function e is an ESIMD function.
func IsESIMD(m *llvmir.Module, e *llvmir.Entity) bool {
	if e.Kind != llvmir.KindFunction {
		return false
	}
	_, ok := m.Attachment(e, MDExplicitSIMD)
	return ok
}

// ESIMDStatus says which kinds of entry points an image holds.
type ESIMDStatus int

// Image kinds (sycl-post-link's SYCL-only / ESIMD-only / both).
const (
	SYCLOnly ESIMDStatus = iota
	ESIMDOnly
	SYCLAndESIMD
)

// ClassifyESIMD tells whether the entry points of an image are SYCL,
// ESIMD or both. An image without entry points counts as SYCL.
func ClassifyESIMD(m *llvmir.Module, entries []int) ESIMDStatus {
	sycl, esimd := false, false
	for _, i := range entries {
		if IsESIMD(m, &m.Entities[i]) {
			esimd = true
		} else {
			sycl = true
		}
	}
	switch {
	case esimd && sycl:
		return SYCLAndESIMD
	case esimd:
		return ESIMDOnly
	}
	return SYCLOnly
}
