package split

import (
	"sort"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Property-set names written by the splitter.
const (
	SetDeviceRequirements = "SYCL/device requirements"
	SetMiscProperties     = "SYCL/misc properties"
)

// PropOptions tune property computation.
type PropOptions struct {
	// Mode none drops reqd_work_group_size_uint64_t: one image cannot carry
	// a per-kernel work-group requirement.
	Mode Mode
	// Target, when set, is appended as compile_target.
	Target string
}

// Properties computes the property sets of an extracted image.
func Properties(m *llvmir.Module, img *Image, po PropOptions) *propset.Registry {
	reg := &propset.Registry{}
	addDeviceRequirements(reg, m, img, po)
	return reg
}

func addDeviceRequirements(reg *propset.Registry, m *llvmir.Module, img *Image, po PropOptions) {
	type aspect struct {
		name string
		v    uint32
	}
	aspectSet := map[aspect]bool{}
	fixed := map[uint32]bool{}
	var jm, jmMad string
	var wg []uint64
	haveWG := false
	var wgDim, subGroup uint32
	haveDim, haveSG := false, false
	isEntry := map[int]bool{}
	for _, i := range img.EntryIdx {
		isEntry[i] = true
	}
	for _, i := range img.Defs {
		e := &m.Entities[i]
		if ref, ok := m.Attachment(e, "sycl_used_aspects"); ok {
			ops, _ := m.MDOperands(ref)
			for _, op := range ops {
				a := aspect{}
				v, ok := llvmir.ParseIntOperand(op)
				if !ok {
					sub, isTuple := m.MDOperands(op)
					if !isTuple || len(sub) != 2 {
						continue
					}
					if v, ok = llvmir.ParseIntOperand(sub[1]); !ok {
						continue
					}
					a.name = llvmir.Unquote(sub[0])
				}
				if v < 0 {
					continue // internal aspects only force splitting
				}
				a.v = uint32(v)
				aspectSet[a] = true
			}
		}
		if ref, ok := m.Attachment(e, "sycl_fixed_targets"); ok {
			ops, _ := m.MDOperands(ref)
			for _, op := range ops {
				if v, ok := llvmir.ParseIntOperand(op); ok {
					fixed[uint32(v)] = true
				}
			}
		}
		if s := mdStrings(m, e, "sycl_joint_matrix"); len(s) > 0 && s[0] != "" {
			jm = s[0]
		}
		if s := mdStrings(m, e, "sycl_joint_matrix_mad"); len(s) > 0 && s[0] != "" {
			jmMad = s[0]
		}
		if v := mdInts(m, e, "reqd_work_group_size"); len(v) > 0 && !haveWG {
			haveWG = true
			for _, x := range v {
				wg = append(wg, uint64(x))
			}
		}
		if v := mdInts(m, e, "work_group_num_dim"); len(v) > 0 && !haveWG && !haveDim {
			haveDim = true
			wgDim = uint32(v[0])
		}
		if v := mdInts(m, e, "intel_reqd_sub_group_size"); len(v) > 0 && isEntry[i] && !haveSG {
			haveSG = true
			subGroup = uint32(v[0])
		}
	}
	aspects := make([]aspect, 0, len(aspectSet))
	for a := range aspectSet {
		aspects = append(aspects, a)
	}
	sort.Slice(aspects, func(i, j int) bool {
		if aspects[i].name != aspects[j].name {
			return aspects[i].name < aspects[j].name
		}
		return aspects[i].v < aspects[j].v
	})
	vals := make([]uint32, 0, len(aspects))
	for _, a := range aspects {
		vals = append(vals, a.v)
	}
	// Keys in sorted order, as the producer's std::map writes them.
	reg.Add(SetDeviceRequirements, "aspects", propset.U32s(vals))
	if len(fixed) > 0 {
		var f []uint32
		for v := range fixed {
			f = append(f, v)
		}
		sort.Slice(f, func(i, j int) bool { return f[i] < f[j] })
		reg.Add(SetDeviceRequirements, "fixed_target", propset.U32s(f))
	}
	if jm != "" {
		reg.Add(SetDeviceRequirements, "joint_matrix", propset.String(jm))
	}
	if jmMad != "" {
		reg.Add(SetDeviceRequirements, "joint_matrix_mad", propset.String(jmMad))
	}
	if haveSG {
		reg.Add(SetDeviceRequirements, "reqd_sub_group_size", propset.U32(subGroup))
	}
	if haveWG && po.Mode != ModeNone {
		reg.Add(SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s(wg))
	}
	if haveDim {
		reg.Add(SetDeviceRequirements, "work_group_num_dim", propset.U32(wgDim))
	}
	if po.Target != "" {
		reg.Add(SetDeviceRequirements, "compile_target", propset.String(po.Target))
	}
}

// Symbols returns the .sym text of an image: entry names, one per line.
func Symbols(img *Image) []byte {
	var b strings.Builder
	for _, e := range img.Entries {
		b.WriteString(e)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}
