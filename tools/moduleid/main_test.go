package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

func TestStamp(t *testing.T) {
	src := `define spir_kernel void @k(ptr addrspace(1) %p) #0 !kernel_arg_addr_space !0 {
  ret void
}
define spir_func void @ext() {
  ret void
}
define spir_kernel void @already() "sycl-module-id"="x.cl" {
  ret void
}
declare spir_kernel void @decl()
attributes #0 = { nounwind }
!0 = !{i32 1}
`
	want := `define spir_kernel void @k(ptr addrspace(1) %p) #0 "sycl-module-id"="dir/a\22.cl" !kernel_arg_addr_space !0 {
  ret void
}

define spir_func void @ext() {
  ret void
}

define spir_kernel void @already() "sycl-module-id"="x.cl" {
  ret void
}

declare spir_kernel void @decl()
attributes #0 = { nounwind }
!0 = !{i32 1}
`
	m, err := llvmir.Parse([]byte(src), "t.ll")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, string(Stamp(m, `dir/a".cl`))); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.ll")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-o", out, "-S", "-"}, "moduleid: -id is required\n"},
		{[]string{"-id=a", "-S", "-"}, "moduleid: -o is required\n"},
		{[]string{"-id=a", "-o", out, "-S", "-x"}, "moduleid: flag provided but not defined: -x\n"},
		{[]string{"-id=a", "-o", out, "-S", filepath.Join(dir, "missing.ll")}, "moduleid: stat " + filepath.Join(dir, "missing.ll") + ": no such file or directory\n"},
	}
	for _, tc := range tests {
		var stderr bytes.Buffer
		if rc := run(tc.args, strings.NewReader(""), io.Discard, &stderr); rc != 1 {
			t.Errorf("run(%v) = %d, want 1", tc.args, rc)
		}
		if diff := cmp.Diff(tc.want, stderr.String()); diff != "" {
			t.Errorf("run(%v) stderr (-want +got):\n%s", tc.args, diff)
		}
	}
	var stderr bytes.Buffer
	if rc := run([]string{"-id=a", "-o", out, "-S"}, strings.NewReader("define void @f() {\n"), io.Discard, &stderr); rc != 1 {
		t.Errorf("malformed input accepted")
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("output written despite error")
	}
}
