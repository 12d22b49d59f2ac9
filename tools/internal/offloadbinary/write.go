package offloadbinary

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// WriteError reports a binary that cannot be encoded.
type WriteError struct{ Msg string }

func (e *WriteError) Error() string { return "offloadbinary: " + e.Msg }

// DefaultCompressionLevel is the zstd level used for v3 compression when
// none is given (libzstd's default; LLVM's choice is not recorded in the
// reference).
const DefaultCompressionLevel = 3

// WriteOptions tune Bytes.
type WriteOptions struct {
	// Level is the zstd level (1..22) for compressed v3 binaries; 0 means
	// DefaultCompressionLevel.
	Level int
}

func align8(n uint64) uint64 { return (n + 7) &^ 7 }

// Bytes encodes b. Version 0 means CurrentVersion. Compression
// (b.Compressed) needs version 3.
func (b *Binary) Bytes(opt WriteOptions) ([]byte, error) {
	v := b.Version
	if v == 0 {
		v = CurrentVersion
	}
	if v < Version1 || v > Version3 {
		return nil, &WriteError{fmt.Sprintf("unsupported version %d", v)}
	}
	if v == Version1 && len(b.Entries) != 1 {
		return nil, &WriteError{fmt.Sprintf("version 1 holds exactly one entry, have %d", len(b.Entries))}
	}
	if b.Compressed && v != Version3 {
		return nil, &WriteError{"compression needs version 3"}
	}
	hdrSize := uint64(HeaderSizeV1)
	if v == Version3 {
		hdrSize = HeaderSizeV3
	}
	strSize := uint64(StringSizeV2)
	if v == Version1 {
		strSize = StringSizeV1
	}
	for i, e := range b.Entries {
		for _, s := range e.Strings {
			if strings.IndexByte(s.Key, 0) >= 0 {
				return nil, &WriteError{fmt.Sprintf("entry %d: key %q contains NUL", i, s.Key)}
			}
			if v == Version1 && strings.IndexByte(s.Value, 0) >= 0 {
				return nil, &WriteError{fmt.Sprintf("entry %d: value of %q contains NUL (needs version 2+)", i, s.Key)}
			}
		}
	}

	// String table: a leading NUL, then every distinct string once.
	table := []byte{0}
	offs := map[string]uint64{}
	var nStrings uint64
	for _, e := range b.Entries {
		for _, s := range e.Strings {
			nStrings++
			for _, str := range []string{s.Key, s.Value} {
				if _, ok := offs[str]; !ok {
					offs[str] = uint64(len(table))
					table = append(append(table, str...), 0)
				}
			}
		}
	}
	entriesOff := hdrSize
	stringsOff := entriesOff + EntrySize*uint64(len(b.Entries))
	tableOff := stringsOff + strSize*nStrings
	imagesOff := align8(tableOff + uint64(len(table)))
	total := imagesOff
	for _, e := range b.Entries {
		total += uint64(len(e.Image))
	}
	size := align8(total)
	out := make([]byte, size)
	le := binary.LittleEndian
	copy(out, Magic[:])
	le.PutUint32(out[4:], v)
	le.PutUint64(out[8:], size)
	le.PutUint64(out[16:], entriesOff)
	if v == Version1 {
		le.PutUint64(out[24:], EntrySize)
	} else {
		le.PutUint64(out[24:], uint64(len(b.Entries)))
	}
	sp, ip := stringsOff, imagesOff
	for i, e := range b.Entries {
		p := entriesOff + EntrySize*uint64(i)
		le.PutUint16(out[p:], uint16(e.ImageKind))
		le.PutUint16(out[p+2:], uint16(e.OffloadKind))
		le.PutUint32(out[p+4:], e.Flags)
		le.PutUint64(out[p+8:], sp)
		le.PutUint64(out[p+16:], uint64(len(e.Strings)))
		le.PutUint64(out[p+24:], ip)
		le.PutUint64(out[p+32:], uint64(len(e.Image)))
		for _, s := range e.Strings {
			le.PutUint64(out[sp:], tableOff+offs[s.Key])
			le.PutUint64(out[sp+8:], tableOff+offs[s.Value])
			if v != Version1 {
				le.PutUint64(out[sp+16:], uint64(len(s.Value)))
			}
			sp += strSize
		}
		copy(out[ip:], e.Image)
		ip += uint64(len(e.Image))
	}
	copy(out[tableOff:], table)
	if !b.Compressed {
		return out, nil
	}

	level := opt.Level
	if level == 0 {
		level = DefaultCompressionLevel
	}
	if level < 1 || level > 22 {
		return nil, &WriteError{fmt.Sprintf("zstd level %d out of range 1..22", level)}
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(level)),
		zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false))
	if err != nil {
		return nil, err
	}
	comp := enc.EncodeAll(out[entriesOff:], nil)
	enc.Close()
	// Size counts the header and the compressed bytes; the padding to 8
	// that follows is not part of it (readers step by align8(Size)).
	c := make([]byte, align8(entriesOff+uint64(len(comp))))
	copy(c, out[:entriesOff])
	le.PutUint64(c[8:], entriesOff+uint64(len(comp)))
	le.PutUint64(c[32:], size)
	copy(c[entriesOff:], comp)
	return c, nil
}

// Concat encodes binaries back to back; each is a multiple of 8 bytes, so
// every one starts aligned.
func Concat(bins []*Binary, opt WriteOptions) ([]byte, error) {
	var out []byte
	for i, b := range bins {
		enc, err := b.Bytes(opt)
		if err != nil {
			return nil, fmt.Errorf("binary %d: %w", i, err)
		}
		out = append(out, enc...)
	}
	return out, nil
}
