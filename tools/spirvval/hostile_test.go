package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// script writes an executable shell script standing in for spirv-val.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Issue 44's cases for spirvval, run as the tool: one line naming the
// file, a non-zero exit, no report, no input replaced, under 100 MB.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	image, err := os.ReadFile("testdata/valid.spv")
	if err != nil {
		t.Fatal(err)
	}
	spv := filepath.Join(dir, "a.spv")
	if err := os.WriteFile(spv, image, 0o644); err != nil {
		t.Fatal(err)
	}
	table := writeTable(t, dir, "a.table", "[Code|Properties|Symbols]\n"+spv+"|a.prop|a.sym\n")
	tableText, _ := os.ReadFile(table)
	zeroImage := writeTable(t, dir, "zero.table", "[Code|Properties|Symbols]\n/dev/zero|a.prop|a.sym\n")
	// ran marks a validator run: the cases refused up front never start one.
	ran := filepath.Join(dir, "ran")
	ok := script(t, dir, "ok-val", "touch "+ran+"; cat >/dev/null")
	hangs := script(t, dir, "hangs-val", "cat >/dev/null; sleep 600 & sleep 600")
	chatty := script(t, dir, "chatty-val", "cat >/dev/null; head -c 50000000 /dev/zero | tr '\\0' x >&2; exit 1")
	report := filepath.Join(dir, "report.txt")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as -table", []string{"-validator=" + ok, "-table=/dev/zero", "-o=" + report}, []string{"spirvval: /dev/zero: a character device, not a regular file: cannot be read as a file table"}},
		{"/dev/zero as an image", []string{"-validator=" + ok, "-table=" + zeroImage, "-o=" + report}, []string{"spirvval: /dev/zero: a character device, not a regular file: cannot be read as a SPIR-V image"}},
		{"-o naming the table", []string{"-validator=" + ok, "-table=" + table, "-o=" + table}, []string{table + ": is also an input: the output would replace it"}},
		{"-o naming an image", []string{"-validator=" + ok, "-table=" + table, "-o=" + spv}, []string{spv + ": is also an input: the output would replace it"}},
		{"-o in a missing directory", []string{"-validator=" + ok, "-table=" + table, "-o=" + filepath.Join(dir, "none", "r.txt")}, []string{"directory " + filepath.Join(dir, "none") + " does not exist"}},
		{"a validator that hangs", []string{"-validator=" + hangs, "-timeout=1s", "-table=" + table, "-o=" + report}, []string{spv + ": spirv-val failed (" + hangs + " ran longer than 1s and was killed)"}},
		{"a validator with 50 MB of stderr", []string{"-validator=" + chatty, "-table=" + table, "-o=" + report}, []string{spv + ": spirv-val failed (exit status 1): xxxx", "bytes)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(ran)
			proctest.Refused(t, 30*time.Second, nil, tc.args, tc.want...)
			proctest.NotWritten(t, report, ran)
			proctest.Unchanged(t, spv, image)
			proctest.Unchanged(t, table, tableText)
		})
	}
}
