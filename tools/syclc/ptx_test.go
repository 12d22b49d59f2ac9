package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
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
	if out, err := proctest.Command(ptxArgs(lib, libdevice, dir, src)...).CombinedOutput(); err != nil {
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
	if out, err := proctest.Command(compileArgs(lib, spirv, "per_kernel", src)...).CombinedOutput(); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	for _, f := range []string{"a.h", "a.f.h"} {
		if diff := cmp.Diff(tree(t, spirv)[f], files[f]); diff != "" {
			t.Errorf("%s of the PTX compile differs from the SPIR-V compile's (-spirv +ptx):\n%s", f, diff)
		}
	}
}

// TestPTXRefusesSpecConstants: one line, no outputs.
func TestPTXRefusesSpecConstants(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, specSource)
	out, err := proctest.Command(ptxArgs(lib, sycljittest.Libdevice(t), dir, src)...).CombinedOutput()
	if err == nil {
		t.Fatal("syclc compiled specialization constants for nvptx64")
	}
	want := "syclc: " + src + ": reads SYCL 2020 specialization constants, which nvptx64 images do not support yet (libsycl-jit leaves them unlowered)\n"
	if diff := cmp.Diff(want, string(out)); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
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
		{[]string{"-format=ptx"}, "syclc: -format=ptx needs -libdevice (NVIDIA's libdevice.10.bc)\n"},
		{[]string{"-libdevice=x.bc"}, "syclc: -libdevice is for -format=ptx\n"},
		{[]string{"-format=cubin"}, "syclc: -format=cubin: want spirv or ptx\n"},
	} {
		dir, src := setup(t, source)
		args := append(tc.args, compileArgs("libsycl-jit.so", dir, "auto", src)...)
		out, err := proctest.Command(args...).CombinedOutput()
		if err == nil {
			t.Errorf("%q: no error", tc.args)
		}
		if diff := cmp.Diff(tc.want, string(out)); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tc.args, diff)
		}
	}
}
