package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// /dev/zero as IN is one line naming it (issue 44).
func TestUnboundedInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o.ll")
	proctest.Refused(t, 20*time.Second, nil, []string{"-id=a", "-S", "-o", out, "/dev/zero"},
		"moduleid: /dev/zero: a character device, not a regular file: cannot be read as an LLVM module")
	proctest.NotWritten(t, out)
}

// -o naming IN is refused before IN is read, and IN stays.
func TestOutputNamesInput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "m.ll")
	text := []byte("define void @f() {\n  ret void\n}\n")
	if err := os.WriteFile(in, text, 0o644); err != nil {
		t.Fatal(err)
	}
	proctest.Refused(t, 20*time.Second, nil, []string{"-id=a", "-S", "-o", in, in}, "moduleid: "+in+": is also an input: the output would replace it")
	proctest.Unchanged(t, in, text)
}
