package devicebinaries

import (
	"bytes"
	"encoding/binary"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/descriptor"
	"github.com/rules-sycl/rules_sycl/tools/internal/elfobj"
)

// sharedImages mirrors ../shared/redteam/mkelf.py: an ET_DYN file whose
// descriptor lists n images that all point at one d-byte blob. entries,
// when set, makes every image point at one shared array of that many
// offload entries named by one long string instead.
func sharedImages(n, d int, entries int) []byte {
	le := binary.LittleEndian
	const base = 0x1000
	imgs := base + 32
	blob := imgs + 96*n
	var data []byte
	data = le.AppendUint16(data, 1)
	data = le.AppendUint16(data, uint16(n))
	data = append(data, 0, 0, 0, 0)
	data = le.AppendUint64(data, uint64(imgs))
	data = append(data, make([]byte, 16)...)
	entArr := blob + d
	name := entArr + 32*entries
	for i := 0; i < n; i++ {
		img := make([]byte, 96)
		le.PutUint16(img, 2)
		img[2], img[3] = KindSYCL, 2
		if entries == 0 {
			le.PutUint64(img[48:], uint64(blob))
			le.PutUint64(img[56:], uint64(blob+d))
		} else {
			le.PutUint64(img[64:], uint64(entArr))
			le.PutUint64(img[72:], uint64(entArr+32*entries))
		}
		data = append(data, img...)
	}
	data = append(data, bytes.Repeat([]byte{0x55}, d)...)
	for i := 0; i < entries; i++ {
		e := make([]byte, 32)
		le.PutUint64(e[8:], uint64(name))
		data = append(data, e...)
	}
	if entries > 0 {
		data = append(data, bytes.Repeat([]byte{'k'}, d)...)
		data = append(data, 0)
	}
	shstr := []byte("\x00.data\x00.shstrtab\x00")
	offData := 64
	offShstr := offData + len(data)
	shoff := (offShstr + len(shstr) + 7) &^ 7
	f := make([]byte, shoff+3*64)
	copy(f, "\x7fELF\x02\x01\x01")
	le.PutUint16(f[16:], 3)  // ET_DYN
	le.PutUint16(f[18:], 62) // x86-64
	le.PutUint32(f[20:], 1)
	le.PutUint64(f[40:], uint64(shoff))
	le.PutUint16(f[52:], 64)
	le.PutUint16(f[54:], 56)
	le.PutUint16(f[58:], 64)
	le.PutUint16(f[60:], 3)
	le.PutUint16(f[62:], 2)
	copy(f[offData:], data)
	copy(f[offShstr:], shstr)
	sh := f[shoff+64:]
	le.PutUint32(sh, 1)
	le.PutUint32(sh[4:], 1) // PROGBITS
	le.PutUint64(sh[8:], 3) // WA
	le.PutUint64(sh[16:], base)
	le.PutUint64(sh[24:], uint64(offData))
	le.PutUint64(sh[32:], uint64(len(data)))
	le.PutUint64(sh[48:], 8)
	sh = sh[64:]
	le.PutUint32(sh, 7)
	le.PutUint32(sh[4:], 3) // STRTAB
	le.PutUint64(sh[24:], uint64(offShstr))
	le.PutUint64(sh[32:], uint64(len(shstr)))
	le.PutUint64(sh[48:], 1)
	return f
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// mkelf.py 65535 65536 (6.3 MB) took 4.5 GB; a smaller one must be refused
// with the address, having allocated about the file's size.
func TestSharedImageBytesRejected(t *testing.T) {
	for _, tt := range []struct {
		name       string
		n, d, ents int
		want       string
	}{
		{"images", 4000, 16 << 10, 0, "overlap those of the image struct at 0x1020"},
		{"entries", 4000, 16 << 10, 4, "descriptor data decodes to more than"},
	} {
		raw := sharedImages(tt.n, tt.d, tt.ents)
		var err error
		n := allocated(func() { _, err = Read(raw) })
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want %q", tt.name, err, tt.want)
		}
		if n > 8*uint64(len(raw))+4<<20 {
			t.Errorf("%s: allocated %d bytes for a %d-byte file", tt.name, n, len(raw))
		}
	}
	// One image owning its blob is fine.
	descs, err := Read(sharedImages(1, 16<<10, 0))
	if err != nil || len(descs[0].Images[0].Data) != 16<<10 {
		t.Fatalf("one image: %v", err)
	}
}

// The wrapper writes entry names of any length; the reader reads them
// back (it used to stop at 1 MiB and call the name unterminated).
func TestLongEntryName(t *testing.T) {
	long := strings.Repeat("k", 1<<20+10)
	o, err := descriptor.Build([]descriptor.Image{{Target: "spir64", Format: descriptor.FormatSPIRV,
		Entries: []string{long, "short"}, Data: memSource("img")}}, descriptor.Options{Machine: elfobj.X86_64})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := o.Write(&buf); err != nil {
		t.Fatal(err)
	}
	descs, err := Read(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got := descs[0].Images[0].Entries; len(got) != 2 || got[0] != long {
		t.Errorf("entries: %d, first %d bytes", len(got), len(got[0]))
	}
}
