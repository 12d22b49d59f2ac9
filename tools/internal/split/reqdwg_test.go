package split

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// The u32 reqd_work_group_size key for older runtimes is written only when
// every value fits in 32 bits, and never in a single-image split.
func TestReqdWorkGroupSizeKeys(t *testing.T) {
	tests := []struct {
		name string
		md   string
		mode Mode
		want []string
	}{
		{"fits", "i32 32, i32 2, i32 1", ModeKernel, []string{"reqd_work_group_size=", "reqd_work_group_size_uint64_t="}},
		{"64-bit value", "i64 8589934592, i64 1, i64 1", ModeKernel, []string{"reqd_work_group_size_uint64_t="}},
		{"none mode", "i32 32", ModeNone, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "define spir_kernel void @k() !reqd_work_group_size !0 {\n  ret void\n}\n!0 = !{" + tc.md + "}\n"
			m, err := llvmir.Parse([]byte(src), "t.ll")
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Mode: tc.mode}
			g := NewGraph(m, opts)
			img := g.Extract(Groups(m, opts)[0])
			var buf bytes.Buffer
			if err := Properties(m, img, PropOptions{Mode: tc.mode}).Write(&buf); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, line := range strings.Split(buf.String(), "\n") {
				if strings.HasPrefix(line, "reqd_work_group_size") {
					got = append(got, line[:strings.IndexByte(line, '=')+1])
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("keys (-want +got):\n%s\n%s", diff, buf.String())
			}
		})
	}
}

// SPIR-V's LocalSize read back is i32: 4294967295 spells as -1 and stays
// 4294967295, as libsycl-jit's post-link writes it.
func TestReqdWorkGroupSizeUnsigned(t *testing.T) {
	src := "define spir_kernel void @k() !reqd_work_group_size !0 {\n  ret void\n}\n!0 = !{i32 -1, i32 -1, i32 1}\n"
	m, err := llvmir.Parse([]byte(src), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Entities {
		if m.Entities[i].Name == "@k" {
			if diff := cmp.Diff([]int64{4294967295, 4294967295, 1}, reqdWorkGroupSize(m, &m.Entities[i])); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		}
	}
}
