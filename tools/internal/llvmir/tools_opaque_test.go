package llvmir

import (
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
