package offloadbundle

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// findBundler locates a real clang-offload-bundler for interoperability
// checks ($CLANG_OFFLOAD_BUNDLER, PATH, LLVM's); tests skip without one.
func findBundler(t *testing.T) string {
	p := proctest.LLVMTool("CLANG_OFFLOAD_BUNDLER", "clang-offload-bundler")
	if p == "" {
		t.Skip("no clang-offload-bundler")
	}
	return p
}

func runTool(t *testing.T, tool string, args ...string) string {
	t.Helper()
	out, err := exec.Command(tool, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(tool), strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestInteropClang compares with clang-offload-bundler: identical bytes for
// binary and text bundles of two entries (host first in both), and each
// tool reads the other's compressed bundles.
func TestInteropClang(t *testing.T) {
	tool := findBundler(t)
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	host, dev := []byte("BC\xc0\xde host code"), []byte("\x03\x02\x23\x07device\n")
	os.WriteFile(p("host.bc"), host, 0o644)
	os.WriteFile(p("dev.bc"), dev, 0o644)
	ours := &Bundle{Entries: HostFirst([]Entry{
		{ID: NormalizeID("openmp-spir64-unknown-unknown"), Data: dev},
		{ID: NormalizeID("host-x86_64-unknown-linux-gnu"), Data: host},
	})}
	targets := "-targets=host-x86_64-unknown-linux-gnu,openmp-spir64-unknown-unknown"

	for _, typ := range []string{"bc", "ll"} {
		runTool(t, tool, "-type="+typ, targets, "-input="+p("host.bc"), "-input="+p("dev.bc"), "-output="+p("ref."+typ))
		ref, _ := os.ReadFile(p("ref." + typ))
		var got []byte
		var err error
		if c, text := CommentFor(typ); text {
			got, err = ours.Text(c)
		} else {
			got, err = ours.Bytes(0)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, ref) {
			t.Errorf("-type=%s differs from clang-offload-bundler:\nours:  %q\nclang: %q", typ, got, ref)
		}
	}

	// clang's compressed bundle: sizes, hash and contents check out.
	runTool(t, tool, "-type=bc", targets, "-input="+p("host.bc"), "-input="+p("dev.bc"), "-output="+p("refc.bc"), "-compress")
	refc, _ := os.ReadFile(p("refc.bc"))
	d, err := Parse(refc, nil)
	if err != nil {
		t.Fatalf("reading clang's compressed bundle: %v", err)
	}
	plain, _ := ours.Bytes(0)
	if a, _ := hashHalves(plain); d.Compressed == nil || d.Compressed.Hash != a {
		t.Errorf("clang's hash is not the first MD5 half: %+v", d.Compressed)
	}
	if enc, _ := d.Bundle.Bytes(0); !bytes.Equal(enc, plain) {
		t.Error("clang's compressed bundle decodes to different content")
	}

	// clang reads ours, compressed in every header version it knows.
	for _, v := range []uint16{CompressedV1, CompressedV2} {
		c, err := Compress(plain, v, 0)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(p("ours.bc"), c, 0o644)
		if got := runTool(t, tool, "-list", "-type=bc", "-input="+p("ours.bc")); got != "host-x86_64-unknown-linux-gnu-\nopenmp-spir64-unknown-unknown--\n" {
			t.Errorf("v%d: clang -list: %q", v, got)
		}
		runTool(t, tool, "-unbundle", "-type=bc", targets, "-input="+p("ours.bc"), "-output="+p("h.out"), "-output="+p("d.out"))
		h, _ := os.ReadFile(p("h.out"))
		dv, _ := os.ReadFile(p("d.out"))
		if !bytes.Equal(h, host) || !bytes.Equal(dv, dev) {
			t.Errorf("v%d: clang unbundled %q %q", v, h, dv)
		}
	}
}

// TestInteropCompatible: clang-offload-bundler extracts a code object for a
// target exactly when Compatible says so. Only pairs with target IDs and
// exact triples: for IDs without a target ID, upstream's
// clang-offload-bundler 19 takes the whole ID for a target ID once it has
// normalized it (the empty last component names a known "offload arch"),
// so that only identical triples match there; DPC++'s bundler, which does
// not normalize, matches "sycl-spir64" and "sycl-spir64-unknown-unknown"
// (see Compatible).
func TestInteropCompatible(t *testing.T) {
	tool := findBundler(t)
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	os.WriteFile(p("h"), []byte("host"), 0o644)
	os.WriteFile(p("d"), []byte("dev"), 0o644)
	for _, pair := range [][2]string{
		{"hip-amdgcn-amd-amdhsa-gfx906", "hip-amdgcn-amd-amdhsa-gfx906:xnack+"},
		{"hip-amdgcn-amd-amdhsa-gfx90a:xnack+", "hip-amdgcn-amd-amdhsa-gfx90a"},
		{"hip-amdgcn-amd-amdhsa-gfx90a:xnack+", "hip-amdgcn-amd-amdhsa-gfx90a:xnack-"},
		{"hip-amdgcn-amd-amdhsa-gfx90a:xnack-", "hip-amdgcn-amd-amdhsa-gfx90a:sramecc+:xnack-"},
		{"hip-amdgcn-amd-amdhsa-gfx906", "hip-amdgcn-amd-amdhsa-gfx908"},
		{"hip-amdgcn-amd-amdhsa-gfx906", "hipv4-amdgcn-amd-amdhsa-gfx906"},
		{"openmp-nvptx64-nvidia-cuda-sm_80", "openmp-nvptx64-nvidia-cuda-sm_80"},
		{"openmp-nvptx64-nvidia-cuda-sm_80", "openmp-nvptx64-nvidia-cuda-sm_70"},
		{"openmp-spir64-unknown-unknown", "openmp-spir64-unknown-unknown"},
		{"openmp-spir64-unknown-unknown", "openmp-spir64_gen-unknown-unknown"},
	} {
		runTool(t, tool, "-type=bc", "-targets=host-x86_64-unknown-linux-gnu,"+pair[0], "-input="+p("h"), "-input="+p("d"), "-output="+p("b.bc"))
		os.Remove(p("out"))
		err := exec.Command(tool, "-unbundle", "-type=bc", "-targets="+pair[1], "-input="+p("b.bc"), "-output="+p("out")).Run()
		stored := NormalizeID(pair[0])
		if got := Compatible(stored, pair[1]); got != (err == nil) {
			t.Errorf("Compatible(%q, %q) = %v; clang-offload-bundler: %v", stored, pair[1], got, err)
		}
	}
}
