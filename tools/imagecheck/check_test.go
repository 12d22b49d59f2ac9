package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/zstdimage"
)

func TestDumpTarget(t *testing.T) {
	targets := map[string]bool{"spir64": true, "spir64_x86_64": true, "nvptx64": true}
	for _, tt := range []struct{ name, want string }{
		{"spir64.spv", "spir64"},
		{"spir64_1.spv", "spir64"},
		{"spir64_12.spv", "spir64"},
		{"spir64_x86_64.bin", "spir64_x86_64"},
		{"spir64_x86_64_2.bin", "spir64_x86_64"},
		{"nvptx64.bin", "nvptx64"},
		{"spir64_gen_3.bin", "spir64_gen_3"}, // not a wrapped target: kept whole, so it mismatches
		{"spir64_x.spv", "spir64_x"},
		{"spir64~2.spv", "spir64"},
		{"spir64_1~3.spv", "spir64"},
	} {
		if got := dumpTarget(tt.name, targets); got != tt.want {
			t.Errorf("dumpTarget(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestCompareImages(t *testing.T) {
	a, b, c := imageOf("spir64", []byte("a")), imageOf("spir64", []byte("b")), imageOf("nvptx64", []byte("a"))
	for _, tt := range []struct {
		name                string
		wrapped, dumped     []Image
		wantMissing, wantEx []Image
	}{
		{"equal", []Image{a, b, c}, []Image{c, b, a}, nil, nil},
		{"duplicates count", []Image{a, a}, []Image{a}, []Image{a}, nil},
		{"target matters", []Image{a}, []Image{c}, []Image{a}, []Image{c}},
		{"extra", []Image{a}, []Image{a, b}, nil, []Image{b}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			missing, extra := compareImages(tt.wrapped, tt.dumped)
			if diff := cmp.Diff(tt.wantMissing, missing); diff != "" {
				t.Errorf("missing (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantEx, extra); diff != "" {
				t.Errorf("extra (-want +got):\n%s", diff)
			}
		})
	}
}

func bytesSource(b []byte) elfobj.Source {
	return elfobj.Source{Size: int64(len(b)), Name: "mem", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(b)), nil
	}}
}

// TestReadWrapped: compressed images are compared by their decompressed
// bytes, as the runtime dumps them; layouts and versions are reported.
func TestReadWrapped(t *testing.T) {
	plain := []byte("\x03\x02\x23\x07plain image")
	big := bytes.Repeat([]byte("compressible "), 100)
	var z bytes.Buffer
	if err := zstdimage.Compress(&z, bytes.NewReader(big), int64(len(big)), 3); err != nil {
		t.Fatal(err)
	}
	imgs := []descriptor.Image{
		{Target: "spir64", Format: descriptor.FormatSPIRV, Entries: []string{"k1"}, Data: bytesSource(plain)},
		{Target: "nvptx64", Format: descriptor.FormatCompressedNone, Entries: []string{"k2", "k3"}, Data: bytesSource(z.Bytes())},
	}
	obj, err := descriptor.Build(imgs, descriptor.Options{Machine: elfobj.X86_64, NewEntries: true})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "w.o")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := obj.Write(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, err := readWrapped(path)
	if err != nil {
		t.Fatal(err)
	}
	want := &Wrapped{
		Images:     []Image{imageOf("spir64", plain), imageOf("nvptx64", big)},
		Compressed: 1,
		Entries:    []string{"k1", "k2", "k3"},
		NewEntries: 2,
		Versions:   map[uint16]int{descriptor.DefaultImageVersion: 2},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"-expect-entries=mid", "--", "x"}, {"-bogus"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 {
			t.Errorf("run(%q) = %d, want 2 (%s)", args, code, errb.String())
		}
	}
}
