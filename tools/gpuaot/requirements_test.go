package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// writeProps writes an image's property sets as split writes them.
func writeProps(t *testing.T, name string, add func(r *propset.Registry)) string {
	t.Helper()
	r := &propset.Registry{}
	r.Add("SYCL/kernel names", "k", propset.U32(1))
	add(r)
	b, err := r.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, name, string(b))
}

// Which images an architecture gets, as DPC++'s device config file
// decides (intel_gpu.bzl's rows: pvc has fp64 and sub-groups of 16 and
// 32, tgllp no fp64 and 8, 16, 32). A left-out image: status 3, one
// line, nothing written, ocloc never run.
func TestDeviceRequirements(t *testing.T) {
	chdir(t)
	os.Mkdir("out", 0o755)
	ran := filepath.Join(t.TempDir(), "ran")
	oc := fakeOcloc(t, `touch `+ran+`; while [ "$1" != -output ]; do shift; done; cp pvc.zebin "$2.bin"`)
	const (
		pvc   = "-aspects=49,50,51,52,5,27,6"
		tgllp = "-aspects=49,50,51,52,5,27"
	)
	for _, tc := range []struct {
		name, aspects, sizes string
		props                func(r *propset.Registry)
		want                 string // "" : compiled
	}{
		{name: "no requirements", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {}},
		{name: "empty aspects", aspects: tgllp, sizes: "-sub-group-sizes=8,16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "aspects", propset.U32s(nil))
		}},
		{name: "fp64 on pvc", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "aspects", propset.U32s([]uint32{5, 6}))
		}},
		{name: "fp64 on tgllp", aspects: tgllp, sizes: "-sub-group-sizes=8,16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "aspects", propset.U32s([]uint32{5, 6}))
		}, want: "gpuaot: kernels.spv: left out of pvc's images: it uses aspect fp64 (6) (image.prop)"},
		{name: "aspects no row lists", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "aspects", propset.U32s([]uint32{2, 6, 73}))
		}, want: "gpuaot: kernels.spv: left out of pvc's images: it uses aspect gpu (2), aspect 73 (image.prop)"},
		{name: "sub-groups of 8 on pvc", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "reqd_sub_group_size", propset.U32(8))
		}, want: "gpuaot: kernels.spv: left out of pvc's images: it requires sub-groups of 8 (image.prop)"},
		{name: "sub-groups of 8 on tgllp", aspects: tgllp, sizes: "-sub-group-sizes=8,16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "reqd_sub_group_size", propset.U32(8))
		}},
		{name: "ESIMD's sub-group size 1", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "reqd_sub_group_size", propset.U32(1))
			r.Add(miscProperties, "isEsimdImage", propset.U32(1))
		}},
		{name: "sub-group size 1 without ESIMD", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "reqd_sub_group_size", propset.U32(1))
		}, want: "gpuaot: kernels.spv: left out of pvc's images: it requires sub-groups of 1 (image.prop)"},
		{name: "aspects not 32-bit numbers", aspects: pvc, sizes: "-sub-group-sizes=16,32", props: func(r *propset.Registry) {
			r.Add(deviceRequirements, "aspects", propset.Bytes([]byte{6, 0, 0}))
		}, want: "gpuaot: image.prop: [SYCL/device requirements] aspects is not an array of 32-bit numbers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(ran)
			writeProps(t, "image.prop", tc.props)
			rc, stdout, stderr := runTool("-ocloc="+oc, "-device=pvc", tc.aspects, tc.sizes, "-properties=image.prop", "kernels.spv", "out/k.zebin")
			_, err := os.Stat(ran)
			ranOcloc := err == nil
			switch {
			case tc.want == "":
				if rc != 0 || stdout != "" || stderr != "" || !ranOcloc {
					t.Fatalf("gpuaot = %d, %q, %q, ocloc run %v; want 0, no output, ocloc run", rc, stdout, stderr, ranOcloc)
				}
				if d := cmp.Diff([]string{"k.zebin"}, listDir(t, "out")); d != "" {
					t.Errorf("out/ (-want +got):\n%s", d)
				}
				os.Remove("out/k.zebin")
			default:
				wantRC := leftOutStatus
				if tc.name == "aspects not 32-bit numbers" {
					wantRC = 1
				}
				if rc != wantRC || stdout != "" || stderr != tc.want+"\n" || ranOcloc {
					t.Errorf("gpuaot = %d, %q, %q, ocloc run %v; want %d, %q, ocloc not run", rc, stdout, stderr, ranOcloc, wantRC, tc.want+"\n")
				}
				if d := cmp.Diff([]string(nil), listDir(t, "out")); d != "" {
					t.Errorf("out/ (-want +got):\n%s", d)
				}
			}
		})
	}
}

func TestDeviceRequirementFlags(t *testing.T) {
	chdir(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-aspects=6", "-properties=p.prop"}, "gpuaot: -aspects and -sub-group-sizes go together: what one device supports"},
		{[]string{"-sub-group-sizes=16"}, "gpuaot: -aspects and -sub-group-sizes go together: what one device supports"},
		{[]string{"-aspects=6", "-sub-group-sizes=16"}, "gpuaot: -aspects and -sub-group-sizes need -properties: the image's device requirements"},
		{[]string{"-aspects=6,x", "-sub-group-sizes=16", "-properties=p.prop"}, `gpuaot: -aspects=6,x: "x" is not a number`},
		{[]string{"-aspects=6", "-sub-group-sizes=-16", "-properties=p.prop"}, `gpuaot: -sub-group-sizes=-16: "-16" is not a number`},
	} {
		args := append([]string{"-ocloc=ocloc", "-device=pvc"}, tc.args...)
		args = append(args, "kernels.spv", "out.zebin")
		if rc, stdout, stderr := runTool(args...); rc != 1 || stdout != "" || stderr != tc.want+"\n" {
			t.Errorf("gpuaot %v = %d, %q, %q; want 1, %q", tc.args, rc, stdout, stderr, tc.want+"\n")
		}
	}
}
