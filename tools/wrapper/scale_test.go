package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// Issue 15: 700 images panicked in descriptor.Build. A table of 10,000
// images wraps, and every image reads back.
func TestWrapTenThousandImages(t *testing.T) {
	const n = 10000
	dir := t.TempDir()
	var tbl strings.Builder
	tbl.WriteString("[Code|Symbols]\n")
	for i := 0; i < n; i++ {
		img := fmt.Sprintf("i%d.spv", i)
		if err := os.WriteFile(filepath.Join(dir, img), []byte(fmt.Sprintf("\x03\x02\x23\x07image %d", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&tbl, "%s|k.sym\n", img)
	}
	writeFiles(t, dir, map[string]string{"t.table": tbl.String(), "k.sym": "kernel\n"})
	chdir(t, dir)
	if err := run([]string{"-o", "w.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv", "-batch", "t.table"}); err != nil {
		t.Fatal(err)
	}
	obj, err := os.ReadFile("w.o")
	if err != nil {
		t.Fatal(err)
	}
	descs, err := devicebinaries.Read(obj)
	if err != nil {
		t.Fatal(err)
	}
	imgs := descs[0].Images
	if len(imgs) != n {
		t.Fatalf("%d images, want %d", len(imgs), n)
	}
	for _, i := range []int{0, 699, 700, n - 1} {
		if got, want := string(imgs[i].Data), fmt.Sprintf("\x03\x02\x23\x07image %d", i); got != want || imgs[i].Entries[0] != "kernel" {
			t.Errorf("image %d: %q %v", i, got, imgs[i].Entries)
		}
	}
}

// A 1 MiB line in a .prop file or cell in a table, or an escape sequence
// in either, gives one short, escaped line on stderr (it was the whole
// line: 1 MiB).
func TestHostileInputErrorsShort(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("b", 1<<20)
	writeFiles(t, dir, map[string]string{
		"x.spv":      "\x03\x02\x23\x07",
		"big.prop":   "[S]\n\x1b]0;title\x07" + long + "\n",
		"bigp.table": "[Code|Properties]\nx.spv|big.prop\n",
		"big.table":  "[Code]\n" + long + ".spv\n",
	})
	for _, tbl := range []string{"bigp.table", "big.table"} {
		cmd := proctest.Command("-o", filepath.Join(dir, "out.o"), "-host=x86_64-unknown-linux-gnu", "-kind=sycl",
			"-target=spir64", "-format=spirv", "-batch", filepath.Join(dir, tbl))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err == nil {
			t.Fatalf("%s: no error", tbl)
		}
		got := stderr.String()
		if len(got) > 600 || strings.Count(got, "\n") != 1 || strings.ContainsAny(got, "\x1b\x07") {
			t.Errorf("%s: stderr of %d bytes: %.200q", tbl, len(got), got)
		}
	}
}
