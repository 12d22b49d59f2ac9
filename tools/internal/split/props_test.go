package split

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

var update = flag.Bool("update", false, "rewrite testdata/props/*.prop.golden")

// propsRun is one "; props: FLAGS" line of a fixture: sycl-post-link
// options that shape the split and the property sets.
type propsRun struct {
	flags string
	opts  Options
	po    PropOptions
}

func parsePropsRuns(t *testing.T, src []byte) []propsRun {
	t.Helper()
	var runs []propsRun
	for _, line := range strings.Split(string(src), "\n") {
		rest := strings.TrimPrefix(line, "; props:")
		if rest == line {
			continue
		}
		r := propsRun{flags: strings.TrimSpace(rest)}
		for _, f := range strings.Fields(rest) {
			switch {
			case strings.HasPrefix(f, "-split="):
				mode, err := ParseMode(strings.TrimPrefix(f, "-split="))
				if err != nil {
					t.Fatal(err)
				}
				r.opts.Mode, r.po.Mode = mode, mode
			case f == "-emit-param-info":
				r.po.ParamInfo = true
			case f == "-emit-program-metadata":
				r.po.ProgramMetadata = true
			case f == "-emit-exported-symbols":
				r.po.ExportedSymbols = true
			case f == "-emit-imported-symbols":
				r.po.ImportedSymbols = true
			case f == "-emit-kernel-names":
				r.po.KernelNames = true
			case f == "-device-globals":
				r.po.DeviceGlobals = true
			case f == "-emit-only-kernels-as-entry-points":
				r.opts.EmitOnlyKernelsAsEntryPoints = true
			case strings.HasPrefix(f, "-id-queries-range="):
				v, ok := IDQueriesRanges[strings.TrimPrefix(f, "-id-queries-range=")]
				if !ok {
					t.Fatalf("bad fixture flag %q", f)
				}
				r.po.IDQueriesRange = v
			case f == "-split-by-device-requirements":
				r.opts.SplitByDeviceRequirements, r.po.SplitByDeviceRequirements = true, true
			case f == "-allow-device-image-dependencies":
				r.opts.AllowDeviceImageDependencies, r.po.AllowDeviceImageDependencies = true, true
			default:
				t.Fatalf("unknown fixture flag %q", f)
			}
		}
		runs = append(runs, r)
	}
	if len(runs) == 0 {
		t.Fatal(`fixture has no "; props:" line`)
	}
	return runs
}

// TestPropertySetGolden splits each DPC++-style fixture under
// testdata/props the way the splitter does and compares every image's .prop
// text with <fixture>.prop.golden. The goldens were checked by hand against
// the property-set reference (docs in the fixtures say what each line
// proves); -update rewrites them.
func TestPropertySetGolden(t *testing.T) {
	fixtures, err := filepath.Glob(filepath.Join("testdata", "props", "*.ll"))
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range fixtures {
		name := strings.TrimSuffix(filepath.Base(path), ".ll")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m, err := llvmir.Parse(src, path)
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			for _, r := range parsePropsRuns(t, src) {
				fmt.Fprintf(&got, "### %s\n", r.flags)
				g := NewGraph(m, r.opts)
				for id, grp := range Groups(m, r.opts) {
					img := g.Extract(grp)
					verifyIR(t, img.Text)
					fmt.Fprintf(&got, "=== image %d: %s\n", id, strings.Join(img.Entries, " "))
					reg := Properties(m, img, r.po)
					text, err := reg.Bytes()
					if err != nil {
						t.Fatal(err)
					}
					// What the wrapper and the runtime read back is what was computed.
					back, err := propset.Parse(text, "image.prop")
					if err != nil || !back.Equal(reg) {
						t.Errorf("image %d: .prop does not read back (%v):\n%s", id, err, text)
					}
					got.Write(text)
				}
			}
			golden := strings.TrimSuffix(path, ".ll") + ".prop.golden"
			if *update || os.Getenv("UPDATE_GOLDEN") != "" {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), got.String()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", golden, diff)
			}
		})
	}
}

func TestDevicelibBit(t *testing.T) {
	tests := []struct {
		name string
		want uint32
	}{
		{"__devicelib_assert_fail", 0x1},
		{"__devicelib_cosf", 0x2},
		{"__devicelib_cos", 0x4},
		{"__devicelib_cexpf", 0x8},
		{"__devicelib___muldc3", 0x10},
		{"__devicelib_memcmp", 0x20},
		{"__devicelib_imf_umulhi", 0x40},
		{"__devicelib_imf_fadd_rz", 0x40},
		{"__devicelib_imf_ddiv_ru", 0x80},
		{"__devicelib_imf_bfloat162int_rn", 0x100},
		{"__devicelib_ConvertBF16ToFINTELVec16", 0x200},
		{"__devicelib_default_sub_group_private_sort_close_ascending_p1i32_u32_p1i8", 0x400},
		{"__devicelib_imf_fadd", 0}, // only the rounding-mode variants exist
		{"__devicelib_unknown", 0},
		{"cosf", 0},
	}
	for _, tc := range tests {
		if got := DevicelibBit(tc.name); got != tc.want {
			t.Errorf("DevicelibBit(%q) = %#x, want %#x", tc.name, got, tc.want)
		}
	}
}

func TestIsSPIRTriple(t *testing.T) {
	for triple, want := range map[string]bool{
		"spir64-unknown-unknown": true, "spir-unknown-unknown": true, "spir64_gen-unknown-unknown": true,
		"spir64_x86_64-unknown-unknown": true, "spirv64-unknown-unknown": true, "spirv32": true,
		"nvptx64-nvidia-cuda": false, "amdgcn-amd-amdhsa": false, "x86_64-unknown-linux-gnu": false, "": false,
	} {
		if got := isSPIRTriple(triple); got != want {
			t.Errorf("isSPIRTriple(%q) = %v, want %v", triple, got, want)
		}
	}
}

// TestSpecConstantSetsFollowDeviceRequirements: the spec-constant hook's sets
// land where sycl-post-link writes them, before the optional sets.
func TestSpecConstantSetsFollowDeviceRequirements(t *testing.T) {
	m := loadFixture(t, filepath.Join("props", "kernel_param_opt.ll"))
	grp := Groups(m, Options{Mode: ModeNone})[0]
	img := NewGraph(m, Options{Mode: ModeNone}).Extract(grp)
	reg := Properties(m, img, PropOptions{Mode: ModeNone, ParamInfo: true, SpecConstants: func(r *propset.Registry) {
		r.Add("SYCL/specialization constants", "id", propset.U32s([]uint32{0, 0, 4}))
	}})
	var names []string
	for _, s := range reg.Sets() {
		names = append(names, s.Name)
	}
	want := []string{SetDevicelibReqMask, SetDeviceRequirements, "SYCL/specialization constants", SetKernelParamOpt}
	if diff := cmp.Diff(want, names); diff != "" {
		t.Errorf("set order (-want +got):\n%s", diff)
	}
}
