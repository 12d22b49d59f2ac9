package offloadbundle

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// FormatError reports a malformed bundle. Offset is where the problem was
// found, relative to the bundle (or compressed wrapper) start.
type FormatError struct {
	Offset uint64
	Msg    string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("offloadbundle: at offset %#x: %s", e.Offset, e.Msg)
}

// WriteError reports a bundle that cannot be encoded.
type WriteError struct{ Msg string }

func (e *WriteError) Error() string { return "offloadbundle: " + e.Msg }

// DefaultAlign is the code-object alignment used when none is given. The
// reference leaves -bundle-align's default open; clang-offload-bundler 19
// writes code objects unpadded, i.e. 1.
const DefaultAlign = 1

// IsBinary reports whether data starts with the binary bundle magic.
func IsBinary(data []byte) bool { return bytes.HasPrefix(data, []byte(Magic)) }

// HostFirst returns entries with any "host-" entry moved to the front
// (stable otherwise), as the reference describes bundles. (clang-offload-
// bundler 19 itself orders entries by an internal hash map, so readers
// must not depend on the order.)
func HostFirst(entries []Entry) []Entry {
	out := append([]Entry{}, entries...)
	sort.SliceStable(out, func(i, j int) bool { return Kind(out[i].ID) == "host" && Kind(out[j].ID) != "host" })
	return out
}

// Bytes encodes the binary form with code objects aligned to align bytes
// (0 means DefaultAlign). Entries are written in the order given; use
// HostFirst to put the host entry first.
func (b *Bundle) Bytes(align uint64) ([]byte, error) {
	if align == 0 {
		align = DefaultAlign
	}
	if align&(align-1) != 0 || align > 1<<16 {
		return nil, &WriteError{fmt.Sprintf("alignment %d is not a power of two up to 65536", align)}
	}
	seen := map[string]bool{}
	hdr := uint64(len(Magic) + 8)
	for _, e := range b.Entries {
		if err := CheckID(e.ID); err != nil {
			return nil, err
		}
		if seen[e.ID] {
			return nil, &WriteError{fmt.Sprintf("duplicate entry ID %s", errtext.Quote(e.ID))}
		}
		seen[e.ID] = true
		hdr += 24 + uint64(len(e.ID))
	}
	le := binary.LittleEndian
	out := make([]byte, hdr)
	copy(out, Magic)
	le.PutUint64(out[len(Magic):], uint64(len(b.Entries)))
	p := uint64(len(Magic) + 8)
	for _, e := range b.Entries {
		for uint64(len(out))%align != 0 {
			out = append(out, 0)
		}
		le.PutUint64(out[p:], uint64(len(out)))
		le.PutUint64(out[p+8:], uint64(len(e.Data)))
		le.PutUint64(out[p+16:], uint64(len(e.ID)))
		copy(out[p+24:], e.ID)
		p += 24 + uint64(len(e.ID))
		out = append(out, e.Data...)
	}
	return out, nil
}

// ParseBinary decodes a binary bundle. Every offset and size is checked
// against the data length before use; code objects may not overlap the
// header or each other, and IDs must be valid and distinct.
func ParseBinary(data []byte) (*Bundle, error) { return parseBinary(data, false) }

// parseBinary aliases code objects into data when owned, else copies them.
func parseBinary(data []byte, owned bool) (*Bundle, error) {
	le := binary.LittleEndian
	n := uint64(len(data))
	if !IsBinary(data) {
		return nil, &FormatError{0, "no " + Magic + " magic"}
	}
	p := uint64(len(Magic))
	if n < p+8 {
		return nil, &FormatError{p, "truncated entry count"}
	}
	count := le.Uint64(data[p:])
	p += 8
	if count > (n-p)/24 {
		return nil, &FormatError{p - 8, fmt.Sprintf("%d entries cannot fit in %d bytes", count, n)}
	}
	type rng struct{ off, size uint64 }
	b := &Bundle{Entries: make([]Entry, count)}
	ranges := make([]rng, count)
	seen := map[string]bool{}
	for i := range b.Entries {
		if n-p < 24 {
			return nil, &FormatError{p, fmt.Sprintf("entry %d header truncated", i)}
		}
		off, size, idLen := le.Uint64(data[p:]), le.Uint64(data[p+8:]), le.Uint64(data[p+16:])
		if idLen > n-p-24 {
			return nil, &FormatError{p + 16, fmt.Sprintf("entry %d: ID of %d bytes past the end", i, idLen)}
		}
		id := string(data[p+24 : p+24+idLen])
		if err := CheckID(id); err != nil {
			return nil, &FormatError{p + 24, err.Error()}
		}
		if seen[id] {
			return nil, &FormatError{p + 24, fmt.Sprintf("duplicate entry ID %s", errtext.Quote(id))}
		}
		seen[id] = true
		if off > n || size > n-off {
			return nil, &FormatError{p, fmt.Sprintf("entry %s: code object [%d, +%d) past the end (%d bytes)", errtext.Quote(id), off, size, n)}
		}
		ranges[i] = rng{off, size}
		b.Entries[i].ID = id
		p += 24 + idLen
	}
	hdrEnd := p
	order := make([]int, 0, count)
	for i, r := range ranges {
		if r.size == 0 {
			continue
		}
		if r.off < hdrEnd {
			return nil, &FormatError{r.off, fmt.Sprintf("entry %s: code object overlaps the header", errtext.Quote(b.Entries[i].ID))}
		}
		order = append(order, i)
	}
	sort.SliceStable(order, func(x, y int) bool { return ranges[order[x]].off < ranges[order[y]].off })
	for k := 1; k < len(order); k++ {
		a, c := ranges[order[k-1]], ranges[order[k]]
		if c.off < a.off+a.size {
			return nil, &FormatError{c.off, fmt.Sprintf("code objects of %s and %s overlap", errtext.Quote(b.Entries[order[k-1]].ID), errtext.Quote(b.Entries[order[k]].ID))}
		}
	}
	for i, r := range ranges {
		if owned {
			b.Entries[i].Data = data[r.off : r.off+r.size : r.off+r.size]
		} else {
			b.Entries[i].Data = append([]byte{}, data[r.off:r.off+r.size]...)
		}
	}
	return b, nil
}
