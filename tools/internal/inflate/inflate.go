// Package inflate decompresses container payloads (zstd frames, zlib
// streams) under one decompression budget shared by the whole process.
//
// A hostile container can declare, and a tiny compressed stream can
// produce, gigabytes. Per-container caps do not help when a file holds many
// containers, so every reader of one process charges one Budget: the
// declared size is reserved before anything is allocated, the output buffer
// is allocated once at exactly that size (no growth, no copies: memory is
// about 1x the decompressed size) and the stream must fill it exactly.
package inflate

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// DefaultLimit is the total number of decompressed bytes one process may
// hold when neither the flag nor EnvVar says otherwise. Device images of
// this pipeline are kilobytes to tens of megabytes; users with larger
// compressed containers raise it.
const DefaultLimit = 256 << 20

// EnvVar names the environment variable that sets the budget (a byte count
// with an optional K, M or G suffix, powers of 1024).
const EnvVar = "RULES_SYCL_MAX_DECOMPRESSED"

// ExceededError reports a reservation the budget cannot cover.
type ExceededError struct {
	Want, Used, Limit uint64
}

func (e *ExceededError) Error() string {
	return fmt.Sprintf("decompressing %d bytes would exceed the decompression budget (%d of %d bytes already used; raise it with %s or -max-decompressed)",
		e.Want, e.Used, e.Limit, EnvVar)
}

// Budget counts decompressed bytes against a limit. It is safe for
// concurrent use. Memory is never given back to it: the budget bounds what
// a process decompresses in total, which bounds what it can hold.
type Budget struct {
	mu    sync.Mutex
	limit uint64
	used  uint64
}

// New returns a budget of limit bytes.
func New(limit uint64) *Budget { return &Budget{limit: limit} }

// FromEnv returns a budget sized by EnvVar as read through getenv, or
// DefaultLimit when it is unset.
func FromEnv(getenv func(string) string) (*Budget, error) {
	s := getenv(EnvVar)
	if s == "" {
		return New(DefaultLimit), nil
	}
	n, err := ParseSize(s)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", EnvVar, err)
	}
	return New(n), nil
}

// ParseSize reads a byte count: decimal digits with an optional K, M or G
// suffix (powers of 1024).
func ParseSize(s string) (uint64, error) {
	mul := uint64(1)
	t := strings.TrimSpace(s)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'k', 'K':
			mul, t = 1<<10, t[:n-1]
		case 'm', 'M':
			mul, t = 1<<20, t[:n-1]
		case 'g', 'G':
			mul, t = 1<<30, t[:n-1]
		}
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil || n > ^uint64(0)/mul {
		return 0, fmt.Errorf("size %q is not a byte count (digits with an optional K, M or G suffix)", s)
	}
	return n * mul, nil
}

// Limit returns the budget's size.
func (b *Budget) Limit() uint64 { return b.limit }

// Used returns the bytes reserved so far.
func (b *Budget) Used() uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Reserve charges n bytes or fails with *ExceededError, charging nothing.
func (b *Budget) Reserve(n uint64) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n > b.limit-b.used {
		return &ExceededError{Want: n, Used: b.used, Limit: b.limit}
	}
	b.used += n
	return nil
}

// Alloc reserves n bytes and returns a zeroed buffer of that length.
func (b *Budget) Alloc(n uint64) ([]byte, error) {
	if err := b.Reserve(n); err != nil {
		return nil, err
	}
	return make([]byte, n), nil
}

// Method is a compression format.
type Method int

// Methods.
const (
	Zstd Method = iota
	Zlib
)

func (m Method) String() string {
	if m == Zlib {
		return "zlib"
	}
	return "zstd"
}

// zstdMagic starts every zstd frame.
var zstdMagic = []byte{0x28, 0xB5, 0x2F, 0xFD}

// Detect returns Zstd when src starts with the zstd frame magic, else Zlib
// (LLVM's rule for OffloadBinary v3).
func Detect(src []byte) Method {
	if bytes.HasPrefix(src, zstdMagic) {
		return Zstd
	}
	return Zlib
}

// SizeError reports a stream that does not decompress to the declared size.
type SizeError struct {
	Declared uint64
	Short    bool // the stream ended early (else it holds more)
}

func (e *SizeError) Error() string {
	if e.Short {
		return fmt.Sprintf("stream holds fewer than the declared %d bytes", e.Declared)
	}
	return fmt.Sprintf("stream holds more than the declared %d bytes", e.Declared)
}

// Fill decompresses src into out, which the stream must fill exactly.
// Nothing beyond len(out) is ever allocated for output.
func Fill(out, src []byte, m Method) error {
	switch m {
	case Zstd:
		return fillZstd(out, src)
	case Zlib:
		z, err := zlib.NewReader(bytes.NewReader(src))
		if err != nil {
			return fmt.Errorf("zlib: %w", err)
		}
		defer z.Close()
		return fillFrom(out, z)
	}
	return fmt.Errorf("unknown compression method %d", m)
}

func fillZstd(out, src []byte) error {
	// Frames that record their size are decoded straight into out; the
	// cap limit makes the decoder fail rather than grow it.
	// The decoder caps its window at this size too: a floor of 8 MiB keeps
	// honest frames whose window exceeds their content readable, and the
	// history lives in out itself, so the floor allocates nothing.
	max := uint64(len(out))
	if max < 8<<20 {
		max = 8 << 20
	}
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecodeAllCapLimit(true), zstd.WithDecoderMaxMemory(max))
	if err != nil {
		return fmt.Errorf("zstd: %w", err)
	}
	defer d.Close()
	got, err := d.DecodeAll(src, out[:0])
	if err != nil {
		if errors.Is(err, zstd.ErrDecoderSizeExceeded) {
			return &SizeError{Declared: uint64(len(out))}
		}
		return fmt.Errorf("zstd: %w", err)
	}
	if len(got) != len(out) {
		return &SizeError{Declared: uint64(len(out)), Short: len(got) < len(out)}
	}
	return nil
}

func fillFrom(out []byte, r io.Reader) error {
	_, err := io.ReadFull(r, out)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &SizeError{Declared: uint64(len(out)), Short: true}
	}
	if err != nil {
		return err
	}
	var one [1]byte
	k, err := r.Read(one[:])
	for k == 0 && err == nil {
		k, err = r.Read(one[:])
	}
	if k > 0 {
		return &SizeError{Declared: uint64(len(out))}
	}
	if err != io.EOF {
		return err
	}
	return nil
}

// Decompress reserves size bytes of b, allocates them once and fills them
// from src. prefix bytes are copied in front (a container header that the
// decompressed body follows); the budget is charged for both.
func (b *Budget) Decompress(prefix, src []byte, m Method, size uint64) ([]byte, error) {
	p := uint64(len(prefix))
	if size > ^uint64(0)-p {
		return nil, &ExceededError{Want: size, Used: b.Used(), Limit: b.limit}
	}
	out, err := b.Alloc(p + size)
	if err != nil {
		return nil, err
	}
	copy(out, prefix)
	if err := Fill(out[p:], src, m); err != nil {
		return nil, err
	}
	return out, nil
}
