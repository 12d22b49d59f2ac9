package descriptor

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// Arrays past 64 KiB (683 v2 image structs, 1,171 new-layout entries,
// 2,049 properties) used to be recorded as unstored zeros and then
// panic in Set; a descriptor takes as many images as it can count.
func TestManyImages(t *testing.T) {
	const n = 10000
	imgs := make([]Image, n)
	for i := range imgs {
		imgs[i] = Image{Target: "spir64", Format: FormatSPIRV, Entries: []string{fmt.Sprintf("k%d", i)},
			Data: memSource(fmt.Sprintf("image %05d", i))}
	}
	// One image with arrays of entries and properties past 64 KiB too.
	many := &propset.Registry{}
	var names []string
	for i := 0; i < 2100; i++ {
		names = append(names, fmt.Sprintf("e%d", i))
		many.Add("SYCL/kernel names", fmt.Sprintf("e%d", i), propset.U32(1))
	}
	imgs[n-1].Entries, imgs[n-1].Properties = names, many
	for _, newEntries := range []bool{false, true} {
		b := build(t, imgs, Options{Machine: elfobj.X86_64, NewEntries: newEntries, ImageVersion: 3})
		d := decode(t, b, ".sycl_offloading.descriptor", 3, newEntries)
		if len(d.Images) != n {
			t.Fatalf("decoded %d images, want %d", len(d.Images), n)
		}
		for _, i := range []int{0, 682, 683, 4321, n - 1} {
			if got, want := d.Images[i].Data, fmt.Sprintf("image %05d", i); got != want {
				t.Errorf("image %d: data %q, want %q", i, got, want)
			}
		}
		last := d.Images[n-1]
		if len(last.Entries) != len(names) || last.Entries[len(names)-1].Name != names[len(names)-1] {
			t.Errorf("last image: %d entries", len(last.Entries))
		}
		if len(last.Sets) != 1 || len(last.Sets[0].Props) != 2100 {
			t.Errorf("last image: sets %d", len(last.Sets))
		}
	}
}

func TestTooManyImages(t *testing.T) {
	imgs := make([]Image, MaxImages+1)
	for i := range imgs {
		imgs[i] = Image{Target: "spir64", Format: FormatSPIRV}
	}
	_, err := Build(imgs, Options{Machine: elfobj.X86_64})
	if err == nil || !strings.Contains(err.Error(), "65536 images exceed the descriptor's u16 count (at most 65535 per descriptor)") {
		t.Errorf("err %v", err)
	}
}

// patternSource streams size bytes of a pattern without holding them.
func patternSource(size int64, seed byte) elfobj.Source {
	return elfobj.Source{Size: size, Name: "pattern", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(io.LimitReader(&pattern{seed}, size)), nil
	}}
}

type pattern struct{ b byte }

func (p *pattern) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = p.b
		p.b = p.b*7 + 1
	}
	return len(b), nil
}

// A few large images (8 MiB here; BenchmarkLargeImages writes 3 x 64 MiB)
// stream through and land where the descriptor says.
func TestLargeImages(t *testing.T) {
	const size = 8 << 20
	imgs := []Image{
		{Target: "spir64", Format: FormatSPIRV, Data: patternSource(size, 1)},
		{Target: "spir64_x86_64", Format: FormatNative, Data: patternSource(size, 2)},
		{Target: "spir64", Format: FormatSPIRV, Data: patternSource(size+3, 3)},
	}
	b := build(t, imgs, Options{Machine: elfobj.X86_64, ImageVersion: 3})
	d := decode(t, b, ".sycl_offloading.descriptor", 3, false)
	for i, img := range imgs {
		want := make([]byte, img.Data.Size)
		(&pattern{byte(i + 1)}).Read(want)
		if !bytes.Equal([]byte(d.Images[i].Data), want) {
			t.Errorf("image %d: %d bytes differ from the source", i, len(d.Images[i].Data))
		}
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(b []byte) (int, error) { w.n += int64(len(b)); return len(b), nil }

// BenchmarkLargeImages wraps 3 x 64 MiB images (streamed, never held).
func BenchmarkLargeImages(b *testing.B) {
	const size = 64 << 20
	for i := 0; i < b.N; i++ {
		imgs := []Image{
			{Target: "spir64", Format: FormatSPIRV, Data: patternSource(size, 1)},
			{Target: "spir64", Format: FormatSPIRV, Data: patternSource(size, 2)},
			{Target: "spir64", Format: FormatSPIRV, Data: patternSource(size, 3)},
		}
		o, err := Build(imgs, Options{Machine: elfobj.X86_64})
		if err != nil {
			b.Fatal(err)
		}
		var w countingWriter
		if err := o.Write(&w); err != nil {
			b.Fatal(err)
		}
		if w.n < 3*size {
			b.Fatalf("wrote %d bytes", w.n)
		}
		b.SetBytes(w.n)
	}
}

// BenchmarkManyImages wraps 65,535 small images, the most one descriptor
// can count.
func BenchmarkManyImages(b *testing.B) {
	imgs := make([]Image, MaxImages)
	for i := range imgs {
		imgs[i] = Image{Target: "spir64", Format: FormatSPIRV, Entries: []string{fmt.Sprintf("k%d", i)}, Data: memSource("\x03\x02\x23\x07")}
	}
	for i := 0; i < b.N; i++ {
		o, err := Build(imgs, Options{Machine: elfobj.X86_64})
		if err != nil {
			b.Fatal(err)
		}
		if err := o.Write(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
