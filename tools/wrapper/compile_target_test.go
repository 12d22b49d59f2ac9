package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// An Intel GPU image carries compile_target in SYCL/device requirements,
// added to the sets the image has (or as the only one), as sycl-post-link
// writes it for -fsycl-targets=intel_gpu_<arch>.
func TestCompileTargetProperty(t *testing.T) {
	dir := t.TempDir()
	img := filepath.Join(dir, "a.bin")
	prop := filepath.Join(dir, "a.prop")
	if err := os.WriteFile(img, []byte("zebin"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prop, []byte("[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n[SYCL/misc properties]\noptLevel=1|2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		in       input
		propFile string
		want     string
	}{
		{
			name:     "added to the image's requirements",
			in:       input{target: "spir64_gen", compileTarget: "intel_gpu_pvc"},
			propFile: prop,
			want:     "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\ncompile_target=2|oBAAAAAAAAQauRXZs91ZwV3XwZ3Y\n[SYCL/misc properties]\noptLevel=1|2\n",
		},
		{
			name: "the only property of an image without sets",
			in:   input{target: "spir64_gen", compileTarget: "intel_gpu_bmg_g21"},
			want: "[SYCL/device requirements]\ncompile_target=2|ICAAAAAAAAQauRXZs91ZwV3Xi12ZfdmMxA\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := loadImage(tt.in, img, "", tt.propFile)
			if err != nil {
				t.Fatal(err)
			}
			b, err := got.Properties.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(b)); diff != "" {
				t.Errorf("property sets (-want +got):\n%s", diff)
			}
			v, ok := got.Properties.Get("SYCL/device requirements", "compile_target")
			if !ok || string(v.Data()) != tt.in.compileTarget {
				t.Errorf("compile_target = %q, want %q", v.Data(), tt.in.compileTarget)
			}
		})
	}
}
