package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// Issue 44's cases for annotate, run as the tool: one line naming the
// file, exit 1, no output, no input replaced, under 100 MB, no hang.
func TestHostileInputs(t *testing.T) {
	dir, table, in := writeTU(t, "_ZTS1K")
	prop := filepath.Join(dir, "k.prop")
	zeroTable := filepath.Join(dir, "zero.table")
	if err := os.WriteFile(zeroTable, []byte("[Code|Properties|Symbols]\nk.spv|/dev/zero|k.sym\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.ll")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	saved := map[string][]byte{}
	for _, p := range []string{table, in, prop} {
		saved[p], _ = os.ReadFile(p)
	}
	out := filepath.Join(dir, "out.ll")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as IN", []string{"-table=" + table, "-S", "-o", out, "/dev/zero"}, []string{"annotate: /dev/zero: a character device, not a regular file: cannot be read as an LLVM module"}},
		{"a FIFO without a writer as IN", []string{"-table=" + table, "-S", "-o", out, fifo}, []string{fifo + ": a named pipe (FIFO)"}},
		{"/dev/zero as -table", []string{"-table=/dev/zero", "-S", "-o", out, in}, []string{"annotate: /dev/zero: a character device, not a regular file: cannot be read as a file table"}},
		{"/dev/zero as a .prop", []string{"-table=" + zeroTable, "-S", "-o", out, in}, []string{"annotate: /dev/zero: a character device, not a regular file: cannot be read as a property set file"}},
		{"-o naming IN", []string{"-table=" + table, "-S", "-o", in, in}, []string{in + ": is also an input: the output would replace it"}},
		{"-o naming -table", []string{"-table=" + table, "-S", "-o", table, in}, []string{table + ": is also an input"}},
		{"-o naming a .prop of the table", []string{"-table=" + table, "-S", "-o", prop, in}, []string{prop + ": is also an input"}},
		{"-o in a missing directory", []string{"-table=" + table, "-S", "-o", filepath.Join(dir, "none", "o.ll"), in}, []string{"directory " + filepath.Join(dir, "none") + " does not exist"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want...)
			proctest.NotWritten(t, out)
			for p, data := range saved {
				proctest.Unchanged(t, p, data)
			}
		})
	}
}
