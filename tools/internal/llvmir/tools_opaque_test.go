package llvmir

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func TestUsesOpaquePointers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"define void @f(ptr %p) {\n  ret void\n}\n", true},
		{"@g = global ptr addrspace(1) null\n", true},
		{"declare void @h(ptr)\n", true},
		{"define void @f(i32* %p) {\n  ret void\n}\n", false},
		{"define i32 @scale(i32 %x) {\n  ret i32 %x\n}\n", false},
		{"@ptrs = global i32 0\n%ptr.ty = type { i32 }\n@s = constant [4 x i8] c\"xptr\"\n", false},
	} {
		if got := UsesOpaquePointers([]byte(tc.text)); got != tc.want {
			t.Errorf("UsesOpaquePointers(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// A module without any pointer type must come out of llvm-as-15 in typed
// mode, or llvm-link-15 refuses to link it with clang-15's typed modules.
func TestAssembleKeepsTypedPointerMode(t *testing.T) {
	for _, tool := range []string{"llvm-as-15", "llvm-link-15", "llvm-dis-15"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	dir := t.TempDir()
	noPointers, err := Assemble([]byte("define i32 @scale(i32 %x) {\n  ret i32 %x\n}\n"), "llvm-as-15")
	if err != nil {
		t.Fatal(err)
	}
	typed, err := Assemble([]byte("define void @k(i32* %p) {\n  store i32 1, i32* %p\n  ret void\n}\n"), "llvm-as-15")
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "a.bc"), filepath.Join(dir, "b.bc")
	if err := os.WriteFile(a, noPointers, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, typed, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("llvm-link-15", a, b, "-o", filepath.Join(dir, "l.bc")).CombinedOutput(); err != nil {
		t.Fatalf("llvm-link-15 rejected the modules: %v: %s", err, out)
	}
}

// TestPtrScanner: streaming the text in pieces cut anywhere decides like
// UsesOpaquePointers on the whole text.
func TestPtrScanner(t *testing.T) {
	for _, text := range []string{
		"declare void @f(ptr)\n", "%p = load i32*, i32** %q\n", "@ptr = global i8 0\n", "x ptr", "ptrx ptr_ a.ptr",
		"define void @g(i8 addrspace(1)* %p) {\n ret void\n}\n", "(ptr)", "ptr", "pt", "",
	} {
		want := UsesOpaquePointers([]byte(text))
		for i := 0; i <= len(text); i++ {
			for j := i; j <= len(text); j++ {
				var out bytes.Buffer
				s := &PtrScanner{W: &out}
				for _, piece := range []string{text[:i], text[i:j], text[j:]} {
					s.Write([]byte(piece))
				}
				s.Close()
				if s.Found != want || out.String() != text {
					t.Fatalf("%q cut at %d,%d: Found=%v, want %v (out %q)", text, i, j, s.Found, want, out.String())
				}
			}
		}
	}
}
