package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// Issue 44's cases for syclc, run as the tool. -jit names no library: each
// case must be refused before the library is loaded (else the line would
// say it cannot load it), so also before any compile.
func TestHostileInputs(t *testing.T) {
	dir, src := setup(t, source)
	noLib := filepath.Join(dir, "no", "libsycl-jit.so")
	outDir := filepath.Join(dir, "out")
	fifo := filepath.Join(dir, "fifo.cpp")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	srcText, _ := os.ReadFile(src)
	compile := func(extra []string, source string) []string {
		args := []string{"-jit=" + noLib, "-out-dir=" + outDir, "-table=" + filepath.Join(outDir, "a.table"),
			"-int-header=" + filepath.Join(dir, "a.h"), "-int-footer=" + filepath.Join(dir, "a.f.h")}
		return append(append(args, extra...), "--", "-std=c++17", source)
	}
	deviceLink := func(bc string) []string {
		return []string{"-device-link", "-llvm-link=llvm-link-22", "-format=ptx", "-libdevice=" + filepath.Join(dir, "libdevice.10.bc"),
			"-jit=" + noLib, "-out-dir=" + outDir, "-table=" + filepath.Join(outDir, "l.table"), bc}
	}
	missing := filepath.Join(dir, "none")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as SRC", compile(nil, "/dev/zero"), []string{"syclc: /dev/zero: a character device, not a regular file: cannot be read as a source file"}},
		{"a FIFO without a writer as SRC", compile(nil, fifo), []string{"syclc: " + fifo + ": a named pipe (FIFO)"}},
		{"/dev/zero as a -device-link input", deviceLink("/dev/zero"), []string{"syclc: /dev/zero: a character device, not a regular file: cannot be read as an LLVM module"}},
		{"-check -jit=/dev/zero", []string{"-check", "-jit=/dev/zero", "-sha256=" + pinned, "-o", filepath.Join(dir, "stamp")}, []string{"syclc: /dev/zero: a character device, not a regular file: cannot be read as a shared library"}},
		{"/dev/zero as the param file", []string{"@/dev/zero"}, []string{"syclc: /dev/zero: a character device, not a regular file: cannot be read as a param file"}},
		{"a missing -out-dir", append(compile(nil, src)[:1:1], append([]string{"-out-dir=" + missing}, compile(nil, src)[2:]...)...), []string{"syclc: -out-dir=" + missing + ": directory " + missing + " does not exist"}},
		{"-module in a missing directory", compile([]string{"-module=" + filepath.Join(missing, "m.spv")}, src), []string{"syclc: " + filepath.Join(missing, "m.spv") + ": directory " + missing + " does not exist"}},
		{"-module naming SRC", compile([]string{"-module=" + src}, src), []string{"syclc: " + src + ": is also an input: the output would replace it"}},
		{"-int-header naming SRC", append(compile(nil, src)[:3:3], append([]string{"-int-header=" + src}, compile(nil, src)[4:]...)...), []string{"syclc: " + src + ": is also an input"}},
		{"-module a directory", compile([]string{"-module=" + outDir}, src), []string{"syclc: " + outDir + ": is a directory"}},
	}
	if os.Geteuid() != 0 {
		tests = append(tests, struct {
			name string
			args []string
			want []string
		}{"-module in a read-only directory", compile([]string{"-module=" + filepath.Join(readOnly, "m.spv")}, src), []string{"directory " + readOnly + " is not writable"}})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			proctest.Refused(t, 30*time.Second, nil, tc.args, tc.want...)
			proctest.NotWritten(t, filepath.Join(dir, "a.h"), filepath.Join(dir, "a.f.h"), filepath.Join(outDir, "a.table"), filepath.Join(dir, "stamp"))
			proctest.Unchanged(t, src, srcText)
		})
	}
}
