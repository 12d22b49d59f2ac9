package annotate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// FuzzFromRegistry: any property-set text and symbol list is read or
// rejected with an error, never a panic; what is read names only the
// image's entry points.
func FuzzFromRegistry(f *testing.F) {
	for _, name := range []string{"kernels.prop", "kernelb.prop", "ext.prop", "globals.prop"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, "_ZTS7KernelA\n_ZTS1K")
	}
	f.Fuzz(func(t *testing.T, prop []byte, syms string) {
		reg, err := propset.Parse(prop, "f.prop")
		if err != nil {
			return
		}
		names := strings.Fields(syms)
		s, err := FromRegistry(reg, names, "f.prop")
		if err != nil {
			return
		}
		named := map[string]bool{}
		for _, n := range names {
			named[n] = true
		}
		for _, e := range s.Entries {
			if !named[e.Name] {
				t.Errorf("entry %q is not among %q", e.Name, names)
			}
		}
	})
}

// FuzzAnnotate: whatever module text the IR reader accepts, the annotation
// either fails or writes text the reader accepts again and annotates again
// without an error. (That a second annotation changes nothing holds for
// valid IR only: TestAnnotateGolden; the reader is lenient with junk such
// as a lone `!0` among a function's attachments.)
func FuzzAnnotate(f *testing.F) {
	for _, name := range []string{"kernels.ll", "globals.ll"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	sets := &Sets{
		Entries:       []Entry{{Name: "_ZTS1K", OmitArgs: []bool{true}, Aspects: []uint32{2}, OptLevel: u32p(2)}},
		DeviceGlobals: []DeviceGlobal{{ID: "uid_dg", Size: 8, ImageScope: true}},
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := llvmir.Parse(src, "f.ll")
		if err != nil {
			return
		}
		out, err := Annotate(m, sets)
		if err != nil {
			return
		}
		m2, err := llvmir.Parse(out, "out.ll")
		if err != nil {
			t.Fatalf("annotated text does not parse: %v\n%s", err, out)
		}
		if _, err := Annotate(m2, sets); err != nil {
			t.Fatal(err)
		}
	})
}

// TestGoldenAssembles: the golden outputs are valid IR for LLVM 15.
func TestGoldenAssembles(t *testing.T) {
	as, err := exec.LookPath("llvm-as-15")
	if err != nil {
		t.Skip("llvm-as-15 not installed")
	}
	for _, name := range []string{"kernels", "globals"} {
		out, err := exec.Command(as, "-opaque-pointers=0", "-o", os.DevNull, filepath.Join("testdata", name+".golden.ll")).CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v: %s", name, err, out)
		}
	}
}
