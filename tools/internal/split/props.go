package split

import (
	"encoding/binary"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Property-set names written by the splitter.
const (
	SetDeviceRequirements = "SYCL/device requirements"
	SetMiscProperties     = "SYCL/misc properties"
	SetProgramMetadata    = "SYCL/program metadata"
	SetExportedSymbols    = "SYCL/exported symbols"
	SetKernelNames        = "SYCL/kernel names"
	SetImportedSymbols    = "SYCL/imported symbols"
	SetKernelParamOpt     = "SYCL/kernel param opt"
	SetDeviceGlobals      = "SYCL/device globals"
	SetVirtualFunctions   = "SYCL/virtual functions"
)

// PropOptions tune property computation.
type PropOptions struct {
	// Optional property sets (sycl-post-link -emit-* flags).
	ProgramMetadata bool
	ExportedSymbols bool
	ImportedSymbols bool
	KernelNames     bool
	ParamInfo       bool
	DeviceGlobals   bool

	// Mode none drops reqd_work_group_size_uint64_t: one image cannot carry
	// a per-kernel work-group requirement.
	Mode Mode
	// Target, when set, is appended as compile_target.
	Target string
	// Release, if set, is told every megabyte of module text that the
	// walks over the image's functions are done with (see Options.Release).
	Release func(end int)
}

// Properties computes the property sets of an extracted image.
func Properties(m *llvmir.Module, img *Image, po PropOptions) *propset.Registry {
	reg := &propset.Registry{}
	rel := &releaser{f: po.Release, m: m}
	defer rel.end()
	addDeviceRequirements(reg, m, img, po, rel)
	if po.ParamInfo {
		addParamInfo(reg, m, img, rel)
	}
	if po.ProgramMetadata {
		addProgramMetadata(reg, m, img, rel)
	}
	if po.ExportedSymbols {
		for _, i := range img.EntryIdx {
			rel.at(i)
			e := &m.Entities[i]
			if _, vf := m.FuncAttr(e, AttrIndirectlyCallable); e.Fn.CC == "spir_func" && !vf {
				reg.Add(SetExportedSymbols, llvmir.GlobalName(e.Name), propset.U32(1))
			}
		}
	}
	if po.ImportedSymbols {
		reg.AddSet(SetImportedSymbols)
		for _, i := range img.Decls {
			rel.at(i)
			e := &m.Entities[i]
			if _, vf := m.FuncAttr(e, AttrIndirectlyCallable); !vf && importable(llvmir.GlobalName(e.Name)) {
				reg.Add(SetImportedSymbols, llvmir.GlobalName(e.Name), propset.U32(1))
			}
		}
	}
	if po.KernelNames {
		for _, i := range img.Kernels {
			rel.at(i)
			reg.Add(SetKernelNames, llvmir.GlobalName(m.Entities[i].Name), propset.U32(1))
		}
	}
	addMisc(reg, m, img, rel)
	addVirtualFunctions(reg, m, img, rel)
	if po.DeviceGlobals {
		addDeviceGlobals(reg, m, img)
	}
	return reg
}

func addDeviceRequirements(reg *propset.Registry, m *llvmir.Module, img *Image, po PropOptions, rel *releaser) {
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
		rel.at(i)
		isEntry[i] = true
	}
	for _, i := range img.Defs {
		rel.at(i)
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
		if v := reqdWorkGroupSize(m, e); len(v) > 0 && !haveWG {
			haveWG = true
			for _, x := range v {
				wg = append(wg, uint64(x))
			}
		}
		if v := mdInts(m, e, "work_group_num_dim"); len(v) > 0 && !haveWG && !haveDim {
			haveDim = true
			wgDim = uint32(v[0])
		}
		if v := reqdSubGroupSize(m, e); len(v) > 0 && isEntry[i] && !haveSG {
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

// reqdWorkGroupSize reads !reqd_work_group_size, or the
// "sycl-work-group-size" attribute (SYCL order, reversed into the
// metadata's OpenCL order) that newer front ends emit instead.
func reqdWorkGroupSize(m *llvmir.Module, e *llvmir.Entity) []int64 {
	if v := mdInts(m, e, "reqd_work_group_size"); len(v) > 0 {
		return v
	}
	return attrInts(m, e, "sycl-work-group-size", true)
}

func reqdSubGroupSize(m *llvmir.Module, e *llvmir.Entity) []int64 {
	if v := mdInts(m, e, "intel_reqd_sub_group_size"); len(v) > 0 {
		return v
	}
	return attrInts(m, e, "sycl-sub-group-size", false)
}

func attrInts(m *llvmir.Module, e *llvmir.Entity, name string, reverse bool) []int64 {
	s, ok := m.FuncAttr(e, name)
	if !ok || s == "" {
		return nil
	}
	var out []int64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	if reverse {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

func u32s(v []int64) []uint32 {
	out := make([]uint32, len(v))
	for i, x := range v {
		out[i] = uint32(x)
	}
	return out
}

func addProgramMetadata(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	reg.AddSet(SetProgramMetadata)
	for _, i := range img.Defs {
		rel.at(i)
		e := &m.Entities[i]
		name := llvmir.GlobalName(e.Name)
		if v := reqdWorkGroupSize(m, e); len(v) > 0 {
			reg.Add(SetProgramMetadata, name+"@reqd_work_group_size", propset.U32s(u32s(v)))
		}
		if v := reqdSubGroupSize(m, e); len(v) > 0 {
			reg.Add(SetProgramMetadata, name+"@reqd_sub_group_size", propset.U32(uint32(v[0])))
		}
		if v := mdInts(m, e, "work_group_num_dim"); len(v) > 0 {
			reg.Add(SetProgramMetadata, name+"@work_group_num_dim", propset.U32(uint32(v[0])))
		}
		if v := mdInts(m, e, "max_work_group_size"); len(v) > 0 {
			reg.Add(SetProgramMetadata, name+"@max_work_group_size", propset.U32s(u32s(v)))
		}
		if v := mdInts(m, e, "max_linear_work_group_size"); len(v) > 0 {
			reg.Add(SetProgramMetadata, name+"@max_linear_work_group_size", propset.U32(uint32(v[0])))
		}
	}
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindGlobal || !img.hasGlobal(i) {
			continue
		}
		if _, ok := m.GlobalAttr(e, "sycl-device-global-size"); !ok {
			continue
		}
		if id, ok := m.GlobalAttr(e, "sycl-unique-id"); ok {
			reg.Add(SetProgramMetadata, id+"@global_id_mapping", propset.String(llvmir.GlobalName(e.Name)))
		}
	}
}

func addParamInfo(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	reg.AddSet(SetKernelParamOpt)
	for _, i := range img.Defs {
		rel.at(i)
		e := &m.Entities[i]
		v := mdInts(m, e, "sycl_kernel_omit_args")
		if _, ok := m.Attachment(e, "sycl_kernel_omit_args"); !ok {
			continue
		}
		bits := make([]bool, len(v))
		for k, x := range v {
			bits[k] = x != 0
		}
		reg.Add(SetKernelParamOpt, llvmir.GlobalName(e.Name), propset.BitVector(bits))
	}
}

func addMisc(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	for _, attr := range []string{"sycl-grf-size", "sycl-optlevel"} {
		for _, i := range img.EntryIdx {
			rel.at(i)
			v, ok := m.FuncAttr(&m.Entities[i], attr)
			if !ok {
				continue
			}
			n, err := strconv.ParseUint(v, 10, 32)
			if err != nil {
				break
			}
			key := attr
			if attr == "sycl-optlevel" {
				key = "optLevel"
			}
			reg.Add(SetMiscProperties, key, propset.U32(uint32(n)))
			break
		}
	}
}

func addDeviceGlobals(reg *propset.Registry, m *llvmir.Module, img *Image) {
	for i := range m.Entities {
		e := &m.Entities[i]
		if e.Kind != llvmir.KindGlobal || !img.hasGlobal(i) {
			continue
		}
		size, ok := m.GlobalAttr(e, "sycl-device-global-size")
		if !ok {
			continue
		}
		id, ok := m.GlobalAttr(e, "sycl-unique-id")
		if !ok {
			continue
		}
		n, _ := strconv.ParseUint(size, 10, 32)
		var scope uint32
		if _, ok := m.GlobalAttr(e, "sycl-device-image-scope"); ok {
			scope = 1
		}
		b := make([]byte, 8)
		binary.LittleEndian.PutUint32(b, uint32(n))
		binary.LittleEndian.PutUint32(b[4:], scope)
		reg.Add(SetDeviceGlobals, id, propset.Bytes(b))
	}
}

// addVirtualFunctions records which virtual-function set an image defines,
// or which sets its kernels call into (never both).
func addVirtualFunctions(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	for _, i := range img.EntryIdx {
		rel.at(i)
		if v, ok := m.FuncAttr(&m.Entities[i], AttrIndirectlyCallable); ok {
			reg.Add(SetVirtualFunctions, "virtual-functions-set", propset.String(v))
			return
		}
	}
	var sets []string
	seen := map[string]bool{}
	for _, i := range img.Defs {
		rel.at(i)
		v, ok := m.FuncAttr(&m.Entities[i], "calls-indirectly")
		if !ok {
			continue
		}
		for _, s := range strings.Split(v, ",") {
			if s != "" && !seen[s] {
				seen[s] = true
				sets = append(sets, s)
			}
		}
	}
	if len(sets) > 0 {
		reg.Add(SetVirtualFunctions, "uses-virtual-functions-set", propset.String(strings.Join(sets, ",")))
	}
}

// importable reports declarations another device image may define:
// not intrinsics or SPIR-V/SYCL builtins, and not reserved names (the
// source-level name, after the Itanium length prefix, starting with "__").
func importable(name string) bool {
	if strings.HasPrefix(name, "llvm.") || strings.HasPrefix(name, "__") || IsBuiltinName(name) {
		return false
	}
	if strings.HasPrefix(name, "_Z") {
		i := 2
		if i < len(name) && name[i] == 'N' {
			i++
		}
		for i < len(name) && name[i] >= '0' && name[i] <= '9' {
			i++
		}
		if strings.HasPrefix(name[i:], "__") {
			return false
		}
	}
	return true
}
