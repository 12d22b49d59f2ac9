package main

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// /dev/zero or a FIFO as the table is one line naming it (issue 44).
func TestUnboundedTable(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.table")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for table, want := range map[string]string{
		"/dev/zero": "foreach: /dev/zero: a character device, not a regular file: cannot be read as a file table",
		fifo:        "foreach: " + fifo + ": a named pipe (FIFO), not a regular file: cannot be read as a file table",
	} {
		out := filepath.Join(dir, "out.table")
		proctest.Refused(t, 20*time.Second, nil, []string{"-table=" + table, "-out-table=" + out, "-out-dir=" + dir, "--", "true"}, want)
		proctest.NotWritten(t, out)
	}
}
