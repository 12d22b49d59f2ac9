package spirvspec

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/specconst"
)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseHeader(t *testing.T) {
	h, err := ParseHeader(readTestdata(t, "spec.spv"))
	if err != nil {
		t.Fatal(err)
	}
	want := &Header{Major: 1, Minor: 4, Extensions: []string{"SPV_KHR_expect_assume"}}
	if !reflect.DeepEqual(h, want) {
		t.Errorf("ParseHeader = %+v, want %+v", h, want)
	}
	if got, want := strings.Join(h.TranslatorFlags(), " "), "--spirv-max-version=1.4 --spirv-ext=-all,+SPV_KHR_expect_assume"; got != want {
		t.Errorf("TranslatorFlags = %q, want %q", got, want)
	}
}

func TestParseHeaderRejects(t *testing.T) {
	truncated := readTestdata(t, "spec.spv")[:40]
	binary.LittleEndian.PutUint32(truncated[20:], 0xffff0000|opExtension) // a count past the end
	for name, b := range map[string][]byte{
		"short":     make([]byte, 8),
		"odd":       make([]byte, 21),
		"magic":     make([]byte, 20),
		"truncated": truncated,
	} {
		if _, err := ParseHeader(b); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestUses(t *testing.T) {
	if !Uses(readTestdata(t, "spec.spv")) {
		t.Error("Uses(spec.spv) = false")
	}
	if Uses([]byte("OpName %f \"_Z3fooi\"")) {
		t.Error("Uses(no intrinsic) = true")
	}
}

// An image without the intrinsics comes back as it is; no tool runs.
func TestLowerUnchanged(t *testing.T) {
	in := []byte("not even SPIR-V")
	reg := &propset.Registry{}
	out, err := Lower(in, "x.spv", reg, Tools{}, specconst.Native)
	if err != nil || string(out) != string(in) || reg.Len() != 0 {
		t.Errorf("Lower = %q, %v, %d sets", out, err, reg.Len())
	}
}

func tools(t *testing.T) Tools {
	t.Helper()
	var ts Tools
	for _, x := range []struct {
		dst  *string
		name string
	}{{&ts.Translator, "llvm-spirv-15"}, {&ts.Assembler, "llvm-as-15"}, {&ts.Disassembler, "llvm-dis-15"}} {
		p, err := exec.LookPath(x.name)
		if err != nil {
			t.Skip(x.name + " not installed")
		}
		*x.dst = p
	}
	ts.TempDir = t.TempDir()
	return ts
}

// Counts the instructions of a SPIR-V module by opcode.
func opcodes(t *testing.T, spv []byte) map[uint32]int {
	t.Helper()
	n := map[uint32]int{}
	for i := 5; i < len(spv)/4; {
		w := binary.LittleEndian.Uint32(spv[4*i:])
		n[w&0xffff]++
		if w>>16 == 0 {
			t.Fatalf("zero-length instruction at word %d", i)
		}
		i += int(w >> 16)
	}
	return n
}

func TestLower(t *testing.T) {
	ts := tools(t)
	in := readTestdata(t, "spec.spv")
	reg, err := propset.Parse(readTestdata(t, "spec.prop"), "spec.prop")
	if err != nil {
		t.Fatal(err)
	}
	out, err := Lower(in, "spec.spv", reg, ts, specconst.Native)
	if err != nil {
		t.Fatal(err)
	}
	if Uses(out) {
		t.Error("the lowered image still names a spec-constant intrinsic")
	}
	h, err := ParseHeader(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := (&Header{Major: 1, Minor: 4, Extensions: []string{"SPV_KHR_expect_assume"}}); !reflect.DeepEqual(h, want) {
		t.Errorf("lowered header %+v, want the input's %+v", h, want)
	}
	// int factor, the three fields of Params, bool negate: five scalar spec
	// constants (OpSpecConstant 50, OpSpecConstantFalse 49) and one
	// OpSpecConstantComposite (51).
	ops := opcodes(t, out)
	if got := ops[50] + ops[48] + ops[49]; got != 5 {
		t.Errorf("%d scalar spec constants, want 5", got)
	}
	if ops[51] != 1 {
		t.Errorf("%d composite spec constants, want 1", ops[51])
	}
	// The library's sets stay first; the two spec-constant sets follow, as
	// the splitter writes them: IDs 0 (factor), 1-3 (Params' fields, then
	// its 3 bytes of tail padding), 4 (negate), and the defaults blob
	// 3 | 2, 0.5f, 1, pad | false.
	got, err := reg.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := string(readTestdata(t, "spec.prop")) + `[SYCL/specialization constants]
____ZL9factor_id=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA
____ZL9params_id=2|AGAAAAAAAAQAAAAAAAAAAQAAAAgAAAAAEAAAAQAAAAwAAAAAIAAAAEAAAAw/////JAAAAMAAAAA
____ZL9negate_id=2|gBAAAAAAAAABAAAAAAAAAEAAAAA
[SYCL/specialization constants default values]
all=2|ICAAAAAAAAwAAAAACAAAAAAAA8TAAAAAAA
`
	if string(got) != want {
		t.Errorf("properties:\n%s\nwant:\n%s", got, want)
	}
	// spirv-val rejects the library's own image: its symbolic-ID strings
	// (__usid_str) are OpVariables in the Generic storage class. The
	// lowering drops them with the other globals only the intrinsics read.
	back := filepath.Join(ts.TempDir, "back.spv")
	if err := os.WriteFile(back, out, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(ts.Translator, "-r", back, "-o", back+".bc"); err != nil {
		t.Errorf("the lowered image does not read back: %v", err)
	}
	if val, err := exec.LookPath("spirv-val"); err == nil {
		if err := run(val, back); err != nil {
			t.Errorf("spirv-val: %v", err)
		}
		if err := run(val, filepath.Join("testdata", "spec.spv")); err == nil || !strings.Contains(err.Error(), "Generic") {
			t.Errorf("spirv-val accepts the library's image (%v): drop the comment above", err)
		}
	}
}

func TestLowerToolError(t *testing.T) {
	ts := tools(t)
	ts.Assembler = "false"
	_, err := Lower(readTestdata(t, "spec.spv"), "spec.spv", &propset.Registry{}, ts, specconst.Native)
	if err == nil || !strings.HasPrefix(err.Error(), "spec.spv: false: ") {
		t.Errorf("err = %v, want one naming the image and the tool", err)
	}
}

// FuzzLowerText feeds mutated images, as llvm-dis-15 writes them, through
// the text steps of Lower: the lowering (tools/internal/specconst) and the
// removal of the globals it left unused. They must return a located error
// or text, never panic. The seeds are specconst's inputs: every type the
// tests use (scalars, vec, marray, arrays, padded and nested structs).
func FuzzLowerText(f *testing.F) {
	inputs, _ := filepath.Glob("../specconst/testdata/*.ll")
	n := 0
	for _, in := range inputs {
		if strings.Count(filepath.Base(in), ".") == 1 {
			if b, err := os.ReadFile(in); err == nil {
				f.Add(b)
				n++
			}
		}
	}
	if n == 0 {
		f.Fatal("no seeds in ../specconst/testdata")
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// Native, and emulation as for AOT images (every kernel's buffer
		// from its parameter, restored where the mask marks it removed).
		for _, mode := range []specconst.Mode{specconst.Native, specconst.Emulation} {
			res, err := specconst.LowerWith(src, "in.ll", mode, specconst.Options{NullBuffers: true})
			if err != nil {
				if _, ok := err.(*specconst.Error); !ok {
					t.Fatalf("unlocated error %T: %v", err, err)
				}
				continue
			}
			out := specconst.DropUnusedGlobals(res.Text)
			if len(res.SpecConsts) > 0 && !bytes.Contains(out, []byte("!sycl.specialization-constants")) {
				t.Fatal("the lowered text lost its spec-constant metadata")
			}
		}
	})
}

// Emulation gives the kernel back the spec-constant buffer parameter the
// library's dead-argument elimination removed (libsycl-jit compiles for
// spir64, whose intrinsic calls pass a null buffer): the SPIR-V kernel takes
// it last, the mask keeps it, and the constants are loads from it.
func TestLowerEmulation(t *testing.T) {
	ts := tools(t)
	reg, err := propset.Parse(readTestdata(t, "spec.prop"), "spec.prop")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := reg.Get(setParamOpt, "_ZTS5Scale"); v.String() != "2|DAAAAAAAAAAB" {
		t.Fatalf("spec.prop's mask of _ZTS5Scale is %s, want 3 bits with the buffer (bit 2) eliminated", v)
	}
	out, err := Lower(readTestdata(t, "spec.spv"), "spec.spv", reg, ts, specconst.Emulation)
	if err != nil {
		t.Fatal(err)
	}
	if Uses(out) {
		t.Error("the lowered image still names a spec-constant intrinsic")
	}
	ops := opcodes(t, out)
	if n := ops[48] + ops[49] + ops[50] + ops[51]; n != 0 {
		t.Errorf("%d SPIR-V spec constants (OpSpecConstant*) in an emulated image", n)
	}
	if v, _ := reg.Get(setParamOpt, "_ZTS5Scale"); v.String() != "2|DAAAAAAAAAAA" {
		t.Errorf("mask of _ZTS5Scale is %s, want 2|DAAAAAAAAAAA (3 bits, none eliminated)", v)
	}
	// One descriptor per constant at its offset in the buffer: factor at 0
	// (4 bytes), Params at 4 (12), negate at 16 (1); the blob their defaults.
	got, err := reg.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"[SYCL/specialization constants]\n",
		"____ZL9factor_id=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n",
		"[SYCL/specialization constants default values]\n",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("properties lack %q:\n%s", want, got)
		}
	}
	back := filepath.Join(ts.TempDir, "back.spv")
	if err := os.WriteFile(back, out, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(ts.Translator, "-r", back, "-o", back+".bc"); err != nil {
		t.Fatalf("the lowered image does not read back: %v", err)
	}
	if err := run(ts.Disassembler, back+".bc", "-o", back+".ll"); err != nil {
		t.Fatal(err)
	}
	ll, err := os.ReadFile(back + ".ll")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"define spir_kernel void @_ZTS5Scale(i32 addrspace(1)* align 4 %0, float addrspace(1)* align 4 %1, i8 addrspace(1)* %_arg__specialization_constants_buffer)",
		`!{!"int*", !"float*", !"char*"}`,
		"getelementptr i8, i8 addrspace(1)* %_arg__specialization_constants_buffer, i32 4",
	} {
		if !strings.Contains(string(ll), want) {
			t.Errorf("the image read back lacks %q", want)
		}
	}
	if val, err := exec.LookPath("spirv-val"); err == nil {
		if err := run(val, back); err != nil {
			t.Errorf("spirv-val: %v", err)
		}
	}
}

// paramMasks reads each kernel's bit vector, bit i in byte i/8.
func TestParamMasks(t *testing.T) {
	reg := &propset.Registry{}
	m, err := paramMasks(reg)
	if err != nil || len(m) != 0 {
		t.Errorf("paramMasks(empty) = %v, %v", m, err)
	}
	reg.Add(setParamOpt, "k", propset.BitVector([]bool{true, false, false, true, false, false, false, false, true}))
	m, err = paramMasks(reg)
	if err != nil || !reflect.DeepEqual(m["k"], []bool{true, false, false, true, false, false, false, false, true}) {
		t.Errorf("paramMasks = %v, %v", m, err)
	}
	reg.Add(setParamOpt, "u", propset.U32(1))
	if _, err := paramMasks(reg); err == nil {
		t.Error("paramMasks accepts a UINT32 mask")
	}
}
