// Package offloadbundle reads and writes clang-offload-bundler bundles: the
// binary form ("__CLANG_OFFLOAD_BUNDLE__" header, one code object per
// entry ID such as "sycl-spir64-unknown-unknown"), its compressed "CCOB"
// wrapper, and the text form used for sources and assembly, where each
// code object sits between comment marker lines.
//
// Binary layout (LE): magic (24) | u64 entry count | per entry: u64 offset
// (from bundle start), u64 size, u64 ID length, ID bytes (no NUL) | code
// objects.
package offloadbundle

import (
	"fmt"
	"strings"
)

// Magic starts every binary bundle; text markers append "__START__" or
// "__END__" to it.
const Magic = "__CLANG_OFFLOAD_BUNDLE__"

// Entry is one code object and its entry ID
// (<offload-kind>-<target-triple>[-<target-id>]).
type Entry struct {
	ID   string
	Data []byte
}

// Bundle is an ordered list of entries.
type Bundle struct {
	Entries []Entry
}

// Find returns the entry whose ID matches id after normalization.
func (b *Bundle) Find(id string) (*Entry, bool) {
	want := NormalizeID(id)
	for i := range b.Entries {
		if NormalizeID(b.Entries[i].ID) == want {
			return &b.Entries[i], true
		}
	}
	return nil, false
}

// Kind returns the offload kind of an entry ID (the text before the first
// '-'): host, hip, hipv4, openmp, sycl, ...
func Kind(id string) string {
	if i := strings.IndexByte(id, '-'); i >= 0 {
		return id[:i]
	}
	return id
}

// NormalizeID gives a 3-component triple an empty environment component,
// as bundles written by clang normalize triples to four fields:
// "sycl-spir64-unknown-unknown" -> "sycl-spir64-unknown-unknown-". IDs with
// more fields are returned unchanged: with a target ID appended
// ("hip-amdgcn-amd-amdhsa--gfx906") the field count alone cannot tell a
// 4-field triple from a 3-field one plus a target ID. [inferred: the
// reference states the 4-field normalization but not the parser.]
func NormalizeID(id string) string {
	if strings.Count(id, "-") == 3 {
		return id + "-"
	}
	return id
}

// IDError reports an entry ID that cannot be stored or used.
type IDError struct {
	ID  string
	Msg string
}

func (e *IDError) Error() string { return fmt.Sprintf("offloadbundle: entry ID %q: %s", e.ID, e.Msg) }

// CheckID rejects empty IDs, IDs without a kind and triple, and IDs with
// NUL or line breaks (which the text form could not carry).
func CheckID(id string) error {
	switch {
	case id == "":
		return &IDError{id, "empty"}
	case strings.ContainsAny(id, "\x00\n\r"):
		return &IDError{id, "contains NUL or a line break"}
	case !strings.Contains(id, "-") || strings.HasPrefix(id, "-"):
		return &IDError{id, "want <offload-kind>-<target-triple>[-<target-id>]"}
	}
	return nil
}

// Form tells how a bundle was stored.
type Form int

// Bundle forms.
const (
	FormBinary Form = iota
	FormText
)

func (f Form) String() string {
	if f == FormText {
		return "text"
	}
	return "binary"
}

// Decoded is a bundle as found in a file.
type Decoded struct {
	Bundle     *Bundle
	Form       Form
	Compressed *CompressedInfo // nil unless the file was a CCOB wrapper
}

// Parse detects the form (compressed, binary or text) and decodes data.
// maxUncompressed bounds decompression (0: DefaultMaxUncompressedSize).
func Parse(data []byte, maxUncompressed uint64) (*Decoded, error) {
	d := &Decoded{}
	if IsCompressed(data) {
		plain, info, err := Decompress(data, maxUncompressed)
		if err != nil {
			return nil, err
		}
		data, d.Compressed = plain, info
	}
	var err error
	if IsBinary(data) {
		d.Bundle, err = ParseBinary(data)
	} else {
		d.Form = FormText
		d.Bundle, err = ParseText(data)
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}
