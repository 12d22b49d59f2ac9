package offloadbundle

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCompatible(t *testing.T) {
	tests := []struct {
		code, want string
		ok         bool
	}{
		// Missing vendor/OS/environment components and "unknown" match,
		// in both directions and in stored (normalized) form.
		{"sycl-spir64", "sycl-spir64-unknown-unknown", true},
		{"sycl-spir64-unknown-unknown", "sycl-spir64", true},
		{"sycl-spir64----", "sycl-spir64-unknown-unknown", true},
		{"sycl-spir64-unknown-unknown--", "sycl-spir64", true},
		{"sycl-spir64", "sycl-spir64-unknown", true},
		{"sycl-spir64-unknown-unknown", "sycl-spir64-unknown-unknown-unknown", true},
		{"sycl-spir64-unknown-unknown-sycldevice", "sycl-spir64", true},
		{"sycl-spir64-unknown-unknown-sycldevice", "sycl-spir64-unknown-unknown", true},
		{"openmp-spir64-unknown-unknown-sycldevice", "openmp-spir64", false}, // sycldevice is SYCL's only
		{"host-x86_64-unknown-linux-gnu", "host-x86_64--linux-gnu", true},
		{"host-x86_64-unknown-linux-gnu-", "host-x86_64-unknown-linux-gnu", true},
		{"sycl-nvptx64-nvidia-cuda", "sycl-nvptx64-nvidia-cuda--", true},
		// Known components must agree.
		{"sycl-spir64", "sycl-spir64_gen", false},
		{"sycl-spir64", "sycl-spir", false},
		{"sycl-spir64-unknown-linux", "sycl-spir64", false},
		{"host-x86_64-unknown-linux-gnu", "host-x86_64-unknown-linux", false},
		{"host-x86_64-unknown-linux-gnu", "host-x86_64-pc-linux-gnu", false},
		{"sycl-nvptx64-nvidia-cuda", "sycl-nvptx64--cuda", false},
		{"sycl-spir64", "openmp-spir64", false},
		{"sycl-spir64", "host-spir64", false},
		// hip and hipv4 are one kind.
		{"hip-amdgcn-amd-amdhsa-gfx906", "hipv4-amdgcn-amd-amdhsa-gfx906", true},
		{"hipv4-amdgcn-amd-amdhsa--gfx906", "hip-amdgcn-amd-amdhsa-gfx906", true},
		// Target IDs: the same processor; a feature the code object fixes
		// must be fixed alike; one it leaves open suits either.
		{"hip-amdgcn-amd-amdhsa--gfx906", "hip-amdgcn-amd-amdhsa-gfx906", true},
		{"hip-amdgcn-amd-amdhsa--gfx906", "hip-amdgcn-amd-amdhsa-gfx906:xnack+", true},
		{"hip-amdgcn-amd-amdhsa--gfx90a:xnack+", "hip-amdgcn-amd-amdhsa-gfx90a", false},
		{"hip-amdgcn-amd-amdhsa--gfx90a:xnack+", "hip-amdgcn-amd-amdhsa-gfx90a:xnack-", false},
		{"hip-amdgcn-amd-amdhsa--gfx90a:xnack-", "hip-amdgcn-amd-amdhsa-gfx90a:sramecc+:xnack-", true},
		{"hip-amdgcn-amd-amdhsa--gfx906", "hip-amdgcn-amd-amdhsa-gfx908", false},
		{"hip-amdgcn-amd-amdhsa--gfx906", "hip-amdgcn-amd-amdhsa", false},
		{"hip-amdgcn-amd-amdhsa", "hip-amdgcn-amd-amdhsa-gfx906", false},
		{"sycl-nvptx64-nvidia-cuda-sm_80", "sycl-nvptx64-nvidia-cuda--sm_80", true},
		{"sycl-nvptx64-nvidia-cuda-sm_80", "sycl-nvptx64-nvidia-cuda-sm_70", false},
	}
	for _, tt := range tests {
		if got := Compatible(tt.code, tt.want); got != tt.ok {
			t.Errorf("Compatible(%q, %q) = %v, want %v", tt.code, tt.want, got, tt.ok)
		}
	}
}

func TestMatch(t *testing.T) {
	b := &Bundle{Entries: []Entry{
		{ID: "host-x86_64-unknown-linux-gnu"},
		{ID: "sycl-spir64"},
		{ID: "sycl-spir64-unknown-unknown--"},
		{ID: "sycl-nvptx64-nvidia-cuda-sm_80"},
	}}
	tests := []struct {
		targets []string
		want    []int
	}{
		{[]string{"sycl-spir64-unknown-unknown"}, []int{2}},                                // exact first
		{[]string{"sycl-spir64"}, []int{1}},                                                // exact first
		{[]string{"sycl-spir64-unknown", "sycl-spir64"}, []int{2, 1}},                      // exact ones before compatible ones
		{[]string{"sycl-spir64-unknown", "sycl-spir64--", "sycl-spir64"}, []int{2, 1, -1}}, // an entry serves one target
		{[]string{"host-x86_64--linux-gnu", "sycl-nvptx64-nvidia-cuda--sm_80"}, []int{0, 3}},
		{[]string{"sycl-spir64_gen", "openmp-spir64"}, []int{-1, -1}},
		{nil, []int{}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, b.Match(tt.targets)); diff != "" {
			t.Errorf("Match(%q) (-want +got):\n%s", tt.targets, diff)
		}
	}
	if e, ok := b.Find("sycl-spir64-unknown-unknown-unknown"); !ok || e.ID != "sycl-spir64" {
		t.Errorf("Find: %v %v, want the first compatible entry", e, ok)
	}
}

// FuzzCompatible: any entry ID is compatible with itself and with its
// normalized (stored) form, both ways, and Match never hands an entry to
// two targets.
func FuzzCompatible(f *testing.F) {
	for _, id := range []string{"sycl-spir64", "sycl-spir64-unknown-unknown--", "hip-amdgcn-amd-amdhsa-gfx90a:xnack-", "host-x86_64-unknown-linux-gnu", "a-b-c-d-e-f-g", "sycl-gfx906", "x--:"} {
		f.Add(id, "sycl-spir64-unknown-unknown")
	}
	f.Fuzz(func(t *testing.T, id, other string) {
		if CheckID(id) != nil {
			return
		}
		norm := NormalizeID(id)
		if !Compatible(id, id) || !Compatible(id, norm) || !Compatible(norm, id) {
			t.Fatalf("%q and its normalized form %q are not compatible", id, norm)
		}
		b := &Bundle{Entries: []Entry{{ID: id}, {ID: other}, {ID: norm}}}
		seen := map[int]bool{}
		for _, i := range b.Match([]string{other, id, norm, id}) {
			if i >= 0 && seen[i] {
				t.Fatalf("entry %d matched twice", i)
			}
			seen[i] = true
		}
	})
}
