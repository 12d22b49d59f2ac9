package sycl

import (
	"bufio"
	"bytes"
	"strings"
)

// include is one #include directive of a source file.
type include struct {
	// path as written between the delimiters.
	path string
	// quoted is true for "..." (searched next to the including file first),
	// false for <...>.
	quoted bool
}

// scanIncludes returns the #include (and #include_next, #import) directives
// of C, C++, OpenCL C and C++ for OpenCL text, in order, without duplicates.
// Directives inside /* */ comments are skipped; conditional compilation is
// not evaluated, so every branch's includes count (like Gazelle's other
// languages, a dependency named in any configuration is kept).
func scanIncludes(src []byte) []include {
	var out []include
	seen := make(map[include]bool)
	inComment := false
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := stripComments(sc.Text(), &inComment)
		inc, ok := parseDirective(line)
		if ok && !seen[inc] {
			seen[inc] = true
			out = append(out, inc)
		}
	}
	return out
}

// stripComments removes // and /* */ comments from one line; inComment
// carries an unterminated block comment to the next line. String literals
// are not tracked: a directive line never needs them.
func stripComments(line string, inComment *bool) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		if *inComment {
			end := strings.Index(line[i:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 2
			*inComment = false
			b.WriteByte(' ')
			continue
		}
		if strings.HasPrefix(line[i:], "//") {
			break
		}
		if strings.HasPrefix(line[i:], "/*") {
			*inComment = true
			i += 2
			continue
		}
		b.WriteByte(line[i])
		i++
	}
	return b.String()
}

// parseDirective recognizes `# include "x"` / `#include <x>` with any
// spacing around '#'.
func parseDirective(line string) (include, bool) {
	s := strings.TrimSpace(line)
	if !strings.HasPrefix(s, "#") {
		return include{}, false
	}
	s = strings.TrimSpace(s[1:])
	var rest string
	for _, kw := range []string{"include_next", "include", "import"} {
		if strings.HasPrefix(s, kw) {
			rest = strings.TrimSpace(s[len(kw):])
			break
		}
	}
	if len(rest) < 2 {
		return include{}, false
	}
	var closer byte
	switch rest[0] {
	case '"':
		closer = '"'
	case '<':
		closer = '>'
	default:
		// A macro (#include HEADER) cannot be resolved statically.
		return include{}, false
	}
	end := strings.IndexByte(rest[1:], closer)
	if end <= 0 {
		return include{}, false
	}
	return include{path: rest[1 : 1+end], quoted: closer == '"'}, true
}
