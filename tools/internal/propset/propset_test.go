package propset

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestValueVectors(t *testing.T) {
	// Vectors from the reference (section 3.2).
	tests := []struct {
		name string
		v    Value
		want string
	}{
		{"empty", Bytes(nil), "2|AAAAAAAAAAA"},
		{"wgsize u64 [64]", U64s([]uint64{64}), "2|ABAAAAAAAAAQAAAAAAAAAA"},
		{"aspects [5]", U32s([]uint32{5}), "2|gAAAAAAAAAQBAAAA"},
		{"aspects [1,5]", U32s([]uint32{1, 5}), "2|ABAAAAAAAAQAAAAAFAAAAA"},
		{"string asan", String("asan"), "2|gAAAAAAAAAQYzFmb"},
		{"device global", U32s([]uint32{4, 0}), "2|ABAAAAAAAAABAAAAAAAAAA"},
		{"spec const", U32s([]uint32{0, 0, 4}), "2|gBAAAAAAAAAAAAAAAAAAAQAAAAA"},
		{"u32", U32(5), "1|5"},
		{"u32 minus one", U32(0xFFFFFFFF), "1|4294967295"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.v.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			back, err := ParseValue(tt.want)
			if err != nil {
				t.Fatalf("ParseValue(%q): %v", tt.want, err)
			}
			if diff := cmp.Diff(tt.v, back); diff != "" {
				t.Errorf("ParseValue(%q) mismatch (-want +got):\n%s", tt.want, diff)
			}
		})
	}
}

func TestBase64(t *testing.T) {
	tests := []struct {
		raw string
		enc string
	}{
		{"", ""},
		{"abc", "hJ2Y"},
		{"\x00", "AA"},
		{"\xff", "/D"},
		{"\xff\xff", "//P"},
		{"\x01\x02\x03\x04", "BIwAEA"},
	}
	for _, tt := range tests {
		if got := EncodeBase64([]byte(tt.raw)); got != tt.enc {
			t.Errorf("EncodeBase64(%q) = %q, want %q", tt.raw, got, tt.enc)
		}
		got, err := DecodeBase64(tt.enc)
		if err != nil {
			t.Fatalf("DecodeBase64(%q): %v", tt.enc, err)
		}
		if string(got) != tt.raw {
			t.Errorf("DecodeBase64(%q) = %q, want %q", tt.enc, got, tt.raw)
		}
	}
	for _, bad := range []string{"A", "AAAAA", "AA=A", "A A"} {
		var be *Base64Error
		if _, err := DecodeBase64(bad); !errors.As(err, &be) {
			t.Errorf("DecodeBase64(%q) error = %v, want *Base64Error", bad, err)
		}
	}
	// Every length round-trips.
	for n := 0; n < 40; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*37 + n)
		}
		got, err := DecodeBase64(EncodeBase64(b))
		if err != nil || !bytes.Equal(got, b) {
			t.Errorf("round trip of %d bytes: %x, %v", n, got, err)
		}
		if len(EncodeBase64(b)) != EncodedLen(n) {
			t.Errorf("EncodedLen(%d) mismatch", n)
		}
	}
}

func TestBitVector(t *testing.T) {
	v := BitVector([]bool{true, false, true, false, false, false, false, false, false, true})
	if v.BitCount() != 10 {
		t.Errorf("BitCount = %d", v.BitCount())
	}
	if diff := cmp.Diff([]byte{0x05, 0x02}, v.Data()); diff != "" {
		t.Errorf("Data mismatch:\n%s", diff)
	}
	want := []byte{10, 0, 0, 0, 0, 0, 0, 0, 0x05, 0x02}
	if diff := cmp.Diff(want, v.Payload()); diff != "" {
		t.Errorf("Payload mismatch:\n%s", diff)
	}
	back, err := ParseValue(v.String())
	if err != nil || !back.Equal(v) {
		t.Errorf("round trip %q: %v %v", v.String(), back, err)
	}
	if _, err := BitBytes([]byte{1}, 9); err == nil {
		t.Error("BitBytes(1 byte, 9 bits) succeeded")
	}
	if b, err := BitBytes([]byte{1, 1}, 9); err != nil || b.BitCount() != 9 {
		t.Errorf("BitBytes: %v %v", b, err)
	}
}

func TestPayload(t *testing.T) {
	if U32(3).Payload() != nil {
		t.Error("UINT32 payload not nil")
	}
	got := String("ab").Payload()
	want := []byte{16, 0, 0, 0, 0, 0, 0, 0, 'a', 'b'}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Payload mismatch:\n%s", diff)
	}
}

func TestRegistryOrderAndOverwrite(t *testing.T) {
	var r Registry
	r.Add("B", "x", U32(1))
	r.Add("A", "y", U32(2))
	r.Add("B", "z", String("s"))
	r.Add("B", "x", U32(9)) // overwrite in place
	r.AddSet("Empty")
	got, err := r.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := "[B]\nx=1|9\nz=2|IAAAAAAAAAwc\n[A]\ny=1|2\n[Empty]\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("Write mismatch (-want +got):\n%s", diff)
	}
	back, err := Parse(got, "x.prop")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&r, back); diff != "" {
		t.Errorf("round trip mismatch:\n%s", diff)
	}
}

// TestRoundTrip: Parse(Write(r)) == r for registries holding every kind of
// value the splitter, wrapper and bundler produce.
func TestRoundTrip(t *testing.T) {
	odd, err := BitBytes([]byte{0x0a, 0x02}, 10)
	if err != nil {
		t.Fatal(err)
	}
	build := func(f func(r *Registry)) *Registry {
		r := &Registry{}
		f(r)
		return r
	}
	tests := []struct {
		name string
		r    *Registry
	}{
		{"one empty set", build(func(r *Registry) { r.AddSet("SYCL/kernel param opt") })},
		{"device requirements", build(func(r *Registry) {
			r.Add("SYCL/device requirements", "aspects", U32s(nil))
			r.Add("SYCL/device requirements", "reqd_work_group_size_uint64_t", U64s([]uint64{8, 4, 1}))
			r.Add("SYCL/device requirements", "reqd_sub_group_size", U32(16))
		})},
		{"bit vectors", build(func(r *Registry) {
			r.Add("SYCL/kernel param opt", "k10", odd)
			r.Add("SYCL/kernel param opt", "k0", BitVector(nil))
			r.Add("SYCL/kernel param opt", "k1", BitVector([]bool{true}))
			r.Add("SYCL/kernel param opt", "k9", BitVector(make([]bool, 9)))
		})},
		{"limits and odd names", build(func(r *Registry) {
			r.Add("SYCL/misc properties", "optLevel", U32(0xFFFFFFFF))
			r.Add("a]b", "x|y", String("v=w|z"))
			r.Add("a]b", "sp ace ", Bytes([]byte{0, 1, 2, 255}))
			r.Add("SYCL/devicelib req mask", "DeviceLibReqMask", U32(0))
		})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text, err := tc.r.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			back, err := Parse(text, "rt.prop")
			if err != nil {
				t.Fatalf("Parse(%q): %v", text, err)
			}
			if diff := cmp.Diff(tc.r, back); diff != "" {
				t.Errorf("read(write(x)) != x (-want +got):\n%s\n%s", diff, text)
			}
		})
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // re-written text
	}{
		{"basic", "[S]\na=1|1\n", "[S]\na=1|1\n"},
		{"crlf and blanks", "\n[S]\r\n\r\na=1|7\r\n\n", "[S]\na=1|7\n"},
		{"no final newline", "[S]\na=1|7", "[S]\na=1|7\n"},
		{"merge sets", "[S]\na=1|1\n[T]\nb=1|2\n[S]\nc=1|3\na=1|4\n", "[S]\na=1|4\nc=1|3\n[T]\nb=1|2\n"},
		{"whitespace significant", "[ S ]\n a =1|1\n", "[ S ]\n a =1|1\n"},
		{"last bracket", "[a]b]c\nk=1|1\n", "[a]b]\nk=1|1\n"},
		{"empty set name", "[]\n", "[]\n"},
		{"first equals first bar", "[S]\nk=2|AAAAAAAAAAA\nx=y=1|2\n", ""},
		{"value wraps", "[S]\nk=1|4294967297\n", "[S]\nk=1|1\n"},
		{"long decimal", "[S]\nk=1|340282366920938463463374607431768211457\n", "[S]\nk=1|1\n"},
		{"bytes past bit count ignored", "[S]\nk=2|AAAAAAAAAAAA\n", "[S]\nk=2|AAAAAAAAAAA\n"},
		{"type leading zero", "[S]\nk=01|5\n", "[S]\nk=1|5\n"},
		{"bit vector", "[SYCL/kernel param opt]\nk=2|KAAAAAAAAAQBCA\n", "[SYCL/kernel param opt]\nk=2|KAAAAAAAAAQBCA\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse([]byte(tt.in), "t.prop")
			if tt.name == "first equals first bar" {
				if err == nil {
					t.Fatal("want error for value 'y=1|2' type")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, string(got)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"empty file", "", "t.prop: invalid property set registry"},
		{"only blanks", "\n\r\n", "t.prop: invalid property set registry"},
		{"no category", "\na=1|1\n", "t.prop:2: property category missing"},
		{"unterminated header", "[S\n", `t.prop:1: invalid line: "[S"`},
		{"no equals", "[S]\nabc\n", `t.prop:2: invalid property line: "abc"`},
		{"empty name", "[S]\n=1|1\n", `t.prop:2: invalid property line: "=1|1"`},
		{"empty rest", "[S]\na=\n", `t.prop:2: invalid property line: "a="`},
		{"no bar", "[S]\na=1\n", "t.prop:2: invalid property value: 1"},
		{"empty type", "[S]\na=|1\n", "t.prop:2: invalid property value: |1"},
		{"empty value", "[S]\na=1|\n", "t.prop:2: invalid property value: 1|"},
		{"bad type", "[S]\na=x|1\n", "t.prop:2: invalid property type: x"},
		{"space before type", "[S]\na = 1|1\n", "t.prop:2: invalid property type:  1"},
		{"type zero", "[S]\na=0|1\n", "t.prop:2: bad property type: 0"},
		{"type three", "[S]\na=3|1\n", "t.prop:2: bad property type: 3"},
		{"negative", "[S]\na=1|-1\n", "t.prop:2: invalid property value: -1"},
		{"bad base64", "[S]\na=2|A*AA\n", "t.prop:2: invalid property value: invalid base64 at offset 1: character '*' outside the alphabet"},
		{"dangling base64", "[S]\na=2|AAAAA\n", "t.prop:2: invalid property value: invalid base64 at offset 4: dangling final character"},
		{"short prefix", "[S]\na=2|AAAA\n", "t.prop:2: byte array of 3 bytes lacks the 8-byte bit count"},
		{"bits exceed data", "[S]\na=2|IAAAAAAAAAA\n", "t.prop:2: byte array bit count 8 exceeds its 0 data bytes"},
		{"nul", "[S]\na=1|1\x00\n", "t.prop:2: NUL byte in line"},
		{"lone cr line", "[S]\n\r", `t.prop:2: invalid property line: "\r"`},
		{"escape and 1 MiB", "[S]\n\x1b[2J" + strings.Repeat("b", 1<<20) + "\n", `t.prop:2: invalid property line: "\x1b[2J` + strings.Repeat("b", 76) + `"... (1048580 bytes)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in), "t.prop")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error = %v, want *ParseError", err)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWriteRejectsUnreadableNames(t *testing.T) {
	tests := []struct{ set, prop string }{
		{"a\nb", "k"},
		{"s", ""},
		{"s", "a=b"},
		{"s", "[k"},
		{"s", "k\n"},
	}
	for _, tt := range tests {
		var r Registry
		r.Add(tt.set, tt.prop, U32(1))
		var ne *NameError
		if err := r.Write(&bytes.Buffer{}); !errors.As(err, &ne) {
			t.Errorf("Write(%q,%q) error = %v, want *NameError", tt.set, tt.prop, err)
		}
	}
	var r Registry
	r.Add("s", "k", Value{})
	if err := r.Write(&bytes.Buffer{}); err == nil {
		t.Error("Write of zero Value succeeded")
	}
}

// TestGolden round-trips a realistic .prop file byte for byte.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.prop")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Parse(data, f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(data), string(got)); diff != "" {
			t.Errorf("%s: rewrite mismatch (-want +got):\n%s", f, diff)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("[S]\na=1|1\n"))
	f.Add([]byte("[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\nreqd_work_group_size_uint64_t=2|ABAAAAAAAAAQAAAAAAAAAA\n"))
	f.Add([]byte("[a]b]\r\nk=2|KAAAAAAAAAQBCA\n\n[a]b]\nk=1|99999999999999\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse(data, "fuzz.prop")
		if err != nil {
			return
		}
		text, err := r.Bytes()
		if err != nil {
			t.Fatalf("Write after Parse: %v", err)
		}
		back, err := Parse(text, "fuzz.prop")
		if err != nil {
			t.Fatalf("Parse(Write(x)): %v\n%q", err, text)
		}
		if !back.Equal(r) {
			t.Fatalf("round trip changed registry:\n%q", text)
		}
		again, err := back.Bytes()
		if err != nil || !bytes.Equal(again, text) {
			t.Fatalf("Write not stable: %q vs %q", again, text)
		}
	})
}

func FuzzDecodeBase64(f *testing.F) {
	f.Add("hJ2Y")
	f.Add("AAAAAAAAAAA")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := DecodeBase64(s)
		if err != nil {
			return
		}
		if len(b) != len(s)*6/8 {
			t.Fatalf("decoded %d bytes from %d chars", len(b), len(s))
		}
		// Re-encoding reproduces the text up to the unused trailing bits.
		back, err := DecodeBase64(EncodeBase64(b))
		if err != nil || !bytes.Equal(back, b) {
			t.Fatalf("round trip: %x vs %x (%v)", back, b, err)
		}
	})
}

// A large byte-array value costs its decoded size, not copies of its text
// and of the decoded bytes (issue 44: a 50 MB value, 134 MB in annotate).
func TestParseLargeValueAllocations(t *testing.T) {
	const n = 16 << 20
	raw := make([]byte, PrefixSize+n)
	binary.LittleEndian.PutUint64(raw, uint64(8*n))
	for i := PrefixSize; i < len(raw); i++ {
		raw[i] = byte(i)
	}
	text := []byte("[SYCL/misc properties]\nbig=2|" + EncodeBase64(raw) + "\n")
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	reg, err := Parse(text, "big.prop")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	set, _ := reg.Set("SYCL/misc properties")
	if v, ok := set.Get("big"); !ok || !bytes.Equal(v.Data(), raw[PrefixSize:]) {
		t.Fatalf("the value did not read back")
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > n*3/2 {
		t.Errorf("Parse of a %d-byte value (%d bytes of text) allocated %d bytes", n, len(text), got)
	}
}
