package main

// Which images an Intel GPU architecture gets. DPC++'s sycl-post-link
// leaves out of an intel_gpu_<arch> target's table every image whose
// device requirements that architecture does not meet, by its device
// config file (llvm/SYCLLowerIR/DeviceConfigFile.td, the table
// DeviceConfigFile::TargetTable in libsycl-jit): an aspect the image uses
// that the architecture lacks (fp64 on tgllp, acm_g10, ...), or a required
// sub-group size it has not (64 anywhere, 8 on pvc and Xe2), unless the
// image is ESIMD (its reqd_sub_group_size 1 means no sub-groups). ocloc
// would refuse most such images ("Unsupported required sub group size",
// "Double type is not supported"); libsycl then finds no image of those
// kernels for that GPU, as with DPC++. gpuaot gets the architecture's
// lists from rules/private/intel_gpu.bzl (-aspects, -sub-group-sizes) and
// exits with leftOutStatus, writing nothing, for an image it does not get;
// foreach -left-out-status drops the row.

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// leftOutStatus is gpuaot's exit status for an image the device does not
// get: nothing written, one line on stderr saying why.
const leftOutStatus = 3

// support is what one architecture supports, as its device config row.
type support struct {
	aspects       map[uint32]bool // aspects.def numbers
	subGroupSizes map[uint32]bool
}

// parseSupport reads -aspects and -sub-group-sizes (both or neither):
// comma-separated numbers, "" for an empty list only with the other set.
func parseSupport(aspects, sizes string, set bool) (*support, error) {
	if !set {
		return nil, nil
	}
	a, err := parseNumbers("-aspects", aspects)
	if err != nil {
		return nil, err
	}
	s, err := parseNumbers("-sub-group-sizes", sizes)
	if err != nil {
		return nil, err
	}
	return &support{aspects: a, subGroupSizes: s}, nil
}

func parseNumbers(flag, list string) (map[uint32]bool, error) {
	out := map[uint32]bool{}
	if list == "" {
		return out, nil
	}
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.ParseUint(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %q is not a number", flag, list, f)
		}
		out[uint32(n)] = true
	}
	return out, nil
}

// The property sets and properties the decision reads, as split writes
// them (tools/internal/split/props.go).
const (
	deviceRequirements = "SYCL/device requirements"
	miscProperties     = "SYCL/misc properties"
)

// lacks says what of the image's requirements (reg, read from file) the
// device does not support, "" when it supports them all.
func (s *support) lacks(reg *propset.Registry, file string) (string, error) {
	if v, ok := reg.Get(deviceRequirements, "aspects"); ok {
		data := v.Data()
		if v.Type() != propset.ByteArray || len(data)%4 != 0 {
			return "", fmt.Errorf("%s: [%s] aspects is not an array of 32-bit numbers", file, deviceRequirements)
		}
		var missing []string
		for i := 0; i < len(data); i += 4 {
			if a := binary.LittleEndian.Uint32(data[i:]); !s.aspects[a] {
				missing = append(missing, aspectName(a))
			}
		}
		if len(missing) > 0 {
			return "it uses " + strings.Join(missing, ", "), nil
		}
	}
	esimd := false
	if v, ok := reg.Get(miscProperties, "isEsimdImage"); ok && v.Type() == propset.Uint32 && v.Uint32() != 0 {
		esimd = true
	}
	if v, ok := reg.Get(deviceRequirements, "reqd_sub_group_size"); ok && !esimd {
		if v.Type() != propset.Uint32 {
			return "", fmt.Errorf("%s: [%s] reqd_sub_group_size is not a 32-bit number", file, deviceRequirements)
		}
		if !s.subGroupSizes[v.Uint32()] {
			return fmt.Sprintf("it requires sub-groups of %d", v.Uint32()), nil
		}
	}
	return "", nil
}

// aspectNames are the aspects.def names of the aspects DPC++'s device
// config file lists for any Intel GPU, and of those an image commonly
// uses that no Intel GPU row lists; any other prints as its number.
var aspectNames = map[uint32]string{
	1: "cpu", 2: "gpu", 3: "accelerator", 4: "custom",
	5: "fp16", 6: "fp64", 9: "image", 27: "atomic64",
	49: "ext_intel_esimd", 50: "ext_oneapi_fragment", 51: "ext_oneapi_chunk", 52: "ext_oneapi_tangle",
}

func aspectName(a uint32) string {
	if n, ok := aspectNames[a]; ok {
		return fmt.Sprintf("aspect %s (%d)", n, a)
	}
	return fmt.Sprintf("aspect %d", a)
}
