package inflate

import (
	"bytes"
	"compress/zlib"
	"errors"
	"runtime"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func zstdFrame(t testing.TB, data []byte) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(data, nil)
}

func zlibStream(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func TestDecompress(t *testing.T) {
	data := bytes.Repeat([]byte("sycl kernel "), 1000)
	for _, m := range []Method{Zstd, Zlib} {
		src := zstdFrame(t, data)
		if m == Zlib {
			src = zlibStream(t, data)
		}
		if got := Detect(src); got != m {
			t.Errorf("Detect = %v, want %v", got, m)
		}
		b := New(1 << 20)
		out, err := b.Decompress([]byte("HDR"), src, m, uint64(len(data)))
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if !bytes.Equal(out[3:], data) || string(out[:3]) != "HDR" {
			t.Errorf("%v: wrong output", m)
		}
		if b.Used() != uint64(len(data))+3 {
			t.Errorf("%v: used %d", m, b.Used())
		}
		// Declared sizes that lie either way are errors.
		for _, size := range []uint64{uint64(len(data)) - 1, uint64(len(data)) + 1} {
			var se *SizeError
			if _, err := New(1<<20).Decompress(nil, src, m, size); !errors.As(err, &se) {
				t.Errorf("%v size %d: err %v, want *SizeError", m, size, err)
			}
		}
	}
}

// The budget is shared: the second container is refused before anything
// is allocated, whatever each one declares on its own.
func TestBudgetIsTotal(t *testing.T) {
	data := make([]byte, 600<<10)
	src := zstdFrame(t, data)
	b := New(1 << 20)
	if _, err := b.Decompress(nil, src, Zstd, uint64(len(data))); err != nil {
		t.Fatal(err)
	}
	var ee *ExceededError
	if _, err := b.Decompress(nil, src, Zstd, uint64(len(data))); !errors.As(err, &ee) {
		t.Fatalf("second container: %v, want *ExceededError", err)
	}
	if ee.Limit != 1<<20 || ee.Used != 600<<10 {
		t.Errorf("error %+v", ee)
	}
}

// A tiny stream declaring gigabytes allocates nothing.
func TestHugeDeclarationAllocatesNothing(t *testing.T) {
	src := zstdFrame(t, make([]byte, 1<<20))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := New(DefaultLimit).Decompress(nil, src, Zstd, 4<<30)
	runtime.ReadMemStats(&after)
	var ee *ExceededError
	if !errors.As(err, &ee) {
		t.Fatalf("err %v", err)
	}
	if d := after.TotalAlloc - before.TotalAlloc; d > 1<<20 {
		t.Errorf("allocated %d bytes before refusing", d)
	}
}

// Decompression costs about 1x: the output buffer is allocated once.
func TestDecompressIsOneX(t *testing.T) {
	const n = 32 << 20
	for _, m := range []Method{Zstd, Zlib} {
		src := zstdFrame(t, make([]byte, n))
		if m == Zlib {
			src = zlibStream(t, make([]byte, n))
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if _, err := New(n).Decompress(nil, src, m, n); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if d := after.TotalAlloc - before.TotalAlloc; d > n+n/4 {
			t.Errorf("%v: allocated %d bytes for %d decompressed", m, d, n)
		}
	}
}

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
		ok   bool
	}{{"123", 123, true}, {"4K", 4096, true}, {"256m", 256 << 20, true}, {"4G", 4 << 30, true},
		{"", 0, false}, {"x", 0, false}, {"-1", 0, false}, {"99999999999999999999G", 0, false}} {
		got, err := ParseSize(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseSize(%q) = %d, %v", c.in, got, err)
		}
	}
	b, err := FromEnv(func(string) string { return "" })
	if err != nil || b.Limit() != DefaultLimit {
		t.Errorf("FromEnv default: %v %v", b, err)
	}
	b, err = FromEnv(func(k string) string { return map[string]string{EnvVar: "1M"}[k] })
	if err != nil || b.Limit() != 1<<20 {
		t.Errorf("FromEnv 1M: %v %v", b, err)
	}
}
