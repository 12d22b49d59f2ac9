// Package offloadbinary reads and writes LLVM OffloadBinary containers
// (magic 10 FF 10 AD), versions 1 to 3: the format the new offload driver
// embeds in host objects (section .llvm.offloading) and that SYCLBIN v2 is
// built on. A binary holds entries; each entry has an image kind, an
// offload kind, flags, a string map (triple, arch, ...) and image bytes.
// Several binaries may be concatenated, each starting 8-byte aligned.
//
// Layout written (all integers LE):
//
//	header (32 bytes; 40 for v3) | entries (40 each)
//	| string entries (16 each in v1, 24 in v2+; in entry order)
//	| string table (starts with NUL; NUL-terminated strings)
//	| zero pad to 8 | images back to back | zero pad to 8
//
// v3 compression: everything after EntriesOffset is replaced by a zstd
// frame (zlib is accepted on read); the header records InflatedSize.
package offloadbinary

import (
	"fmt"
)

// Magic is the first four bytes of every binary.
var Magic = [4]byte{0x10, 0xFF, 0x10, 0xAD}

// Versions and sizes.
const (
	Version1       = 1
	Version2       = 2
	Version3       = 3
	CurrentVersion = Version3

	HeaderSizeV1 = 32 // also v2
	HeaderSizeV3 = 40
	EntrySize    = 40
	StringSizeV1 = 16
	StringSizeV2 = 24 // also v3
	Alignment    = 8
)

// ImageKind is the kind of an entry's image bytes.
type ImageKind uint16

// Image kinds (newest upstream). intel/llvm adds IMG_SYCLBIN, whose numeric
// value the reference could not find: it is deliberately not defined here.
const (
	ImageNone      ImageKind = 0
	ImageObject    ImageKind = 1
	ImageBitcode   ImageKind = 2
	ImageCubin     ImageKind = 3
	ImageFatbinary ImageKind = 4
	ImagePTX       ImageKind = 5
	ImageSPIRV     ImageKind = 6
)

var imageKindNames = []string{"", "o", "bc", "cubin", "fatbin", "s", "spv"}

func (k ImageKind) String() string {
	if int(k) < len(imageKindNames) && k != ImageNone {
		return imageKindNames[k]
	}
	if k == ImageNone {
		return "none"
	}
	return fmt.Sprintf("ImageKind(%d)", uint16(k))
}

// ParseImageKind maps the conventional names (o, bc, cubin, fatbin, s, spv)
// or a decimal number to an image kind.
func ParseImageKind(s string) (ImageKind, bool) {
	for i, n := range imageKindNames {
		if n != "" && n == s {
			return ImageKind(i), true
		}
	}
	if s == "none" {
		return ImageNone, true
	}
	if n, ok := parseUint(s, 0xffff); ok {
		return ImageKind(n), true
	}
	return 0, false
}

// OffloadKind is the offloading model of an entry. Newest LLVM makes it a
// bit set (SYCL = 8); older LLVM numbered the kinds 0..4 with SYCL = 4.
type OffloadKind uint16

// Offload kinds (newest upstream values).
const (
	OffloadNone   OffloadKind = 0
	OffloadOpenMP OffloadKind = 1
	OffloadCuda   OffloadKind = 2
	OffloadHIP    OffloadKind = 4
	OffloadSYCL   OffloadKind = 8
)

func (k OffloadKind) String() string {
	switch k {
	case OffloadNone:
		return "none"
	case OffloadOpenMP:
		return "openmp"
	case OffloadCuda:
		return "cuda"
	case OffloadHIP:
		return "hip"
	case OffloadSYCL:
		return "sycl"
	}
	return fmt.Sprintf("OffloadKind(%d)", uint16(k))
}

// ParseOffloadKind maps openmp, cuda, hip, sycl (or a number) to a kind.
func ParseOffloadKind(s string) (OffloadKind, bool) {
	for _, k := range []OffloadKind{OffloadNone, OffloadOpenMP, OffloadCuda, OffloadHIP, OffloadSYCL} {
		if k.String() == s {
			return k, true
		}
	}
	if n, ok := parseUint(s, 0xffff); ok {
		return OffloadKind(n), true
	}
	return 0, false
}

// FlagNoImage marks an entry without image bytes (OIF_Metadata/OIF_NoImage).
const FlagNoImage uint32 = 1

// String is one key/value pair of an entry's string map. Order is kept so
// that output is deterministic (LLVM's map has no defined order).
type String struct {
	Key, Value string
}

// Entry is one offload image with its properties.
type Entry struct {
	ImageKind   ImageKind
	OffloadKind OffloadKind
	Flags       uint32
	Strings     []String
	Image       []byte
}

// Get returns the value of key.
func (e *Entry) Get(key string) (string, bool) {
	for _, s := range e.Strings {
		if s.Key == key {
			return s.Value, true
		}
	}
	return "", false
}

// Binary is one OffloadBinary. Version 1 holds exactly one entry.
type Binary struct {
	Version uint32
	Entries []Entry
	// Compressed is set by the reader when a v3 binary was compressed, and
	// requests compression from the writer.
	Compressed bool
}

func parseUint(s string, max uint64) (uint64, bool) {
	if s == "" || len(s) > 20 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
		if n > max {
			return 0, false
		}
	}
	return n, true
}
