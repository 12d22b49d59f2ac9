package offloadbinary

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
)

var update = os.Getenv("UPDATE_GOLDEN") != ""

func spirvEntry() Entry {
	return Entry{
		ImageKind: ImageSPIRV, OffloadKind: OffloadSYCL,
		Strings: []String{{"triple", "spir64-unknown-unknown"}, {"arch", ""}, {"symbols", "k0\nk1\n"}},
		Image:   []byte("\x03\x02\x23\x07spirv image"),
	}
}

func samples() map[string]*Binary {
	ptx := Entry{ImageKind: ImagePTX, OffloadKind: OffloadCuda, Strings: []String{{"triple", "nvptx64-nvidia-cuda"}, {"arch", "sm_80"}}, Image: []byte(".version 7.0\n")}
	meta := Entry{OffloadKind: OffloadSYCL, Flags: FlagNoImage, Strings: []String{{"blob", "a\x00b"}}}
	big := spirvEntry()
	big.Image = bytes.Repeat([]byte("compressible "), 40)
	return map[string]*Binary{
		"v1":            {Version: 1, Entries: []Entry{spirvEntry()}},
		"v2":            {Version: 2, Entries: []Entry{spirvEntry(), ptx, meta}},
		"v3":            {Version: 3, Entries: []Entry{spirvEntry(), ptx}},
		"v3-compressed": {Version: 3, Entries: []Entry{big, ptx}, Compressed: true},
	}
}

var cmpOpts = cmpopts.EquateEmpty()

func TestGolden(t *testing.T) {
	for name, b := range samples() {
		t.Run(name, func(t *testing.T) {
			got, err := b.Bytes(WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", name+".offload")
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
			if len(got)%8 != 0 {
				t.Errorf("size %d not a multiple of 8", len(got))
			}
			parsed, n, err := Parse(want)
			if err != nil {
				t.Fatal(err)
			}
			if align8(n) != uint64(len(want)) {
				t.Errorf("size field %d, file %d", n, len(want))
			}
			if diff := cmp.Diff(b, parsed, cmpOpts); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestLayout checks header fields against the documented layout.
func TestLayout(t *testing.T) {
	le := binary.LittleEndian
	b1, _ := samples()["v1"].Bytes(WriteOptions{})
	if !bytes.Equal(b1[:4], []byte{0x10, 0xff, 0x10, 0xad}) || le.Uint32(b1[4:]) != 1 {
		t.Errorf("v1 magic/version % x", b1[:8])
	}
	if le.Uint64(b1[8:]) != uint64(len(b1)) || le.Uint64(b1[16:]) != 32 || le.Uint64(b1[24:]) != 40 {
		t.Errorf("v1 header % x", b1[:32])
	}
	// Entry: strings right after the entry, 16 bytes each in v1.
	if le.Uint64(b1[32+8:]) != 72 || le.Uint64(b1[32+16:]) != 3 {
		t.Errorf("v1 entry % x", b1[32:72])
	}
	// First key is "triple", NUL-terminated; the table starts with NUL.
	keyOff := le.Uint64(b1[72:])
	if string(b1[keyOff:keyOff+7]) != "triple\x00" || b1[72+3*16] != 0 {
		t.Errorf("string table")
	}
	imgOff, imgSize := le.Uint64(b1[32+24:]), le.Uint64(b1[32+32:])
	if imgOff%8 != 0 || string(b1[imgOff:imgOff+imgSize]) != string(spirvEntry().Image) {
		t.Errorf("image at %d", imgOff)
	}
	b3, _ := samples()["v3"].Bytes(WriteOptions{})
	if le.Uint64(b3[16:]) != 40 || le.Uint64(b3[24:]) != 2 || le.Uint64(b3[32:]) != 0 {
		t.Errorf("v3 header % x", b3[:40])
	}
	c, _ := samples()["v3-compressed"].Bytes(WriteOptions{})
	if !bytes.Equal(c[40:44], []byte{0x28, 0xb5, 0x2f, 0xfd}) || le.Uint64(c[32:]) == 0 || align8(le.Uint64(c[8:])) != uint64(len(c)) {
		t.Errorf("compressed header % x", c[:48])
	}
}

func TestConcat(t *testing.T) {
	s := samples()
	bins := []*Binary{s["v1"], s["v3-compressed"], s["v2"]}
	data, err := Concat(bins, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, 0, 0, 0, 0) // section padding
	got, err := ParseAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(bins, got, cmpOpts); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestZlib: v3 binaries compressed with zlib (LLVM without zstd) read too.
func TestZlib(t *testing.T) {
	plain, _ := samples()["v3"].Bytes(WriteOptions{})
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(plain[40:])
	w.Close()
	c := append(append([]byte{}, plain[:40]...), z.Bytes()...)
	binary.LittleEndian.PutUint64(c[8:], uint64(len(c)))
	binary.LittleEndian.PutUint64(c[32:], uint64(len(plain)))
	for len(c)%8 != 0 {
		c = append(c, 0)
	}
	b, _, err := Parse(c)
	if err != nil {
		t.Fatal(err)
	}
	want := *samples()["v3"]
	want.Compressed = true
	if diff := cmp.Diff(&want, b, cmpOpts); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		b    *Binary
		want string
	}{
		{"v1 two entries", &Binary{Version: 1, Entries: []Entry{{}, {}}}, "exactly one entry"},
		{"v1 NUL value", &Binary{Version: 1, Entries: []Entry{{Strings: []String{{"k", "a\x00"}}}}}, "contains NUL"},
		{"NUL key", &Binary{Version: 2, Entries: []Entry{{Strings: []String{{"k\x00", "a"}}}}}, "contains NUL"},
		{"v2 compressed", &Binary{Version: 2, Compressed: true}, "needs version 3"},
		{"v4", &Binary{Version: 4}, "unsupported version 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.b.Bytes(WriteOptions{})
			var we *WriteError
			if !errors.As(err, &we) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want WriteError containing %q", err, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	le := binary.LittleEndian
	v2, _ := samples()["v2"].Bytes(WriteOptions{})
	v1, _ := samples()["v1"].Bytes(WriteOptions{})
	comp, _ := samples()["v3-compressed"].Bytes(WriteOptions{})
	mut := func(src []byte, f func(b []byte)) []byte {
		b := append([]byte{}, src...)
		f(b)
		return b
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"bad magic", mut(v2, func(b []byte) { b[0] = 0 }), "bad magic"},
		{"version 0", mut(v2, func(b []byte) { le.PutUint32(b[4:], 0) }), "unsupported version 0"},
		{"version 9", mut(v2, func(b []byte) { le.PutUint32(b[4:], 9) }), "unsupported version 9"},
		{"size past end", mut(v2, func(b []byte) { le.PutUint64(b[8:], 1<<60) }), "size"},
		{"truncated", v2[:len(v2)-8], "size"},
		{"huge entry count", mut(v2, func(b []byte) { le.PutUint64(b[24:], 1<<61) }), "entries at offset"},
		{"entries offset past end", mut(v2, func(b []byte) { le.PutUint64(b[16:], 1<<40) }), "entries at offset"},
		{"huge string count", mut(v2, func(b []byte) { le.PutUint64(b[32+16:], 1<<62) }), "strings at offset"},
		{"image past end", mut(v2, func(b []byte) { le.PutUint64(b[32+32:], 1<<62) }), "image"},
		{"image offset wraps", mut(v2, func(b []byte) {
			le.PutUint64(b[32+24:], ^uint64(0))
			le.PutUint64(b[32+32:], 2)
		}), "image"},
		{"key past end", mut(v2, func(b []byte) { le.PutUint64(b[32+3*40:], 1<<40) }), "past the end"},
		{"value past end", mut(v2, func(b []byte) { le.PutUint64(b[32+3*40+16:], 1<<40) }), "past the end"},
		{"v1 unterminated value", mut(v1, func(b []byte) { le.PutUint64(b[72+8:], uint64(len(b)-1)); b[len(b)-1] = 'x' }), "not NUL-terminated"},
		{"inflated too big", mut(comp, func(b []byte) { le.PutUint64(b[32:], 1<<40) }), "decompression budget"},
		{"inflated size lies", mut(comp, func(b []byte) { le.PutUint64(b[32:], le.Uint64(b[32:])+8) }), "does not match"},
		{"corrupt stream", mut(comp, func(b []byte) {
			for i := 48; i < len(b)-8; i++ {
				b[i] ^= 0x5a
			}
		}), "decompressing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _, err := Parse(tt.data)
			if err == nil {
				t.Fatalf("parsed %+v", b)
			}
			var fe *FormatError
			var ve *VersionError
			if !errors.As(err, &fe) && !errors.As(err, &ve) {
				t.Errorf("untyped error %T: %v", err, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
	if _, err := ParseAll(append(append([]byte{}, v2...), 1, 2, 3)); err == nil {
		t.Error("ParseAll accepted trailing garbage")
	}
}

func TestKinds(t *testing.T) {
	for _, s := range []string{"o", "bc", "cubin", "fatbin", "s", "spv", "none"} {
		k, ok := ParseImageKind(s)
		if !ok || k.String() != s {
			t.Errorf("%s -> %v", s, k)
		}
	}
	if k, ok := ParseImageKind("7"); !ok || k.String() != "ImageKind(7)" {
		t.Errorf("numeric kind %v", k)
	}
	for _, s := range []string{"openmp", "cuda", "hip", "sycl"} {
		k, ok := ParseOffloadKind(s)
		if !ok || k.String() != s {
			t.Errorf("%s -> %v", s, k)
		}
	}
	if _, ok := ParseOffloadKind("opencl"); ok {
		t.Error("accepted opencl")
	}
}

func FuzzParse(f *testing.F) {
	for _, b := range samples() {
		enc, _ := b.Bytes(WriteOptions{})
		f.Add(enc)
	}
	for _, d := range [][]byte{overlappingImages(4096), sharedStrings(4096), overlappingStringEntries(4096)} {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opts := ParseOptions{Budget: inflate.New(1 << 20)}
		bins, err := opts.ParseAll(data)
		if err != nil {
			return
		}
		for i, b := range bins {
			if b.Version == 1 {
				for _, s := range b.Entries[0].Strings {
					if strings.IndexByte(s.Value, 0) >= 0 {
						t.Fatal("v1 value with NUL")
					}
				}
			}
			enc, err := b.Bytes(WriteOptions{Level: 1})
			if err != nil {
				// Keys read from a table are NUL-free by construction.
				t.Fatalf("binary %d: re-encode: %v", i, err)
			}
			again, _, err := opts.Parse(enc)
			if err != nil {
				t.Fatalf("binary %d: re-parse: %v", i, err)
			}
			if diff := cmp.Diff(b, again, cmpOpts); diff != "" {
				t.Fatal(fmt.Sprintf("round trip (-first +second):\n%s", diff))
			}
		}
	})
}
