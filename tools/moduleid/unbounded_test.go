package main

import (
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
