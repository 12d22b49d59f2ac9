package llvmir

import (
	"bytes"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMemoryToLLVM15(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		// The exact inverses of LLVM 16's upgrade of the old attributes.
		{"none", "readnone"},
		{"read", "readonly"},
		{"write", "writeonly"},
		{"readwrite", ""},
		{"argmem: readwrite", "argmemonly"},
		{"argmem: read", "readonly argmemonly"},
		{"argmem: write", "writeonly argmemonly"},
		{"inaccessiblemem: readwrite", "inaccessiblememonly"},
		{"inaccessiblemem: read", "readonly inaccessiblememonly"},
		{"argmem: readwrite, inaccessiblemem: readwrite", "inaccessiblemem_or_argmemonly"},
		{"argmem: read, inaccessiblemem: read", "readonly inaccessiblemem_or_argmemonly"},
		{"none, argmem: none", "readnone"},
		// Not expressible exactly: widened, never narrowed.
		{"argmem: read, inaccessiblemem: write", "inaccessiblemem_or_argmemonly"},
		{"read, argmem: readwrite", ""},
		{"write, inaccessiblemem: read", ""},
		{"none, argmem: read, inaccessiblemem: readwrite", "inaccessiblemem_or_argmemonly"},
		// Locations newer than LLVM 16 count as other memory.
		{"errnomem: write", "writeonly"},
		{"argmem: read, errnomem: read", "readonly"},
	} {
		got, ok := memoryToLLVM15(tc.in)
		if !ok || got != tc.want {
			t.Errorf("memoryToLLVM15(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, bad := range []string{"", "readonly", "argmem: all", "argmem: read, none"} {
		if got, ok := memoryToLLVM15(bad); ok {
			t.Errorf("memoryToLLVM15(%q) = %q, accepted", bad, got)
		}
	}
}

func TestDowngradeMemoryAttrs(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"group", "attributes #1 = { nocallback nounwind willreturn memory(inaccessiblemem: readwrite) }\n",
			"attributes #1 = { nocallback nounwind willreturn inaccessiblememonly }\n"},
		{"two in a line", "declare void @f() memory(none)\ndeclare void @g() memory(argmem: read)",
			"declare void @f() readnone\ndeclare void @g() readonly argmemonly"},
		{"call site", "  call void @f() memory(read)\n", "  call void @f() readonly\n"},
		{"dropped", "declare void @f() memory(read, argmem: readwrite) nounwind\n", "declare void @f()  nounwind\n"},
		{"comment", "; Function Attrs: memory(none)\n", "; Function Attrs: memory(none)\n"},
		{"after a comment start", "declare void @f() memory(none) ; memory(read)\n", "declare void @f() readnone ; memory(read)\n"},
		{"string", `@s = constant [14 x i8] c"memory(none)\00\00"` + "\n", `@s = constant [14 x i8] c"memory(none)\00\00"` + "\n"},
		{"string attribute", `attributes #0 = { "x"="memory(none)" memory(none) }`, `attributes #0 = { "x"="memory(none)" readnone }`},
		{"names", "  call void @memory(i32 1)\n  call void %memory(i32 2)\n", "  call void @memory(i32 1)\n  call void %memory(i32 2)\n"},
		{"none", "define void @f() {\n", "define void @f() {\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DowngradeMemoryAttrs([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	for _, bad := range []string{
		"declare void @f() memory(none\n",
		"declare void @f() memory(argmem: sometimes)\n",
		"attributes #3 = { memory(read, argmem: readwrite) }\n",
	} {
		if got, err := DowngradeMemoryAttrs([]byte(bad)); err == nil {
			t.Errorf("DowngradeMemoryAttrs(%q) = %q, want an error", bad, got)
		}
	}
}

// The reader gives the whole text, rewritten line by line, whatever the
// line lengths and read sizes.
func TestMemoryDowngraderReader(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	in := "declare void @f() memory(none)\n; " + long + "\nattributes #0 = { memory(argmem: read) }"
	want := "declare void @f() readnone\n; " + long + "\nattributes #0 = { readonly argmemonly }"
	got, err := io.ReadAll(newMemoryDowngrader(strings.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("downgraded text differs (%d bytes, want %d)", len(got), len(want))
	}
	_, err = io.ReadAll(newMemoryDowngrader(strings.NewReader("define void @f() {\n}\nattributes #3 = { memory(read, argmem: readwrite) }\n")))
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("error = %v, want one naming line 3", err)
	}
}

// llvm-as-15 cannot parse LLVM 16's memory(...); Assemble writes the
// older attributes instead.
func TestAssembleDowngradesMemoryAttrs(t *testing.T) {
	for _, tool := range []string{"llvm-as-15", "llvm-dis-15"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	src := "declare void @llvm.assume(i1 noundef) #0\n" +
		"declare i32 @pure(i32) memory(none)\n" +
		"define i32 @k(i32* %p) {\n  %v = load i32, i32* %p\n  call void @llvm.assume(i1 true)\n  %r = call i32 @pure(i32 %v) memory(none)\n  ret i32 %r\n}\n" +
		"attributes #0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }\n"
	bc, err := Assemble([]byte(src), "llvm-as-15")
	if err != nil {
		t.Fatal(err)
	}
	text, err := Disassemble(bc, "llvm-dis-15")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"inaccessiblememonly nocallback nofree nosync nounwind willreturn", "readnone", "i32*"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("disassembly lacks %q:\n%s", want, text)
		}
	}
	_, err = Assemble([]byte("declare void @f() #0\nattributes #0 = { memory(read, argmem: readwrite) }\n"), "llvm-as-15")
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("Assemble error = %v, want one naming line 2", err)
	}
}

// FuzzDowngradeMemoryAttrs: any line is rewritten or refused without a
// panic; text without memory( comes back as it was, and a rewrite leaves no
// memory( outside comments and strings (rewriting again changes nothing).
func FuzzDowngradeMemoryAttrs(f *testing.F) {
	for _, s := range []string{
		"attributes #1 = { nounwind memory(inaccessiblemem: readwrite) }",
		"declare void @f() memory(none) ; memory(read)",
		`@s = constant [6 x i8] c"memory("`,
		"call void @f() memory(read, argmem: readwrite)",
		"memory(argmem: write, inaccessiblemem: read, errnomem: none)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		out, err := DowngradeMemoryAttrs([]byte(line))
		if err != nil {
			return
		}
		if !strings.Contains(line, "memory(") && string(out) != line {
			t.Fatalf("%q changed to %q", line, out)
		}
		again, err := DowngradeMemoryAttrs(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("%q: second rewrite %q, %v (first %q)", line, again, err, out)
		}
	})
}
