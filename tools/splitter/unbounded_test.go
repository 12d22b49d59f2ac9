package main

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// /dev/zero or a FIFO as the input module is one line naming it (issue
// 44): a FIFO was read, /dev/zero until out of memory; a stdin that never
// ends stops at the module limit.
func TestUnboundedInput(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.ll")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "m.table")
	for in, want := range map[string]string{
		"/dev/zero": "splitter: /dev/zero: a character device, not a regular file: cannot be read as an LLVM module",
		fifo:        "splitter: " + fifo + ": a named pipe (FIFO), not a regular file: cannot be read as an LLVM module",
	} {
		proctest.Refused(t, 20*time.Second, nil, []string{"-split=kernel", "-S", "-o", out, in}, want)
		proctest.NotWritten(t, out)
	}
}
