package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const module = `target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS1K(i32 %a, i32 %b) #0 {
entry:
  ret void
}

attributes #0 = { nounwind }
`

// writeTU writes a module and a one-image per-kernel table naming kernel.
func writeTU(t *testing.T, kernel string) (dir, table, in string) {
	t.Helper()
	dir = t.TempDir()
	files := map[string]string{
		"in.ll":   module,
		"k.prop":  "[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n[SYCL/kernel param opt]\n" + kernel + "=2|CAAAAAAAAAgA\n[SYCL/misc properties]\noptLevel=1|2\n",
		"k.sym":   kernel + "\n",
		"k.table": "[Code|Properties|Symbols]\nk.spv|k.prop|k.sym\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, filepath.Join(dir, "k.table"), filepath.Join(dir, "in.ll")
}

func TestRun(t *testing.T) {
	dir, table, in := writeTU(t, "_ZTS1K")
	out := filepath.Join(dir, "out.ll")
	var stderr bytes.Buffer
	if rc := run([]string{"-table=" + table, "-S", "-o", out, in}, &bytes.Buffer{}, &stderr); rc != 0 {
		t.Fatalf("rc = %d: %s", rc, stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := `target triple = "spir64-unknown-unknown"
define weak_odr spir_kernel void @_ZTS1K(i32 %a, i32 %b) #0 "sycl-optlevel"="2" !sycl_kernel_omit_args !0 {
entry:
  ret void
}

attributes #0 = { nounwind }
!0 = !{i1 false, i1 true}
`
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestErrors: one line naming the file, exit 1, no output.
func TestErrors(t *testing.T) {
	dir, table, in := writeTU(t, "_ZTS4Gone")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"kernel missing", []string{"-table=" + table, "-S", "-o", "OUT", in},
			"annotate: " + in + ": entry point \"_ZTS4Gone\" of the per-kernel property sets is not defined in the module\n"},
		{"no table", []string{"-S", "-o", "OUT", in}, "annotate: -table is required\n"},
		{"no input", []string{"-table=" + table, "-o", "OUT"}, "annotate: an input module is required\n"},
		{"bad set", []string{"-table=" + table, "-o", "OUT", in}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".out")
			args := append([]string{}, tc.args...)
			for i, a := range args {
				if a == "OUT" {
					args[i] = out
				}
			}
			if tc.name == "bad set" {
				os.WriteFile(filepath.Join(dir, "k.prop"), []byte("[SYCL/kernel param opt]\n_ZTS4Gone=1|x\n"), 0o644)
				tc.want = "annotate: " + filepath.Join(dir, "k.prop") + ":2: invalid property value: x\n"
			}
			var stderr bytes.Buffer
			if rc := run(args, &bytes.Buffer{}, &stderr); rc != 1 {
				t.Errorf("rc = %d, want 1", rc)
			}
			if diff := cmp.Diff(tc.want, stderr.String()); diff != "" {
				t.Errorf("stderr (-want +got):\n%s", diff)
			}
			if _, err := os.Stat(out); err == nil {
				t.Error("output written despite the error")
			}
		})
	}
}

// TestBitcodeWithoutPointers: a module without pointer types comes out as
// typed-pointer bitcode (llvm-as-15 -opaque-pointers=0), which links with
// typed-pointer siblings.
func TestBitcodeWithoutPointers(t *testing.T) {
	for _, tool := range []string{"llvm-as-15", "llvm-dis-15", "llvm-link-15"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	dir, table, in := writeTU(t, "_ZTS1K")
	out := filepath.Join(dir, "out.bc")
	var stderr bytes.Buffer
	if rc := run([]string{"-table=" + table, "-o", out, in}, &bytes.Buffer{}, &stderr); rc != 0 {
		t.Fatalf("rc = %d: %s", rc, stderr.String())
	}
	// A typed-pointer module first: an opaque-pointer module after it is
	// rejected ("Opaque pointers are only supported in -opaque-pointers
	// mode").
	typed := filepath.Join(dir, "typed.ll")
	os.WriteFile(typed, []byte("target triple = \"spir64-unknown-unknown\"\n@p = global i32* null\n"), 0o644)
	typedBC := filepath.Join(dir, "typed.bc")
	if msg, err := exec.Command("llvm-as-15", "-o", typedBC, typed).CombinedOutput(); err != nil {
		t.Fatalf("llvm-as-15: %v: %s", err, msg)
	}
	if msg, err := exec.Command("llvm-link-15", "-o", os.DevNull, typedBC, out).CombinedOutput(); err != nil {
		t.Errorf("llvm-link-15: %v: %s", err, msg)
	}
}
