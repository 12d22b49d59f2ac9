package spirvvars

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func words(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return w
}

func TestStoreInitializers(t *testing.T) {
	tests := []struct {
		in, want  string
		wantMoved int
	}{
		{"init.spv", "stored.spv", 1},
		{"none.spv", "none.spv", 0},
		{"stored.spv", "stored.spv", 0},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			in := readTestdata(t, tc.in)
			got, moved, err := StoreInitializers(in)
			if err != nil {
				t.Fatal(err)
			}
			if moved != tc.wantMoved {
				t.Errorf("moved %d initializers, want %d", moved, tc.wantMoved)
			}
			if diff := cmp.Diff(words(readTestdata(t, tc.want)), words(got)); diff != "" {
				t.Errorf("module (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStoreInitializersErrors(t *testing.T) {
	init := readTestdata(t, "init.spv")
	// The copy's variable moved after the bitcast that follows it.
	late := append([]byte(nil), init...)
	w := words(late)
	var v, b int
	for i := 5; i < len(w); i += int(w[i] >> 16) {
		switch {
		case w[i]&0xffff == opVariable && w[i]>>16 == 5:
			v = i
		case w[i]&0xffff == 124 && b == 0: // OpBitcast
			b = i
		}
	}
	if v == 0 || b != v+5 {
		t.Fatalf("init.spv changed: variable at %d, bitcast at %d", v, b)
	}
	swapped := append(append(append([]uint32{}, w[:v]...), w[b:b+4]...), w[v:v+5]...)
	swapped = append(swapped, w[b+4:]...)
	for i, x := range swapped {
		binary.LittleEndian.PutUint32(late[4*i:], x)
	}
	// The entry block's variables, then OpFunctionEnd: no terminator.
	var end int
	for i := 5; i < len(w); i += int(w[i] >> 16) {
		if w[i]&0xffff == opFunctionEnd {
			end = i
		}
	}
	unterminated := make([]byte, 4*(v+5+len(w)-end))
	for i, x := range append(append([]uint32{}, w[:v+5]...), w[end:]...) {
		binary.LittleEndian.PutUint32(unterminated[4*i:], x)
	}
	// The last instruction (OpFunctionEnd) claims a word the module lacks.
	truncated := append([]byte(nil), init...)
	binary.LittleEndian.PutUint32(truncated[len(truncated)-4:], 2<<16|opFunctionEnd)
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"short", init[:16], "not a SPIR-V module: 16 bytes"},
		{"unaligned", init[:len(init)-1], "not a SPIR-V module"},
		{"magic", append([]byte{0, 0, 0, 0}, init[4:]...), "not a little-endian SPIR-V module"},
		{"truncated", truncated, "malformed instruction"},
		{"late variable", late, "a Function variable after the entry block's first instruction"},
		{"no terminator", unterminated, "a function's entry block ends without a terminator"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, _, err := StoreInitializers(tc.in)
			var e *Error
			if !errors.As(err, &e) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want an *Error containing %q", err, tc.want)
			}
			if out != nil {
				t.Error("an error returned a module")
			}
		})
	}
}

// The reason for the package, with the tools it works around: after the
// rewrite, llvm-spirv-15's round trip (SPV-IR, as SyclReverseTranslate
// reads the module) gives SPIR-V spirv-val accepts; without it, it does
// not. Skipped where the tools are not installed.
func TestRoundTripValidates(t *testing.T) {
	translator, err1 := exec.LookPath("llvm-spirv-15")
	val, err2 := exec.LookPath("spirv-val")
	if err1 != nil || err2 != nil {
		t.Skip("llvm-spirv-15 or spirv-val not installed")
	}
	dir := t.TempDir()
	roundTrip := func(name string, spv []byte) error {
		in := filepath.Join(dir, name+".spv")
		if err := os.WriteFile(in, spv, 0o644); err != nil {
			t.Fatal(err)
		}
		bc := filepath.Join(dir, name+".bc")
		out := filepath.Join(dir, name+".out.spv")
		for _, args := range [][]string{
			{"-r", "--spirv-target-env=SPV-IR", in, "-o", bc},
			{bc, "-o", out},
		} {
			if b, err := exec.Command(translator, args...).CombinedOutput(); err != nil {
				t.Fatalf("%s %v: %v\n%s", translator, args, err, b)
			}
		}
		if b, err := exec.Command(val, out).CombinedOutput(); err != nil {
			return errors.New(string(bytes.TrimSpace(b)))
		}
		return nil
	}
	in := readTestdata(t, "init.spv")
	if err := roundTrip("original", in); err == nil || !strings.Contains(err.Error(), "function[7] storage class outside of a function") {
		t.Errorf("round trip of the original: %v; want spirv-val's module-scope Function variable error (llvm-spirv fixed? then this package can go)", err)
	}
	stored, _, err := StoreInitializers(in)
	if err != nil {
		t.Fatal(err)
	}
	if err := roundTrip("stored", stored); err != nil {
		t.Errorf("round trip after StoreInitializers: %v", err)
	}
}

// FuzzStoreInitializers: any input gives a module or an *Error, never a
// panic; a module it returns parses again with nothing left to move.
func FuzzStoreInitializers(f *testing.F) {
	for _, name := range []string{"init.spv", "none.spv", "stored.spv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, _, err := StoreInitializers(in)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("untyped error %T: %v", err, err)
			}
			return
		}
		again, moved, err := StoreInitializers(out)
		if err != nil || moved != 0 || !bytes.Equal(again, out) {
			t.Fatalf("second pass: moved %d, err %v", moved, err)
		}
	})
}
