package offloadbinary

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// FormatError reports a malformed binary. Offset is relative to the start
// of the data given to Parse/ParseAll.
type FormatError struct {
	Offset uint64
	Msg    string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("offloadbinary: at offset %#x: %s", e.Offset, e.Msg)
}

// VersionError reports an unknown header version.
type VersionError struct{ Version uint32 }

func (e *VersionError) Error() string {
	return fmt.Sprintf("offloadbinary: unsupported version %d (want 1..%d)", e.Version, CurrentVersion)
}

// DefaultMaxInflatedSize caps the decompressed size of a v3 binary unless
// ParseOptions says otherwise.
const DefaultMaxInflatedSize = 1 << 32

// ParseOptions tune the reader.
type ParseOptions struct {
	// MaxInflatedSize rejects compressed binaries declaring a larger
	// uncompressed size; 0 means DefaultMaxInflatedSize.
	MaxInflatedSize uint64
}

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
		return nil, &FormatError{0, "no offload binary"}
	}
	return out, nil
}

// Parse is Parse with options.
func (o ParseOptions) Parse(data []byte) (*Binary, uint64, error) {
	le := binary.LittleEndian
	n := uint64(len(data))
	if n < 8 {
		return nil, 0, &FormatError{0, fmt.Sprintf("%d bytes are too short for a header", n)}
	}
	if !IsOffloadBinary(data) {
		return nil, 0, &FormatError{0, fmt.Sprintf("bad magic % x", data[:4])}
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
		return nil, 0, &FormatError{0, fmt.Sprintf("%d bytes are too short for a version %d header", n, v)}
	}
	size := le.Uint64(data[8:])
	if size < hdrSize || size > n {
		return nil, 0, &FormatError{8, fmt.Sprintf("size %d outside [%d, %d]", size, hdrSize, n)}
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
	b, err := decode(data, v, hdrSize)
	if err != nil {
		return nil, 0, err
	}
	b.Compressed = compressed
	return b, size, nil
}

// inflate rebuilds the uncompressed binary: the header and the decompressed
// bytes that followed EntriesOffset. Output is bounded by the declared
// InflatedSize (itself capped), never by trusting it for an allocation.
func (o ParseOptions) inflate(data []byte) ([]byte, error) {
	le := binary.LittleEndian
	max := o.MaxInflatedSize
	if max == 0 {
		max = DefaultMaxInflatedSize
	}
	inflated := le.Uint64(data[32:])
	entriesOff := le.Uint64(data[16:])
	if inflated > max {
		return nil, &FormatError{32, fmt.Sprintf("inflated size %d exceeds the limit %d", inflated, max)}
	}
	if entriesOff < HeaderSizeV3 || entriesOff > uint64(len(data)) || entriesOff > inflated {
		return nil, &FormatError{16, fmt.Sprintf("entries offset %d invalid for a compressed binary of %d bytes", entriesOff, len(data))}
	}
	payload := data[entriesOff:]
	var r io.Reader
	if len(payload) >= 4 && bytes.Equal(payload[:4], []byte{0x28, 0xB5, 0x2F, 0xFD}) {
		// The window may exceed the content size by rounding; a floor of
		// 8 MiB keeps honest frames readable while bounding hostile ones.
		mem := inflated + 1
		if mem < 8<<20 {
			mem = 8 << 20
		}
		d, err := zstd.NewReader(bytes.NewReader(payload), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(mem))
		if err != nil {
			return nil, &FormatError{entriesOff, "zstd: " + err.Error()}
		}
		defer d.Close()
		r = d
	} else {
		z, err := zlib.NewReader(bytes.NewReader(payload))
		if err != nil {
			return nil, &FormatError{entriesOff, "compressed data is neither zstd nor zlib: " + err.Error()}
		}
		defer z.Close()
		r = z
	}
	var buf bytes.Buffer
	buf.Write(data[:entriesOff])
	got, err := io.Copy(&buf, io.LimitReader(r, int64(inflated-entriesOff)+1))
	if err != nil {
		return nil, &FormatError{entriesOff, "decompressing: " + err.Error()}
	}
	if uint64(got) != inflated-entriesOff {
		return nil, &FormatError{32, fmt.Sprintf("inflated size %d does not match the %d bytes decompressed", inflated, entriesOff+uint64(got))}
	}
	out := buf.Bytes()
	le.PutUint64(out[8:], inflated)
	le.PutUint64(out[32:], 0)
	return out, nil
}

// decode reads an uncompressed binary of exactly len(data) bytes.
func decode(data []byte, v uint32, hdrSize uint64) (*Binary, error) {
	le := binary.LittleEndian
	size := uint64(len(data))
	entriesOff := le.Uint64(data[16:])
	count := le.Uint64(data[24:])
	if v == Version1 {
		count = 1 // the field is the entry's size, not a count
	}
	if entriesOff < hdrSize || entriesOff > size || count > (size-entriesOff)/EntrySize {
		return nil, &FormatError{16, fmt.Sprintf("%d entries at offset %d do not fit in %d bytes", count, entriesOff, size)}
	}
	strSize := uint64(StringSizeV2)
	if v == Version1 {
		strSize = StringSizeV1
	}
	b := &Binary{Version: v, Entries: make([]Entry, count)}
	for i := range b.Entries {
		p := entriesOff + EntrySize*uint64(i)
		h := data[p : p+EntrySize]
		e := Entry{
			ImageKind:   ImageKind(le.Uint16(h)),
			OffloadKind: OffloadKind(le.Uint16(h[2:])),
			Flags:       le.Uint32(h[4:]),
		}
		strOff, nStr := le.Uint64(h[8:]), le.Uint64(h[16:])
		imgOff, imgSize := le.Uint64(h[24:]), le.Uint64(h[32:])
		if strOff > size || nStr > (size-strOff)/strSize {
			return nil, &FormatError{p + 8, fmt.Sprintf("entry %d: %d strings at offset %d do not fit in %d bytes", i, nStr, strOff, size)}
		}
		if imgOff > size || imgSize > size-imgOff {
			return nil, &FormatError{p + 24, fmt.Sprintf("entry %d: image [%d, +%d) past the end (%d bytes)", i, imgOff, imgSize, size)}
		}
		if nStr > 0 {
			e.Strings = make([]String, nStr)
		}
		for j := range e.Strings {
			sp := strOff + strSize*uint64(j)
			key, err := cstring(data, le.Uint64(data[sp:]), sp)
			if err != nil {
				return nil, err
			}
			valOff := le.Uint64(data[sp+8:])
			var val string
			if v == Version1 {
				if val, err = cstring(data, valOff, sp+8); err != nil {
					return nil, err
				}
			} else {
				vs := le.Uint64(data[sp+16:])
				if valOff > size || vs > size-valOff {
					return nil, &FormatError{sp + 8, fmt.Sprintf("value of %q [%d, +%d) past the end", key, valOff, vs)}
				}
				val = string(data[valOff : valOff+vs])
			}
			e.Strings[j] = String{key, val}
		}
		e.Image = append([]byte{}, data[imgOff:imgOff+imgSize]...)
		b.Entries[i] = e
	}
	return b, nil
}

// cstring reads a NUL-terminated string at off; field is where off came
// from (for the error).
func cstring(data []byte, off, field uint64) (string, error) {
	if off >= uint64(len(data)) {
		return "", &FormatError{field, fmt.Sprintf("string offset %d past the end", off)}
	}
	i := bytes.IndexByte(data[off:], 0)
	if i < 0 {
		return "", &FormatError{field, fmt.Sprintf("string at %d is not NUL-terminated", off)}
	}
	return string(data[off : off+uint64(i)]), nil
}
