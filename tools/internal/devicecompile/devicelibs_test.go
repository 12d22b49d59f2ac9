package devicecompile

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
)

func deviceLibArgs(lib, dir, native, fallback string) []string {
	return []string{
		"-devicelibs", "-jit=" + lib, "-out-dir=" + filepath.Join(dir, "out"),
		"-table=" + filepath.Join(dir, "out", "bf16.table"),
		"-native-sha256=" + native, "-fallback-sha256=" + fallback,
	}
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestDeviceLibs: -devicelibs writes the pinned native and fallback images,
// each with its exported __devicelib_* functions and its bfloat16
// metadata, an empty .sym (no kernels) and the table.
func TestDeviceLibs(t *testing.T) {
	lib := jit(t)
	dir, _ := setup(t, "")
	args := deviceLibArgs(lib, dir, sycljittest.PinnedBfloat16Native, sycljittest.PinnedBfloat16Fallback)
	if out, err := syclc(args...); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	files := tree(t, dir)
	want := []string{"a.cpp", "out/bf16.table", "out/bf16_fallback.prop", "out/bf16_fallback.spv", "out/bf16_fallback.sym", "out/bf16_native.prop", "out/bf16_native.spv", "out/bf16_native.sym"}
	if diff := cmp.Diff(want, names(files)); diff != "" {
		t.Fatalf("outputs (-want +got):\n%s", diff)
	}
	o := filepath.Join(dir, "out")
	wantTable := "[Code|Properties|Symbols]\n" + o + "/bf16_fallback.spv|" + o + "/bf16_fallback.prop|" + o + "/bf16_fallback.sym\n" + o + "/bf16_native.spv|" + o + "/bf16_native.prop|" + o + "/bf16_native.sym\n"
	if diff := cmp.Diff(wantTable, files["out/bf16.table"]); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	for kind, pin := range map[string]string{"native": sycljittest.PinnedBfloat16Native, "fallback": sycljittest.PinnedBfloat16Fallback} {
		if got := sha(files["out/bf16_"+kind+".spv"]); got != pin {
			t.Errorf("%s image: sha256 %s, want %s", kind, got, pin)
		}
		if files["out/bf16_"+kind+".sym"] != "" {
			t.Errorf("%s image: .sym lists entry points: %q", kind, files["out/bf16_"+kind+".sym"])
		}
		p, err := propset.Parse([]byte(files["out/bf16_"+kind+".prop"]), kind+".prop")
		if err != nil {
			t.Fatal(err)
		}
		if got := deviceLibKind(p); got != kind {
			t.Errorf("%s image: bfloat16 metadata says %q", kind, got)
		}
		for _, f := range []string{"__devicelib_ConvertFToBF16INTEL", "__devicelib_ConvertBF16ToFINTEL"} {
			if _, ok := p.Get("SYCL/exported symbols", f); !ok {
				t.Errorf("%s image does not export %s", kind, f)
			}
		}
	}
}

// TestDeviceLibsPinMismatch: an image whose sha256 is not the pinned one
// is one line naming it and both digests, and nothing is written.
func TestDeviceLibsPinMismatch(t *testing.T) {
	lib := jit(t)
	dir, _ := setup(t, "")
	bad := strings.Repeat("0", 64)
	_, err := syclc(deviceLibArgs(lib, dir, bad, sycljittest.PinnedBfloat16Fallback)...)
	want := "the native bfloat16 device-library image libsycl-jit.so.23.1 compiled has sha256 " + sycljittest.PinnedBfloat16Native + ", want " + bad + " (the pinned image)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
	if diff := cmp.Diff([]string{"a.cpp"}, names(tree(t, dir))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

const bf16Source = `#include <sycl/sycl.hpp>
class Half;
void run(sycl::queue &q, float *p) {
  q.single_task<Half>([=] { p[0] = static_cast<float>(sycl::ext::oneapi::bfloat16(p[0])); });
}
`

// TestCompileLeavesOutDeviceLibs: a TU calling the bfloat16 library gets
// its kernel's image only, which imports the library's functions; the
// library's images come from -devicelibs, once per program.
func TestCompileLeavesOutDeviceLibs(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, bf16Source)
	if out, err := syclc(compileArgs(lib, dir, "auto", src)...); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	files := tree(t, dir)
	want := []string{"a.cpp", "a.f.h", "a.h", "out/a.table", "out/a_0.prop", "out/a_0.spv", "out/a_0.sym"}
	if diff := cmp.Diff(want, names(files)); diff != "" {
		t.Fatalf("outputs (-want +got):\n%s", diff)
	}
	if !strings.Contains(files["out/a_0.prop"], "[SYCL/imported symbols]\n__devicelib_ConvertFToBF16INTEL=1|1\n") {
		t.Errorf("the image does not import the bfloat16 library:\n%s", files["out/a_0.prop"])
	}
	if strings.Contains(files["out/a_0.prop"], deviceLibSet) {
		t.Errorf("the TU's image is a device-library image:\n%s", files["out/a_0.prop"])
	}
}

func TestDeviceLibArgErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-devicelibs", "-jit=j", "-out-dir=o", "-table=o/t.table", "-native-sha256=a", "-fallback-sha256=b", "x.cpp"}, `-devicelibs takes no source (got "x.cpp")`},
		{[]string{"-devicelibs", "-jit=j", "-out-dir=o", "-table=o/t.table", "-native-sha256=a"}, "-devicelibs needs -out-dir, -table, -native-sha256 and -fallback-sha256"},
		{[]string{"-devicelibs", "-jit=j", "-out-dir=o", "-table=o/t", "-native-sha256=a", "-fallback-sha256=b"}, "-table=o/t: the name must end in .table"},
	} {
		_, err := ParseArgs(tc.args)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseArgs(%q): %v, want %q", tc.args, err, tc.want)
		}
	}
}
