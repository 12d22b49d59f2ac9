package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/devicebinaries"
	"github.com/rules-sycl/rules_sycl/tools/internal/unwrap"
)

// descriptorsOf is inspect's JSON of a file's descriptors without where
// they lie.
func descriptorsOf(t *testing.T, file string) []descReport {
	t.Helper()
	var r report
	if err := json.Unmarshal([]byte(runOK(t, "inspect", "-json", file)), &r); err != nil {
		t.Fatal(err)
	}
	for i := range r.Descriptors {
		d := &r.Descriptors[i]
		d.Address, d.Section, d.SectionIndex, d.SectionOffset = 0, "", 0, 0
	}
	return r.Descriptors
}

func runWrapper(t *testing.T, wrapper string, args ...string) {
	t.Helper()
	if out, err := exec.Command(wrapper, args...).CombinedOutput(); err != nil {
		t.Fatalf("wrapper %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestUnwrapRoundTrip: wrap -> unwrap -> wrap @wrapper.args gives the
// same object, byte for byte, for every option of the wrapper that shapes
// the descriptor, and the same inspect output.
func TestUnwrapRoundTrip(t *testing.T) {
	wrapper := wrapperTool(t)
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	os.WriteFile("b.prop", []byte("[SYCL/kernel names]\nk=1|1\n[SYCL/empty set]\n[SYCL/misc properties]\nbits=2|gAAAAAAAAAQYzFmb\n"), 0o644)
	os.WriteFile("c.spv", bytes.Repeat([]byte("\x03\x02\x23\x07big image "), 200), 0o644)
	host := []string{"-host=x86_64-unknown-linux-gnu", "-kind=sycl"}
	images := []string{
		"-target=spir64", "-format=spirv", "-compile-opts=-O2 -g", "-entries=a.sym", "-properties=a.prop", "a.spv",
		"-properties=b.prop", "c.spv",
		"-target=spir64_gen", "-format=native", "-compile-opts=", "-link-opts=-device pvc", "b.bin",
		"-target=spir64", "-format=none", "-link-opts=", "-entries=a.sym", "c.spv",
	}
	tests := []struct {
		name string
		args []string
	}{
		{"default", images},
		{"v2 new entries desc-name", append([]string{"-image-version=2", "-new-offload-entries", "-desc-name=lib_a"}, images...)},
		{"no reg funcs", append([]string{"-emit-reg-funcs=false"}, images...)},
		{"compressed", append([]string{"-offload-compress", "-offload-compression-threshold=100"}, images...)},
		{"aarch64 batch", []string{"-host=aarch64-unknown-linux-gnu", "-target=spir64", "-format=spirv", "-batch", "t.table"}},
		{"one image no entries", []string{"-target=spir64", "-format=spirv", "a.spv"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.RemoveAll("out")
			args := append(append([]string{}, host...), tt.args...)
			if tt.args[0] == "-host=aarch64-unknown-linux-gnu" {
				args = append([]string{"-kind=sycl"}, tt.args...)
			}
			runWrapper(t, wrapper, append([]string{"-o", "w.o"}, args...)...)
			runOK(t, "unwrap", "-output-dir=out", "w.o")
			runWrapper(t, wrapper, "-o", "again.o", "@out/descriptor-0/"+unwrap.ArgsName)
			if !bytes.Equal(mustRead(t, "w.o"), mustRead(t, "again.o")) {
				t.Errorf("re-wrapped object differs from the original")
			}
			if diff := cmp.Diff(runOK(t, "inspect", "w.o"), runOK(t, "inspect", "again.o")); diff != "" {
				t.Errorf("inspect (-original +re-wrapped):\n%s", diff)
			}
		})
	}
}

// TestUnwrapLinked: a shared library linked from two wrapper objects gives
// one directory per descriptor; each re-wraps to its descriptor, and
// -descriptor picks one.
func TestUnwrapLinked(t *testing.T) {
	wrapper := wrapperTool(t)
	cc := findCC()
	if cc == "" {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	runWrapper(t, wrapper, "-o", "w1.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64", "-format=spirv", "-entries=a.sym", "-properties=a.prop", "a.spv")
	runWrapper(t, wrapper, "-o", "w2.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-offload-compress", "-offload-compression-threshold=0", "-target=spir64_gen", "-format=native", "b.bin")
	if out, err := exec.Command(cc, "-shared", "-o", "libw.so", "w1.o", "w2.o").CombinedOutput(); err != nil {
		t.Skipf("cc -shared: %v\n%s", err, out)
	}
	runOK(t, "unwrap", "-output-dir=out", "libw.so")
	want := descriptorsOf(t, "libw.so")
	for i := range want {
		name := filepath.Join("out", unwrap.DirName(i), unwrap.ArgsName)
		runWrapper(t, wrapper, "-o", "again.o", "@"+name)
		if diff := cmp.Diff(want[i:i+1], descriptorsOf(t, "again.o")); diff != "" {
			t.Errorf("descriptor %d re-wrapped (-library +re-wrapped):\n%s", i, diff)
		}
	}
	// -descriptor=1 only; -decompress writes the image as it was.
	runOK(t, "unwrap", "-output-dir=one", "-descriptor=1", "-decompress", "libw.so")
	if got := listDir(t, "one"); !cmp.Equal(got, []string{"descriptor-1", "descriptor-1/image-0.bin", "descriptor-1/images-0.table", "descriptor-1/wrapper.args"}) {
		t.Errorf("-descriptor=1 wrote %v", got)
	}
	if got := mustRead(t, "one/descriptor-1/image-0.bin"); string(got) != inputFiles["b.bin"] {
		t.Errorf("decompressed image %q", got)
	}
	runWrapper(t, wrapper, "-o", "plain.o", "@one/descriptor-1/wrapper.args")
	d := descriptorsOf(t, "plain.o")
	if len(d) != 1 || d[0].Images[0].FormatName != "none" || d[0].Images[0].Data != blobOf([]byte(inputFiles["b.bin"])) {
		t.Errorf("re-wrapped decompressed image: %+v", d)
	}
}

// TestUnwrapErrors: one error naming the file and what is wrong, and no
// output left behind.
func TestUnwrapErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir)
	chdir(t, dir)
	os.WriteFile("w.o", wrapperObject(t, descriptor.Options{}), 0o644)
	os.WriteFile("plain.o", bundleObject(t), 0o644)
	before := listDir(t, dir)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"unwrap", "w.o"}, "want -output-dir=DIR and one FILE"},
		{[]string{"unwrap", "-output-dir=out"}, "want -output-dir=DIR and one FILE"},
		{[]string{"unwrap", "-output-dir=out", "w.o", "x.o"}, "exactly one FILE"},
		{[]string{"unwrap", "-output-dir=out", "-descriptor=1", "w.o"}, "-descriptor=1: w.o holds 1 descriptors"},
		{[]string{"unwrap", "-output-dir=out", "-descriptor=x", "w.o"}, "invalid -descriptor=x"},
		{[]string{"unwrap", "-output-dir=out", "a.spv"}, "a.spv: devicebinaries: not an ELF file"},
		{[]string{"unwrap", "-output-dir=out", "plain.o"}, "plain.o: devicebinaries: no SYCL binary descriptor found"},
		{[]string{"unwrap", "-output-dir=out", "missing.o"}, "missing.o"},
		{[]string{"unwrap", "-output-dir=a.spv", "w.o"}, "a.spv: not a directory"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			err := run(tt.args, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			if got := listDir(t, dir); !cmp.Equal(got, before) {
				t.Errorf("files changed: %v", got)
			}
		})
	}
	// A descriptor the wrapper's inputs cannot express (a line break in
	// an entry name) fails before anything is written.
	descs, err := devicebinaries.Read(mustRead(t, "w.o"))
	if err != nil {
		t.Fatal(err)
	}
	descs[0].Images[0].Entries[0] = "two\nlines"
	_, err = unwrap.Files(descs, nil, unwrap.Options{Dir: "out", Host: "x86_64-unknown-linux-gnu"})
	var ue *unwrap.Error
	if !errors.As(err, &ue) || ue.Descriptor != 0 || ue.Image != 0 || !strings.Contains(err.Error(), ".sym line") {
		t.Errorf("entry with a line break: %v", err)
	}
}
