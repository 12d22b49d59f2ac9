package llvmir

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// LLVM 16 replaced the function attributes readnone/readonly/writeonly/
// argmemonly/inaccessiblememonly/inaccessiblemem_or_argmemonly with
// memory(...) (MemoryEffects), which llvm-as-15 cannot parse. For that
// assembler, memory(...) is rewritten into the older attributes. Where the
// old ones cannot say exactly the same (different access kinds for different
// locations, or any access to other memory with a narrower one elsewhere),
// the rewrite says less, never more: every location gets the widest access
// any location has, which the optimizer may rely on only as much as before.

// memAccess is a set of access kinds: read and/or write.
type memAccess uint8

const (
	memRead  memAccess = 1
	memWrite memAccess = 2
)

// memory locations of MemoryEffects that LLVM 15 attributes can name.
const (
	locArgMem = iota
	locInaccessibleMem
	locOther
	numLocs
)

func parseMemAccess(s string) (memAccess, bool) {
	switch s {
	case "none":
		return 0, true
	case "read":
		return memRead, true
	case "write":
		return memWrite, true
	case "readwrite":
		return memRead | memWrite, true
	}
	return 0, false
}

// memoryToLLVM15 turns the inside of memory(...) (e.g. "read, argmem:
// readwrite") into LLVM 15 attributes, space-separated; "" means none (any
// memory may be read and written). ok is false for text it does not know.
func memoryToLLVM15(args string) (attrs string, ok bool) {
	var eff [numLocs]memAccess
	for i, part := range strings.Split(args, ",") {
		part = strings.TrimSpace(part)
		loc, acc, hasLoc := strings.Cut(part, ":")
		if !hasLoc {
			// A bare access kind is the default for every location; it may
			// only come first.
			a, valid := parseMemAccess(part)
			if !valid || i != 0 {
				return "", false
			}
			for l := range eff {
				eff[l] = a
			}
			continue
		}
		a, valid := parseMemAccess(strings.TrimSpace(acc))
		if !valid {
			return "", false
		}
		switch strings.TrimSpace(loc) {
		case "argmem":
			eff[locArgMem] = a
		case "inaccessiblemem":
			eff[locInaccessibleMem] = a
		default:
			// Locations added after LLVM 16 (e.g. errnomem) are part of
			// "other memory" for LLVM 15.
			eff[locOther] |= a
		}
	}
	var union memAccess
	for _, a := range eff {
		union |= a
	}
	if union == 0 {
		return "readnone", true
	}
	var out []string
	switch union {
	case memRead:
		out = append(out, "readonly")
	case memWrite:
		out = append(out, "writeonly")
	}
	if eff[locOther] == 0 {
		switch {
		case eff[locArgMem] != 0 && eff[locInaccessibleMem] != 0:
			out = append(out, "inaccessiblemem_or_argmemonly")
		case eff[locArgMem] != 0:
			out = append(out, "argmemonly")
		default:
			out = append(out, "inaccessiblememonly")
		}
	}
	return strings.Join(out, " "), true
}

// DowngradeMemoryAttrs rewrites the memory(...) attributes of one line of
// IR for LLVM 15 (see memoryToLLVM15); text in comments and quoted strings
// is left alone. A line without them comes back unchanged (the same slice).
func DowngradeMemoryAttrs(line []byte) ([]byte, error) {
	if !bytes.Contains(line, []byte("memory(")) {
		return line, nil
	}
	var out []byte
	last := 0
	inString := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if inString {
			if c == '"' {
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
			continue
		}
		if c == ';' {
			break // a comment runs to the end of the line
		}
		if c != 'm' || !bytes.HasPrefix(line[i:], []byte("memory(")) || (i > 0 && isIdentByte(line[i-1])) {
			continue
		}
		open := i + len("memory(")
		end := bytes.IndexByte(line[open:], ')')
		if end < 0 {
			return nil, fmt.Errorf("unterminated memory( attribute")
		}
		end += open
		attrs, ok := memoryToLLVM15(string(line[open:end]))
		if !ok {
			return nil, fmt.Errorf("unknown memory effects memory(%s)", line[open:end])
		}
		out = append(out, line[last:i]...)
		out = append(out, attrs...)
		last = end + 1
		i = end
	}
	if out == nil {
		return line, nil
	}
	out = append(out, line[last:]...)
	// An attribute group must keep at least one attribute.
	if t := bytes.TrimSpace(out); bytes.HasPrefix(t, []byte("attributes #")) {
		open, end := bytes.IndexByte(t, '{'), bytes.LastIndexByte(t, '}')
		if open >= 0 && end > open && len(bytes.TrimSpace(t[open+1:end])) == 0 {
			return nil, fmt.Errorf("%s: its memory(...) has no LLVM 15 equivalent and it holds no other attribute", bytes.TrimSpace(t[:open]))
		}
	}
	return out, nil
}

// memoryDowngrader is a reader of IR text with DowngradeMemoryAttrs
// applied to every line.
type memoryDowngrader struct {
	r    *bufio.Reader
	buf  []byte
	line int
	err  error
}

func newMemoryDowngrader(r io.Reader) *memoryDowngrader {
	return &memoryDowngrader{r: bufio.NewReaderSize(r, 64<<10)}
}

func (d *memoryDowngrader) Read(p []byte) (int, error) {
	for len(d.buf) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		line, err := d.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: gather it whole, since a
			// memory(...) could straddle a cut.
			full := append([]byte(nil), line...)
			for err == bufio.ErrBufferFull {
				line, err = d.r.ReadSlice('\n')
				full = append(full, line...)
			}
			line = full
		}
		d.line++
		if len(line) > 0 {
			out, derr := DowngradeMemoryAttrs(line)
			if derr != nil {
				d.err = fmt.Errorf("line %d: %v", d.line, derr)
				return 0, d.err
			}
			d.buf = out
		}
		if err != nil {
			d.err = err
		}
	}
	n := copy(p, d.buf)
	d.buf = d.buf[n:]
	return n, nil
}
