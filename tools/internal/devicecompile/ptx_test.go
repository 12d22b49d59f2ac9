package devicecompile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
)

func ptxArgs(lib, libdevice, dir, src string) []string {
	args := compileArgs(lib, dir, "per_kernel", src)
	return append([]string{"-format=ptx", "-libdevice=" + libdevice}, args...)
}

// TestPTXOutputs: -format=ptx writes a PTX image per kernel with its .prop
// and .sym, and the same integration header and footer as the SPIR-V
// compile, so one host compile serves both targets.
func TestPTXOutputs(t *testing.T) {
	lib := jit(t)
	libdevice := sycljittest.Libdevice(t)
	dir, src := setup(t, source)
	if out, err := syclc(ptxArgs(lib, libdevice, dir, src)...); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	files := tree(t, dir)
	want := []string{"a.cpp", "a.f.h", "a.h", "out/a.table", "out/a_0.prop", "out/a_0.ptx", "out/a_0.sym", "out/a_1.prop", "out/a_1.ptx", "out/a_1.sym"}
	if diff := cmp.Diff(want, names(files)); diff != "" {
		t.Fatalf("outputs (-want +got):\n%s", diff)
	}
	o := filepath.Join(dir, "out")
	wantTable := "[Code|Properties|Symbols]\n" + o + "/a_0.ptx|" + o + "/a_0.prop|" + o + "/a_0.sym\n" + o + "/a_1.ptx|" + o + "/a_1.prop|" + o + "/a_1.sym\n"
	if diff := cmp.Diff(wantTable, files["out/a.table"]); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	for _, i := range []string{"0", "1"} {
		ptx, sym := files["out/a_"+i+".ptx"], files["out/a_"+i+".sym"]
		if !strings.Contains(ptx, "\n.target sm_75\n") || !strings.Contains(ptx, ".entry "+strings.TrimSpace(sym)+"(") {
			t.Errorf("a_%s.ptx is not PTX for sm_75 with the entry %q:\n%.400s", i, sym, ptx)
		}
	}
	if props := files["out/a_0.prop"] + files["out/a_1.prop"]; !strings.Contains(props, "[SYCL/imported symbols]\n_Z5twicei=1|1\n") {
		t.Errorf("no image imports twice():\n%s", props)
	}

	spirv, _ := setup(t, source)
	if out, err := syclc(compileArgs(lib, spirv, "per_kernel", src)...); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	for _, f := range []string{"a.h", "a.f.h"} {
		if diff := cmp.Diff(tree(t, spirv)[f], files[f]); diff != "" {
			t.Errorf("%s of the PTX compile differs from the SPIR-V compile's (-spirv +ptx):\n%s", f, diff)
		}
	}
}

// TestPTXSpecConstants: a PTX image reading a specialization constant is
// compiled from the front end's bitcode lowered in emulation mode: no
// intrinsic left, the kernel reads the constant from its spec-constant
// buffer (an extra pointer parameter), and the image has both property
// sets libsycl fills that buffer from. Without LLVM 22's tools the compile
// fails with one line and leaves nothing.
func TestPTXSpecConstants(t *testing.T) {
	lib := jit(t)
	libdevice := sycljittest.Libdevice(t)
	var llvm []string
	for _, tool := range []string{"llvm-as-22", "llvm-dis-22"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skip(tool + " not installed (setup.sh installs llvm-22)")
		}
		llvm = append(llvm, p)
	}
	dir, src := setup(t, specSource)
	args := ptxArgs(lib, libdevice, dir, src)
	_, err := syclc(args...)
	want := src + ": reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them for nvptx64 needs -llvm-as and -llvm-dis of LLVM 22 or newer (llvm-as-22, llvm-dis-22: the library's bitcode is LLVM 23's)"
	if err == nil || err.Error() != want {
		t.Errorf("without the tools: %v, want %q", err, want)
	}
	if diff := cmp.Diff([]string{"a.cpp"}, names(tree(t, dir))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
	args = append([]string{"-llvm-as=" + llvm[0], "-llvm-dis=" + llvm[1]}, args...)
	if out, err := syclc(args...); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	files := tree(t, dir)
	ptx := files["out/a_0.ptx"]
	if strings.Contains(ptx, "SpecConstantValue") {
		t.Errorf("the PTX still calls a spec-constant intrinsic:\n%s", ptx)
	}
	if !strings.Contains(ptx, ".entry "+strings.TrimSpace(files["out/a_0.sym"])+"(") {
		t.Errorf("a_0.ptx lacks its kernel's entry:\n%.600s", ptx)
	}
	// One int at offset 0 of the buffer, default 3.
	const sets = "[SYCL/specialization constants]\n____ZL9factor_id=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n" +
		"[SYCL/specialization constants default values]\nall=2|gAAAAAAAAAwAAAAA\n"
	if !strings.Contains(files["out/a_0.prop"], sets) {
		t.Errorf("a_0.prop lacks the spec-constant sets:\n%s", files["out/a_0.prop"])
	}
}

// TestPTXSpecConstantsUnreadable: where the disassembler cannot read the
// library's bitcode (here: a "disassembler" that fails as LLVM 19's does
// on some of it), one line names the source and the tool, and nothing is
// left.
func TestPTXSpecConstantsUnreadable(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, specSource)
	fake := filepath.Join(t.TempDir(), "llvm-dis-19")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho \"llvm-dis-19: error: Invalid record\" >&2\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"-llvm-as=/bin/false", "-llvm-dis=" + fake}, ptxArgs(lib, sycljittest.Libdevice(t), dir, src)...)
	_, err := syclc(args...)
	want := src + ": llvm-dis-19: llvm-dis-19: error: Invalid record"
	if err == nil || err.Error() != want {
		t.Errorf("%v, want %q", err, want)
	}
	if diff := cmp.Diff([]string{"a.cpp"}, names(tree(t, dir))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

// TestPTXFlags: -format and -libdevice go together.
func TestPTXFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-format=ptx"}, "-format=ptx needs -libdevice (NVIDIA's libdevice.10.bc)"},
		{[]string{"-libdevice=x.bc"}, "-libdevice is for -format=ptx"},
		{[]string{"-format=cubin"}, "-format=cubin: want spirv or ptx"},
	} {
		dir, src := setup(t, source)
		args := append(tc.args, compileArgs("libsycl-jit.so", dir, "auto", src)...)
		_, err := ParseArgs(args)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseArgs(%q): %v, want %q", tc.args, err, tc.want)
		}
	}
}
