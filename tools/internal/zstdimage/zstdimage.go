// Package zstdimage compresses device images the way the SYCL runtime
// expects for SYCL_DEVICE_BINARY_TYPE_COMPRESSED_NONE (format 4): the image
// bytes replaced by one plain zstd frame that records the content size (the
// runtime sizes its buffer with ZSTD_getFrameContentSize). Data is streamed
// through a bounded encoder window, never held whole in memory.
package zstdimage

import (
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Defaults of the DPC++ driver (--offload-compression-level /
// --offload-compression-threshold).
const (
	DefaultLevel     = 10
	DefaultThreshold = 512
)

// ShouldCompress reports whether an image of size bytes is compressed: only
// sizes above the threshold are.
func ShouldCompress(size, threshold int64) bool { return size > threshold }

// LevelError reports a zstd level outside 1..22.
type LevelError struct{ Level int }

func (e *LevelError) Error() string {
	return fmt.Sprintf("zstd compression level %d out of range 1..22", e.Level)
}

// smallImage is the size below which an image is compressed in one shot.
const smallImage = 64 << 10

// Compress writes one zstd frame holding exactly size bytes read from r,
// with the content size in the frame header. Levels are zstd's 1..22,
// mapped to the encoder's nearest speed class. A single encoder goroutine
// keeps output identical from run to run.
func Compress(w io.Writer, r io.Reader, size int64, level int) error {
	return compress(w, r, size, level, smallImage)
}

// compress is Compress with images below oneShot bytes compressed in one
// shot (the fuzz target lowers it to reach the streamed form with small
// inputs; at least 256, see below).
func compress(w io.Writer, r io.Reader, size int64, level int, oneShot int64) error {
	if level < 1 || level > 22 {
		return &LevelError{level}
	}
	enc, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(level)),
		zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderCRC(false),   // libzstd's default: no checksum
		zstd.WithZeroFrames(true),    // an empty image is still one frame
		zstd.WithSingleSegment(true), // one-shot frames always carry the size
	)
	if err != nil {
		return err
	}
	if size < oneShot {
		// The streaming encoder omits the content-size field for sizes
		// below 256 (legal zstd, but the runtime needs the size); the
		// one-shot encoder writes a single-segment frame that always has
		// it. Small images are cheap to buffer.
		buf := make([]byte, size)
		if _, err := io.ReadFull(r, buf); err != nil {
			enc.Close()
			return fmt.Errorf("input shorter than %d bytes: %w", size, err)
		}
		_, err := w.Write(enc.EncodeAll(buf, nil))
		enc.Close()
		return err
	}
	enc.ResetContentSize(w, size)
	n, err := io.CopyN(enc, r, size)
	if err != nil {
		enc.Close()
		if err == io.EOF {
			return fmt.Errorf("input ended after %d of %d bytes", n, size)
		}
		return err
	}
	return enc.Close()
}
