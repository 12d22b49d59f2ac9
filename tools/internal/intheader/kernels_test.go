package intheader

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The headers are libsycl-jit's (DPC++ 2026.2), as tools/syclc leaves them:
// linked_kernels_{main,lookup,lib}.h for tests/sycl_cxx's linked_kernels
// (main launches app::Square, Fill<int> and fill_unnamed<int>'s lambda;
// lookup launches nothing: the library writes an empty header; the
// library launches Scale, Fill<float>, Fill<int> and the lambda),
// kernel_bundle_across_tus.h for Intel's e2e
// KernelAndProgram/kernel-bundle-across-tus.cpp without -DMAIN (KernelA,
// no parameters), kernel_name_class.golden.h for Rewrite's output (both
// KernelInfo<T> and KernelInfoData forms).
func readTestdata(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func names(ks []Kernel) []string {
	var out []string
	for _, k := range ks {
		out = append(out, k.Name)
	}
	return out
}

func TestKernels(t *testing.T) {
	accessor := Param{Kind: "kind_accessor", Info: 4062}
	for _, tc := range []struct {
		file  string
		names []string
		// Kernels compared whole, by name.
		want map[string]Kernel
	}{
		{
			file:  "kernel_bundle_across_tus.h",
			names: []string{"_ZTS7KernelA"},
			want:  map[string]Kernel{"_ZTS7KernelA": {Name: "_ZTS7KernelA", Size: 1}},
		},
		{file: "linked_kernels_lookup.h"},
		{
			file: "linked_kernels_lib.h",
			names: []string{
				"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperI5ScaleEE",
				"_ZTS5Scale",
				"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperI4FillIfEEE",
				"_ZTS4FillIfE",
				"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperI4FillIiEEE",
				"_ZTS4FillIiE",
				"_ZTSN4sycl3_V16detail18RoundedRangeKernelINS0_4itemILi1ELb1EEELi1EZ12fill_unnamedIiEvRNS0_5queueEPT_mS8_EUlNS0_2idILi1EEEE_EE",
				"_ZTSZ12fill_unnamedIiEvRN4sycl3_V15queueEPT_mS4_EUlNS1_2idILi1EEEE_",
			},
			want: map[string]Kernel{
				// [=](id<1> i) { out[i] *= factor; }: the pointer, then the int.
				"_ZTS5Scale": {Name: "_ZTS5Scale", Size: 16, Params: []Param{
					{Kind: "kind_pointer", Info: 8, Offset: 0},
					{Kind: "kind_std_layout", Info: 4, Offset: 8},
				}},
			},
		},
		{
			file: "kernel_name_class.golden.h",
			names: []string{
				"_ZTSb",
				"_ZTSZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE0_clES4_E10KernelName",
				"_ZTSN3nm13nm211KernelName0E",
				"_ZTSN3nm111KernelName1E",
				"_ZTSN3nm111KernelName3INS_3nm211KernelName0EEE",
				"_ZTSN3nm111KernelName3INS_11KernelName1EEE",
				"_ZTSN3nm111KernelName4INS_3nm211KernelName0EEE",
				"_ZTSN3nm111KernelName4INS_11KernelName1EEE",
				"_ZTSN3nm111KernelName3IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE7_clES6_E11KernelName5EE",
				"_ZTSN3nm111KernelName4IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE8_clES6_E11KernelName7EE",
				"_ZTSN3nm112KernelName10IJNS_3nm212KernelName11ILi10EEEEEE",
				"_ZTS12KernelName12IJN3nm13nm212KernelName11ILi10EEEEE",
			},
			want: map[string]Kernel{
				"_ZTSb": {Name: "_ZTSb", Size: 32, Params: []Param{accessor}},
				// A local name, which Rewrite describes as KernelInfoData.
				"_ZTSZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE0_clES4_E10KernelName": {
					Name: "_ZTSZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE0_clES4_E10KernelName", Size: 32, Params: []Param{accessor},
				},
			},
		},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got, err := Kernels(readTestdata(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.names, names(got)); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
			for _, k := range got {
				if want, ok := tc.want[k.Name]; ok {
					if diff := cmp.Diff(want, k); diff != "" {
						t.Errorf("%s (-want +got):\n%s", k.Name, diff)
					}
				}
			}
		})
	}
}

func TestLinkedKernels(t *testing.T) {
	a := Kernel{Name: "_ZTS1A", Size: 8, Params: []Param{{Kind: "kind_pointer", Info: 8}}}
	a2 := Kernel{Name: "_ZTS1A", Size: 16}
	b := Kernel{Name: "_ZTS1B", Size: 1}
	c := Kernel{Name: "_ZTS1C", Size: 1}
	for _, tc := range []struct {
		name   string
		own    []Kernel
		others [][]Kernel
		want   []Kernel
	}{
		{"nothing linked", []Kernel{a}, nil, nil},
		{"sorted by name", nil, [][]Kernel{{c, a}, {b}}, []Kernel{a, b, c}},
		{"own kernels left out", []Kernel{b}, [][]Kernel{{a, b}, {c}}, []Kernel{a, c}},
		{"a name twice: the first wins", nil, [][]Kernel{{a2}, {a, b}}, []Kernel{a2, b}},
		{"launched here and in two others", []Kernel{a}, [][]Kernel{{a2}, {a}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := LinkedKernels(tc.own, tc.others...)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// The descriptions each TU of tests/sycl_cxx:linked_kernels gets: main
// those of the library it depends on and of lookup (none) but for the
// templates it launches itself; lookup those of main and the library, the
// templates once.
func TestDescribeLinkedGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		own    string
		others []string
		count  int
	}{
		{"linked_kernels_main.linked.golden.h", "linked_kernels_main.h", []string{"linked_kernels_lookup.h", "linked_kernels_lib.h"}, 4},
		{"linked_kernels_lookup.linked.golden.h", "linked_kernels_lookup.h", []string{"linked_kernels_main.h", "linked_kernels_lib.h"}, 10},
		{"linked_kernels_lib.linked.golden.h", "linked_kernels_lib.h", nil, 0},
		{"kernel_bundle_across_tus.linked.golden.h", "linked_kernels_lookup.h", []string{"kernel_bundle_across_tus.h"}, 1},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			own, err := Kernels(readTestdata(t, tc.own))
			if err != nil {
				t.Fatal(err)
			}
			var others [][]Kernel
			for _, f := range tc.others {
				ks, err := Kernels(readTestdata(t, f))
				if err != nil {
					t.Fatal(err)
				}
				others = append(others, ks)
			}
			linked := LinkedKernels(own, others...)
			if len(linked) != tc.count {
				t.Errorf("%d linked kernels, want %d: %v", len(linked), tc.count, names(linked))
			}
			got := DescribeLinked(linked)
			if *update {
				if err := os.WriteFile("testdata/"+tc.golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if diff := cmp.Diff(string(readTestdata(t, tc.golden)), string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// What it describes reads back as it was, launch sites aside.
			back, err := Kernels(got)
			if len(linked) > 0 && err != nil {
				t.Fatalf("reading the output back: %v", err)
			}
			if diff := cmp.Diff(linked, back); diff != "" {
				t.Errorf("read back (-want +got):\n%s", diff)
			}
			for _, k := range own {
				if strings.Contains(string(got), `"`+k.Name+`"`) {
					t.Errorf("describes %s, which the TU's own header describes", k.Name)
				}
			}
		})
	}
}

func TestKernelsErrors(t *testing.T) {
	across := string(readTestdata(t, "kernel_bundle_across_tus.h"))
	for _, tc := range []struct {
		name, header, want string
	}{
		{"no signatures", "template <> struct KernelInfo<X> {\n};\n", "no kernel_signatures array"},
		{"signatures without end", "template <> struct KernelInfo<X> {\nconst kernel_param_desc_t kernel_signatures[] = {\n  { kernel_param_kind_t::kind_invalid, 1, 1 },\n", "kernel_signatures has no end"},
		{"a signature of another shape", strings.Replace(across, "kind_invalid, -987654321", "kind_invalid -987654321", 1), "kernel_signatures: unexpected line"},
		{"no getNumParams", strings.Replace(across, "getNumParams()", "getParamCount()", 1), "KernelInfo<::KernelA>: no getNumParams()"},
		{"no getKernelSize", strings.Replace(across, "long getKernelSize()", "int getKernelSize()", 1), "no getKernelSize()"},
		{"no isESIMD", strings.Replace(across, "isESIMD() { return 0; }", "isESIMD() { return false; }", 1), "no isESIMD()"},
		{"parameters outside the array", strings.Replace(across, "getNumParams() { return 0; }", "getNumParams() { return 2; }", 1), "parameters 0..2 are outside kernel_signatures (1 entries)"},
		{"not a type-info name", strings.Replace(across, `return "_ZTS7KernelA"; }`, `return "KernelA"; }`, 1), `getName() "KernelA" is not a type-info name`},
		{"no end", strings.Replace(across, "getKernelSize() { return 1; }\n};\n", "getKernelSize() { return 1; }\n", 1), "KernelInfo<::KernelA> has no end"},
	} {
		_, err := Kernels([]byte(tc.header))
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a FormatError with %q", tc.name, err, tc.want)
		}
	}
}

func FuzzKernels(f *testing.F) {
	for _, p := range []string{"testdata/linked_kernels_lib.h", "testdata/kernel_bundle_across_tus.h", "testdata/unnamed_lambdas.h"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, header []byte) {
		ks, err := Kernels(header)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		// Whatever it read, its description reads back the same.
		back, err := Kernels(DescribeLinked(ks))
		if err != nil {
			t.Fatalf("reading the description back: %v", err)
		}
		if len(ks) > 0 {
			if diff := cmp.Diff(ks, back); diff != "" {
				t.Errorf("read back (-want +got):\n%s", diff)
			}
		}
	})
}

// Check takes the library's headers (and its empty one) and refuses
// anything else: an ELF file read as a header without kernels before.
func TestCheck(t *testing.T) {
	header := readTestdata(t, "linked_kernels_lib.h")
	tests := []struct {
		name   string
		header []byte
		want   string
	}{
		{"the library's header", header, ""},
		{"empty (a TU without kernels)", nil, ""},
		{"an ELF object", []byte("\x7fELF\x02\x01\x01\x00"), `integration header: does not start with "// This is auto-generated SYCL integration header." (not an integration header DPC++ wrote)`},
		{"C++ of another kind", []byte("#pragma once\nint x;\n"), "integration header: does not start with"},
		{"a NUL byte", append(append([]byte(nil), header...), 0), fmt.Sprintf("integration header: NUL byte at offset %d (not text)", len(header))},
		{"invalid UTF-8", append([]byte(Banner), 0xff, 0xfe), "integration header: not valid UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ""
			_, err := HeaderKernels(tt.header)
			if err != nil {
				got = err.Error()
				var fe *FormatError
				if !errors.As(err, &fe) {
					t.Errorf("error %T, want *FormatError", err)
				}
			}
			if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
