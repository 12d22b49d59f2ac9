package devicecompile

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
)

// ptxas compiles the linked PTX where given (bazel test passes the pinned
// one).
var ptxas = flag.String("ptxas", os.Getenv("PTXAS"), "ptxas, to compile the device link's PTX (default $PTXAS; none: not compiled)")

// The shape of examples/multi_tu: a kernel in a.cpp calls SYCL_EXTERNAL
// functions of b.cpp (which has a kernel too) and of scale.cpp (no kernels).
var linkSources = map[string]string{
	"a": `#include <sycl/sycl.hpp>
SYCL_EXTERNAL int Combine(int x, int y);
SYCL_EXTERNAL int Scale(int x);
class KernelA;
void RunA(sycl::queue &q, int *p) {
  q.parallel_for<KernelA>(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = Combine(Scale(p[i]), i[0]); });
}
`,
	"b": `#include <sycl/sycl.hpp>
SYCL_EXTERNAL int Combine(int x, int y) { return 2 * x - y; }
class KernelB;
void RunB(sycl::queue &q, int *p) {
  q.parallel_for<KernelB>(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] = Combine(p[i], 1); });
}
`,
	"scale": `#include <sycl/sycl.hpp>
SYCL_EXTERNAL int Scale(int x) { return 3 * x + 1; }
`,
}

// TestDeviceLink: each TU's -format=ptx compile with -ir writes its front
// end's bitcode; -device-link links them with llvm-link-22 and the library
// compiles the module to PTX whose kernels define what they call: the
// images import nothing, every kernel is an entry, and ptxas (where
// installed) accepts the PTX without unresolved externs.
func TestDeviceLink(t *testing.T) {
	lib := jit(t)
	libdevice := sycljittest.Libdevice(t)
	llvmLink, err := exec.LookPath("llvm-link-22")
	if err != nil {
		t.Skip("llvm-link-22 not installed (setup.sh installs llvm-22)")
	}
	dir := t.TempDir()
	var bitcode []string
	for _, name := range []string{"a", "b", "scale"} {
		src := filepath.Join(dir, name+".cpp")
		if err := os.WriteFile(src, []byte(linkSources[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, name)
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		bc := filepath.Join(dir, name+".bc")
		args := []string{"-format=ptx", "-libdevice=" + libdevice, "-ir=" + bc,
			"-jit=" + lib, "-out-dir=" + out, "-table=" + filepath.Join(out, name+".table"),
			"-int-header=" + filepath.Join(dir, name+".h"), "-int-footer=" + filepath.Join(dir, name+".f.h"),
			"--", "-std=c++17", src}
		if out, err := syclc(args...); err != nil {
			t.Fatalf("syclc %s: %v: %s", name, err, out)
		}
		bitcode = append(bitcode, bc)
	}
	out := filepath.Join(dir, "linked")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-device-link", "-llvm-link=" + llvmLink, "-format=ptx", "-libdevice=" + libdevice,
		"-jit=" + lib, "-out-dir=" + out, "-table=" + filepath.Join(out, "p.table"), "-split=off"}, bitcode...)
	if out, err := syclc(args...); err != nil {
		t.Fatalf("syclc -device-link: %v: %s", err, out)
	}
	files := tree(t, out)
	if diff := cmp.Diff([]string{"p.table", "p_0.prop", "p_0.ptx", "p_0.sym"}, names(files)); diff != "" {
		t.Fatalf("outputs (-want +got):\n%s", diff)
	}
	ptx, prop, sym := files["p_0.ptx"], files["p_0.prop"], files["p_0.sym"]
	wantSyms := []string{
		"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperI7KernelAEE", "_ZTS7KernelA",
		"_ZTSN4sycl3_V16detail19__pf_kernel_wrapperI7KernelBEE", "_ZTS7KernelB",
	}
	syms := strings.Fields(sym)
	if diff := cmp.Diff(wantSyms, syms); diff != "" {
		t.Errorf("p_0.sym: the kernels of a.cpp and b.cpp (-want +got):\n%s", diff)
	}
	for _, s := range syms {
		if !strings.Contains(ptx, ".entry "+s+"(") {
			t.Errorf("p_0.ptx lacks the entry %s", s)
		}
	}
	if strings.Contains(prop, "[SYCL/imported symbols]") || strings.Contains(prop, "[SYCL/exported symbols]") || strings.Contains(ptx, ".extern .func") {
		t.Errorf("the linked image still imports:\n%s\n%.2000s", prop, ptx)
	}
	if *ptxas != "" {
		tool := *ptxas
		if !filepath.IsAbs(tool) {
			tool = proctest.Runfile(tool)
		}
		cmd := exec.Command(tool, "-arch=sm_90", "-o", filepath.Join(dir, "p.cubin"), filepath.Join(out, "p_0.ptx"))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("ptxas: %v: %s", err, b)
		}
	}
}

// TestDeviceLinkFlags: -device-link's flags, one line each.
func TestDeviceLinkFlags(t *testing.T) {
	base := []string{"-device-link", "-jit=libsycl-jit.so"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-llvm-link=l", "-out-dir=o", "-table=o/p.table", "x.bc"}, "-device-link needs -format=ptx and -libdevice (it links nvptx64 programs)"},
		{[]string{"-format=ptx", "-libdevice=d.bc", "-out-dir=o", "-table=o/p.table", "x.bc"}, "-device-link needs -llvm-link (llvm-link-22 or newer: the library's bitcode is LLVM 23's)"},
		{[]string{"-format=ptx", "-libdevice=d.bc", "-llvm-link=l", "-out-dir=o", "-table=o/p.table"}, "-device-link: no bitcode files"},
		{[]string{"-format=ptx", "-libdevice=d.bc", "-llvm-link=l", "-out-dir=o", "-table=o/p.table", "-int-header=h", "x.bc"}, "-device-link writes images only (-int-header, -int-footer and -ir are for the TUs' compiles)"},
		{[]string{"-format=ptx", "-libdevice=d.bc", "-llvm-link=l", "-out-dir=o", "-table=o/p.tab", "x.bc"}, "-table=o/p.tab: the name must end in .table"},
	} {
		_, err := ParseArgs(append(append([]string{}, base...), tc.args...))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseArgs(%q): %v, want %q", tc.args, err, tc.want)
		}
	}
}
