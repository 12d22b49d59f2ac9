package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// sparse writes a file of size bytes that holds head and takes no room.
func sparse(t *testing.T, name string, head []byte, size int64) string {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(head); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	return name
}

// Issue 44's cases for gpuaot, run as the tool: each ends with exit
// status 1 and one line of at most 1,000 bytes naming the file, under
// 100 MB of peak RSS, without blocking; OUT is not written, nothing is
// left in its directory, no input is changed, and the cases refused
// before ocloc never start it.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	spvData := readFile(t, td("kernels.spv"))
	spv := writeFile(t, filepath.Join(dir, "kernels.spv"), string(spvData))
	sym := writeFile(t, filepath.Join(dir, "kernels.sym"), "vadd\nscale\n")
	prop := writeFile(t, filepath.Join(dir, "kernels.prop"), "[SYCL/kernel names]\nvadd=1|1\nscale=1|1\n")
	outDir := filepath.Join(dir, "out")
	if err := os.Mkdir(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(outDir, "k.bin")
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zeroLink := filepath.Join(dir, "zero.spv")
	if err := os.Symlink("/dev/zero", zeroLink); err != nil {
		t.Fatal(err)
	}
	bigSPV := sparse(t, filepath.Join(dir, "big.spv"), spvData[:spirvHeader], 2<<30)
	bigSym := sparse(t, filepath.Join(dir, "big.sym"), []byte("vadd\n"), 300<<20)
	// A legitimate size (32 MiB, within the limit), one line with a NUL:
	// read once, its line quoted without a copy of it.
	nulSym := writeFile(t, filepath.Join(dir, "nul.sym"), string(bytes.Repeat([]byte{0}, 32<<20)))
	readOnly := filepath.Join(dir, "ro")
	if err := os.Mkdir(readOnly, 0o555); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none")

	// ran marks an ocloc run: the cases refused up front never start one.
	ran := filepath.Join(dir, "ran")
	okOcloc := script(t, dir, "ok-ocloc", "touch "+ran)
	// The marker is in the environment of the tool and of ocloc's group:
	// none of them may be left.
	marker := fmt.Sprintf("GPUAOT_HOSTILE_MARKER_%d", os.Getpid())
	t.Setenv(marker, "1")
	hangs := script(t, dir, "hangs-ocloc", "sleep 600 & sleep 600")
	chatty := script(t, dir, "chatty-ocloc", "head -c 50000000 /dev/zero | tr '\\0' x; exit 1")
	chattyLines := script(t, dir, "chatty-lines-ocloc", "yes 'Error: again and again' | head -c 50000000 >&2; exit 1")
	zeroOutput := script(t, dir, "zero-output-ocloc", `while [ "$1" != -output ]; do shift; done; ln -s /dev/zero "$2.bin"`)
	hugeOutput := script(t, dir, "huge-output-ocloc", `while [ "$1" != -output ]; do shift; done; truncate -s 3G "$2.bin"`)

	zebinPath := writeFile(t, filepath.Join(dir, "pvc.zebin"), string(readFile(t, td("pvc.zebin"))))
	zeroCode := writeFile(t, filepath.Join(dir, "zero-code.table"), "[Code|Symbols]\n/dev/zero|"+sym+"\n")
	zeroSymbols := writeFile(t, filepath.Join(dir, "zero-symbols.table"), "[Code|Symbols]\n"+zebinPath+"|/dev/zero\n")

	compile := func(ocloc string, extra ...string) []string {
		args := append([]string{"-ocloc=" + ocloc, "-device=pvc"}, extra...)
		return append(args, spv, out)
	}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as IN", []string{"-ocloc=" + okOcloc, "-device=pvc", "/dev/zero", out},
			[]string{"gpuaot: /dev/zero: a character device, not a regular file: cannot be read as a SPIR-V image"}},
		{"/dev/zero behind IN's name", []string{"-ocloc=" + okOcloc, "-device=pvc", zeroLink, out},
			[]string{"gpuaot: " + zeroLink + ": a character device, not a regular file: cannot be read as a SPIR-V image"}},
		{"/dev/zero as -kernels", compile(okOcloc, "-kernels=/dev/zero"),
			[]string{"gpuaot: /dev/zero: a character device, not a regular file: cannot be read as a symbol file"}},
		{"/dev/zero as -properties", compile(okOcloc, "-properties=/dev/zero"),
			[]string{"gpuaot: /dev/zero: a character device, not a regular file: cannot be read as a property set file"}},
		{"a FIFO without a writer as IN", []string{"-ocloc=" + okOcloc, "-device=pvc", fifo, out},
			[]string{"gpuaot: " + fifo + ": a named pipe (FIFO), not a regular file: cannot be read as a SPIR-V image"}},
		{"a FIFO without a writer as -kernels", compile(okOcloc, "-kernels="+fifo),
			[]string{"gpuaot: " + fifo + ": a named pipe (FIFO), not a regular file: cannot be read as a symbol file"}},
		{"a FIFO without a writer as -properties", compile(okOcloc, "-properties="+fifo),
			[]string{"gpuaot: " + fifo + ": a named pipe (FIFO), not a regular file: cannot be read as a property set file"}},
		{"IN over the limit (2 GiB)", []string{"-ocloc=" + okOcloc, "-device=pvc", bigSPV, out},
			[]string{"gpuaot: " + bigSPV + ": 2.0 GiB, more than 1.0 GiB, the limit for a SPIR-V image"}},
		{"-kernels over the limit (300 MiB)", compile(okOcloc, "-kernels="+bigSym),
			[]string{"gpuaot: " + bigSym + ": 300.0 MiB, more than 256.0 MiB, the limit for a symbol file"}},
		{"-kernels of one 32 MiB line with NUL bytes", compile(okOcloc, "-kernels="+nulSym),
			[]string{"gpuaot: " + nulSym + `: line 1: NUL byte in "\x00\x00`, fmt.Sprintf("... (%d bytes)", 32<<20)}},
		{"OUT naming IN", []string{"-ocloc=" + okOcloc, "-device=pvc", spv, spv},
			[]string{"gpuaot: " + spv + ": is also an input: the output would replace it"}},
		{"OUT naming -kernels", []string{"-ocloc=" + okOcloc, "-device=pvc", "-kernels=" + sym, spv, sym},
			[]string{"gpuaot: " + sym + ": is also an input: the output would replace it"}},
		{"OUT naming -properties", []string{"-ocloc=" + okOcloc, "-device=pvc", "-properties=" + prop, spv, prop},
			[]string{"gpuaot: " + prop + ": is also an input: the output would replace it"}},
		{"OUT naming ocloc", []string{"-ocloc=" + okOcloc, "-device=pvc", spv, okOcloc},
			[]string{"gpuaot: " + okOcloc + ": is also an input: the output would replace it"}},
		{"OUT a directory", []string{"-ocloc=" + okOcloc, "-device=pvc", spv, outDir},
			[]string{"gpuaot: " + outDir + ": is a directory"}},
		{"OUT in a missing directory", []string{"-ocloc=" + okOcloc, "-device=pvc", spv, filepath.Join(missing, "k.bin")},
			[]string{"gpuaot: " + filepath.Join(missing, "k.bin") + ": directory " + missing + " does not exist"}},
		{"an ocloc that hangs", compile(hangs, "-timeout=1s"),
			[]string{"gpuaot: " + spv + ": ocloc cannot compile it for pvc (timed out after 1s)"}},
		{"an ocloc with 50 MB of output on one line", compile(chatty),
			[]string{"gpuaot: " + spv + ": ocloc cannot compile it for pvc (exit 1): xxxx", "bytes)"}},
		{"an ocloc with 50 MB of error lines", compile(chattyLines),
			[]string{"gpuaot: " + spv + ": ocloc cannot compile it for pvc (exit 1): Error: again and again"}},
		{"an ocloc writing /dev/zero as its output", compile(zeroOutput),
			[]string{"gpuaot: " + spv + ": ocloc exited 0 for pvc, but it wrote no zebin (a character device, not a regular file: cannot be read as a device image)"}},
		{"an ocloc writing 3 GiB", compile(hugeOutput),
			[]string{"gpuaot: " + spv + ": ocloc exited 0 for pvc, but what it wrote is too large (3.0 GiB, more than 2.0 GiB, the limit for a device image)"}},
		// gpuaot check: its tables, and the zebins and symbol files they name.
		{"check: /dev/zero as a table", []string{"check", "-ocloc=" + okOcloc, "-device=pvc", "-ip=12.60.7", "/dev/zero"},
			[]string{"gpuaot: /dev/zero: a character device, not a regular file: cannot be read as a file table"}},
		{"check: /dev/zero as a zebin", []string{"check", "-ocloc=" + okOcloc, "-device=pvc", "-ip=12.60.7", zeroCode},
			[]string{"gpuaot: /dev/zero: a character device, not a regular file: cannot be read as a device image"}},
		{"check: /dev/zero as a symbol file", []string{"check", "-ocloc=" + okOcloc, "-device=pvc", "-ip=12.60.7", zeroSymbols},
			[]string{"gpuaot: " + zebinPath + ": /dev/zero: a character device, not a regular file: cannot be read as a symbol file"}},
	}
	if os.Geteuid() != 0 {
		tests = append(tests, struct {
			name string
			args []string
			want []string
		}{"OUT in a read-only directory", []string{"-ocloc=" + okOcloc, "-device=pvc", spv, filepath.Join(readOnly, "k.bin")},
			[]string{"gpuaot: " + filepath.Join(readOnly, "k.bin") + ": directory " + readOnly + " is not writable"}})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(ran)
			proctest.Refused(t, 30*time.Second, nil, tc.args, tc.want...)
			proctest.NotWritten(t, out, ran)
			proctest.Unchanged(t, spv, spvData)
			proctest.Unchanged(t, sym, []byte("vadd\nscale\n"))
			if d := cmp.Diff([]string(nil), listDir(t, outDir)); d != "" {
				t.Errorf("out/ after a failure (-want +got):\n%s", d)
			}
			if !proctest.WaitFor(5*time.Second, 50*time.Millisecond, func() bool { return len(proctest.ProcessesWith(marker+"=1")) == 0 }) {
				t.Errorf("processes left: %v", proctest.ProcessesWith(marker+"=1"))
			}
		})
	}
}

// script writes an executable shell script standing in for ocloc.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}
