package specconst

import (
	"bytes"
	"encoding/hex"
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

// TestDescriptors pins the records and the defaults blob of struct,
// padded, vec, marray and array constants, independently of the golden
// text. padded.ll and types.ll are images as libsycl-jit compiles them: the
// constants' types spell padding out as fields ([3 x i8]) that the
// defaults' types lack, so leaves are matched by offset and the padding
// fields take IDs that are not reported.
func TestDescriptors(t *testing.T) {
	const pad = PaddingID
	tests := []struct {
		file     string
		mode     Mode
		want     []SpecConst
		defaults string // hex; empty: not checked
	}{
		{"bool_struct.ll", Native, []SpecConst{
			{"name_A", []Descriptor{{0, 0, 1}}},
			{"name_B", []Descriptor{{1, 0, 4}, {2, 4, 4}, {3, 8, 1}, {pad, 9, 3}}},
		}, "010000a0411400000014000000"},
		// Emulation: the struct is 4-aligned, so 3 bytes of padding follow
		// the bool, recorded on the bool and zero in the blob.
		{"bool_struct.ll", Emulation, []SpecConst{
			{"name_A", []Descriptor{{0, 0, 1}, {pad, 1, 3}}},
			{"name_B", []Descriptor{{1, 0, 12}}},
		}, "010000000000a0411400000014000000"},
		// e2e nested-non-packed-struct: padding inside nested structs
		// (the undef [28 x i8] takes ID 5) and at their ends.
		{"padded.ll", Native, []SpecConst{
			{"____ZL8spec_id2", []Descriptor{{0, 0, 4}, {1, 4, 1}, {2, 8, 4}, {pad, 12, 20}}},
			{"____ZL7spec_id", []Descriptor{{4, 0, 4}, {6, 32, 4}, {7, 36, 1}, {8, 40, 4}, {pad, 44, 20}, {10, 64, 4}, {11, 68, 1}, {pad, 69, 27}}},
			{"____ZL8spec_id3", []Descriptor{{13, 0, 1}, {15, 4, 1}, {17, 8, 4}, {18, 12, 1}, {pad, 13, 3}, {20, 16, 1}, {pad, 17, 3}}},
		}, ""},
		// Padding first: ID 0 is the padding's, unreported.
		{"leading_padding.ll", Native, []SpecConst{
			{"lead", []Descriptor{{1, 4, 4}}},
			{"int", []Descriptor{{2, 0, 4}}},
		}, "000000000700000009000000"},
		// vec<int, 3> has four elements of storage; Padded has 7 bytes of
		// padding after its char, 2 inside Inner and 4 at its end.
		{"types.ll", Native, []SpecConst{
			{"____ZL4b_id", []Descriptor{{0, 0, 1}}},
			{"____ZL4c_id", []Descriptor{{1, 0, 1}}},
			{"____ZL4s_id", []Descriptor{{2, 0, 2}}},
			{"____ZL4i_id", []Descriptor{{3, 0, 4}}},
			{"____ZL4l_id", []Descriptor{{4, 0, 8}}},
			{"____ZL4h_id", []Descriptor{{5, 0, 2}}},
			{"____ZL4f_id", []Descriptor{{6, 0, 4}}},
			{"____ZL4d_id", []Descriptor{{7, 0, 8}}},
			{"____ZL5v4_id", []Descriptor{{8, 0, 4}, {9, 4, 4}, {10, 8, 4}, {11, 12, 4}}},
			{"____ZL5v3_id", []Descriptor{{12, 0, 4}, {13, 4, 4}, {14, 8, 4}, {15, 12, 4}}},
			{"____ZL6v16_id", []Descriptor{{16, 0, 1}, {17, 1, 1}, {18, 2, 1}, {19, 3, 1}, {20, 4, 1}, {21, 5, 1}, {22, 6, 1}, {23, 7, 1},
				{24, 8, 1}, {25, 9, 1}, {26, 10, 1}, {27, 11, 1}, {28, 12, 1}, {29, 13, 1}, {30, 14, 1}, {31, 15, 1}}},
			{"____ZL5m3_id", []Descriptor{{32, 0, 2}, {33, 2, 2}, {34, 4, 2}}},
			{"____ZL5a5_id", []Descriptor{{35, 0, 4}, {36, 4, 4}, {37, 8, 4}, {38, 12, 4}, {39, 16, 4}}},
			{"____ZL4p_id", []Descriptor{{40, 0, 1}, {41, 8, 8}, {42, 16, 2}, {43, 20, 4}, {44, 24, 1}, {45, 25, 1}, {46, 26, 1}, {47, 27, 1}, {pad, 28, 4}}},
		}, "01" + "78" + "2efb" + "eb32a4f8" + "35fb048ee0feffff" + "003e" + "00003040" + "00000000000009c0" +
			"0000803f000000c00000604000008840" + "07000000f8ffffff0900000000000000" + "14141414141414141414141414141414" +
			"0b00f4ff0d00" + "0100000002000000030000000400000005000000" +
			"70000000000000000000000000001a40f9ff00000800000009f60b0100000000"},
	}
	for _, tc := range tests {
		src, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Lower(src, tc.file, tc.mode)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, res.SpecConsts); diff != "" {
			t.Errorf("%s mode %d: constants (-want +got):\n%s", tc.file, tc.mode, diff)
		}
		if tc.defaults != "" {
			if diff := cmp.Diff(tc.defaults, hex.EncodeToString(res.Defaults)); diff != "" {
				t.Errorf("%s mode %d: defaults (-want +got):\n%s", tc.file, tc.mode, diff)
			}
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
		{"empty specialization_id", decl + "@s = constant [2 x i8] c\"a\\00\"\n@d = global [0 x i32] []\ndefine void @f(i8* %p) {\n" + call + "i8* @s, i8* bitcast ([0 x i32]* @d to i8*), i8* null)\n  ret void\n}\n",
			"in.ll:3:6: specialization_id global @d is not a non-empty aggregate"},
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
			for _, opts := range []Options{{}, {NullBuffers: true}} {
				res, err := LowerWith(src, "in.ll", md.mode, opts)
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
		}
	})
}
