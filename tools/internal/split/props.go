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
	SetDevicelibReqMask   = "SYCL/devicelib req mask"
	SetDeviceRequirements = "SYCL/device requirements"
	SetAssertUsed         = "SYCL/assert used"
	SetImplicitLocalArg   = "SYCL/implicit local arg"
	// SetWorkGroupDynamicLocalMem lists the kernels that take dynamic
	// work-group memory (libsycl-jit 2026's post-link writes it).
	SetWorkGroupDynamicLocalMem = "SYCL/work group dynamic local mem"
	SetHostPipes                = "SYCL/host pipes"
	SetRegisteredKernels        = "SYCL/registered kernels"
	SetMiscProperties           = "SYCL/misc properties"
	SetProgramMetadata          = "SYCL/program metadata"
	SetExportedSymbols          = "SYCL/exported symbols"
	SetKernelNames              = "SYCL/kernel names"
	SetImportedSymbols          = "SYCL/imported symbols"
	SetKernelParamOpt           = "SYCL/kernel param opt"
	SetDeviceGlobals            = "SYCL/device globals"
	SetVirtualFunctions         = "SYCL/virtual functions"
)

// PropOptions tune property computation.
type PropOptions struct {
	// Optional property sets (sycl-post-link -emit-* flags).
	ProgramMetadata bool
	ExportedSymbols bool
	ImportedSymbols bool
	// DeviceLibImports lists, without ImportedSymbols, the imports of the
	// bfloat16 device library's conversions alone (a statically linked
	// program's only imports: the runtime resolves them from the library's
	// images, as libsycl-jit's post-link lists them).
	DeviceLibImports bool
	KernelNames      bool
	ParamInfo        bool
	DeviceGlobals    bool
	// ParamMasks replace the !sycl_kernel_omit_args masks of these kernels
	// in SYCL/kernel param opt: those whose spec-constant buffer parameter
	// the emulation of spec constants restored in the image
	// (specconst.Result.ParamMasks).
	ParamMasks map[string][]bool

	// Mode none drops reqd_work_group_size_uint64_t: one image cannot carry
	// a per-kernel work-group requirement, unless the image was split by
	// device requirements (SplitByDeviceRequirements: all its kernels
	// agree).
	Mode                      Mode
	SplitByDeviceRequirements bool
	// IDQueriesRange is the range the kernels' id queries fit in
	// (-id-queries-range: 0 int, 1 uint, 2 size_t); non-zero is written as
	// misc property idQueriesRange.
	IDQueriesRange uint32
	// Target, when set, is appended as compile_target.
	Target string
	// ESIMDOnly marks an image of ESIMD entry points only (isEsimdImage);
	// MergedESIMD an image whose SYCL and ESIMD halves were linked back
	// together, which gets no optLevel (as sycl-post-link does).
	ESIMDOnly, MergedESIMD bool
	// SpecConstants, if set, adds the specialization-constant sets; it runs
	// right after the device requirements, where sycl-post-link puts them.
	SpecConstants func(reg *propset.Registry)
	// SpecConstsReplacedWithDefault marks a default-value clone
	// (-generate-device-image-default-spec-consts): misc property
	// specConstsReplacedWithDefault=1, after the device globals as
	// sycl-post-link writes it.
	SpecConstsReplacedWithDefault bool
	// AllowDeviceImageDependencies lists external device_global
	// declarations as imported symbols (dynamic linking of images).
	AllowDeviceImageDependencies bool
	// Release, if set, is told every megabyte of module text that the
	// walks over the image's functions are done with (see Options.Release).
	Release func(end int)
}

// Properties computes the property sets of an extracted image: the sets,
// keys and order of sycl-post-link's computeModuleProperties (intel/llvm,
// late 2024, which still wrote the devicelib mask, assert and host-pipe
// sets), with the -emit-* sets only when asked for. Specialization
// constants come from PropOptions.SpecConstants.
func Properties(m *llvmir.Module, img *Image, po PropOptions) *propset.Registry {
	reg := &propset.Registry{}
	rel := &releaser{f: po.Release, m: m}
	defer rel.end()
	triple := TargetTriple(m)
	reg.Add(SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(devicelibReqMask(m, img, triple)))
	addDeviceRequirements(reg, m, img, po, rel)
	if po.SpecConstants != nil {
		po.SpecConstants(reg)
	}
	if po.ParamInfo {
		addParamInfo(reg, m, img, po.ParamMasks, rel)
	}
	if po.ExportedSymbols {
		for _, i := range img.EntryIdx {
			rel.at(i)
			e := &m.Entities[i]
			if _, vf := m.FuncAttr(e, AttrIndirectlyCallable); e.Fn.CC == "spir_func" && !vf {
				reg.Add(SetExportedSymbols, llvmir.GlobalName(e.Name), propset.U32(1))
			}
		}
		// Device globals shared between images: external definitions
		// without device_image_scope.
		for _, i := range img.Globals {
			e := &m.Entities[i]
			if !isDeviceGlobal(m, e) || deviceImageScope(m, e) {
				continue
			}
			if linkage, isDecl := m.GlobalLinkage(e); linkage == "" && !isDecl {
				reg.Add(SetExportedSymbols, llvmir.GlobalName(e.Name), propset.U32(1))
			}
		}
	}
	if po.DeviceLibImports && !po.ImportedSymbols {
		for _, i := range img.Decls {
			if name := llvmir.GlobalName(m.Entities[i].Name); IsBF16DeviceLibFunction(name) {
				reg.Add(SetImportedSymbols, name, propset.U32(1))
			}
		}
	}
	if po.ImportedSymbols {
		for _, i := range img.Decls {
			rel.at(i)
			e := &m.Entities[i]
			if _, vf := m.FuncAttr(e, AttrIndirectlyCallable); !vf && importable(llvmir.GlobalName(e.Name)) {
				reg.Add(SetImportedSymbols, llvmir.GlobalName(e.Name), propset.U32(1))
			}
		}
		// Declarations carry no attributes: a device_global is known by
		// its struct type's name.
		if po.AllowDeviceImageDependencies {
			for _, i := range img.Globals {
				e := &m.Entities[i]
				if linkage, isDecl := m.GlobalLinkage(e); isDecl && linkage == "external" && isDeviceGlobalType(m, e) {
					reg.Add(SetImportedSymbols, llvmir.GlobalName(e.Name), propset.U32(1))
				}
			}
		}
	}
	if po.KernelNames {
		for _, i := range img.Kernels {
			rel.at(i)
			reg.Add(SetKernelNames, llvmir.GlobalName(m.Entities[i].Name), propset.U32(1))
		}
	}
	if po.ProgramMetadata {
		addProgramMetadata(reg, m, img, rel)
	}
	addMisc(reg, m, img, po, rel)
	for _, k := range assertUsers(m, img, rel) {
		reg.Add(SetAssertUsed, k, propset.U32(1))
	}
	if isSPIRTriple(triple) {
		addImplicitLocalArgs(reg, m, img, rel)
		addWorkGroupDynamicLocalMem(reg, m, img, rel)
	}
	if san := sanitizerUsed(m, img); san != "" {
		reg.Add(SetMiscProperties, "sanUsed", propset.String(san))
	}
	if po.DeviceGlobals {
		addDeviceGlobals(reg, m, img)
	}
	if po.SpecConstsReplacedWithDefault {
		reg.Add(SetMiscProperties, "specConstsReplacedWithDefault", propset.U32(1))
	}
	addHostPipes(reg, m, img)
	addVirtualFunctions(reg, m, img, rel)
	addRegisteredKernels(reg, m, img)
	return reg
}

func addDeviceRequirements(reg *propset.Registry, m *llvmir.Module, img *Image, po PropOptions, rel *releaser) {
	// Aspects compare (and deduplicate) by value only, as the producer's
	// std::set of name/value pairs does.
	aspectSet := map[uint32]bool{}
	fixed := map[uint32]bool{}
	var jm, jmMad string
	var wg []uint64
	haveWG := false
	var wgDim, subGroup uint32
	haveDim, haveSG := false, false
	for _, i := range img.Defs {
		rel.at(i)
		e := &m.Entities[i]
		if ref, ok := m.Attachment(e, "sycl_used_aspects"); ok {
			ops, _ := m.MDOperands(ref)
			for _, op := range ops {
				v, ok := llvmir.ParseIntOperand(op)
				if !ok {
					sub, isTuple := m.MDOperands(op)
					if !isTuple || len(sub) != 2 {
						continue
					}
					if v, ok = llvmir.ParseIntOperand(sub[1]); !ok {
						continue
					}
				}
				if v < 0 {
					continue // internal aspects only force splitting
				}
				aspectSet[uint32(v)] = true
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
		// Every work_group_num_dim seen before the first
		// reqd_work_group_size (the same function's included) overwrites
		// the last one: the producer's quirk.
		if v := mdInts(m, e, "work_group_num_dim"); len(v) > 0 && !haveWG {
			haveDim = true
			wgDim = uint32(v[0])
		}
		if v := reqdWorkGroupSize(m, e); len(v) > 0 && !haveWG {
			haveWG = true
			for _, x := range v {
				wg = append(wg, uint64(x))
			}
		}
		if s := mdStrings(m, e, "sycl_joint_matrix"); len(s) > 0 && s[0] != "" {
			jm = s[0]
		}
		if s := mdStrings(m, e, "sycl_joint_matrix_mad"); len(s) > 0 && s[0] != "" {
			jmMad = s[0]
		}
	}
	for _, i := range img.EntryIdx {
		if v := reqdSubGroupSize(m, &m.Entities[i]); len(v) > 0 {
			haveSG = true
			subGroup = uint32(v[0])
			break
		}
	}
	aspects := make([]uint32, 0, len(aspectSet))
	for a := range aspectSet {
		aspects = append(aspects, a)
	}
	sortU32(aspects)
	// Keys in sorted order, as the producer's std::map writes them.
	reg.Add(SetDeviceRequirements, "aspects", propset.U32s(aspects))
	if len(fixed) > 0 {
		var f []uint32
		for v := range fixed {
			f = append(f, v)
		}
		sortU32(f)
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
	if haveWG && (po.Mode != ModeNone || po.SplitByDeviceRequirements) {
		// Runtimes from before the 64-bit key read reqd_work_group_size
		// (u32 values), which sycl-post-link wrote until intel/llvm#10620;
		// newer runtimes read the 64-bit key. Both are written when the
		// values fit in 32 bits, so either runtime sees the requirement.
		if legacy, ok := u32Values(wg); ok {
			reg.Add(SetDeviceRequirements, "reqd_work_group_size", propset.U32s(legacy))
		}
		reg.Add(SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s(wg))
	}
	if haveDim {
		reg.Add(SetDeviceRequirements, "work_group_num_dim", propset.U32(wgDim))
	}
	if po.Target != "" {
		reg.Add(SetDeviceRequirements, "compile_target", propset.String(po.Target))
	}
}

// u32Values narrows v to 32 bits; ok is false if a value does not fit.
func u32Values(v []uint64) (out []uint32, ok bool) {
	for _, x := range v {
		if x > 0xFFFFFFFF {
			return nil, false
		}
		out = append(out, uint32(x))
	}
	return out, true
}

func sortU32(v []uint32) { sort.Slice(v, func(i, j int) bool { return v[i] < v[j] }) }

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
	// Sizes are unsigned: an i32 operand is zero-extended (SPIR-V's
	// LocalSize, read back, is i32; 4294967295 spells as -1).
	if ref, ok := m.Attachment(e, "reqd_work_group_size"); ok {
		ops, _ := m.MDOperands(ref)
		var out []int64
		for _, op := range ops {
			if v, ok := llvmir.ParseIntOperand(op); ok {
				if strings.HasPrefix(op, "i32 ") {
					v = int64(uint32(v))
				}
				out = append(out, v)
			}
		}
		if len(out) > 0 {
			return out
		}
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
	for _, i := range img.Globals {
		e := &m.Entities[i]
		if _, ok := m.GlobalAttr(e, "sycl-device-global-size"); !ok {
			continue
		}
		if id, ok := m.GlobalAttr(e, "sycl-unique-id"); ok {
			reg.Add(SetProgramMetadata, id+"@global_id_mapping", propset.String(llvmir.GlobalName(e.Name)))
		}
	}
}

// addParamInfo records, per kernel, which of its source-level arguments
// dead-argument elimination removed: the front end's DAE pass leaves that in
// !sycl_kernel_omit_args (one i1 per original argument, true = removed).
// Without the metadata nothing is known and nothing is written. Kernels come
// in module order (the producer's DenseMap order is a hash order).
func addParamInfo(reg *propset.Registry, m *llvmir.Module, img *Image, masks map[string][]bool, rel *releaser) {
	reg.AddSet(SetKernelParamOpt)
	for _, i := range img.Defs {
		rel.at(i)
		e := &m.Entities[i]
		if mask, ok := masks[llvmir.GlobalName(e.Name)]; ok {
			reg.Add(SetKernelParamOpt, llvmir.GlobalName(e.Name), propset.BitVector(mask))
			continue
		}
		v := mdInts(m, e, "sycl_kernel_omit_args")
		if len(v) == 0 {
			continue
		}
		bits := make([]bool, len(v))
		for k, x := range v {
			bits[k] = x != 0
		}
		reg.Add(SetKernelParamOpt, llvmir.GlobalName(e.Name), propset.BitVector(bits))
	}
}

func addMisc(reg *propset.Registry, m *llvmir.Module, img *Image, po PropOptions, rel *releaser) {
	if po.ESIMDOnly {
		reg.Add(SetMiscProperties, "isEsimdImage", propset.U32(1))
	}
	// The first entry point carrying the attribute decides (the split keeps
	// differing values apart).
	for _, attr := range []string{"sycl-register-alloc-mode", "sycl-grf-size"} {
		for _, i := range img.EntryIdx {
			rel.at(i)
			if v, ok := m.FuncAttr(&m.Entities[i], attr); ok {
				n, _ := strconv.ParseUint(v, 10, 32)
				reg.Add(SetMiscProperties, attr, propset.U32(uint32(n)))
				break
			}
		}
	}
	// optLevel comes from the first entry point whose sycl-optlevel parses
	// as an int; -1 means none.
	for _, i := range img.EntryIdx {
		if po.MergedESIMD {
			break
		}
		v, ok := m.FuncAttr(&m.Entities[i], "sycl-optlevel")
		if !ok {
			continue
		}
		if n, err := strconv.ParseInt(v, 10, 32); err == nil {
			if n != -1 {
				reg.Add(SetMiscProperties, "optLevel", propset.U32(uint32(n)))
			}
			break
		}
	}
	idRange := po.IDQueriesRange
	for _, i := range img.EntryIdx {
		if v, ok := m.FuncAttr(&m.Entities[i], AttrIDQueriesRange); ok {
			if n, err := strconv.ParseUint(v, 10, 32); err == nil && uint32(n) > idRange {
				idRange = uint32(n)
			}
		}
	}
	if idRange != 0 {
		reg.Add(SetMiscProperties, "idQueriesRange", propset.U32(idRange))
	}
}

// AttrWorkGroupDynamicLocalMem marks a kernel that takes dynamic
// work-group memory (tools/annotate writes it from libsycl-jit's sets).
const AttrWorkGroupDynamicLocalMem = "sycl-work-group-dynamic-local-mem"

// addWorkGroupDynamicLocalMem: SPIR kernels with the attribute, each 1.
func addWorkGroupDynamicLocalMem(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	for _, i := range imageFunctions(img) {
		rel.at(i)
		e := &m.Entities[i]
		if e.Fn.CC != "spir_kernel" {
			continue
		}
		if _, ok := m.FuncAttr(e, AttrWorkGroupDynamicLocalMem); ok {
			reg.Add(SetWorkGroupDynamicLocalMem, llvmir.GlobalName(e.Name), propset.U32(1))
		}
	}
}

// AttrImplicitLocalArg marks the kernel parameter that carries dynamic
// work-group memory.
const AttrImplicitLocalArg = "sycl-implicit-local-arg"

// AttrIDQueriesRange is a kernel's idQueriesRange (tools/annotate writes it
// from libsycl-jit's sets of a TU compiled with
// -fno-sycl-id-queries-fit-in-int): an image's is the largest of its entry
// points' and -id-queries-range.
const AttrIDQueriesRange = "sycl-id-queries-range"

// IDQueriesRanges maps -id-queries-range values to the idQueriesRange
// property (0, the default int range, is not written).
var IDQueriesRanges = map[string]uint32{"int": 0, "uint": 1, "size_t": 2}

// sanitizerUsed names the sanitizer whose kernel metadata global the image
// holds: "asan", "msan", "tsan" or "" (asan before msan before tsan, as
// sycl-post-link checks them).
func sanitizerUsed(m *llvmir.Module, img *Image) string {
	rank := map[string]int{"__AsanKernelMetadata": 3, "__MsanKernelMetadata": 2, "__TsanKernelMetadata": 1}
	best := 0
	for _, i := range img.Globals {
		if r := rank[llvmir.GlobalName(m.Entities[i].Name)]; r > best {
			best = r
		}
	}
	return [...]string{"", "tsan", "msan", "asan"}[best]
}

// deviceImageScope reports whether a device_global is private to each image:
// the property is on unless its value is spelled "false".
func deviceImageScope(m *llvmir.Module, e *llvmir.Entity) bool {
	v, ok := m.GlobalAttr(e, "sycl-device-image-scope")
	return ok && v != "false"
}

// isDeviceGlobalType reports whether a global variable's value type is a
// named struct whose name contains "device_global".
func isDeviceGlobalType(m *llvmir.Module, e *llvmir.Entity) bool {
	for t := e.Lo + 2; t < e.Hi; t++ {
		if m.Tok(t).Kind != llvmir.TokWord {
			continue
		}
		if s := m.Text(t); s == "global" || s == "constant" {
			if t+1 < e.Hi {
				ty := m.Text(t + 1)
				return strings.HasPrefix(ty, "%") && strings.Contains(ty, "device_global")
			}
			return false
		}
	}
	return false
}

// addImplicitLocalArgs: SPIR kernels with "sycl-work-group-static" get the
// index of their parameter marked "sycl-implicit-local-arg" (0xFFFFFFFF if
// none).
func addImplicitLocalArgs(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	for _, i := range imageFunctions(img) {
		rel.at(i)
		e := &m.Entities[i]
		if e.Fn.CC != "spir_kernel" {
			continue
		}
		if _, ok := m.FuncAttr(e, "sycl-work-group-static"); !ok {
			continue
		}
		reg.Add(SetImplicitLocalArg, llvmir.GlobalName(e.Name), propset.U32(uint32(paramWithAttr(m, e, AttrImplicitLocalArg))))
	}
}

// paramWithAttr returns the index of the first parameter of e carrying the
// string attribute attr, or -1.
func paramWithAttr(m *llvmir.Module, e *llvmir.Entity, attr string) int {
	quoted := llvmir.QuoteString(attr)
	depth, idx := 0, 0
	for t := int(e.Fn.ParamsLo) + 1; t < int(e.Fn.ParamsHi); t++ {
		tok := m.Tok(t)
		switch {
		case tok.Kind == llvmir.TokPunct:
			switch m.Text(t) {
			case "(", "[", "{", "<":
				depth++
			case ")", "]", "}", ">":
				depth--
			case ",":
				if depth == 0 {
					idx++
				}
			}
		case tok.Kind == llvmir.TokString && depth == 0 && m.Text(t) == quoted:
			return idx
		}
	}
	return -1
}

func addDeviceGlobals(reg *propset.Registry, m *llvmir.Module, img *Image) {
	for _, i := range img.Globals {
		e := &m.Entities[i]
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
		if deviceImageScope(m, e) {
			scope = 1
		}
		b := make([]byte, 8)
		binary.LittleEndian.PutUint32(b, uint32(n))
		binary.LittleEndian.PutUint32(b[4:], scope)
		reg.Add(SetDeviceGlobals, id, propset.Bytes(b))
	}
}

// addHostPipes lists the image's host pipes (globals with
// "sycl-host-pipe-size") by unique id, each with the size of its element.
func addHostPipes(reg *propset.Registry, m *llvmir.Module, img *Image) {
	for _, i := range img.Globals {
		e := &m.Entities[i]
		size, ok := m.GlobalAttr(e, "sycl-host-pipe-size")
		if !ok {
			continue
		}
		id, _ := m.GlobalAttr(e, "sycl-unique-id")
		n, _ := strconv.ParseUint(size, 10, 32)
		reg.Add(SetHostPipes, id, propset.U32s([]uint32{uint32(n)}))
	}
}

// addRegisteredKernels copies !sycl_registered_kernels (one tuple of
// {registered name, mangled name} pairs): registered name -> mangled name,
// for the pairs whose function is in the image (the image's copy of the
// metadata is pruned the same way).
func addRegisteredKernels(reg *propset.Registry, m *llvmir.Module, img *Image) {
	ops, ok := m.MDOperands("!sycl_registered_kernels")
	if !ok || len(ops) != 1 {
		return
	}
	inImage := map[string]bool{}
	for _, list := range [][]int{img.Defs, img.Decls} {
		for _, i := range list {
			inImage[llvmir.GlobalName(m.Entities[i].Name)] = true
		}
	}
	pairs, ok := m.MDOperands(ops[0])
	if !ok {
		return
	}
	for _, p := range pairs {
		kv, ok := m.MDOperands(p)
		if !ok || len(kv) != 2 || !strings.HasPrefix(kv[0], `!"`) || !strings.HasPrefix(kv[1], `!"`) {
			continue
		}
		if !inImage[llvmir.Unquote(kv[1][1:])] {
			continue
		}
		reg.Add(SetRegisteredKernels, llvmir.Unquote(kv[0][1:]), propset.String(llvmir.Unquote(kv[1][1:])))
	}
}

// addVirtualFunctions records which virtual-function set an image defines,
// or which sets its functions call into. Definitions are scanned in module
// order up to the first virtual function; sets named by "calls-indirectly"
// before it still count (the producer then writes both properties).
func addVirtualFunctions(reg *propset.Registry, m *llvmir.Module, img *Image, rel *releaser) {
	var sets []string
	seen := map[string]bool{}
	for _, i := range img.Defs {
		rel.at(i)
		e := &m.Entities[i]
		if v, ok := m.FuncAttr(e, AttrIndirectlyCallable); ok {
			reg.Add(SetVirtualFunctions, "virtual-functions-set", propset.String(v))
			break
		}
		v, ok := m.FuncAttr(e, "calls-indirectly")
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

// IsBF16DeviceLibFunction reports a function of the bfloat16 device
// library (its images export them: __devicelib_ConvertFToBF16INTEL, ...).
func IsBF16DeviceLibFunction(name string) bool {
	return strings.HasPrefix(name, "__devicelib_ConvertFToBF16INTEL") || strings.HasPrefix(name, "__devicelib_ConvertBF16ToFINTEL")
}
