package spirvdedup

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// module assembles a SPIR-V module from instructions given as opcode and
// operand words; the bound is 100.
func module(insts ...[]uint32) []byte {
	b := binary.LittleEndian.AppendUint32(nil, magic)
	for _, w := range []uint32{0x00010400, 0, 100, 0} {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	for _, in := range insts {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(in))<<16|in[0])
		for _, w := range in[1:] {
			b = binary.LittleEndian.AppendUint32(b, w)
		}
	}
	return b
}

const (
	opTypeInt      = 21
	opConstant     = 43
	opLoad         = 61
	opTypeStruct   = 30
	fpRoundingMode = 39
	generic        = 8
	function       = 7
)

var (
	capKernel  = []uint32{17, 6}
	nameEvent2 = []uint32{opName, 9, 0x0076_6545} // "Ev\0" then padding
	event1     = []uint32{opTypeEvent, 5}
	event2     = []uint32{opTypeEvent, 9}
	ptrEvent1  = []uint32{opTypePointer, 6, function, 5}
	ptrEvent2  = []uint32{opTypePointer, 10, generic, 9}
	ptrMerged  = []uint32{opTypePointer, 10, generic, 5}
	rte        = []uint32{opDecorate, 20, fpRoundingMode, 0}
	rtz        = []uint32{opDecorate, 20, fpRoundingMode, 1}
	member0    = []uint32{opMemberDecorate, 7, 0, 35, 0}
	member1    = []uint32{opMemberDecorate, 7, 1, 35, 8}
)

func TestDedup(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     [][]uint32
		want   [][]uint32 // nil: the input comes back as it is
		report Report
	}{
		{
			name: "nothing to remove",
			in:   [][]uint32{capKernel, rte, rtz, member0, member1, event1, ptrEvent1},
		},
		{
			name:   "a repeated decoration",
			in:     [][]uint32{capKernel, rte, rte, rtz},
			want:   [][]uint32{capKernel, rte, rtz},
			report: Report{Decorations: 1},
		},
		{
			name:   "a repeated member decoration, and one of another member",
			in:     [][]uint32{member0, member1, member0},
			want:   [][]uint32{member0, member1},
			report: Report{Decorations: 1},
		},
		{
			name:   "a second OpTypeEvent, named and pointed at",
			in:     [][]uint32{capKernel, nameEvent2, event1, ptrEvent1, event2, ptrEvent2},
			want:   [][]uint32{capKernel, event1, ptrEvent1, ptrMerged},
			report: Report{EventTypes: 1},
		},
		{
			name: "three OpTypeEvents",
			in: [][]uint32{event1, event2, ptrEvent2, {opTypeEvent, 11},
				{opTypePointer, 12, function, 11}},
			want:   [][]uint32{event1, ptrMerged, {opTypePointer, 12, function, 5}},
			report: Report{EventTypes: 2},
		},
		{
			name:   "a second OpTypeEvent that a load yields is kept",
			in:     [][]uint32{event1, event2, ptrEvent2, {opLoad, 9, 30, 31}},
			report: Report{KeptEventTypes: 1},
		},
		{
			name:   "a second OpTypeEvent in a struct is kept",
			in:     [][]uint32{event1, event2, {opTypeStruct, 12, 9}},
			report: Report{KeptEventTypes: 1},
		},
		{
			name: "a literal equal to the second OpTypeEvent's id keeps it",
			in: [][]uint32{{opTypeInt, 3, 32, 0}, {opConstant, 3, 4, 9}, event1,
				event2, ptrEvent2},
			report: Report{KeptEventTypes: 1},
		},
		{
			name:   "a decorated second OpTypeEvent is kept; the repeated decoration still goes",
			in:     [][]uint32{{opDecorate, 9, 44, 8}, rte, rte, event1, event2},
			want:   [][]uint32{{opDecorate, 9, 44, 8}, rte, event1, event2},
			report: Report{Decorations: 1, KeptEventTypes: 1},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := module(tc.in...)
			got, report, err := Dedup(in)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.report, report); diff != "" {
				t.Errorf("report (-want +got):\n%s", diff)
			}
			if tc.want == nil {
				if &got[0] != &in[0] || len(got) != len(in) {
					t.Errorf("got a new module, want the input slice")
				}
				return
			}
			if diff := cmp.Diff(module(tc.want...), got); diff != "" {
				t.Errorf("module (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFormatErrors(t *testing.T) {
	valid := module(capKernel)
	bigEndian := append([]byte(nil), valid...)
	binary.BigEndian.PutUint32(bigEndian, magic)
	zeroLength := module(capKernel)
	binary.LittleEndian.PutUint32(zeroLength[20:], 17)
	pastEnd := module(capKernel)
	binary.LittleEndian.PutUint32(pastEnd[20:], 3<<16|17)
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, "not a SPIR-V module: 0 bytes, shorter than its header"},
		{"not whole words", append(append([]byte(nil), valid...), 0), "not a SPIR-V module: 29 bytes, not whole words"},
		{"big-endian", bigEndian, "not a SPIR-V module: magic 0x03022307, not 0x07230203 (little-endian)"},
		{"an instruction of 0 words", zeroLength, "not a SPIR-V module: an instruction of 0 words at word 5"},
		{"an instruction past the end", pastEnd, "not a SPIR-V module: an instruction of 3 words past the end (7 words) at word 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Dedup(tc.in)
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Dedup: %v, want a *FormatError", err)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}

// FuzzDedup: any input is an error or a module that Dedup leaves as it is
// the second time, never a panic; an unchanged module is the input itself.
func FuzzDedup(f *testing.F) {
	f.Add(module(capKernel, nameEvent2, event1, ptrEvent1, event2, ptrEvent2, rte, rte))
	f.Add(module(event1, event2, []uint32{opLoad, 9, 30, 31}))
	f.Add([]byte{3, 2, 0x23, 7})
	f.Fuzz(func(t *testing.T, spv []byte) {
		out, report, err := Dedup(spv)
		if err != nil {
			return
		}
		if !report.Changed() && !bytes.Equal(out, spv) {
			t.Fatalf("unchanged report, changed module")
		}
		again, second, err := Dedup(out)
		if err != nil {
			t.Fatalf("Dedup of its own output: %v", err)
		}
		if second.Changed() || !bytes.Equal(again, out) {
			t.Fatalf("second Dedup changed the module again: %+v", second)
		}
	})
}
