package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// /dev/zero as each input is one line naming it, not an out-of-memory
// dump (issue 44; tools/internal/inputfile).
func TestUnboundedInputs(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "w.o")
	image := filepath.Join(dir, "a.spv")
	if err := os.WriteFile(image, []byte("\x03\x02\x23\x07 an image"), 0o644); err != nil {
		t.Fatal(err)
	}
	wrap := func(rest ...string) []string {
		return append([]string{"-o", out, "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv"}, rest...)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"an image", wrap("/dev/zero"), "wrapper: /dev/zero: a character device, not a regular file: cannot be read as a device image"},
		{"a -batch table", wrap("-batch", "/dev/zero"), "wrapper: /dev/zero: a character device, not a regular file: cannot be read as a file table"},
		{"-entries", wrap("-entries=/dev/zero", image), "wrapper: /dev/zero: a character device, not a regular file: cannot be read as a symbol file"},
		{"-properties", wrap("-properties=/dev/zero", image), "wrapper: /dev/zero: a character device, not a regular file: cannot be read as a property set file"},
		{"the param file", []string{"@/dev/zero"}, "wrapper: /dev/zero: a character device, not a regular file: cannot be read as a param file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want)
			proctest.NotWritten(t, out)
		})
	}
}

// -o naming an image, or a table's image, is refused before anything is
// written, and the image stays.
func TestOutputNamesInput(t *testing.T) {
	dir := t.TempDir()
	image := filepath.Join(dir, "a.spv")
	data := []byte("\x03\x02\x23\x07 an image")
	if err := os.WriteFile(image, data, 0o644); err != nil {
		t.Fatal(err)
	}
	table := filepath.Join(dir, "a.table")
	if err := os.WriteFile(table, []byte("[Code]\n"+image+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"-o", image, "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv", image},
		{"-o", image, "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv", "-batch", table},
	} {
		proctest.Refused(t, 20*time.Second, nil, args, "wrapper: "+image+": is also an input: the output would replace it")
		proctest.Unchanged(t, image, data)
	}
}
