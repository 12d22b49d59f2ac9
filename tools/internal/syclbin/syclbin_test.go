package syclbin

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

var update = os.Getenv("UPDATE_GOLDEN") != ""

func mustProps(t testing.TB, text string) *propset.Registry {
	t.Helper()
	r, err := propset.Parse([]byte(text), "test.prop")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sample is the golden file's content: two abstract modules, one with two
// IR modules, one with a native image.
func sample(t testing.TB) *File {
	f := New(StateObject)
	f.AbstractModules = []AbstractModule{
		{
			Metadata: mustProps(t, "[SYCL/kernel names]\nk0=1|1\n[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n"),
			IRModules: []Module{
				{Metadata: IRModuleMetadata(IRSPIRV, "spir64"), Data: []byte("\x03\x02\x23\x07spirv-0")},
				{Metadata: IRModuleMetadata(IRPTX, ""), Data: []byte(".version 7.0\n")},
			},
		},
		{
			Metadata:     mustProps(t, "[SYCL/kernel names]\nk1=1|1\n"),
			NativeImages: []Module{{Metadata: NativeImageMetadata("intel_gpu_pvc"), Data: []byte("\x7fELF native")}},
		},
	}
	return f
}

var cmpRegistry = cmp.Comparer(func(a, b *propset.Registry) bool { return a.Equal(b) })

func TestGolden(t *testing.T) {
	got, err := sample(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "sample.syclbin")
	if update {
		os.WriteFile(path, got, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (UPDATE_GOLDEN=1 to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("encoding differs from %s", path)
	}
	// Fixed-layout facts, independent of the golden file.
	le := binary.LittleEndian
	if string(got[:4]) != "IBYS" || le.Uint32(got[4:]) != 1 {
		t.Errorf("magic/version: % x", got[:8])
	}
	if n, m, l := le.Uint32(got[8:]), le.Uint32(got[12:]), le.Uint32(got[16:]); n != 2 || m != 2 || l != 1 {
		t.Errorf("counts %d %d %d", n, m, l)
	}
	hdr := uint64(FileHeaderSize + 5*ModuleHeaderSize)
	if sz := hdr + align8(le.Uint64(got[24:])) + le.Uint64(got[32:]); sz != uint64(len(got)) {
		t.Errorf("size math %d != %d", sz, len(got))
	}
	// AM 1 starts at IR index 2 (none) and native index 0.
	am1 := got[FileHeaderSize+ModuleHeaderSize:]
	if le.Uint32(am1[16:]) != 0 || le.Uint32(am1[20:]) != 2 || le.Uint32(am1[24:]) != 1 || le.Uint32(am1[28:]) != 0 {
		t.Errorf("abstract module 1 header % x", am1[:32])
	}
	f, err := Parse(want)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sample(t), f, cmpRegistry); diff != "" {
		t.Errorf("Parse(golden) (-want +got):\n%s", diff)
	}
	if st, ok := f.State(); !ok || st != StateObject {
		t.Errorf("state %v %v", st, ok)
	}
	if s, ok := StringProperty(f.AbstractModules[1].NativeImages[0].Metadata, NativeImageSet, KeyArch); !ok || s != "intel_gpu_pvc" {
		t.Errorf("arch %q", s)
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		f    *File
	}{
		{"empty", &File{}},
		{"state only", New(StateExecutable)},
		{"sample", sample(t)},
		{"empty blobs", &File{AbstractModules: []AbstractModule{{IRModules: []Module{{Data: nil}, {Data: []byte{}}}}, {}}}},
		{"odd sizes", &File{Metadata: mustProps(t, "[x]\na=1|7\n"), AbstractModules: []AbstractModule{{
			NativeImages: []Module{{Data: []byte("123")}, {Metadata: NativeImageMetadata("sm_80"), Data: []byte("12345")}},
			IRModules:    []Module{{Data: []byte("1")}},
		}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.f.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			got, err := Parse(b)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(normalize(tt.f), normalize(got), cmpRegistry); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			b2, err := got.Bytes()
			if err != nil || !bytes.Equal(b, b2) {
				t.Errorf("re-encoding differs (%v)", err)
			}
		})
	}
}

// normalize maps empty data to nil (the reader cannot tell them apart).
func normalize(f *File) *File {
	c := *f
	c.AbstractModules = nil
	for _, am := range f.AbstractModules {
		n := AbstractModule{Metadata: am.Metadata}
		for _, m := range am.IRModules {
			n.IRModules = append(n.IRModules, Module{m.Metadata, append([]byte{}, m.Data...)})
		}
		for _, m := range am.NativeImages {
			n.NativeImages = append(n.NativeImages, Module{m.Metadata, append([]byte{}, m.Data...)})
		}
		c.AbstractModules = append(c.AbstractModules, n)
	}
	return &c
}

func TestParseErrors(t *testing.T) {
	good, err := sample(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	mutate := func(f func(b []byte) []byte) []byte { return f(append([]byte{}, good...)) }
	am0 := FileHeaderSize
	ir0 := FileHeaderSize + 2*ModuleHeaderSize
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "shorter than the 56-byte header"},
		{"bad magic", mutate(func(b []byte) []byte { b[0] = 'X'; return b }), "bad magic"},
		{"huge counts", mutate(func(b []byte) []byte { le.PutUint32(b[8:], 0xffffffff); return b }), "header bytes"},
		{"huge metadata table", mutate(func(b []byte) []byte { le.PutUint64(b[24:], 1<<62); return b }), "exceed the file size"},
		{"truncated", good[:len(good)-1], "past the end"},
		{"trailing", append(append([]byte{}, good...), make([]byte, 9)...), "trailing bytes"},
		{"global metadata past table", mutate(func(b []byte) []byte { le.PutUint64(b[48:], 1<<40); return b }), "global metadata"},
		{"offset wraps", mutate(func(b []byte) []byte {
			le.PutUint64(b[40:], ^uint64(0))
			le.PutUint64(b[48:], 2)
			return b
		}), "outside the"},
		{"IR index out of range", mutate(func(b []byte) []byte { le.PutUint32(b[am0+20:], 7); return b }), "out of the 2 declared"},
		{"IR shared", mutate(func(b []byte) []byte {
			le.PutUint32(b[am0+ModuleHeaderSize+16:], 1)
			le.PutUint32(b[am0+ModuleHeaderSize+20:], 1)
			return b
		}), "already belongs"},
		{"IR orphan", mutate(func(b []byte) []byte { le.PutUint32(b[am0+16:], 1); return b }), "belongs to no abstract module"},
		{"binary past table", mutate(func(b []byte) []byte { le.PutUint64(b[ir0+24:], 1<<50); return b }), "outside the"},
		{"overlapping binaries", mutate(func(b []byte) []byte { le.PutUint64(b[ir0+ModuleHeaderSize+16:], 0); return b }), "overlaps"},
		{"bad metadata", mutate(func(b []byte) []byte {
			off := FileHeaderSize + 5*ModuleHeaderSize + int(le.Uint64(b[40:]))
			b[off] = 'x' // "[SYCLBIN/..." -> "xSYCLBIN/..."
			return b
		}), "global metadata"},
		{"version 2", mutate(func(b []byte) []byte { le.PutUint32(b[4:], 2); return b }), "unsupported version 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse(tt.data)
			if err == nil {
				t.Fatalf("parsed: %+v", f)
			}
			var fe *FormatError
			var ve *VersionError
			var me *MetadataError
			if !errors.As(err, &fe) && !errors.As(err, &ve) && !errors.As(err, &me) {
				t.Errorf("untyped error %T %v", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestStates(t *testing.T) {
	for _, s := range []string{"input", "object", "executable"} {
		st, ok := ParseState(s)
		if !ok || st.String() != s {
			t.Errorf("%s -> %v %v", s, st, ok)
		}
	}
	if _, ok := ParseState("linked"); ok {
		t.Error("accepted bogus state")
	}
	for _, s := range []string{"spirv", "ptx", "amdgcn"} {
		if ty, ok := ParseIRType(s); !ok || ty.String() != s {
			t.Errorf("%s -> %v", s, ty)
		}
	}
}

func FuzzParse(f *testing.F) {
	good, err := sample(f).Bytes()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	empty, _ := (&File{}).Bytes()
	f.Add(empty)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		b, err := file.Bytes()
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		again, err := Parse(b)
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if diff := cmp.Diff(normalize(file), normalize(again), cmpRegistry); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}
