package offloadbinary

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
)

// FormatError reports a malformed binary. Offset is relative to the start
// of the data given to Parse/ParseAll.
type FormatError struct {
	Offset uint64
	Msg    string
	Err    error // the cause, when there is one (e.g. *inflate.ExceededError)
}

// Unwrap returns the cause.
func (e *FormatError) Unwrap() error { return e.Err }

func (e *FormatError) Error() string {
	return fmt.Sprintf("offloadbinary: at offset %#x: %s", e.Offset, e.Msg)
}

// VersionError reports an unknown header version.
type VersionError struct{ Version uint32 }

func (e *VersionError) Error() string {
	return fmt.Sprintf("offloadbinary: unsupported version %d (want 1..%d)", e.Version, CurrentVersion)
}

// ParseOptions tune the reader.
type ParseOptions struct {
	// Budget is charged for every byte a compressed (v3) binary inflates
	// to; the readers of one process share one, so the cap is on the
	// total, not per binary. nil: a budget of inflate.DefaultLimit shared
	// by the binaries of this one call.
	Budget *inflate.Budget
	// MaxStringBytes bounds the summed length of all keys and values of a
	// binary. Entries may legally share strings of the table (LLVM's
	// writer merges equal strings and tails), so this sum can exceed the
	// binary's size; the reader never copies a shared string, but whoever
	// prints them does. 0: DefaultMaxStringBytes of the binary's size.
	MaxStringBytes uint64
}

// DefaultMaxStringBytes is the default bound on the summed string lengths
// of a binary of size bytes: 8 times its size plus 1 MiB.
func DefaultMaxStringBytes(size uint64) uint64 { return 8*size + 1<<20 }

// IsOffloadBinary reports whether data starts with the magic.
func IsOffloadBinary(data []byte) bool {
	return len(data) >= 4 && bytes.Equal(data[:4], Magic[:])
}

// Parse decodes the binary at the start of data and returns it with the
// number of bytes it occupies (its Size). Bytes after it are ignored.
func Parse(data []byte) (*Binary, uint64, error) { return ParseOptions{}.Parse(data) }

// ParseAll decodes concatenated binaries, each starting at the previous
// one's align8(Size). Up to 7 zero bytes of trailing padding are allowed.
func ParseAll(data []byte) ([]*Binary, error) { return ParseOptions{}.ParseAll(data) }

// ParseAll is ParseAll with options.
func (o ParseOptions) ParseAll(data []byte) ([]*Binary, error) {
	if o.Budget == nil {
		o.Budget = inflate.New(inflate.DefaultLimit)
	}
	var out []*Binary
	var off uint64
	for off < uint64(len(data)) {
		rest := data[off:]
		if len(rest) < 8 && bytes.Count(rest, []byte{0}) == len(rest) {
			break
		}
		b, n, err := o.Parse(rest)
		if err != nil {
			if fe, ok := err.(*FormatError); ok {
				fe.Offset += off
			}
			return nil, err
		}
		out = append(out, b)
		off += align8(n)
	}
	if len(out) == 0 {
		return nil, &FormatError{Offset: 0, Msg: "no offload binary"}
	}
	return out, nil
}

// Parse is Parse with options.
func (o ParseOptions) Parse(data []byte) (*Binary, uint64, error) {
	le := binary.LittleEndian
	n := uint64(len(data))
	if n < 8 {
		return nil, 0, &FormatError{Offset: 0, Msg: fmt.Sprintf("%d bytes are too short for a header", n)}
	}
	if !IsOffloadBinary(data) {
		return nil, 0, &FormatError{Offset: 0, Msg: fmt.Sprintf("bad magic % x", data[:4])}
	}
	v := le.Uint32(data[4:])
	if v < Version1 || v > Version3 {
		return nil, 0, &VersionError{v}
	}
	hdrSize := uint64(HeaderSizeV1)
	if v == Version3 {
		hdrSize = HeaderSizeV3
	}
	if n < hdrSize {
		return nil, 0, &FormatError{Offset: 0, Msg: fmt.Sprintf("%d bytes are too short for a version %d header", n, v)}
	}
	size := le.Uint64(data[8:])
	if size < hdrSize || size > n {
		return nil, 0, &FormatError{Offset: 8, Msg: fmt.Sprintf("size %d outside [%d, %d]", size, hdrSize, n)}
	}
	data = data[:size]
	compressed := v == Version3 && le.Uint64(data[32:]) != 0
	if compressed {
		plain, err := o.inflate(data)
		if err != nil {
			return nil, 0, err
		}
		data = plain
	}
	maxStr := o.MaxStringBytes
	if maxStr == 0 {
		maxStr = DefaultMaxStringBytes(uint64(len(data)))
	}
	// A decompressed buffer is ours: images may point into it.
	b, err := decode(data, v, hdrSize, compressed, maxStr)
	if err != nil {
		return nil, 0, err
	}
	b.Compressed = compressed
	return b, size, nil
}

// inflate rebuilds the uncompressed binary: the header and the decompressed
// bytes that followed EntriesOffset, in one buffer of exactly InflatedSize
// bytes charged to the budget before it is allocated.
func (o ParseOptions) inflate(data []byte) ([]byte, error) {
	le := binary.LittleEndian
	budget := o.Budget
	if budget == nil {
		budget = inflate.New(inflate.DefaultLimit)
	}
	inflated := le.Uint64(data[32:])
	entriesOff := le.Uint64(data[16:])
	if entriesOff < HeaderSizeV3 || entriesOff > uint64(len(data)) || entriesOff > inflated {
		return nil, &FormatError{Offset: 16, Msg: fmt.Sprintf("entries offset %d invalid for a compressed binary of %d bytes", entriesOff, len(data))}
	}
	payload := data[entriesOff:]
	out, err := budget.Decompress(data[:entriesOff], payload, inflate.Detect(payload), inflated-entriesOff)
	if err != nil {
		var se *inflate.SizeError
		if errors.As(err, &se) {
			return nil, &FormatError{Offset: 32, Msg: fmt.Sprintf("inflated size %d does not match the decompressed data: %v", inflated, err), Err: err}
		}
		var ee *inflate.ExceededError
		if errors.As(err, &ee) {
			return nil, &FormatError{Offset: 32, Msg: fmt.Sprintf("inflated size %d: %v", inflated, err), Err: err}
		}
		return nil, &FormatError{Offset: entriesOff, Msg: "decompressing: " + err.Error(), Err: err}
	}
	le.PutUint64(out[8:], inflated)
	le.PutUint64(out[32:], 0)
	return out, nil
}

// span is a byte range [off, off+size) of a binary and the header field
// that gave it.
type span struct {
	off, size, field uint64
	entry            int
}

// firstOverlap returns the indexes (into spans) of the first two non-empty
// ranges that share bytes, in file order, or ok = false.
func firstOverlap(spans []span) (a, b int, ok bool) {
	order := make([]int, 0, len(spans))
	for i, s := range spans {
		if s.size > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return spans[order[x]].off < spans[order[y]].off })
	for k := 1; k < len(order); k++ {
		p, c := spans[order[k-1]], spans[order[k]]
		if c.off < p.off+p.size {
			return order[k-1], order[k], true
		}
	}
	return 0, 0, false
}

// strSpan locates one key or value in the binary.
type strSpan struct{ off, size uint64 }

// decode reads an uncompressed binary of exactly len(data) bytes. Images
// alias data when owned (a buffer the reader decompressed) and are copied
// otherwise; strings are substrings of one copy of the bytes they span.
// Images and string-entry arrays of different entries may not overlap
// (LLVM writes them back to back; overlap would let a small file describe
// unbounded data), while strings may share table bytes, as LLVM's string
// table merges them, up to maxStr bytes in all.
func decode(data []byte, v uint32, hdrSize uint64, owned bool, maxStr uint64) (*Binary, error) {
	le := binary.LittleEndian
	size := uint64(len(data))
	entriesOff := le.Uint64(data[16:])
	count := le.Uint64(data[24:])
	if v == Version1 {
		count = 1 // the field is the entry's size, not a count
	}
	if entriesOff < hdrSize || entriesOff > size || count > (size-entriesOff)/EntrySize {
		return nil, &FormatError{Offset: 16, Msg: fmt.Sprintf("%d entries at offset %d do not fit in %d bytes", count, entriesOff, size)}
	}
	strSize := uint64(StringSizeV2)
	if v == Version1 {
		strSize = StringSizeV1
	}
	images := make([]span, count)
	tables := make([]span, count)
	var nStrings uint64
	for i := uint64(0); i < count; i++ {
		p := entriesOff + EntrySize*i
		h := data[p : p+EntrySize]
		strOff, nStr := le.Uint64(h[8:]), le.Uint64(h[16:])
		imgOff, imgSize := le.Uint64(h[24:]), le.Uint64(h[32:])
		if strOff > size || nStr > (size-strOff)/strSize {
			return nil, &FormatError{Offset: p + 8, Msg: fmt.Sprintf("entry %d: %d strings at offset %d do not fit in %d bytes", i, nStr, strOff, size)}
		}
		if imgOff > size || imgSize > size-imgOff {
			return nil, &FormatError{Offset: p + 24, Msg: fmt.Sprintf("entry %d: image [%d, +%d) past the end (%d bytes)", i, imgOff, imgSize, size)}
		}
		images[i] = span{imgOff, imgSize, p + 24, int(i)}
		tables[i] = span{strOff, nStr * strSize, p + 8, int(i)}
		nStrings += nStr
	}
	for _, c := range []struct {
		spans []span
		what  string
	}{{images, "image"}, {tables, "string entries"}} {
		if x, y, ok := firstOverlap(c.spans); ok {
			a, b := c.spans[x], c.spans[y]
			return nil, &FormatError{Offset: b.field, Msg: fmt.Sprintf("entry %d: %s [%d, +%d) overlap those of entry %d [%d, +%d)",
				b.entry, c.what, b.off, b.size, a.entry, a.off, a.size)}
		}
	}

	// Locate every key and value first, then copy the range they span
	// once: shared strings cost nothing, and image bytes outside that
	// range are not copied twice.
	nuls := nulFinder{data: data}
	spans := make([]strSpan, 0, 2*nStrings)
	lo, hi := size, uint64(0)
	var total uint64
	for i := uint64(0); i < count; i++ {
		t := tables[i]
		for j := uint64(0); j < t.size/strSize; j++ {
			sp := t.off + strSize*j
			key, err := nuls.cstring(le.Uint64(data[sp:]), sp)
			if err != nil {
				return nil, err
			}
			var val strSpan
			if v == Version1 {
				if val, err = nuls.cstring(le.Uint64(data[sp+8:]), sp+8); err != nil {
					return nil, err
				}
			} else {
				val = strSpan{le.Uint64(data[sp+8:]), le.Uint64(data[sp+16:])}
				if val.off > size || val.size > size-val.off {
					return nil, &FormatError{Offset: sp + 8, Msg: fmt.Sprintf("entry %d: value [%d, +%d) past the end (%d bytes)", i, val.off, val.size, size)}
				}
			}
			total += key.size + val.size
			if total > maxStr {
				return nil, &FormatError{Offset: sp, Msg: fmt.Sprintf("entry %d: strings add up to more than %d bytes (shared string table bytes count once per use)", i, maxStr)}
			}
			for _, s := range []strSpan{key, val} {
				if s.size == 0 {
					continue
				}
				if s.off < lo {
					lo = s.off
				}
				if s.off+s.size > hi {
					hi = s.off + s.size
				}
			}
			spans = append(spans, key, val)
		}
	}
	var tab string
	if lo < hi {
		tab = string(data[lo:hi])
	}
	str := func(s strSpan) string {
		if s.size == 0 {
			return ""
		}
		return tab[s.off-lo : s.off-lo+s.size]
	}

	b := &Binary{Version: v, Entries: make([]Entry, count)}
	k := 0
	for i := range b.Entries {
		h := data[entriesOff+EntrySize*uint64(i):]
		e := Entry{
			ImageKind:   ImageKind(le.Uint16(h)),
			OffloadKind: OffloadKind(le.Uint16(h[2:])),
			Flags:       le.Uint32(h[4:]),
		}
		if n := tables[i].size / strSize; n > 0 {
			e.Strings = make([]String, n)
			for j := range e.Strings {
				e.Strings[j] = String{str(spans[k]), str(spans[k+1])}
				k += 2
			}
		}
		img := data[images[i].off : images[i].off+images[i].size]
		if owned {
			e.Image = img[:len(img):len(img)]
		} else {
			e.Image = append([]byte{}, img...)
		}
		b.Entries[i] = e
	}
	return b, nil
}

// nulBlock is the granularity of nulFinder's index: a key or value scan
// reads at most one block before jumping through the index.
const nulBlock = 256

// nulFinder finds the NUL ending a string in time bounded by nulBlock,
// whatever the offsets: hostile entries can point thousands of keys at
// bytes far from any NUL. The index (one offset per block, 3% of the
// data) is built on the first scan that leaves its block.
type nulFinder struct {
	data []byte
	next []uint64 // next[b]: first NUL at or after block b, or len(data)
}

// cstring locates the NUL-terminated string at off; field is where off
// came from (for the error).
func (f *nulFinder) cstring(off, field uint64) (strSpan, error) {
	n := uint64(len(f.data))
	if off >= n {
		return strSpan{}, &FormatError{Offset: field, Msg: fmt.Sprintf("string offset %d past the end", off)}
	}
	end := (off/nulBlock + 1) * nulBlock
	if end > n {
		end = n
	}
	if i := bytes.IndexByte(f.data[off:end], 0); i >= 0 {
		return strSpan{off, uint64(i)}, nil
	}
	nul := n
	if end < n {
		if f.next == nil {
			f.index()
		}
		nul = f.next[end/nulBlock]
	}
	if nul >= n {
		return strSpan{}, &FormatError{Offset: field, Msg: fmt.Sprintf("string at %d is not NUL-terminated", off)}
	}
	return strSpan{off, nul - off}, nil
}

func (f *nulFinder) index() {
	n := uint64(len(f.data))
	f.next = make([]uint64, (n+nulBlock-1)/nulBlock)
	next := n
	for b := len(f.next) - 1; b >= 0; b-- {
		s := uint64(b) * nulBlock
		e := s + nulBlock
		if e > n {
			e = n
		}
		if i := bytes.IndexByte(f.data[s:e], 0); i >= 0 {
			next = s + uint64(i)
		}
		f.next[b] = next
	}
}
