package intheader

import (
	"errors"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the .golden files")

// The headers are libsycl-jit's (DPC++ 2026.2): kernel_names.h for
// tests/sycl_cxx/kernel_names.cpp (local classes in functions, lambdas,
// templates, member functions, anonymous namespaces; a name declared
// before use), same_local_name.h for two functions that both name a
// kernel `class init`, kernel_name_class.h for Intel's e2e test
// Regression/kernel_name_class.cpp (namespace templates of classes local to
// member functions' lambdas: KernelName3<class KernelName5>),
// unnamed_lambdas.h for unnamed lambdas only.
func TestRewriteGolden(t *testing.T) {
	for _, tc := range []struct {
		file  string
		local int
	}{
		{"kernel_names", 12},
		{"same_local_name", 4},
		{"kernel_name_class", 3},
		{"unnamed_lambdas", 0},
	} {
		t.Run(tc.file, func(t *testing.T) {
			in, err := os.ReadFile("testdata/" + tc.file + ".h")
			if err != nil {
				t.Fatal(err)
			}
			got, local, err := Rewrite(in)
			if err != nil {
				t.Fatal(err)
			}
			if len(local) != tc.local {
				t.Errorf("%d local kernel names, want %d: %v", len(local), tc.local, local)
			}
			if tc.local == 0 {
				if diff := cmp.Diff(string(in), string(got)); diff != "" {
					t.Errorf("a header without local names changed (-in +out):\n%s", diff)
				}
				return
			}
			golden := "testdata/" + tc.file + ".golden.h"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			// Every local kernel is described by its type-info name, and no
			// KernelInfo<T> or forward declaration names a local class.
			for _, k := range local {
				if !strings.Contains(string(got), "template <> struct KernelInfoData<"+charList(k.Mangled)+"> {\n") {
					t.Errorf("no KernelInfoData for %s", k.Mangled)
				}
				if strings.Contains(string(got), "struct KernelInfo<"+k.Type+">") {
					t.Errorf("KernelInfo<%s> left", k.Type)
				}
			}
		})
	}
}

func TestRewriteKinds(t *testing.T) {
	for _, tc := range []struct {
		typeinfo string
		want     nameKind
		classes  []string
	}{
		{"_ZTS9VectorAdd", namespaceScope, nil},
		{"_ZTSN12_GLOBAL__N_15AnonKE", namespaceScope, nil},
		{"_ZTS2TKIiE", namespaceScope, nil},
		{"_ZTSZ4mainE7Bundled", localType, []string{"Bundled"}},
		{"_ZTSZZ4mainENKUlvE_clEvE8InLambda", localType, []string{"InLambda"}},
		{"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperIZ4mainE4initEE", localArgument, []string{"init"}},
		{"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperI9VectorAddEE", namespaceScope, nil},
		// Regression/kernel_name_class.cpp: a namespace template of a class
		// local to a lambda in a member function of nm3::Wrapper.
		{"_ZTSN3nm111KernelName3IZZN3nm37Wrapper4testEvENKUlRN4sycl3_V17handlerEE7_clES6_E11KernelName5EE", localArgument, []string{"KernelName5"}},
	} {
		got, classes, err := classify(tc.typeinfo)
		if err != nil {
			t.Errorf("%s: %v", tc.typeinfo, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: kind %d, want %d", tc.typeinfo, got, tc.want)
		}
		if diff := cmp.Diff(tc.classes, classes); diff != "" {
			t.Errorf("%s: local classes (-want +got):\n%s", tc.typeinfo, diff)
		}
	}
}

// A header whose layout is not the library's fails with a FormatError.
func TestRewriteErrors(t *testing.T) {
	const body = "  __SYCL_DLL_LOCAL\n  static constexpr const char* getName() { return \"%s\"; }\n};\n"
	for _, tc := range []struct {
		name, header, want string
	}{
		{"no end", "template <> struct KernelInfo<X> {\n  static constexpr const char* getName() { return \"_ZTS1X\"; }\n", "KernelInfo<X> has no end"},
		{"no getName", "template <> struct KernelInfo<X> {\n  static constexpr unsigned getNumParams() { return 0; }\n};\n", "KernelInfo<X> has no getName()"},
		{"not a type-info name", "template <> struct KernelInfo<X> {\n" + strings.Replace(body, "%s", "X", 1), "is not a type-info name"},
		{"not mangled", "template <> struct KernelInfo<X> {\n" + strings.Replace(body, "%s", "_ZTS!", 1), "cannot demangle"},
		{"local name, no forward declarations", "template <> struct KernelInfo<L> {\n" + strings.Replace(body, "%s", "_ZTSZ4mainE1L", 1), "no forward declarations section"},
	} {
		_, _, err := Rewrite([]byte(tc.header))
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a FormatError with %q", tc.name, err, tc.want)
		}
	}
}

func FuzzRewrite(f *testing.F) {
	for _, p := range []string{"testdata/kernel_names.h", "testdata/same_local_name.h", "testdata/unnamed_lambdas.h"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, header []byte) {
		out, local, err := Rewrite(header)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		if len(local) == 0 && string(out) != string(header) {
			t.Errorf("no local names, but the header changed")
		}
	})
}
