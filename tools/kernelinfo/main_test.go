package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The integration headers and expected outputs of
// tools/internal/intheader's tests (tests/sycl_cxx:linked_kernels).
const testdata = "../internal/intheader/testdata/"

// The target of tests/sycl_cxx:linked_kernels: main and lookup, linked
// with the library's TU.
func TestTarget(t *testing.T) {
	dir := t.TempDir()
	outMain := filepath.Join(dir, "main.kernel_info.h")
	outLookup := filepath.Join(dir, "lookup.kernel_info.h")
	var stdout, stderr bytes.Buffer
	rc := run([]string{
		"-header=" + testdata + "linked_kernels_main.h", "-o=" + outMain,
		"-header=" + testdata + "linked_kernels_lookup.h", "-o=" + outLookup,
		"-linked=" + testdata + "linked_kernels_lib.h",
	}, &stdout, &stderr)
	if rc != 0 || stderr.Len() != 0 || stdout.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q", rc, stdout.String(), stderr.String())
	}
	for _, tc := range []struct{ out, golden string }{
		{outMain, "linked_kernels_main.linked.golden.h"},
		{outLookup, "linked_kernels_lookup.linked.golden.h"},
	} {
		got, err := os.ReadFile(tc.out)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(testdata + tc.golden)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.golden, diff)
		}
	}
}

// Bad input: one line naming what is wrong, exit 1, no output at all.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.int_header.h")
	across, err := os.ReadFile(testdata + "kernel_bundle_across_tus.h")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, bytes.Replace(across, []byte("getNumParams()"), []byte("getParamCount()"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	good := testdata + "linked_kernels_main.h"
	out1, out2 := filepath.Join(dir, "a.h"), filepath.Join(dir, "b.h")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no -header", []string{"-linked=" + good}, "kernelinfo: no -header"},
		{"-o first", []string{"-o=" + out1, "-header=" + good}, "kernelinfo: invalid value \"" + out1 + "\" for flag -o: no -header before it"},
		{"-header without -o", []string{"-header=" + good}, "kernelinfo: -header=" + good + " has no -o"},
		{"two -header", []string{"-header=" + good, "-header=" + good, "-o=" + out1}, "the -header before it has no -o"},
		{"an argument", []string{"-header=" + good, "-o=" + out1, "extra.h"}, "kernelinfo: unexpected argument"},
		{"a header of another shape", []string{"-header=" + good, "-o=" + out1, "-header=" + bad, "-o=" + out2}, "kernelinfo: " + bad + ": integration header: KernelInfo<::KernelA>: no getNumParams()"},
		{"a dependency's header of another shape", []string{"-header=" + good, "-o=" + out1, "-linked=" + bad}, "kernelinfo: " + bad + ": integration header"},
		{"a missing header", []string{"-header=" + good, "-o=" + out1, "-linked=" + filepath.Join(dir, "none.h")}, "no such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			rc := run(tc.args, &stdout, &stderr)
			msg := stderr.String()
			if rc != 1 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 and one line with %q", rc, msg, tc.want)
			}
			for _, o := range []string{out1, out2} {
				if _, err := os.Stat(o); err == nil {
					t.Errorf("%s written", o)
				}
			}
		})
	}
}

func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-h"}, &stdout, &stderr); rc != 0 || !strings.HasPrefix(stdout.String(), "usage: kernelinfo") {
		t.Errorf("exit %d, stdout %q", rc, stdout.String())
	}
}
