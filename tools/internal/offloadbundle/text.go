package offloadbundle

import (
	"bytes"
	"fmt"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// Text markers: "<comment> " + StartMarker + "<id>" on a line of its own.
const (
	StartMarker = Magic + "__START__ "
	EndMarker   = Magic + "__END__ "
)

// CommentFor returns the line-comment prefix for a text bundle -type, and
// false for types that bundle in the binary form. Values match
// clang-offload-bundler 19 (the format reference does not list them).
func CommentFor(fileType string) (string, bool) {
	switch fileType {
	case "i", "ii", "cui", "hipi":
		return "//", true
	case "ll":
		return ";", true
	case "s", "d":
		return "#", true
	}
	return "", false
}

// Text encodes the text form: for each entry a blank line, a start marker
// line, the code object, a newline, and an end marker line (byte-identical
// to clang-offload-bundler 19 for -type=ll). The newline before the end
// marker belongs to the format, not to the code object, so any bytes
// round-trip.
func (b *Bundle) Text(comment string) ([]byte, error) {
	if comment == "" || bytes.ContainsAny([]byte(comment), "\n\r") {
		return nil, &WriteError{fmt.Sprintf("invalid comment prefix %s", errtext.Quote(comment))}
	}
	var out bytes.Buffer
	seen := map[string]bool{}
	for _, e := range b.Entries {
		if err := CheckID(e.ID); err != nil {
			return nil, err
		}
		if seen[e.ID] {
			return nil, &WriteError{fmt.Sprintf("duplicate entry ID %s", errtext.Quote(e.ID))}
		}
		seen[e.ID] = true
		end := "\n" + comment + " " + EndMarker + e.ID + "\n"
		if bytes.Contains(e.Data, []byte(end)) {
			return nil, &WriteError{fmt.Sprintf("code object of %s contains its own end marker", errtext.Quote(e.ID))}
		}
		out.WriteString("\n" + comment + " " + StartMarker + e.ID + "\n")
		out.Write(e.Data)
		out.WriteString(end)
	}
	return out.Bytes(), nil
}

// IsText reports whether data contains a text start marker line.
func IsText(data []byte) bool {
	_, _, _, ok := nextStart(data)
	return ok
}

// nextStart finds the next line of the form "<comment> <StartMarker><id>".
func nextStart(data []byte) (comment, id string, after int, ok bool) {
	pos := 0
	for pos < len(data) {
		line := data[pos:]
		nl := bytes.IndexByte(line, '\n')
		next := len(data)
		if nl >= 0 {
			line, next = line[:nl], pos+nl+1
		}
		if i := bytes.Index(line, []byte(" "+StartMarker)); i > 0 && nl >= 0 {
			return string(line[:i]), string(line[i+1+len(StartMarker):]), next, true
		}
		pos = next
	}
	return "", "", 0, false
}

// ParseText decodes the text form. Lines outside start/end pairs are
// ignored; every start marker needs its matching end marker.
func ParseText(data []byte) (*Bundle, error) {
	b := &Bundle{}
	seen := map[string]bool{}
	base := 0
	for {
		comment, id, after, ok := nextStart(data[base:])
		if !ok {
			break
		}
		if err := CheckID(id); err != nil {
			return nil, &FormatError{uint64(base), err.Error()}
		}
		if seen[id] {
			return nil, &FormatError{uint64(base), fmt.Sprintf("duplicate entry ID %s", errtext.Quote(id))}
		}
		seen[id] = true
		start := base + after
		endLine := comment + " " + EndMarker + id
		var content []byte
		rest := data[start:]
		switch {
		case bytes.HasPrefix(rest, []byte(endLine+"\n")) || string(rest) == endLine:
			// Empty code object written without the separating newline.
			base = start + len(endLine)
		default:
			i := bytes.Index(rest, []byte("\n"+endLine))
			for i >= 0 && !(start+i+1+len(endLine) == len(data) || data[start+i+1+len(endLine)] == '\n') {
				j := bytes.Index(rest[i+1:], []byte("\n"+endLine))
				if j < 0 {
					i = -1
					break
				}
				i += 1 + j
			}
			if i < 0 {
				return nil, &FormatError{uint64(start), fmt.Sprintf("entry %s has no end marker", errtext.Quote(id))}
			}
			content = rest[:i]
			base = start + i + 1 + len(endLine)
		}
		b.Entries = append(b.Entries, Entry{ID: id, Data: append([]byte{}, content...)})
	}
	if len(b.Entries) == 0 {
		return nil, &FormatError{0, "no " + StartMarker + "marker line"}
	}
	if err := checkTail(data, base); err != nil {
		return nil, err
	}
	return b, nil
}

// checkTail rejects what a bundle cut at a line boundary leaves after its
// last complete entry: writers end the file with that entry's end marker
// line, while a cut file ends with the blank line that opens the next
// entry, or with part of its start marker line (no newline).
func checkTail(data []byte, base int) error {
	tail := data[base:]
	if len(tail) > 0 && tail[0] == '\n' {
		tail, base = tail[1:], base+1 // the end marker line's own newline
	}
	if len(tail) > 0 && len(bytes.Trim(tail, "\n")) == 0 {
		return &FormatError{uint64(base), "blank line after the last entry, with no start marker after it: truncated bundle?"}
	}
	if nl := bytes.LastIndexByte(tail, '\n'); nl < len(tail)-1 {
		last := tail[nl+1:]
		if bytes.Contains(last, []byte("__CLANG")) || bytes.Contains([]byte(Magic), bytes.TrimLeft(last, "/;# ")) && len(bytes.TrimLeft(last, "/;# ")) > 0 {
			return &FormatError{uint64(base + nl + 1), fmt.Sprintf("last line %s is a cut marker line: truncated bundle?", errtext.Quote(string(last)))}
		}
	}
	return nil
}
