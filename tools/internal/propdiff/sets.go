package propdiff

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Property-set names (sycl-post-link's, as in ../shared/reference/
// sycl-formats.md section 3.4 and tools/internal/split/props.go).
const (
	SetSpecConstants         = "SYCL/specialization constants"
	SetSpecConstantsDefaults = "SYCL/specialization constants default values"
	SetDevicelibReqMask      = "SYCL/devicelib req mask"
	SetDevicelibMetadata     = "SYCL/devicelib metadata"
	SetKernelParamOpt        = "SYCL/kernel param opt"
	SetProgramMetadata       = "SYCL/program metadata"
	SetMiscProperties        = "SYCL/misc properties"
	SetAssertUsed            = "SYCL/assert used"
	SetExportedSymbols       = "SYCL/exported symbols"
	SetImportedSymbols       = "SYCL/imported symbols"
	SetKernelNames           = "SYCL/kernel names"
	SetDeviceGlobals         = "SYCL/device globals"
	SetDeviceRequirements    = "SYCL/device requirements"
	SetHostPipes             = "SYCL/host pipes"
	SetVirtualFunctions      = "SYCL/virtual functions"
	SetImplicitLocalArg      = "SYCL/implicit local arg"
	SetRegisteredKernels     = "SYCL/registered kernels"
)

// Keys of SYCL/device requirements whose image value is the union of its
// kernels' values; every other key must agree kernel by kernel.
var unionRequirements = map[string]bool{
	"aspects":          true,
	"fixed_target":     true,
	"joint_matrix":     true,
	"joint_matrix_mad": true,
}

const none = "(none)"

// get returns a property's value, if the image has it.
func get(img *Image, set, prop string) (propset.Value, bool) {
	return img.Props.Get(set, prop)
}

// keys returns the property names of a set (none if the image lacks it).
func keys(img *Image, set string) []string {
	s, ok := img.Props.Set(set)
	if !ok {
		return nil
	}
	out := make([]string, 0, s.Len())
	for _, p := range s.Properties() {
		out = append(out, p.Name)
	}
	return out
}

// show formats a value for a report: numbers in decimal, the known byte
// arrays decoded, anything else in .prop text form.
func show(set, prop string, v propset.Value, ok bool) string {
	if !ok {
		return none
	}
	if v.Type() == propset.Uint32 {
		return strconv.FormatUint(uint64(v.Uint32()), 10)
	}
	data := v.Data()
	switch {
	case set == SetKernelParamOpt:
		var b strings.Builder
		for i := uint64(0); i < v.BitCount(); i++ {
			if data[i/8]&(1<<(i%8)) != 0 {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		return "omit=" + b.String()
	case set == SetDeviceRequirements && prop == "reqd_work_group_size_uint64_t":
		if len(data)%8 == 0 {
			return showU64s(data)
		}
	case set == SetDeviceRequirements && (prop == "aspects" || prop == "fixed_target" || prop == "reqd_work_group_size"),
		set == SetProgramMetadata && (strings.HasSuffix(prop, "@reqd_work_group_size") || strings.HasSuffix(prop, "@max_work_group_size")),
		set == SetHostPipes, set == SetSpecConstants:
		if len(data)%4 == 0 {
			return showU32s(data)
		}
	case set == SetDeviceGlobals:
		if len(data) == 8 {
			return fmt.Sprintf("size=%d image_scope=%d", binary.LittleEndian.Uint32(data), binary.LittleEndian.Uint32(data[4:]))
		}
	case set == SetDeviceRequirements && (prop == "joint_matrix" || prop == "joint_matrix_mad" || prop == "compile_target"),
		set == SetProgramMetadata && strings.HasSuffix(prop, "@global_id_mapping"),
		set == SetVirtualFunctions, set == SetRegisteredKernels,
		set == SetMiscProperties && prop == "sanUsed":
		if v.BitCount()%8 == 0 {
			return errtext.Quote(string(data))
		}
	}
	return v.String()
}

func showU32s(data []byte) string {
	parts := make([]string, 0, len(data)/4)
	for i := 0; i+4 <= len(data); i += 4 {
		parts = append(parts, strconv.FormatUint(uint64(binary.LittleEndian.Uint32(data[i:])), 10))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func showU64s(data []byte) string {
	parts := make([]string, 0, len(data)/8)
	for i := 0; i+8 <= len(data); i += 8 {
		parts = append(parts, strconv.FormatUint(binary.LittleEndian.Uint64(data[i:]), 10))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// members splits a union-valued requirement into its members: aspects and
// fixed targets are u32 arrays; joint-matrix strings are ';'-separated
// records (the runtime merges them the same way). ok is false for a value
// of the wrong shape.
func members(prop string, v propset.Value) (map[string]bool, bool) {
	out := map[string]bool{}
	if v.Type() != propset.ByteArray || v.BitCount()%8 != 0 {
		return nil, false
	}
	data := v.Data()
	switch prop {
	case "aspects", "fixed_target":
		if len(data)%4 != 0 {
			return nil, false
		}
		for i := 0; i < len(data); i += 4 {
			out[strconv.FormatUint(uint64(binary.LittleEndian.Uint32(data[i:])), 10)] = true
		}
	default:
		for _, r := range strings.Split(string(data), ";") {
			if r != "" {
				out[r] = true
			}
		}
	}
	return out, true
}

// symbolList splits a comma-joined list of virtual-function set names.
func symbolList(v propset.Value) map[string]bool {
	out := map[string]bool{}
	for _, s := range strings.Split(string(v.Data()), ",") {
		if s != "" {
			out[s] = true
		}
	}
	return out
}
