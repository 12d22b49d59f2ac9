package zstdimage

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func sample(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*i>>5) ^ byte(i>>9)
	}
	return b
}

func TestRoundTripAndHeader(t *testing.T) {
	for _, n := range []int{0, 1, 513, 100000, 3 << 20} {
		for _, level := range []int{1, 3, 10, 19, 22} {
			in := sample(n)
			var out bytes.Buffer
			if err := Compress(&out, bytes.NewReader(in), int64(n), level); err != nil {
				t.Fatal(err)
			}
			var h zstd.Header
			if err := h.Decode(out.Bytes()); err != nil {
				t.Fatal(err)
			}
			if !h.HasFCS || h.FrameContentSize != uint64(n) {
				t.Errorf("n=%d level=%d: content size in header %v %d", n, level, h.HasFCS, h.FrameContentSize)
			}
			dec, _ := zstd.NewReader(nil)
			got, err := dec.DecodeAll(out.Bytes(), nil)
			dec.Close()
			if err != nil || !bytes.Equal(got, in) {
				t.Errorf("n=%d level=%d: round trip failed: %v", n, level, err)
			}
			// Exactly one frame: nothing follows the first frame.
			if h.FirstBlock.Last == false && n == 0 {
				t.Errorf("empty input should be a single last block")
			}
			var again bytes.Buffer
			Compress(&again, bytes.NewReader(in), int64(n), level)
			if !bytes.Equal(again.Bytes(), out.Bytes()) {
				t.Errorf("n=%d level=%d: output not deterministic", n, level)
			}
		}
	}
}

// TestZstdCLI checks the frame with the reference implementation when the
// zstd command is installed: it must decode and report the content size.
func TestZstdCLI(t *testing.T) {
	zstdCmd, err := exec.LookPath("zstd")
	if err != nil {
		t.Skip("no zstd command")
	}
	dir := t.TempDir()
	in := sample(200000)
	var out bytes.Buffer
	if err := Compress(&out, bytes.NewReader(in), int64(len(in)), DefaultLevel); err != nil {
		t.Fatal(err)
	}
	zst := filepath.Join(dir, "img.zst")
	os.WriteFile(zst, out.Bytes(), 0o644)
	got, err := exec.Command(zstdCmd, "-d", "-c", zst).Output()
	if err != nil || !bytes.Equal(got, in) {
		t.Fatalf("zstd -d: %v", err)
	}
	list, err := exec.Command(zstdCmd, "-lv", zst).CombinedOutput()
	if err != nil {
		t.Fatalf("zstd -lv: %v\n%s", err, list)
	}
	if !strings.Contains(string(list), "# Zstandard Frames: 1") || !strings.Contains(string(list), "(200000 B)") {
		t.Errorf("zstd -lv:\n%s", list)
	}
}

func TestErrors(t *testing.T) {
	var le *LevelError
	if err := Compress(io.Discard, strings.NewReader("x"), 1, 0); !errors.As(err, &le) {
		t.Errorf("level 0: %v", err)
	}
	if err := Compress(io.Discard, strings.NewReader("x"), 1, 23); !errors.As(err, &le) {
		t.Errorf("level 23: %v", err)
	}
	if err := Compress(io.Discard, strings.NewReader("short"), 10, 3); err == nil {
		t.Error("short input accepted")
	}
}

func TestShouldCompress(t *testing.T) {
	if ShouldCompress(512, DefaultThreshold) || !ShouldCompress(513, DefaultThreshold) {
		t.Error("threshold is exclusive: only sizes above it compress")
	}
}

// FuzzCompress: for any bytes, declared size and level, Compress writes
// one frame that records the size and decodes to the first size bytes, or,
// for an input shorter than size or a level out of range, fails without
// panicking. The frame's both forms (one-shot below 64 KiB, streamed above)
// are reached through the size: the fuzz target streams from 256 bytes on
// (the smallest size the streamed frame records), so that small inputs,
// which the fuzzer mutates and minimizes quickly, reach both.
func FuzzCompress(f *testing.F) {
	const oneShot = 256
	f.Add([]byte(""), int64(0), 10)
	f.Add(sample(200), int64(200), 3)
	f.Add(sample(600), int64(600), 3)
	f.Add(sample(600), int64(700), 22)
	f.Add(sample(600), int64(300), 19)
	f.Add([]byte("x"), int64(1), 0)
	dec, err := zstd.NewReader(nil)
	if err != nil {
		f.Fatal(err)
	}
	defer dec.Close()
	f.Fuzz(func(t *testing.T, data []byte, size int64, level int) {
		if size < 0 || size > int64(len(data))+1024 {
			// Sizes far beyond the data only repeat the short-input
			// case; bounded so that one run stays fast.
			return
		}
		var out bytes.Buffer
		err := compress(&out, bytes.NewReader(data), size, level, oneShot)
		var le *LevelError
		switch {
		case level < 1 || level > 22:
			if !errors.As(err, &le) {
				t.Fatalf("level %d: %v, want a *LevelError", level, err)
			}
			return
		case size > int64(len(data)):
			if err == nil {
				t.Fatalf("size %d of %d bytes: no error", size, len(data))
			}
			return
		case err != nil:
			t.Fatalf("Compress: %v", err)
		}
		var h zstd.Header
		if err := h.Decode(out.Bytes()); err != nil {
			t.Fatalf("header: %v", err)
		}
		if !h.HasFCS || h.FrameContentSize != uint64(size) {
			t.Fatalf("header content size %v %d, want %d", h.HasFCS, h.FrameContentSize, size)
		}
		got, err := dec.DecodeAll(out.Bytes(), nil)
		if err != nil || !bytes.Equal(got, data[:size]) {
			t.Fatalf("decoded %d bytes (%v), want the first %d", len(got), err, size)
		}
	})
}
