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

// Issue 44's cases for kernelinfo, run as the tool: each ends with one
// line naming the file, a non-zero exit, no output, under 100 MB and
// without blocking.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	good := testdata + "linked_kernels_main.h"
	fifo := filepath.Join(dir, "fifo.h")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	params := filepath.Join(dir, "zero.params")
	if err := os.Symlink("/dev/zero", params); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable() // an ELF file
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.h")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as -header", []string{"-header=/dev/zero", "-o=" + out}, []string{"kernelinfo: /dev/zero: a character device, not a regular file: cannot be read as an integration header"}},
		{"/dev/zero as -linked", []string{"-header=" + good, "-o=" + out, "-linked=/dev/zero"}, []string{"/dev/zero: a character device"}},
		{"/dev/zero as the param file", []string{"@/dev/zero"}, []string{"kernelinfo: /dev/zero: a character device, not a regular file: cannot be read as a param file"}},
		{"/dev/zero behind a param file's name", []string{"@" + params}, []string{params + ": a character device"}},
		{"a FIFO without a writer as -header", []string{"-header=" + fifo, "-o=" + out}, []string{fifo + ": a named pipe (FIFO)"}},
		{"an ELF file as -header", []string{"-header=" + self, "-o=" + out}, []string{self + ": integration header: does not start with"}},
		{"an ELF file as -linked", []string{"-header=" + good, "-o=" + out, "-linked=" + self}, []string{self + ": integration header: does not start with"}},
		{"-o in a missing directory", []string{"-header=" + good, "-o=" + filepath.Join(dir, "none", "out.h")}, []string{filepath.Join(dir, "none", "out.h") + ": directory " + filepath.Join(dir, "none") + " does not exist"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want...)
			proctest.NotWritten(t, out)
		})
	}
}

// -o naming one of the headers is refused before anything is read, and
// the header stays as it was.
func TestOutputNamesAnInput(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(testdata + "linked_kernels_main.h")
	if err != nil {
		t.Fatal(err)
	}
	h := filepath.Join(dir, "main.h")
	lib := filepath.Join(dir, "lib.h")
	for _, p := range []string{h, lib} {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-header=" + h, "-o=" + h},
		{"-header=" + h, "-o=" + lib, "-linked=" + lib},
	} {
		proctest.Refused(t, 20*time.Second, nil, args, "is also an input: the output would replace it")
		proctest.Unchanged(t, h, data)
		proctest.Unchanged(t, lib, data)
	}
}

// A work request whose length prefix promises 234 MB that never come costs
// address space, not memory: the worker reads the body into a buffer of
// the prefix's size, whose pages are touched only as bytes arrive.
func TestWorkerLyingPrefix(t *testing.T) {
	proctest.Refused(t, 20*time.Second, []byte("\x80\x80\x80\x70abc"), []string{"--persistent_worker"},
		"kernelinfo: work request stream at byte 0: message of 234881024 bytes cut short after 3")
}
