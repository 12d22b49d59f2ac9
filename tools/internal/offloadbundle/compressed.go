package offloadbundle

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/klauspost/compress/zstd"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
)

// CompressedMagic starts a compressed bundle.
const CompressedMagic = "CCOB"

// Compression methods (llvm::compression::Format order; [inferred] by the
// reference: zlib = 0, zstd = 1; clang-offload-bundler 19 writes 1 for
// zstd).
const (
	MethodZlib uint16 = 0
	MethodZstd uint16 = 1
)

// Compressed header versions and sizes.
const (
	CompressedV1 = 1 // 20-byte header: no total size, u32 sizes
	CompressedV2 = 2 // 24-byte header: u32 total file size (current)
	CompressedV3 = 3 // 32-byte header: u64 sizes (experimental)
)

// DefaultCompressionLevel is the zstd level used when none is given.
// clang-offload-bundler's own default is not recorded in the reference.
// (klauspost's encoder maps levels onto four speed classes, so output bytes
// differ from libzstd's even at equal levels; both decode alike.)
const DefaultCompressionLevel = 3

// CompressedInfo describes a compressed wrapper.
type CompressedInfo struct {
	Version          uint16
	Method           uint16
	TotalSize        uint64 // 0 in v1 (not recorded)
	UncompressedSize uint64
	Hash             uint64
}

// IsCompressed reports whether data starts with "CCOB".
func IsCompressed(data []byte) bool { return bytes.HasPrefix(data, []byte(CompressedMagic)) }

// hashHalves returns both 64-bit halves (LE) of the MD5 of data. The
// reference leaves open which half LLVM keeps; clang-offload-bundler 19
// stores the first 8 digest bytes, which the writer does too. The reader
// accepts either half.
func hashHalves(data []byte) (first, second uint64) {
	sum := md5.Sum(data)
	return binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:])
}

func compressedHeaderSize(v uint16) int {
	switch v {
	case CompressedV1:
		return 20
	case CompressedV2:
		return 24
	}
	return 32
}

// Compress wraps an encoded bundle in a CCOB header (version 1, 2 or 3)
// with zstd at level (0: DefaultCompressionLevel).
func Compress(bundle []byte, version uint16, level int) ([]byte, error) {
	if version < CompressedV1 || version > CompressedV3 {
		return nil, &WriteError{fmt.Sprintf("unsupported compressed bundle version %d", version)}
	}
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
	comp := enc.EncodeAll(bundle, nil)
	enc.Close()
	hs := compressedHeaderSize(version)
	total := uint64(hs + len(comp))
	if version < CompressedV3 && (uint64(len(bundle)) > 0xffffffff || total > 0xffffffff) {
		return nil, &WriteError{fmt.Sprintf("bundle too large for a version %d header (u32 sizes); use version 3", version)}
	}
	le := binary.LittleEndian
	out := make([]byte, hs, total)
	copy(out, CompressedMagic)
	le.PutUint16(out[4:], version)
	le.PutUint16(out[6:], MethodZstd)
	h, _ := hashHalves(bundle)
	switch version {
	case CompressedV1:
		le.PutUint32(out[8:], uint32(len(bundle)))
		le.PutUint64(out[12:], h)
	case CompressedV2:
		le.PutUint32(out[8:], uint32(total))
		le.PutUint32(out[12:], uint32(len(bundle)))
		le.PutUint64(out[16:], h)
	default:
		le.PutUint64(out[8:], total)
		le.PutUint64(out[16:], uint64(len(bundle)))
		le.PutUint64(out[24:], h)
	}
	return append(out, comp...), nil
}

// Decompress unwraps a CCOB bundle, checking sizes and the hash. The
// declared size is charged to budget (nil: a budget of
// inflate.DefaultLimit for this call) before one buffer of exactly that
// size is allocated; the stream must fill it exactly.
func Decompress(data []byte, budget *inflate.Budget) ([]byte, *CompressedInfo, error) {
	le := binary.LittleEndian
	if budget == nil {
		budget = inflate.New(inflate.DefaultLimit)
	}
	if !IsCompressed(data) {
		return nil, nil, &FormatError{0, "no " + CompressedMagic + " magic"}
	}
	if len(data) < 8 {
		return nil, nil, &FormatError{4, "truncated compressed header"}
	}
	info := &CompressedInfo{Version: le.Uint16(data[4:]), Method: le.Uint16(data[6:])}
	if info.Version < CompressedV1 || info.Version > CompressedV3 {
		return nil, nil, &FormatError{4, fmt.Sprintf("unsupported compressed bundle version %d", info.Version)}
	}
	hs := compressedHeaderSize(info.Version)
	if len(data) < hs {
		return nil, nil, &FormatError{0, fmt.Sprintf("%d bytes are too short for a version %d header (%d)", len(data), info.Version, hs)}
	}
	switch info.Version {
	case CompressedV1:
		info.UncompressedSize = uint64(le.Uint32(data[8:]))
		info.Hash = le.Uint64(data[12:])
	case CompressedV2:
		info.TotalSize = uint64(le.Uint32(data[8:]))
		info.UncompressedSize = uint64(le.Uint32(data[12:]))
		info.Hash = le.Uint64(data[16:])
	default:
		info.TotalSize = le.Uint64(data[8:])
		info.UncompressedSize = le.Uint64(data[16:])
		info.Hash = le.Uint64(data[24:])
	}
	payload := data[hs:]
	if info.Version >= CompressedV2 {
		if info.TotalSize < uint64(hs) || info.TotalSize > uint64(len(data)) {
			return nil, nil, &FormatError{8, fmt.Sprintf("total size %d outside [%d, %d]", info.TotalSize, hs, len(data))}
		}
		payload = data[hs:info.TotalSize]
	}
	sizeField := uint64(12)
	if info.Version == CompressedV1 {
		sizeField = 8
	} else if info.Version == CompressedV3 {
		sizeField = 16
	}
	var m inflate.Method
	switch info.Method {
	case MethodZstd:
		m = inflate.Zstd
	case MethodZlib:
		m = inflate.Zlib
	default:
		return nil, nil, &FormatError{6, fmt.Sprintf("unknown compression method %d", info.Method)}
	}
	out, err := budget.Decompress(nil, payload, m, info.UncompressedSize)
	if err != nil {
		var ee *inflate.ExceededError
		var se *inflate.SizeError
		if errors.As(err, &ee) || errors.As(err, &se) {
			return nil, nil, &FormatError{sizeField, fmt.Sprintf("uncompressed size %d: %v", info.UncompressedSize, err)}
		}
		return nil, nil, &FormatError{uint64(hs), "decompressing: " + err.Error()}
	}
	if a, b := hashHalves(out); info.Hash != a && info.Hash != b {
		return nil, nil, &FormatError{uint64(hs - 8), fmt.Sprintf("hash %#016x does not match the MD5 of the uncompressed data", info.Hash)}
	}
	return out, info, nil
}
