package bcspec

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
)

// tools finds LLVM 22's llvm-as and llvm-dis (setup.sh installs them).
func tools(t *testing.T) Tools {
	t.Helper()
	var paths []string
	for _, n := range []string{"llvm-as-22", "llvm-dis-22"} {
		p, err := exec.LookPath(n)
		if err != nil {
			t.Skipf("%s not installed (setup.sh installs llvm-22)", n)
		}
		paths = append(paths, p)
	}
	return Tools{Assembler: paths[0], Disassembler: paths[1]}
}

// assemble writes the bitcode of a specconst test module.
func assemble(t *testing.T, tl Tools, name string) []byte {
	t.Helper()
	src := filepath.Join("..", "specconst", "testdata", name+".ll")
	out := filepath.Join(t.TempDir(), name+".bc")
	if b, err := exec.Command(tl.Assembler, src, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", src, err, b)
	}
	bc, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return bc
}

func disassemble(t *testing.T, tl Tools, bc []byte) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "m.bc")
	if err := os.WriteFile(in, bc, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := exec.Command(tl.Disassembler, in, "-o", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("llvm-dis: %v: %s", err, b)
	}
	return string(b)
}

// calls counts the intrinsic calls in a module's text.
func calls(text string) int {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "call ") && strings.Contains(l, "2020SpecConstantValue") {
			n++
		}
	}
	return n
}

// TestLower: the bitcode comes back with loads from the buffer argument
// instead of the intrinsic calls, the metadata the library's post-link
// writes the property sets from, and the constants specconst's emulation
// lowering of the same text gives.
func TestLower(t *testing.T) {
	tl := tools(t)
	for _, name := range []string{"opaque", "scalar", "padded"} {
		t.Run(name, func(t *testing.T) {
			bc := assemble(t, tl, name)
			out, res, err := Lower(bc, name+".cpp", tl)
			if err != nil {
				t.Fatal(err)
			}
			if calls(disassemble(t, tl, bc)) == 0 {
				t.Fatal("the test module calls no intrinsic")
			}
			text := disassemble(t, tl, out)
			if n := calls(text); n != 0 {
				t.Errorf("%d intrinsic calls left:\n%s", n, text)
			}
			for _, md := range []string{"!sycl.specialization-constants = ", "!sycl.specialization-constants-default-values = "} {
				if !strings.Contains(text, md) {
					t.Errorf("no %s in the lowered module", md)
				}
			}
			ll, err := os.ReadFile(filepath.Join("..", "specconst", "testdata", name+".ll"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := specconst.Lower(ll, name+".cpp", specconst.Emulation)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.SpecConsts) == 0 || len(res.SpecConsts) != len(want.SpecConsts) || string(res.Defaults) != string(want.Defaults) {
				t.Errorf("constants %+v defaults %x, want %+v %x", res.SpecConsts, res.Defaults, want.SpecConsts, want.Defaults)
			}
		})
	}
}

// TestLowerUnreadable: a module the disassembler cannot read fails in one
// line naming the module (not a temporary file).
func TestLowerUnreadable(t *testing.T) {
	tl := tools(t)
	bc := assemble(t, tl, "scalar")
	bad := append([]byte{}, bc[:len(bc)/2]...)
	_, _, err := Lower(bad, "dir/a.cpp", tl)
	var te *ToolError
	if !errors.As(err, &te) {
		t.Fatalf("Lower = %v, want a ToolError", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "dir/a.cpp: llvm-dis-22: ") || strings.Contains(msg, os.TempDir()) {
		t.Errorf("error %q does not name the module alone", msg)
	}
}

// TestLowerNothing: a module without intrinsic calls comes back as it was.
func TestLowerNothing(t *testing.T) {
	tl := tools(t)
	path := filepath.Join(t.TempDir(), "plain.ll")
	if err := os.WriteFile(path, []byte("define void @k(ptr %p) {\n  store i32 1, ptr %p\n  ret void\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bcPath := path + ".bc"
	if b, err := exec.Command(tl.Assembler, path, "-o", bcPath).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	bc, _ := os.ReadFile(bcPath)
	out, res, err := Lower(bc, "plain.cpp", tl)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(bc) || len(res.SpecConsts) != 0 {
		t.Errorf("module changed or constants found: %d bytes, %+v", len(out), res.SpecConsts)
	}
}

// TestLowerNeedsTools: without the tools, one line.
func TestLowerNeedsTools(t *testing.T) {
	_, _, err := Lower([]byte("BC"), "a.cpp", Tools{})
	if err == nil || err.Error() != "a.cpp: lowering specialization constants needs an llvm-as and an llvm-dis" {
		t.Errorf("Lower = %v", err)
	}
}
