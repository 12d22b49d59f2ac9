package specconst

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var modes = []struct {
	name string
	mode Mode
}{{"native", Native}, {"emulation", Emulation}, {"default", DefaultValues}}

// TestGolden lowers each testdata input in every mode and compares the IR
// and the property sets with the golden files.
func TestGolden(t *testing.T) {
	inputs, err := filepath.Glob("testdata/*.ll")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, in := range inputs {
		if strings.Count(filepath.Base(in), ".") != 1 {
			continue // a golden output
		}
		n++
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, md := range modes {
			base := strings.TrimSuffix(in, ".ll") + "." + md.name
			t.Run(filepath.Base(base), func(t *testing.T) {
				res, err := Lower(src, filepath.Base(in), md.mode)
				if err != nil {
					t.Fatal(err)
				}
				reg := &propset.Registry{}
				res.AddProperties(reg, md.mode)
				props, err := reg.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				golden(t, base+".ll", res.Text)
				golden(t, base+".prop", props)
			})
		}
	}
	if n < 4 {
		t.Fatalf("found %d inputs in testdata", n)
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// TestVerify checks that every golden output is valid IR for LLVM 15, and
// the llvm19 ones (clang-19's attributes) for LLVM 19.
func TestVerify(t *testing.T) {
	outs, _ := filepath.Glob("testdata/*.*.ll")
	if len(outs) == 0 {
		t.Fatal("no golden outputs")
	}
	for _, out := range outs {
		out := out
		v := "15"
		if strings.HasPrefix(filepath.Base(out), "llvm19.") {
			v = "19"
		}
		t.Run(filepath.Base(out), func(t *testing.T) {
			as, err1 := exec.LookPath("llvm-as-" + v)
			opt, err2 := exec.LookPath("opt-" + v)
			if err1 != nil || err2 != nil {
				t.Skipf("llvm-as-%s / opt-%s not installed", v, v)
			}
			bc, err := exec.Command(as, out, "-o", "-").Output()
			if err != nil {
				t.Fatalf("llvm-as-%s: %v", v, stderrOf(err))
			}
			cmd := exec.Command(opt, "-passes=verify", "-disable-output")
			cmd.Stdin = bytes.NewReader(bc)
			if err := cmd.Run(); err != nil {
				t.Fatalf("opt-%s -passes=verify: %v", v, stderrOf(err))
			}
		})
	}
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return err.Error()
}

// TestDescriptors pins the records and the defaults blob of the struct and
// nested cases, independently of the golden text.
func TestDescriptors(t *testing.T) {
	src, err := os.ReadFile("testdata/bool_struct.ll")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		mode     Mode
		want     []SpecConst
		defaults []byte
	}{
		{Native, []SpecConst{
			{"name_A", []Descriptor{{0, 0, 1}}},
			{"name_B", []Descriptor{{1, 0, 4}, {2, 4, 4}, {3, 8, 1}, {PaddingID, 9, 3}}},
		}, []byte{1, 0, 0, 0xa0, 0x41, 20, 0, 0, 0, 20, 0, 0, 0}},
		// Emulation: the struct is 4-aligned, so 3 bytes of padding follow
		// the bool, recorded on the bool and zero in the blob.
		{Emulation, []SpecConst{
			{"name_A", []Descriptor{{0, 0, 1}, {PaddingID, 1, 3}}},
			{"name_B", []Descriptor{{1, 0, 12}}},
		}, []byte{1, 0, 0, 0, 0, 0, 0xa0, 0x41, 20, 0, 0, 0, 20, 0, 0, 0}},
	}
	for _, tc := range tests {
		res, err := Lower(src, "in.ll", tc.mode)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, res.SpecConsts); diff != "" {
			t.Errorf("mode %d: constants (-want +got):\n%s", tc.mode, diff)
		}
		if diff := cmp.Diff(tc.defaults, res.Defaults); diff != "" {
			t.Errorf("mode %d: defaults (-want +got):\n%s", tc.mode, diff)
		}
	}
}

func TestNoSpecConstants(t *testing.T) {
	src := []byte("define void @f() {\n  ret void\n}\n")
	res, err := Lower(src, "in.ll", Native)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(res.Text, src) || len(res.SpecConsts) != 0 {
		t.Errorf("an image without spec constants changed: %q %v", res.Text, res.SpecConsts)
	}
}

func TestErrors(t *testing.T) {
	const decl = "declare i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8*, i8*, i8*)\n"
	const call = "  %v = call i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_("
	tests := []struct{ name, src, want string }{
		{"untraceable ID", decl + "define void @f(i8* %p) {\n" + call + "i8* %p, i8* %p, i8* null)\n  ret void\n}\n",
			`in.ll:3:8: cannot trace the symbolic ID argument "%p" to a string literal`},
		{"undefined ID global", decl + "define void @f(i8* %p) {\n" + call + "i8* @s, i8* @d, i8* null)\n  ret void\n}\n",
			"in.ll:3:8: symbolic ID global @s is not defined in the image"},
		{"no default", decl + "@s = constant [2 x i8] c\"a\\00\"\n@d = external global { i32 }\ndefine void @f(i8* %p) {\n" + call + "i8* @s, i8* bitcast ({ i32 }* @d to i8*), i8* null)\n  ret void\n}\n",
			"in.ll:3:6: specialization_id global @d has no initializer"},
		{"bad constant", decl + "@s = constant [2 x i8] c\"a\\00\"\n@d = global { i32 } { i32 x }\ndefine void @f(i8* %p) {\n" + call + "i8* @s, i8* bitcast ({ i32 }* @d to i8*), i8* null)\n  ret void\n}\n",
			`in.ll:3:27: bad i32 constant "x"`},
		{"unterminated string", decl + "define void @f(i8* %p) {\n" + call + "i8* %p, i8* %p, i8* null) \"x\n  ret void\n}\n",
			"in.ll:3:100: unterminated string constant"},
		{"unclosed body", decl + "define void @f() {\n", "in.ll:2:1: function body without a closing '}'"},
		{"recursive type", "%a = type { i32, %a }\n" + decl, "in.ll:1:1: type %a contains itself"},
		{"too large", decl + "@s = constant [2 x i8] c\"a\\00\"\n@d = global { [100000 x i32] } zeroinitializer\ndefine void @f(i8* %p) {\n" +
			"  %v = call [100000 x i32] @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(i8* @s, i8* bitcast ({ [100000 x i32] }* @d to i8*), i8* null)\n  ret void\n}\n",
			"in.ll:5:8: specialization constant type [100000 x i32] is too large"},
		{"too few arguments", decl + "define void @f(i8* %p) {\n" + call + "i8* %p)\n  ret void\n}\n",
			"in.ll:3:8: call to @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_ has 1 arguments, want 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Lower([]byte(tc.src), "in.ll", Native)
			if err == nil {
				t.Fatal("no error")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzLower feeds mutated images to the lowering: it must return an error
// (located) or a result, never panic.
func FuzzLower(f *testing.F) {
	inputs, _ := filepath.Glob("testdata/*.ll")
	for _, in := range inputs {
		if strings.Count(filepath.Base(in), ".") == 1 {
			if b, err := os.ReadFile(in); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, md := range modes {
			res, err := Lower(src, "in.ll", md.mode)
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("unlocated error %T: %v", err, err)
				}
				continue
			}
			if res == nil {
				t.Fatal("nil result")
			}
		}
	})
}
