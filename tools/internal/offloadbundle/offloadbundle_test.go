package offloadbundle

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
)

var update = os.Getenv("UPDATE_GOLDEN") != ""

var cmpOpts = cmpopts.EquateEmpty()

func sample() *Bundle {
	return &Bundle{Entries: []Entry{
		{ID: "host-x86_64-unknown-linux-gnu-", Data: nil},
		{ID: "sycl-spir64-unknown-unknown--", Data: []byte("BC\xc0\xde device bitcode")},
		{ID: "sycl-spir64_gen-unknown-unknown--", Data: []byte("\x7fELF")},
	}}
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
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
}

func TestGoldenBinary(t *testing.T) {
	for _, tt := range []struct {
		name  string
		align uint64
	}{{"sample.bundle", 0}, {"sample-align8.bundle", 8}} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := sample().Bytes(tt.align)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tt.name, got)
			le := binary.LittleEndian
			if string(got[:24]) != "__CLANG_OFFLOAD_BUNDLE__" || le.Uint64(got[24:]) != 3 {
				t.Errorf("header % x", got[:32])
			}
			// First entry: offset, size 0, ID length, ID.
			if le.Uint64(got[40:]) != 0 || le.Uint64(got[48:]) != 30 || string(got[56:86]) != "host-x86_64-unknown-linux-gnu-" {
				t.Errorf("entry 0 % x", got[32:86])
			}
			d, err := Parse(got, nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(sample(), d.Bundle, cmpOpts); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if tt.align == 8 {
				for _, e := range d.Bundle.Entries[1:] {
					off := bytes.Index(got, e.Data)
					if off%8 != 0 {
						t.Errorf("%s at %d", e.ID, off)
					}
				}
			}
		})
	}
}

func TestGoldenText(t *testing.T) {
	b := &Bundle{Entries: []Entry{
		{ID: "host-x86_64-unknown-linux-gnu-", Data: []byte("define void @h() {\n  ret void\n}\n")},
		{ID: "sycl-spir64-unknown-unknown--", Data: []byte("no trailing newline")},
		{ID: "openmp-nvptx64-nvidia-cuda--", Data: nil},
	}}
	got, err := b.Text(";")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "sample.ll", got)
	d, err := Parse(got, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Form != FormText {
		t.Errorf("form %v", d.Form)
	}
	if diff := cmp.Diff(b, d.Bundle, cmpOpts); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A tolerant reader: text around the bundles, empty object written
	// without the separating newline.
	loose := "prologue\n// " + StartMarker + "host-x86_64-unknown-linux-gnu\n// " + EndMarker + "host-x86_64-unknown-linux-gnu\n\n// " +
		StartMarker + "sycl-spir64-unknown-unknown\nint x;\n\n// " + EndMarker + "sycl-spir64-unknown-unknown\n"
	d, err = Parse([]byte(loose), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := &Bundle{Entries: []Entry{{ID: "host-x86_64-unknown-linux-gnu"}, {ID: "sycl-spir64-unknown-unknown", Data: []byte("int x;\n")}}}
	if diff := cmp.Diff(want, d.Bundle, cmpOpts); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestCompressed(t *testing.T) {
	plain, err := sample().Bytes(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []uint16{CompressedV1, CompressedV2, CompressedV3} {
		c, err := Compress(plain, v, 0)
		if err != nil {
			t.Fatal(err)
		}
		if v == CompressedV2 {
			checkGolden(t, "sample.ccob", c)
		}
		le := binary.LittleEndian
		if string(c[:4]) != "CCOB" || le.Uint16(c[4:]) != v || le.Uint16(c[6:]) != MethodZstd {
			t.Errorf("v%d header % x", v, c[:8])
		}
		if hs := compressedHeaderSize(v); !bytes.Equal(c[hs:hs+4], []byte{0x28, 0xb5, 0x2f, 0xfd}) {
			t.Errorf("v%d: zstd frame not right after the %d-byte header", v, hs)
		}
		d, err := Parse(c, nil)
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		if d.Compressed == nil || d.Compressed.Version != v || d.Compressed.UncompressedSize != uint64(len(plain)) {
			t.Errorf("v%d info %+v", v, d.Compressed)
		}
		if diff := cmp.Diff(sample(), d.Bundle, cmpOpts); diff != "" {
			t.Errorf("v%d (-want +got):\n%s", v, diff)
		}
	}
	// zlib-compressed bundles (LLVM without zstd) read too; hash in the
	// second MD5 half is accepted as well.
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(plain)
	w.Close()
	_, second := hashHalves(plain)
	hdr := make([]byte, 24)
	copy(hdr, "CCOB")
	binary.LittleEndian.PutUint16(hdr[4:], 2)
	binary.LittleEndian.PutUint16(hdr[6:], MethodZlib)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(24+z.Len()))
	binary.LittleEndian.PutUint32(hdr[12:], uint32(len(plain)))
	binary.LittleEndian.PutUint64(hdr[16:], second)
	d, err := Parse(append(hdr, z.Bytes()...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(sample(), d.Bundle, cmpOpts); diff != "" {
		t.Errorf("zlib (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	le := binary.LittleEndian
	good, _ := sample().Bytes(0)
	comp, _ := Compress(good, CompressedV2, 0)
	mut := func(src []byte, f func(b []byte)) []byte {
		b := append([]byte{}, src...)
		f(b)
		return b
	}
	// Entry 1's header starts after entry 0's (24 + 30 bytes).
	e1 := 32 + 24 + 30
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"magic cut", []byte(Magic[:10]), "truncated"},
		{"ccob magic cut", []byte("CCO"), "truncated"},
		{"truncated count", []byte(Magic + "\x01"), "truncated entry count"},
		{"huge count", mut(good, func(b []byte) { le.PutUint64(b[24:], 1<<60) }), "cannot fit"},
		{"huge ID length", mut(good, func(b []byte) { le.PutUint64(b[32+16:], 1<<62) }), "past the end"},
		{"object past end", mut(good, func(b []byte) { le.PutUint64(b[e1+8:], 1<<62) }), "past the end"},
		{"offset wraps", mut(good, func(b []byte) { le.PutUint64(b[e1:], ^uint64(0)); le.PutUint64(b[e1+8:], 2) }), "past the end"},
		{"overlaps header", mut(good, func(b []byte) { le.PutUint64(b[e1:], 8) }), "overlaps the header"},
		{"objects overlap", mut(good, func(b []byte) {
			e2 := e1 + 24 + len("sycl-spir64-unknown-unknown--")
			le.PutUint64(b[e2:], le.Uint64(b[e1:])+1)
		}), "overlap"},
		{"duplicate ID", mut(good, func(b []byte) {
			copy(b[e1+24:], "host-x86_64-unknown-linux-gnu-")
			le.PutUint64(b[e1+16:], 30)
		}), ""},
		{"NUL in ID", mut(good, func(b []byte) { b[32+24+3] = 0 }), "NUL"},
		{"text without end", []byte("// " + StartMarker + "host-x86_64-unknown-linux-gnu\nabc\n"), "no end marker"},
		{"text bad ID", []byte("// " + StartMarker + "nodash\n// " + EndMarker + "nodash\n"), "offload-kind"},
		{"ccob truncated", comp[:10], "too short"},
		{"ccob version", mut(comp, func(b []byte) { le.PutUint16(b[4:], 9) }), "unsupported compressed bundle version 9"},
		{"ccob method", mut(comp, func(b []byte) { le.PutUint16(b[6:], 7) }), "unknown compression method 7"},
		{"ccob total size", mut(comp, func(b []byte) { le.PutUint32(b[8:], 1<<31) }), "total size"},
		{"ccob size lies", mut(comp, func(b []byte) { le.PutUint32(b[12:], le.Uint32(b[12:])+1) }), "stream holds"},
		{"ccob size huge", mut(comp, func(b []byte) { le.PutUint32(b[12:], 0xffffffff) }), "decompression budget"},
		{"ccob hash", mut(comp, func(b []byte) { b[16] ^= 1 }), "hash"},
		{"ccob garbage", mut(comp, func(b []byte) {
			for i := 28; i < len(b); i++ {
				b[i] = 0xee
			}
		}), "decompressing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse(tt.data, nil)
			if err == nil {
				t.Fatalf("parsed %+v", d.Bundle)
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Errorf("untyped error %T: %v", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
	if _, err := Parse(comp, inflate.New(10)); err == nil || !strings.Contains(err.Error(), "decompression budget") {
		t.Errorf("limit: %v", err)
	}
}

// Input without any bundle (plain bitcode, text, nothing) is a
// *NotBundleError, not a malformed bundle.
func TestNotBundle(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("BC\xc0\xde\x35\x14\x00\x00"), []byte("\xde\xc0\x17\x0b"), []byte("; ModuleID = 'x'\n"), []byte("CCOA"), []byte("__CLANG_OFFLOAD_BUNDLEX")} {
		_, err := Parse(data, nil)
		var nb *NotBundleError
		if !errors.As(err, &nb) {
			t.Errorf("Parse(%q) = %v, want a *NotBundleError", data, err)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	dup := &Bundle{Entries: []Entry{{ID: "sycl-a-b-c"}, {ID: "sycl-a-b-c"}}}
	if _, err := dup.Bytes(0); err == nil {
		t.Error("duplicate IDs accepted")
	}
	if _, err := (&Bundle{Entries: []Entry{{ID: "bad"}}}).Bytes(0); err == nil {
		t.Error("bad ID accepted")
	}
	if _, err := sample().Bytes(3); err == nil {
		t.Error("alignment 3 accepted")
	}
	self := &Bundle{Entries: []Entry{{ID: "sycl-a-b-c", Data: []byte("x\n// " + EndMarker + "sycl-a-b-c\n")}}}
	if _, err := self.Text("//"); err == nil {
		t.Error("embedded end marker accepted")
	}
}

func TestIDs(t *testing.T) {
	// Expected forms are clang-offload-bundler 19's -list output.
	tests := []struct{ in, norm, kind string }{
		{"sycl-spir64-unknown-unknown", "sycl-spir64-unknown-unknown--", "sycl"},
		{"host-x86_64-unknown-linux-gnu", "host-x86_64-unknown-linux-gnu-", "host"},
		{"host-x86_64-unknown-linux-gnu-", "host-x86_64-unknown-linux-gnu-", "host"},
		{"openmp-spir64", "openmp-spir64----", "openmp"},
		{"openmp-x86_64-unknown-linux", "openmp-x86_64-unknown-linux--", "openmp"},
		{"openmp-x86_64-pc-linux-gnu-foo", "openmp-x86_64-pc-linux-gnu-foo-", "openmp"},
		{"hip-amdgcn-amd-amdhsa-gfx906", "hip-amdgcn-amd-amdhsa--gfx906", "hip"},
		{"hip-amdgcn-amd-amdhsa--gfx906", "hip-amdgcn-amd-amdhsa--gfx906", "hip"},
		{"hip-amdgcn-amd-amdhsa-gfx90a:xnack+", "hip-amdgcn-amd-amdhsa--gfx90a:xnack+", "hip"},
		{"hip-amdgcn-amd-amdhsa-gfx90a:xnack-", "hip-amdgcn-amd-amdhsa--gfx90a:xnack-", "hip"},
		{"hip-amdgcn-amd-amdhsa-unknown-gfx906", "hip-amdgcn-amd-amdhsa-unknown-gfx906", "hip"},
		{"openmp-nvptx64-nvidia-cuda-sm_80", "openmp-nvptx64-nvidia-cuda--sm_80", "openmp"},
	}
	for _, tt := range tests {
		if got := NormalizeID(tt.in); got != tt.norm {
			t.Errorf("NormalizeID(%q) = %q, want %q", tt.in, got, tt.norm)
		}
		if got := NormalizeID(tt.norm); got != tt.norm {
			t.Errorf("NormalizeID not idempotent on %q: %q", tt.norm, got)
		}
		if got := Kind(tt.in); got != tt.kind {
			t.Errorf("Kind(%q) = %q", tt.in, got)
		}
	}
	if e, ok := sample().Find("sycl-spir64-unknown-unknown"); !ok || e.ID != "sycl-spir64-unknown-unknown--" {
		t.Errorf("Find: %v %v", e, ok)
	}
	got := HostFirst([]Entry{{ID: "sycl-a-b-c"}, {ID: "host-x-y-z"}, {ID: "openmp-a-b-c"}})
	if diff := cmp.Diff([]Entry{{ID: "host-x-y-z"}, {ID: "sycl-a-b-c"}, {ID: "openmp-a-b-c"}}, got); diff != "" {
		t.Errorf("HostFirst (-want +got):\n%s", diff)
	}
}

func FuzzParse(f *testing.F) {
	good, _ := sample().Bytes(0)
	f.Add(good)
	c, _ := Compress(good, CompressedV2, 1)
	f.Add(c)
	txt, _ := sample().Text("//")
	f.Add(txt)
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data, inflate.New(1<<20))
		if err != nil {
			return
		}
		enc, err := d.Bundle.Bytes(0)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		again, err := ParseBinary(enc)
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if diff := cmp.Diff(d.Bundle, again, cmpOpts); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}

// A text bundle cut at any line boundary (or just before one) must not
// lose an entry silently: the only cut that parses is the one that leaves
// exactly the complete first entry, which is itself a valid bundle.
func TestTextTruncatedAtLineBoundary(t *testing.T) {
	b := &Bundle{Entries: []Entry{
		{ID: "host-x86_64-unknown-linux-gnu", Data: []byte("; host\ndefine void @h() {\n  ret void\n}")},
		{ID: "sycl-spir64-unknown-unknown", Data: []byte("; device\ndefine void @d() {\n  ret void\n}")},
	}}
	full, err := b.Text(";")
	if err != nil {
		t.Fatal(err)
	}
	firstEnd := bytes.Index(full, []byte("__END__ host-x86_64-unknown-linux-gnu\n")) + len("__END__ host-x86_64-unknown-linux-gnu\n")
	for cut := 1; cut < len(full); cut++ {
		if full[cut-1] != '\n' && full[cut] != '\n' {
			continue
		}
		d, err := ParseText(full[:cut])
		if err != nil {
			continue
		}
		if (cut == firstEnd || cut == firstEnd-1) && len(d.Entries) == 1 {
			continue
		}
		if cmp.Diff(b, d, cmpOpts) == "" {
			continue // only the final newline was cut: nothing lost
		}
		t.Errorf("cut at %d of %d (%q): %d entries, no error", cut, len(full), full[cut-10:cut], len(d.Entries))
	}
	if d, err := ParseText(full); err != nil || len(d.Entries) != 2 {
		t.Fatalf("full bundle: %v", err)
	}
}
