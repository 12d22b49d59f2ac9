package intheader

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The headers are libsycl-jit's (DPC++ 2026.2) for a kernel named by a
// class declared in main, and for unnamed lambdas over buffers and USM.
func TestLocalNames(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []KernelName
	}{
		{"testdata/local_kernel_name.h", []KernelName{{Type: "LocalName", Mangled: "_ZTSZ4mainE9LocalName"}}},
		{"testdata/unnamed_lambdas.h", nil},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, LocalNames(data)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.file, diff)
		}
	}
}

func TestLocalNamesNamespaceScope(t *testing.T) {
	header := "template <> struct KernelInfo<::VectorAdd> {\n  __SYCL_DLL_LOCAL\n  static constexpr const char* getName() { return \"_ZTS9VectorAdd\"; }\n"
	if got := LocalNames([]byte(header)); got != nil {
		t.Errorf("a namespace-scope name reported: %v", got)
	}
}

func TestDeclaration(t *testing.T) {
	src := []byte("int main() {\n  class LocalName;\n  struct Other {};\n}\n")
	for _, tc := range []struct {
		name      string
		line, col int
	}{{"LocalName", 2, 3}, {"Other", 3, 3}, {"Local", 0, 0}, {"Missing", 0, 0}} {
		if l, c := Declaration(src, tc.name); l != tc.line || c != tc.col {
			t.Errorf("Declaration(%s) = %d:%d, want %d:%d", tc.name, l, c, tc.line, tc.col)
		}
	}
}

func FuzzLocalNames(f *testing.F) {
	for _, p := range []string{"testdata/local_kernel_name.h", "testdata/unnamed_lambdas.h"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, header []byte) {
		for _, k := range LocalNames(header) {
			if len(k.Mangled) < 5 || k.Mangled[:5] != "_ZTSZ" {
				t.Errorf("reported %q", k.Mangled)
			}
		}
		Declaration(header, "X")
	})
}
