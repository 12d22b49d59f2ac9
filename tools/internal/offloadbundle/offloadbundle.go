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
	"bytes"
	"fmt"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/inflate"
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

// Find returns the entry for target id as Match picks it: the one whose ID
// matches id after normalization, else the first compatible one.
func (b *Bundle) Find(id string) (*Entry, bool) {
	if i := b.Match([]string{id})[0]; i >= 0 {
		return &b.Entries[i], true
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

// NormalizeID rewrites an entry ID the way bundles store it:
// "<kind>-<triple with at least 4 components>-<target ID>", the target ID
// possibly empty. Checked against clang-offload-bundler 19 (-list output):
//
//	host-x86_64-unknown-linux-gnu      -> host-x86_64-unknown-linux-gnu-
//	openmp-spir64-unknown-unknown      -> openmp-spir64-unknown-unknown--
//	openmp-spir64                      -> openmp-spir64----
//	hip-amdgcn-amd-amdhsa-gfx906       -> hip-amdgcn-amd-amdhsa--gfx906
//	openmp-nvptx64-nvidia-cuda-sm_80   -> openmp-nvptx64-nvidia-cuda--sm_80
//
// clang tells a target ID from a triple component by knowing the
// processors of each target; this uses a heuristic instead: a component
// containing ':' or starting with "gfx" or "sm_" begins the target ID.
// IDs already in stored form are returned unchanged.
func NormalizeID(id string) string {
	dash := strings.IndexByte(id, '-')
	if dash < 0 {
		return id
	}
	kind, fields := id[:dash], strings.Split(id[dash+1:], "-")
	tid := -1
	for i, f := range fields {
		if strings.Contains(f, ":") || strings.HasPrefix(f, "gfx") || strings.HasPrefix(f, "sm_") {
			tid = i
			break
		}
	}
	var triple []string
	target := ""
	if tid >= 0 {
		triple, target = fields[:tid], strings.Join(fields[tid:], "-")
		// Stored form already: an empty component separates the triple
		// from the target ID ("amdgcn-amd-amdhsa-" + "-gfx906").
		if n := len(triple); n >= 5 && triple[n-1] == "" {
			triple = triple[:n-1]
		}
	} else {
		triple = fields
		if n := len(triple); n >= 5 && triple[n-1] == "" {
			return id // "<4+ components>-" with an empty target ID
		}
	}
	for len(triple) < 4 {
		triple = append(triple, "")
	}
	return kind + "-" + strings.Join(triple, "-") + "-" + target
}

// IDError reports an entry ID that cannot be stored or used.
type IDError struct {
	ID  string
	Msg string
}

func (e *IDError) Error() string {
	return fmt.Sprintf("offloadbundle: entry ID %s: %s", errtext.Quote(e.ID), e.Msg)
}

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
	Data       []byte          // the bundle's bytes: a CCOB wrapper's decompressed, else the input
}

// NotBundleError reports input that holds no bundle at all: no binary or
// compressed magic at its start and no text marker anywhere, e.g. plain
// LLVM bitcode such as DPC++'s libsycl-*.bc device libraries. Callers that
// follow clang-offload-bundler treat it as a bundle without entries.
type NotBundleError struct{}

func (e *NotBundleError) Error() string {
	return "offloadbundle: not an offload bundle (no " + Magic + " or " + CompressedMagic + " magic, no text marker)"
}

// isBundleLike reports whether data may be a bundle, whole or damaged: it
// starts with (a prefix of) either magic, or contains the magic, which
// every text marker line does.
func isBundleLike(data []byte) bool {
	if len(data) == 0 {
		return false
	}
	for _, m := range []string{Magic, CompressedMagic} {
		if bytes.HasPrefix(data, []byte(m)) || bytes.HasPrefix([]byte(m), data) {
			return true
		}
	}
	return bytes.Contains(data, []byte(Magic))
}

// Parse detects the form (compressed, binary or text) and decodes data;
// data that cannot be a bundle (see isBundleLike) is a *NotBundleError.
// Decompression is charged to budget (nil: a budget of
// inflate.DefaultLimit for this call); the code objects of a decompressed
// bundle point into the decompressed buffer rather than being copied.
func Parse(data []byte, budget *inflate.Budget) (*Decoded, error) {
	if !isBundleLike(data) {
		return nil, &NotBundleError{}
	}
	for _, m := range []string{Magic, CompressedMagic} {
		if len(data) < len(m) && bytes.HasPrefix([]byte(m), data) {
			return nil, &FormatError{0, fmt.Sprintf("truncated: %d bytes of the %d-byte magic %s", len(data), len(m), m)}
		}
	}
	d := &Decoded{Data: data}
	owned := false
	if IsCompressed(data) {
		plain, info, err := Decompress(data, budget)
		if err != nil {
			return nil, err
		}
		data, d.Compressed, owned = plain, info, true
		d.Data = plain
	}
	var err error
	if IsBinary(data) {
		d.Bundle, err = parseBinary(data, owned)
	} else {
		d.Form = FormText
		d.Bundle, err = ParseText(data)
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}
