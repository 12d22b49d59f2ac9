package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/offloadbundle"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

// bundleObject is a host object with one __CLANG_OFFLOAD_BUNDLE__<id>
// section per entry, the shape of DPC++'s fat objects.
func bundleObject(t *testing.T, entries ...offloadbundle.Entry) []byte {
	o := elfobj.New(elfobj.X86_64)
	text := o.AddSection(".text", elfobj.SHT_PROGBITS, elfobj.SHF_ALLOC|elfobj.SHF_EXECINSTR, 16)
	text.Append([]byte{0xc3})
	for _, e := range entries {
		o.AddSection(sectionPrefix+e.ID, elfobj.SHT_PROGBITS, 0, 1).Append(e.Data)
	}
	var b bytes.Buffer
	if err := o.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCompatibleTargets: unbundle finds a code object under a compatible
// ID (missing vendor/OS components, "unknown" or empty, old DPC++'s
// sycldevice environment) in both directions, in bundles, compressed
// bundles and objects, as clang-offload-bundler does.
func TestCompatibleTargets(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	dev, host := []byte("\x03\x02\x23\x07device"), []byte("\x7fELF host")
	// DPC++'s shape: the device entry is "sycl-spir64".
	os.WriteFile("intel.o", bundleObject(t, offloadbundle.Entry{ID: "host-x86_64-unknown-linux-gnu", Data: []byte{0}}, offloadbundle.Entry{ID: "sycl-spir64", Data: dev}), 0o644)
	writeBundle(t, "intel.bc", offloadbundle.Entry{ID: "sycl-spir64", Data: dev}, offloadbundle.Entry{ID: "host-x86_64-unknown-linux-gnu", Data: host})
	writeBundle(t, "old.bc", offloadbundle.Entry{ID: "sycl-spir64-unknown-unknown-sycldevice", Data: dev})
	// Our own bundles store the normalized "sycl-spir64-unknown-unknown--".
	os.WriteFile("dev.spv", dev, 0o644)
	os.WriteFile("host.bin", host, 0o644)
	runOK(t, "bundle", "-type=bc", "-targets=sycl-spir64-unknown-unknown,host-x86_64-unknown-linux-gnu", "-input=dev.spv", "-input=host.bin", "-output=ours.bc")
	runOK(t, "bundle", "-type=bc", "-targets=sycl-spir64-unknown-unknown", "-input=dev.spv", "-output=oursc.bc", "-compress")
	tests := []struct{ typ, in, target string }{
		{"o", "intel.o", "sycl-spir64-unknown-unknown"},
		{"o", "intel.o", "sycl-spir64"},
		{"bc", "intel.bc", "sycl-spir64-unknown-unknown"},
		{"bc", "intel.bc", "sycl-spir64-unknown-unknown-"},
		{"bc", "old.bc", "sycl-spir64-unknown-unknown"},
		{"bc", "old.bc", "sycl-spir64"},
		{"bc", "ours.bc", "sycl-spir64"},
		{"bc", "ours.bc", "sycl-spir64-unknown"},
		{"bc", "oursc.bc", "sycl-spir64"},
	}
	for _, tt := range tests {
		t.Run(tt.in+" "+tt.target, func(t *testing.T) {
			os.Remove("out")
			runOK(t, "unbundle", "-type="+tt.typ, "-input="+tt.in, "-targets="+tt.target, "-output=out")
			if got := mustRead(t, "out"); !bytes.Equal(got, dev) {
				t.Errorf("extracted %q, want %q", got, dev)
			}
			os.RemoveAll("outdir")
			runOK(t, "unbundle", "-type="+tt.typ, "-input="+tt.in, "-targets="+tt.target, "-output-dir=outdir")
			if names := listDir(t, "outdir"); len(names) != 1 {
				t.Errorf("-output-dir extracted %v, want the one compatible entry", names)
			}
		})
	}
	// Incompatible targets are still missing: another arch, a known OS.
	for _, target := range []string{"sycl-spir64_gen", "sycl-spir64-unknown-linux", "openmp-spir64"} {
		err := run([]string{"unbundle", "-type=bc", "-input=intel.bc", "-targets=" + target, "-output=x"}, io.Discard)
		var me *MissingError
		if !errors.As(err, &me) || me.NotBundle || !strings.Contains(err.Error(), "no bundle for target "+target) {
			t.Errorf("%s: %v, want a missing bundle", target, err)
		}
	}
	if _, err := os.Stat("x"); err == nil {
		t.Error("a failed unbundle left its output")
	}
}

// TestNotBundle: input that is no bundle (plain bitcode such as DPC++'s
// libsycl-*.bc, an object without bundle sections) lists nothing and, with
// -allow-missing-bundles, unbundles as clang-offload-bundler does: host
// targets get the input, the others empty files.
func TestNotBundle(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	bc := []byte("BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00\x62\x0c\x30\x24")
	os.WriteFile("libsycl-crt.bc", bc, 0o644)
	plainObj := bundleObject(t)
	os.WriteFile("plain.o", plainObj, 0o644)
	for _, args := range [][]string{
		{"list", "-type=bc", "-input=libsycl-crt.bc"},
		{"list", "-input=libsycl-crt.bc"},
		{"list", "-type=o", "-input=plain.o"},
		{"bundle", "-list", "-type=ll", "-input=libsycl-crt.bc"},
	} {
		if got := runOK(t, args...); got != "" {
			t.Errorf("%v listed %q, want nothing", args, got)
		}
	}
	for _, tt := range []struct {
		typ, in string
		want    []byte
	}{{"bc", "libsycl-crt.bc", bc}, {"o", "plain.o", plainObj}} {
		runOK(t, "unbundle", "-type="+tt.typ, "-input="+tt.in, "-allow-missing-bundles",
			"-targets=sycl-spir64-unknown-unknown,host-x86_64-unknown-linux-gnu,sycl-spir64_gen", "-output=dev", "-output=host", "-output=gen")
		got := [][]byte{mustRead(t, "dev"), mustRead(t, "host"), mustRead(t, "gen")}
		if diff := cmp.Diff([][]byte{{}, tt.want, {}}, got); diff != "" {
			t.Errorf("%s: outputs (-want +got):\n%s", tt.in, diff)
		}
	}
	// Without -allow-missing-bundles: one error naming the file and what
	// is wrong, no output.
	os.Remove("dev")
	err := run([]string{"unbundle", "-type=bc", "-input=libsycl-crt.bc", "-targets=sycl-spir64-unknown-unknown", "-output=dev"}, io.Discard)
	var me *MissingError
	if !errors.As(err, &me) || !me.NotBundle || !strings.HasPrefix(err.Error(), "libsycl-crt.bc: no bundle for target sycl-spir64-unknown-unknown") ||
		!strings.Contains(err.Error(), "not an offload bundle") {
		t.Errorf("error %v", err)
	}
	if _, err := os.Stat("dev"); err == nil {
		t.Error("a failed unbundle left its output")
	}
	if err := run([]string{"unbundle", "-type=bc", "-input=libsycl-crt.bc", "-output-dir=d"}, io.Discard); err == nil || !strings.Contains(err.Error(), "not an offload bundle") {
		t.Errorf("-output-dir: %v", err)
	}
	runOK(t, "unbundle", "-type=bc", "-input=libsycl-crt.bc", "-output-dir=d", "-allow-missing-bundles")
	if names := listDir(t, "d"); len(names) != 0 {
		t.Errorf("-output-dir extracted %v from no bundle", names)
	}

	// A bundle without any requested target: the same (clang copies the
	// bundle itself to host outputs, decompressed).
	os.WriteFile("dev.spv", []byte("dev"), 0o644)
	runOK(t, "bundle", "-type=bc", "-targets=sycl-spir64-unknown-unknown", "-input=dev.spv", "-output=b.bc", "-compress")
	runOK(t, "unbundle", "-type=bc", "-input=b.bc", "-allow-missing-bundles", "-targets=host-x86_64-unknown-linux-gnu,sycl-nvptx64-nvidia-cuda", "-output=host", "-output=nv")
	if got := mustRead(t, "host"); !offloadbundle.IsBinary(got) || len(mustRead(t, "nv")) != 0 {
		t.Errorf("host output %q, want the decompressed bundle", got)
	}
	// Some found: missing targets, host ones too, get empty files.
	runOK(t, "unbundle", "-type=bc", "-input=b.bc", "-allow-missing-bundles", "-targets=host-x86_64-unknown-linux-gnu,sycl-spir64", "-output=host", "-output=dev")
	if h, d := mustRead(t, "host"), mustRead(t, "dev"); len(h) != 0 || string(d) != "dev" {
		t.Errorf("host %q dev %q", h, d)
	}
	// A damaged bundle is still an error, not "no bundle".
	good := mustRead(t, "b.bc")
	os.WriteFile("cut.bc", good[:len(good)/2], 0o644)
	if err := run([]string{"list", "-input=cut.bc"}, io.Discard); err == nil || !strings.HasPrefix(err.Error(), "cut.bc: ") {
		t.Errorf("cut bundle: %v", err)
	}
}

// TestSubcommandHelp: -h, -help and --help after a subcommand print the
// usage too.
func TestSubcommandHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"unbundle", "-help"}, {"list", "-h"}, {"inspect", "--help"}, {"offload-binary", "-h"}, {"offload-binary", "pack", "--help"}, {"syclbin", "-help"}} {
		err := run(args, io.Discard)
		var h *usage.Help
		if !errors.As(err, &h) || !strings.HasPrefix(h.Text, "usage: bundler ") {
			t.Errorf("%v: %v, want the usage", args, err)
		}
	}
}

// TestInteropNotBundle runs clang-offload-bundler and this tool over input
// without the requested bundles (plain bitcode; a bundle holding other
// targets, compressed too): the same listing and the same bytes in every
// output. Upstream clang-offload-bundler knows no "sycl" kind, so the
// device target is openmp's. Skipped without the tool.
func TestInteropNotBundle(t *testing.T) {
	tool := clangBundler(t)
	dir := t.TempDir()
	chdir(t, dir)
	os.WriteFile("plain.bc", []byte("BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00"), 0o644)
	os.WriteFile("dev.spv", []byte("\x03\x02\x23\x07dev"), 0o644)
	runOK(t, "bundle", "-type=bc", "-targets=openmp-nvptx64-nvidia-cuda", "-input=dev.spv", "-output=other.bc")
	runOK(t, "bundle", "-type=bc", "-targets=openmp-nvptx64-nvidia-cuda", "-input=dev.spv", "-output=otherc.bc", "-compress")
	for _, in := range []string{"plain.bc", "other.bc", "otherc.bc"} {
		clangList, err := exec.Command(tool, "-list", "-type=bc", "-input="+in).Output()
		if err != nil {
			t.Fatalf("clang-offload-bundler -list %s: %v", in, err)
		}
		if in == "plain.bc" {
			if got := runOK(t, "list", "-type=bc", "-input="+in); got != string(clangList) {
				t.Errorf("%s: list %q, clang-offload-bundler %q", in, got, clangList)
			}
		}
		args := []string{"-type=bc", "-input=" + in, "-targets=host-x86_64-unknown-linux-gnu,openmp-spir64-unknown-unknown", "-allow-missing-bundles"}
		if out, err := exec.Command(tool, append([]string{"-unbundle", "-output=ch", "-output=cd"}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("clang-offload-bundler -unbundle %s: %v\n%s", in, err, out)
		}
		runOK(t, append([]string{"unbundle", "-output=oh", "-output=od"}, args...)...)
		for _, pair := range [][2]string{{"ch", "oh"}, {"cd", "od"}} {
			if c, o := mustRead(t, pair[0]), mustRead(t, pair[1]); !bytes.Equal(c, o) {
				t.Errorf("%s: output %s is %q, clang-offload-bundler's %q", in, pair[1], o, c)
			}
		}
	}
}

// TestManyDescriptorsOneName: an object linked from two wrapper objects
// (ld -r), and a shared library linked from them, hold two descriptors
// named ".sycl_offloading.descriptor"; inspect tells them apart by section
// and offset (and address, in the shared library), in JSON and text.
func TestManyDescriptorsOneName(t *testing.T) {
	ld, err := exec.LookPath("ld")
	if err != nil {
		t.Skip("no ld")
	}
	dir := t.TempDir()
	chdir(t, dir)
	os.WriteFile("w1.o", wrapperObject(t, descriptor.Options{}), 0o644)
	one := []descriptor.Image{{Target: "spir64", Format: descriptor.FormatSPIRV, Entries: []string{"other_kernel"}, Data: memSource("\x03\x02\x23\x07second")}}
	o, err := descriptor.Build(one, descriptor.Options{Machine: elfobj.X86_64})
	if err != nil {
		t.Fatal(err)
	}
	var w2 bytes.Buffer
	if err := o.Write(&w2); err != nil {
		t.Fatal(err)
	}
	os.WriteFile("w2.o", w2.Bytes(), 0o644)
	if out, err := exec.Command(ld, "-r", "-o", "both.o", "w1.o", "w2.o").CombinedOutput(); err != nil {
		t.Skipf("ld -r: %v\n%s", err, out)
	}
	files := []string{"both.o"}
	if cc := findCC(); cc != "" {
		if out, err := exec.Command(cc, "-shared", "-o", "libboth.so", "w1.o", "w2.o").CombinedOutput(); err == nil {
			files = append(files, "libboth.so")
		} else {
			t.Logf("no shared library: %v\n%s", err, out)
		}
	}
	for _, f := range files {
		var r report
		if err := json.Unmarshal([]byte(runOK(t, "inspect", "-json", f)), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Descriptors) != 2 {
			t.Fatalf("%s: %d descriptors, want 2", f, len(r.Descriptors))
		}
		a, b := r.Descriptors[0], r.Descriptors[1]
		if a.Symbol != ".sycl_offloading.descriptor" || b.Symbol != a.Symbol || len(a.Images) != 2 || len(b.Images) != 1 {
			t.Errorf("%s: descriptors %q (%d images) and %q (%d images)", f, a.Symbol, len(a.Images), b.Symbol, len(b.Images))
		}
		if a.Section != ".data.rel.ro" || b.Section != a.Section || b.SectionIndex != a.SectionIndex || b.SectionOffset <= a.SectionOffset {
			t.Errorf("%s: descriptors at section %d (%s) + %#x and %d (%s) + %#x, want one section, two offsets", f,
				a.SectionIndex, a.Section, a.SectionOffset, b.SectionIndex, b.Section, b.SectionOffset)
		}
		linked := f == "libboth.so"
		if (a.Address != 0) != linked || (linked && b.Address-a.Address != b.SectionOffset-a.SectionOffset) {
			t.Errorf("%s: addresses %#x and %#x", f, a.Address, b.Address)
		}
		text := runOK(t, "inspect", f)
		var lines []string
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "descriptor ") {
				lines = append(lines, l)
			}
		}
		want := []string{
			fmt.Sprintf("descriptor .sycl_offloading.descriptor at %s: version 1, 2 images", a.where()),
			fmt.Sprintf("descriptor .sycl_offloading.descriptor at %s: version 1, 1 images", b.where()),
		}
		if diff := cmp.Diff(want, lines); diff != "" {
			t.Errorf("%s: text (-want +got):\n%s", f, diff)
		}
		if lines[0] == lines[1] {
			t.Errorf("%s: the text does not tell the descriptors apart", f)
		}
	}
}
