package propdiff

import (
	"encoding/binary"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// p is one property of a test image.
type p struct {
	set, name string
	v         propset.Value
}

func img(name string, entries []string, props ...p) *Image {
	r := &propset.Registry{}
	for _, x := range props {
		if x.name == "" {
			r.AddSet(x.set) // a set without properties
			continue
		}
		r.Add(x.set, x.name, x.v)
	}
	return &Image{Name: name, Entries: entries, Props: r}
}

func tab(imgs ...*Image) *Table { return &Table{File: "t.table", Images: imgs} }

func ks(s ...string) []string { return s }

func aspects(v ...uint32) p { return p{SetDeviceRequirements, "aspects", propset.U32s(v)} }
func opt(n uint32) p        { return p{SetMiscProperties, "optLevel", propset.U32(n)} }
func mask(k string, bits ...bool) p {
	return p{SetKernelParamOpt, k, propset.BitVector(bits)}
}
func one(set, name string) p { return p{set, name, propset.U32(1)} }
func dg(id string, size, scope uint32) p {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint32(b, size)
	binary.LittleEndian.PutUint32(b[4:], scope)
	return p{SetDeviceGlobals, id, propset.Bytes(b)}
}

// sc is a spec constant with descriptors {id, off, size}... and its default.
func sc(name string, desc ...uint32) p { return p{SetSpecConstants, name, propset.U32s(desc)} }
func scDefaults(b ...byte) p           { return p{SetSpecConstantsDefaults, "all", propset.Bytes(b)} }

func TestCompare(t *testing.T) {
	k1 := []p{aspects(), opt(2), mask("k1", false, true)}
	tests := []struct {
		name         string
		ours, theirs *Table
		want         []Difference
	}{
		{
			name:   "equal",
			ours:   tab(img("o#1", ks("k1"), k1...)),
			theirs: tab(img("t#1", ks("k1"), k1...)),
		},
		{
			name:   "kernel missing in ours",
			ours:   tab(img("o#1", ks("k1"), k1...)),
			theirs: tab(img("t#1", ks("k1"), k1...), img("t#2", ks("k2"), aspects())),
			want:   []Difference{{"k2", setEntries, "image", none, "t#2"}},
		},
		{
			name:   "kernel missing in theirs",
			ours:   tab(img("o#1", ks("k1", "k2"), append(k1, mask("k2"))...)),
			theirs: tab(img("t#1", ks("k1"), k1...)),
			want:   []Difference{{"k2", setEntries, "image", "o#1", none}},
		},
		{
			name:   "kernel in two images of ours",
			ours:   tab(img("o#1", ks("k1"), k1...), img("o#2", ks("k1"), k1...)),
			theirs: tab(img("t#1", ks("k1"), k1...)),
			want:   []Difference{{"k1", setEntries, "image", "o#1 o#2", "t#1"}},
		},
		{
			name:   "a template kernel of two TUs: in two images on both sides",
			ours:   tab(img("o#1", ks("k1"), k1...), img("o#2", ks("k1"), k1...)),
			theirs: tab(img("t#1", ks("k1"), k1...), img("t#2", ks("k1"), k1...)),
		},
		{
			name:   "a template kernel of two TUs: in one image of ours, but not the same",
			ours:   tab(img("o#1", ks("k1"), opt(2), aspects())),
			theirs: tab(img("t#1", ks("k1"), k1...), img("t#2", ks("k1"), aspects(), opt(3))),
			want: []Difference{
				{"k1", SetKernelParamOpt, "k1", none, "omit=01"},
				{"k1", SetMiscProperties, "optLevel", "2", "3"},
			},
		},
		{
			name:   "external-function-entries: an exported function entry of theirs",
			ours:   tab(img("o#1", ks("k1"), k1...)),
			theirs: tab(img("t#1", ks("k1"), k1...), img("t#2", ks("ext"), aspects(), one(SetExportedSymbols, "ext"))),
		},
		{
			name:   "an entry of theirs not exported is a kernel",
			ours:   tab(img("o#1", ks("k1"), k1...)),
			theirs: tab(img("t#1", ks("k1"), k1...), img("t#2", ks("ext"), aspects())),
			want:   []Difference{{"ext", setEntries, "image", none, "t#2"}},
		},
		{
			name:   "kernel param opt lost",
			ours:   tab(img("o#1", ks("k1"), aspects(), opt(2), p{set: SetKernelParamOpt})),
			theirs: tab(img("t#1", ks("k1"), k1...)),
			want:   []Difference{{"k1", SetKernelParamOpt, "k1", none, "omit=01"}},
		},
		{
			name:   "optLevel lost",
			ours:   tab(img("o#1", ks("k1"), aspects(), mask("k1", false, true))),
			theirs: tab(img("t#1", ks("k1"), k1...)),
			want:   []Difference{{"k1", SetMiscProperties, "optLevel", none, "2"}},
		},
		{
			name:   "aspects: the image's are the union of its kernels'",
			ours:   tab(img("o#1", ks("k1", "k2"), aspects(1, 6))),
			theirs: tab(img("t#1", ks("k1"), aspects(6)), img("t#2", ks("k2"), aspects(1))),
		},
		{
			name:   "aspects lost",
			ours:   tab(img("o#1", ks("k1", "k2"), aspects())),
			theirs: tab(img("t#1", ks("k1"), aspects(6)), img("t#2", ks("k2"), aspects(1))),
			want:   []Difference{{"k1,k2", SetDeviceRequirements, "aspects", "[]", "[1 6]"}},
		},
		{
			name:   "aspects nobody asked for",
			ours:   tab(img("o#1", ks("k1"), aspects(6))),
			theirs: tab(img("t#1", ks("k1"), aspects())),
			want:   []Difference{{"k1", SetDeviceRequirements, "aspects", "[6]", "[]"}},
		},
		{
			name: "imported-requirements: aspects of a linked-in SYCL_EXTERNAL function",
			ours: tab(img("o#1", ks("k1"), aspects(6))),
			theirs: tab(img("t#1", ks("k1"), aspects(), one(SetImportedSymbols, "f")),
				img("t#2", ks("f"), aspects(6), one(SetExportedSymbols, "f"))),
		},
		{
			name: "work-group size must agree kernel by kernel",
			ours: tab(img("o#1", ks("k1", "k2"), aspects(),
				p{SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s([]uint64{64, 1, 1})})),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s([]uint64{64, 1, 1})}),
				img("t#2", ks("k2"), aspects())),
			want: []Difference{{"k2", SetDeviceRequirements, "reqd_work_group_size_uint64_t", "[64 1 1]", none}},
		},
		{
			name: "legacy-reqd-work-group-size: the u32 key beside the 64-bit one",
			ours: tab(img("o#1", ks("k1"), aspects(),
				p{SetDeviceRequirements, "reqd_work_group_size", propset.U32s([]uint32{5, 4, 1})},
				p{SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s([]uint64{5, 4, 1})})),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s([]uint64{5, 4, 1})})),
		},
		{
			name: "legacy work-group size that is not the 64-bit one",
			ours: tab(img("o#1", ks("k1"), aspects(),
				p{SetDeviceRequirements, "reqd_work_group_size", propset.U32s([]uint32{5, 4, 2})},
				p{SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s([]uint64{5, 4, 1})})),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{SetDeviceRequirements, "reqd_work_group_size_uint64_t", propset.U64s([]uint64{5, 4, 1})})),
			want:   []Difference{{"k1", SetDeviceRequirements, "reqd_work_group_size", "[5 4 2]", none}},
		},
		{
			name:   "program metadata of the kernel",
			ours:   tab(img("o#1", ks("k1"), aspects())),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{SetProgramMetadata, "k1@reqd_work_group_size", propset.U32s([]uint32{8, 8, 1})})),
			want:   []Difference{{"k1", SetProgramMetadata, "k1@reqd_work_group_size", none, "[8 8 1]"}},
		},
		{
			name: "spec-const-numbering: same constants, other ids",
			ours: tab(img("o#1", ks("k1", "k2"), aspects(), sc("A", 0, 0, 4), sc("B", 1, 0, 4, 2, 4, 4),
				scDefaults(1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0))),
			theirs: tab(img("t#1", ks("k1"), aspects(), sc("B", 0, 0, 4, 1, 4, 4), scDefaults(2, 0, 0, 0, 3, 0, 0, 0)),
				img("t#2", ks("k2"), aspects(), sc("A", 0, 0, 4), scDefaults(1, 0, 0, 0))),
		},
		{
			name: "spec constants: other default, other layout, missing",
			ours: tab(img("o#1", ks("k1"), aspects(), sc("A", 0, 0, 4), sc("B", 1, 0, 8),
				scDefaults(9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
			theirs: tab(img("t#1", ks("k1"), aspects(), sc("A", 0, 0, 4), sc("B", 1, 0, 4, padID, 4, 4), sc("C", 2, 0, 1),
				scDefaults(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7))),
			want: []Difference{
				{"k1", SetSpecConstants, "A", "layout=0:4 default=09000000", "layout=0:4 default=01000000"},
				{"k1", SetSpecConstants, "B", "layout=0:8 default=0000000000000000", "layout=0:4 pad4:4 default=0000000000000000"},
				{"k1", SetSpecConstants, "C", none, "layout=0:1 default=07"},
			},
		},
		{
			name:   "spec constants: defaults blob too short",
			ours:   tab(img("o#1", ks("k1"), aspects(), sc("A", 0, 0, 4), scDefaults(1))),
			theirs: tab(img("t#1", ks("k1"), aspects(), sc("A", 0, 0, 4), scDefaults(1, 0, 0, 0))),
			want: []Difference{{"k1", SetSpecConstants, "(table)",
				"malformed: SYCL/specialization constants default values: all: 1 bytes, the constants need more", "-"}},
		},
		{
			name: "linked-device-globals: another TU's global in every image",
			ours: tab(img("o#1", ks("k1"), aspects(), dg("uidA", 4, 0), dg("uidB", 8, 0)),
				img("o#2", ks("k2"), aspects(), dg("uidA", 4, 0), dg("uidB", 8, 0))),
			theirs: tab(img("t#1", ks("k1"), aspects(), dg("uidA", 4, 0)), img("t#2", ks("k2"), aspects(), dg("uidB", 8, 0))),
		},
		{
			name:   "device globals: lost, changed, unknown",
			ours:   tab(img("o#1", ks("k1"), aspects(), dg("uidB", 8, 1), dg("uidC", 4, 0))),
			theirs: tab(img("t#1", ks("k1"), aspects(), dg("uidA", 4, 0), dg("uidB", 8, 0))),
			want: []Difference{
				{"k1", SetDeviceGlobals, "uidA", none, "size=4 image_scope=0"},
				{"k1", SetDeviceGlobals, "uidB", "size=8 image_scope=1", "size=8 image_scope=0"},
				{"k1", SetDeviceGlobals, "uidC", "size=4 image_scope=0", none},
			},
		},
		{
			name: "static-link-imports and -exports",
			ours: tab(img("o#1", ks("k1"), aspects(), one(SetExportedSymbols, "f"))),
			theirs: tab(img("t#1", ks("k1"), aspects(), one(SetImportedSymbols, "g")),
				img("t#2", ks("g"), aspects(), one(SetExportedSymbols, "g"), one(SetExportedSymbols, "f"))),
		},
		{
			name: "symbols a static link cannot explain",
			ours: tab(img("o#1", ks("k1"), aspects(), one(SetExportedSymbols, "h"), one(SetImportedSymbols, "g"))),
			theirs: tab(img("t#1", ks("k1"), aspects(), one(SetImportedSymbols, "g"), one(SetImportedSymbols, "ext")),
				img("t#2", ks("g"), aspects(), one(SetExportedSymbols, "g"))),
			want: []Difference{
				{"k1", SetExportedSymbols, "h", "1", none},
				{"k1", SetImportedSymbols, "g", "imported", "imported, exported by t#2"},
			},
		},
		{
			name:   "assert used and an unknown set",
			ours:   tab(img("o#1", ks("k1"), aspects(), p{"SYCL/new set", "k1", propset.U32(3)})),
			theirs: tab(img("t#1", ks("k1"), aspects(), one(SetAssertUsed, "k1"), p{"SYCL/new set", "k1", propset.U32(4)})),
			want: []Difference{
				{"k1", SetAssertUsed, "k1", none, "1"},
				{"k1", "SYCL/new set", "k1", "3", "4"},
			},
		},
		{
			name: "an unknown set keyed by kernel: each kernel against its own image",
			ours: tab(img("o#1", ks("k1", "k2"), aspects(), p{"SYCL/new set", "k1", propset.U32(3)}, p{"SYCL/new set", "k2", propset.U32(5)})),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{"SYCL/new set", "k1", propset.U32(3)}),
				img("t#2", ks("k2"), aspects(), p{"SYCL/new set", "k2", propset.U32(4)})),
			want: []Difference{{"k2", "SYCL/new set", "k2", "5", "4"}},
		},
		{
			name:   "spec constants: defaults without constants",
			ours:   tab(img("o#1", ks("k1"), aspects(), scDefaults(1))),
			theirs: tab(img("t#1", ks("k1"), aspects())),
			want: []Difference{{"k1", SetSpecConstants, "(table)",
				"malformed: SYCL/specialization constants default values: all: 1 bytes, but no constants", "-"}},
		},
		{
			name:   "devicelib mask: kernels' bits, and the linked-in definitions'",
			ours:   tab(img("o#1", ks("k1"), aspects(), p{SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(1)})),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(3)})),
			want:   []Difference{{"k1", SetDevicelibReqMask, "DeviceLibReqMask", "1", "3"}},
		},
		{
			name:   "devicelib mask: none is 0",
			ours:   tab(img("o#1", ks("k1"), aspects(), p{SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(0)})),
			theirs: tab(img("t#1", ks("k1"), aspects())),
		},
		{
			name: "devicelib mask: bits of a linked-in definition",
			ours: tab(img("o#1", ks("k1"), aspects(), p{SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(6)})),
			theirs: tab(img("t#1", ks("k1"), aspects(), p{SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(2)}, one(SetImportedSymbols, "f")),
				img("t#2", ks("f"), aspects(), one(SetExportedSymbols, "f"), p{SetDevicelibReqMask, "DeviceLibReqMask", propset.U32(4)})),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Compare(tc.ours, tc.theirs)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Compare (-want +got):\n%s", diff)
			}
		})
	}
}
