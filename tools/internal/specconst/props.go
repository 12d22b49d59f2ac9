package specconst

import "github.com/rules-sycl/rules_sycl/tools/internal/propset"

// Property-set names the runtime reads spec constants from.
const (
	SetSpecConstants = "SYCL/specialization constants"
	SetDefaultValues = "SYCL/specialization constants default values"
	SetMisc          = "SYCL/misc properties"
)

// AddProperties adds the image's spec-constant property sets: one
// {ID, Offset, Size} array per symbolic ID and the defaults blob under
// "all". Images without spec constants get neither set; default-value
// clones are marked with specConstsReplacedWithDefault.
func (r *Result) AddProperties(reg *propset.Registry, mode Mode) {
	if mode == DefaultValues {
		reg.Add(SetMisc, "specConstsReplacedWithDefault", propset.U32(1))
		return
	}
	if len(r.SpecConsts) == 0 {
		return
	}
	for _, sc := range r.SpecConsts {
		words := make([]uint32, 0, 3*len(sc.Descs))
		for _, d := range sc.Descs {
			words = append(words, d.ID, d.Offset, d.Size)
		}
		reg.Add(SetSpecConstants, sc.SymID, propset.U32s(words))
	}
	reg.Add(SetDefaultValues, "all", propset.Bytes(r.Defaults))
}
