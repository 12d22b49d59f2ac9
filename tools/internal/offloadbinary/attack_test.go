package offloadbinary

import (
	"encoding/binary"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
)

// The generators mirror ../shared/redteam/mkob.py and mkob_str.py.

func header(size, entries uint64) []byte {
	b := make([]byte, size)
	copy(b, Magic[:])
	le := binary.LittleEndian
	le.PutUint32(b[4:], Version2)
	le.PutUint64(b[8:], size)
	le.PutUint64(b[16:], HeaderSizeV1)
	le.PutUint64(b[24:], entries)
	return b
}

func putEntry(b []byte, i int, strOff, nStr, imgOff, imgSize uint64) {
	le := binary.LittleEndian
	e := b[HeaderSizeV1+EntrySize*i:]
	le.PutUint16(e, uint16(ImageSPIRV))
	le.PutUint16(e[2:], uint16(OffloadSYCL))
	le.PutUint64(e[8:], strOff)
	le.PutUint64(e[16:], nStr)
	le.PutUint64(e[24:], imgOff)
	le.PutUint64(e[32:], imgSize)
}

// overlappingImages: every entry claims the whole file as its image.
func overlappingImages(size uint64) []byte {
	n := (size - HeaderSizeV1) / EntrySize
	b := header(size, n)
	for i := 0; i < int(n); i++ {
		putEntry(b, i, 0, 0, 0, size)
	}
	return b
}

// overlappingStringEntries: every entry shares one array of string
// entries whose values are the whole file (mkob_str.py).
func overlappingStringEntries(size uint64) []byte {
	half := size / 2
	n := (half - HeaderSizeV1) / EntrySize
	k := (size - 8 - half) / StringSizeV2
	b := header(size, n)
	for i := 0; i < int(n); i++ {
		putEntry(b, i, half, k, 0, 0)
	}
	le := binary.LittleEndian
	for j := uint64(0); j < k; j++ {
		p := half + j*StringSizeV2
		le.PutUint64(b[p:], size-1)
		le.PutUint64(b[p+8:], 0)
		le.PutUint64(b[p+16:], size)
	}
	return b
}

// sharedStrings: entries with their own string entries, all pointing at
// one key and one value of the table, as LLVM's merged string table does.
func sharedStrings(size uint64) []byte {
	n := (size - HeaderSizeV1 - 64) / (EntrySize + StringSizeV2)
	b := header(size, n)
	tab := HeaderSizeV1 + n*(EntrySize+StringSizeV2)
	copy(b[tab:], "triple\x00spir64-unknown-unknown\x00")
	le := binary.LittleEndian
	for i := uint64(0); i < n; i++ {
		p := HeaderSizeV1 + n*EntrySize + i*StringSizeV2
		putEntry(b, int(i), p, 1, 0, 0)
		le.PutUint64(b[p:], tab)
		le.PutUint64(b[p+8:], tab+7)
		le.PutUint64(b[p+16:], uint64(len("spir64-unknown-unknown")))
	}
	return b
}

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestOverlapRejected(t *testing.T) {
	const size = 256 << 10 // mkob.py 262144: 1.7 GB RSS before
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"images", overlappingImages(size), "entry 1: image [0, +262144) overlap those of entry 0"},
		{"string entries", overlappingStringEntries(16384), "string entries [8192, +8184) overlap those of entry 0"},
	} {
		var err error
		n := allocated(func() { _, err = ParseAll(tt.data) })
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want FormatError with %q", tt.name, err, tt.want)
		}
		if n > 4*uint64(len(tt.data))+1<<20 {
			t.Errorf("%s: allocated %d bytes for a %d-byte input", tt.name, n, len(tt.data))
		}
	}
}

// Shared strings are legal and cost one copy of the bytes they span.
func TestSharedStringsNotCopied(t *testing.T) {
	data := sharedStrings(1 << 20)
	var bins []*Binary
	var err error
	n := allocated(func() { bins, err = ParseAll(data) })
	if err != nil {
		t.Fatal(err)
	}
	es := bins[0].Entries
	if len(es) < 10000 {
		t.Fatalf("%d entries", len(es))
	}
	for _, e := range es {
		if v, _ := e.Get("triple"); v != "spir64-unknown-unknown" {
			t.Fatalf("triple %q", v)
		}
	}
	if n > 4*uint64(len(data)) {
		t.Errorf("allocated %d bytes for a %d-byte input", n, len(data))
	}
}

// Strings may be shared, but their summed length is bounded.
func TestStringExpansionBounded(t *testing.T) {
	data := sharedStrings(64 << 10)
	_, err := ParseOptions{MaxStringBytes: 1000}.ParseAll(data)
	if err == nil || !strings.Contains(err.Error(), "strings add up to more than 1000 bytes") {
		t.Errorf("err %v", err)
	}
	// Values spanning the whole file, one per string entry (no overlap
	// between entries): refused before the output could grow past 8x.
	b := overlappingStringEntries(64 << 10)
	binary.LittleEndian.PutUint64(b[24:], 1) // one entry owns the strings
	n := allocated(func() { _, err = ParseAll(b) })
	if err == nil || !strings.Contains(err.Error(), "strings add up to") {
		t.Errorf("err %v", err)
	}
	if n > 4*uint64(len(b))+1<<20 {
		t.Errorf("allocated %d bytes", n)
	}
}

// Keys far from any NUL cost one index, not one scan each (quadratic
// scanning took minutes at 16 MiB), and share the bytes they span.
func TestKeyScansBounded(t *testing.T) {
	const size = 1 << 20
	b := overlappingStringEntries(size)
	binary.LittleEndian.PutUint64(b[24:], 1)
	le := binary.LittleEndian
	half := uint64(size / 2)
	for p := half; p+StringSizeV2 <= size-8; p += StringSizeV2 {
		le.PutUint64(b[p:], 72+(p-half)/StringSizeV2) // keys at 72, 73, ...
		le.PutUint64(b[p+16:], 0)
	}
	for i := uint64(72); i < half; i++ {
		b[i] |= 0x80 // no NUL between the entry and the string entries
	}
	var bins []*Binary
	var err error
	n := allocated(func() { bins, err = ParseOptions{MaxStringBytes: 1 << 40}.ParseAll(b) })
	if err != nil {
		t.Fatal(err)
	}
	if got := len(bins[0].Entries[0].Strings); got < 20000 {
		t.Fatalf("%d strings", got)
	}
	if n > 4*size {
		t.Errorf("allocated %d bytes for a %d-byte input", n, size)
	}
}

// The decompression budget is shared by every binary of a ParseAll.
func TestInflateBudgetTotal(t *testing.T) {
	b := &Binary{Version: Version3, Compressed: true, Entries: []Entry{{ImageKind: ImageSPIRV, Image: make([]byte, 3<<20)}}}
	one, err := b.Bytes(WriteOptions{Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	for len(one)%8 != 0 {
		one = append(one, 0)
	}
	var many []byte
	for i := 0; i < 4; i++ {
		many = append(many, one...)
	}
	if _, err := (ParseOptions{Budget: inflate.New(16 << 20)}).ParseAll(many); err != nil {
		t.Fatalf("4 x 3 MiB in 16 MiB: %v", err)
	}
	_, err = (ParseOptions{Budget: inflate.New(10 << 20)}).ParseAll(many)
	var ee *inflate.ExceededError
	if !errors.As(err, &ee) {
		t.Fatalf("4 x 3 MiB in 10 MiB: %v, want *inflate.ExceededError", err)
	}
	// Decompressed images are not copied again.
	var bins []*Binary
	n := allocated(func() { bins, err = (ParseOptions{Budget: inflate.New(16 << 20)}).ParseAll(one) })
	if err != nil || len(bins[0].Entries[0].Image) != 3<<20 {
		t.Fatal(err)
	}
	if n > 3<<20+3<<20/2 {
		t.Errorf("allocated %d bytes to inflate 3 MiB", n)
	}
}
