package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// Unbounded inputs and outputs naming inputs, run as the tool (issue 44).
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "a.ll")
	text := []byte("define void @f() {\n  ret void\n}\n")
	if err := os.WriteFile(in, text, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.summary")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as -summarize's input", []string{"-summarize", "-o", out, "/dev/zero"}, []string{"devlink: /dev/zero: a character device, not a regular file: cannot be read as an LLVM module"}},
		{"/dev/zero as -tu-summary", []string{"-tu=" + in, "-tu-summary=/dev/zero", "-unused-inputs=" + filepath.Join(dir, "unused"), "-o", out}, []string{"devlink: /dev/zero: a character device, not a regular file: cannot be read as a link summary"}},
		{"/dev/zero as the param file", []string{"@/dev/zero"}, []string{"devlink: /dev/zero: a character device, not a regular file: cannot be read as a param file"}},
		{"-o naming the input", []string{"-summarize", "-o", in, in}, []string{in + ": is also an input: the output would replace it"}},
		{"-unused-inputs naming -tu", []string{"-tu=" + in, "-tu-summary=" + in, "-unused-inputs=" + in, "-o", out}, []string{in + ": is also an input"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want...)
			proctest.NotWritten(t, out, filepath.Join(dir, "unused"))
			proctest.Unchanged(t, in, text)
		})
	}
}
