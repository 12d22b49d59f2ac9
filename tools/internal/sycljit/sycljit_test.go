package sycljit

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
)

var wantSHA = flag.String("sha256", sycljittest.Pinned, "the pinned sha256")

var (
	libOnce sync.Once
	lib     *Library
	libErr  error
)

func library(t *testing.T) *Library {
	t.Helper()
	path := sycljittest.Library(t)
	libOnce.Do(func() { lib, libErr = Open(path) })
	if libErr != nil {
		t.Fatal(libErr)
	}
	return lib
}

const twoKernels = `#include <sycl/sycl.hpp>
class first;
class second;
void run(sycl::queue &q, int *p) {
  q.single_task<first>([=] { p[0] = 1; });
  q.single_task<second>([=] { p[1] = 2; });
}
`

func kernelNames(res *Result) [][]string {
	var names [][]string
	for _, img := range res.Images {
		names = append(names, img.Symbols)
	}
	return names
}

// TestSplitModes: the split option decides how the TU's kernels become
// device images.
func TestSplitModes(t *testing.T) {
	l := library(t)
	for _, tc := range []struct {
		split string
		want  [][]string
	}{
		// The library orders per-kernel images as its splitter visits them.
		{"per_kernel", [][]string{{"_ZTS6second"}, {"_ZTS5first"}}},
		{"per_source", [][]string{{"_ZTS5first", "_ZTS6second"}}},
		{"off", [][]string{{"_ZTS5first", "_ZTS6second"}}},
	} {
		t.Run(tc.split, func(t *testing.T) {
			res, err := l.Compile("two.cpp", []byte(twoKernels), []string{"-std=c++17", "-fsycl-device-code-split=" + tc.split})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, kernelNames(res)); diff != "" {
				t.Errorf("entry points per image (-want +got):\n%s", diff)
			}
			for i, img := range res.Images {
				if img.Format != FormatSPIRV || img.AddressBits != 64 || len(img.Binary) < 4 || img.Binary[0] != 0x03 || img.Binary[3] != 0x07 {
					t.Errorf("image %d: format %d, %d bits, %d bytes: not 64-bit SPIR-V", i, img.Format, img.AddressBits, len(img.Binary))
				}
				if _, ok := img.Properties.Set("SYCL/kernel param opt"); !ok {
					t.Errorf("image %d: no SYCL/kernel param opt", i)
				}
			}
		})
	}
}

// TestRepeatable: a process compiling the same source twice (a persistent
// worker) gets the same bytes.
func TestRepeatable(t *testing.T) {
	l := library(t)
	var first *Result
	for i := 0; i < 2; i++ {
		res, err := l.Compile("two.cpp", []byte(twoKernels), []string{"-std=c++17"})
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res
			continue
		}
		if diff := cmp.Diff(first, res, cmp.Comparer(func(a, b *propset.Registry) bool { return a.Equal(b) })); diff != "" {
			t.Errorf("second compile differs (-first +second):\n%s", diff)
		}
	}
}

// TestCompileError: diagnostics name the source as given, with line and
// column.
func TestCompileError(t *testing.T) {
	l := library(t)
	_, err := l.Compile("dir/err.cpp", []byte("#include <sycl/sycl.hpp>\nint f() { return undefined_thing; }\n"), []string{"-std=c++17"})
	var ce *CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a CompileError", err)
	}
	if !strings.Contains(ce.Log, "dir/err.cpp:2:18: error: use of undeclared identifier 'undefined_thing'") {
		t.Errorf("log does not locate the error:\n%s", ce.Log)
	}
}

func TestNULSource(t *testing.T) {
	l := library(t)
	if _, err := l.Compile("nul.cpp", []byte("int x;\x00"), nil); err == nil || !strings.Contains(err.Error(), "NUL") {
		t.Errorf("got %v, want a NUL error", err)
	}
}

func TestCheck(t *testing.T) {
	path := sycljittest.Library(t)
	if _, err := Check(path, *wantSHA); err != nil {
		t.Fatalf("the pinned library fails its check: %v", err)
	}
	var de *DigestError
	if _, err := Check(path, strings.Repeat("0", 64)); !errors.As(err, &de) || de.Got != *wantSHA {
		t.Errorf("wrong pin: got %v, want a DigestError naming %s", err, *wantSHA)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	notELF := filepath.Join(dir, "libsycl-jit.so.23.1")
	if err := os.WriteFile(notELF, []byte("not a library"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing.so"), "cannot load"},
		{notELF, "cannot load"},
		{"libc.so.6", "no exported symbol compileSYCL"},
	} {
		_, err := Open(tc.path)
		var le *LoadError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%s) = %v, want a LoadError with %q", tc.path, err, tc.want)
		}
	}
}

func TestCheckResult(t *testing.T) {
	spirv := append([]byte{0x03, 0x02, 0x23, 0x07}, []byte(strings.Repeat("\x00", 16)+CheckKernel)...)
	props := &propset.Registry{}
	props.AddSet("SYCL/kernel param opt")
	props.AddSet("SYCL/device requirements")
	good := Image{Format: FormatSPIRV, AddressBits: 64, Binary: spirv, Symbols: []string{CheckKernel}, Properties: props}
	for _, tc := range []struct {
		name string
		edit func(*Result)
		want string
	}{
		{"good", func(*Result) {}, ""},
		{"two images", func(r *Result) { r.Images = append(r.Images, good) }, "2 images"},
		{"format", func(r *Result) { r.Images[0].Format = 3 }, "image format 3"},
		{"bits", func(r *Result) { r.Images[0].AddressBits = 32 }, "32 address bits"},
		{"magic", func(r *Result) { r.Images[0].Binary = []byte(strings.Repeat("x", 40)) }, "not SPIR-V"},
		{"symbols", func(r *Result) { r.Images[0].Symbols = nil }, "entry points"},
		{"sets", func(r *Result) { r.Images[0].Properties = &propset.Registry{} }, "no property set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := good
			img.Symbols = append([]string{}, good.Symbols...)
			r := &Result{Images: []Image{img}}
			tc.edit(r)
			err := CheckResult(r)
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

func TestByteArray(t *testing.T) {
	for _, tc := range []struct {
		name    string
		payload []byte
		bits    uint64
		data    []byte
		wantErr bool
	}{
		{"empty", []byte{0, 0, 0, 0, 0, 0, 0, 0}, 0, []byte{}, false},
		{"13 bits", []byte{13, 0, 0, 0, 0, 0, 0, 0, 0xcc, 0x0c}, 13, []byte{0xcc, 0x0c}, false},
		{"short prefix", []byte{1, 0, 0}, 0, nil, true},
		{"bits beyond data", []byte{64, 0, 0, 0, 0, 0, 0, 0, 1}, 0, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := byteArray(tc.payload)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if v.BitCount() != tc.bits || string(v.Data()) != string(tc.data) {
				t.Errorf("got %d bits %x, want %d bits %x", v.BitCount(), v.Data(), tc.bits, tc.data)
			}
		})
	}
}

func FuzzByteArray(f *testing.F) {
	f.Add([]byte{13, 0, 0, 0, 0, 0, 0, 0, 0xcc, 0x0c})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, payload []byte) {
		v, err := byteArray(payload)
		if err != nil {
			return
		}
		if uint64(len(v.Data())) != (v.BitCount()+7)/8 {
			t.Errorf("%d data bytes for %d bits", len(v.Data()), v.BitCount())
		}
	})
}
