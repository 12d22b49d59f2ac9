// Package errtext puts untrusted text (lines of an input file, table cells,
// entry IDs, file names) into messages: one line, a bounded size, and no
// byte that a terminal would act on. Inputs may hold 64 MiB lines, escape
// sequences or right-to-left overrides; messages must not.
package errtext

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxQuoted is how many bytes of a quoted value a message shows.
const MaxQuoted = 80

// MaxLine bounds a whole message. Messages name files in Bazel's output
// base, which under bzlmod (sandbox, runfiles and canonical repository name
// prefixes) take 250 bytes and more: 400 cut a path plus its explanation.
const MaxLine = 1000

// cut returns the longest prefix of s of at most n bytes that ends on a
// rune boundary, and whether anything was cut.
func cut(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], true
}

// Quote returns s Go-quoted (control, format and bidi characters and
// invalid UTF-8 escaped), showing at most MaxQuoted bytes of it and the
// full length when longer.
func Quote(s string) string {
	head, cutOff := cut(s, MaxQuoted)
	q := strconv.Quote(head)
	if cutOff {
		return fmt.Sprintf("%s... (%d bytes)", q, len(s))
	}
	return q
}

// Safe reports whether s can be printed as is: valid UTF-8 of printable
// characters (unicode.IsPrint: no controls, no format or bidi
// characters) only.
func Safe(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !strconv.IsPrint(r) {
			return false
		}
		i += n
	}
	return true
}

// Escape returns s unchanged when Safe, else its quoted form (whole,
// not cut: for listings, where the value is the output).
func Escape(s string) string {
	if Safe(s) {
		return s
	}
	return strconv.Quote(s)
}

// Line makes a finished message printable on one line: controls and
// other unsafe characters escaped, at most MaxLine bytes in all (the
// "... (N bytes)" that says it was cut included).
func Line(msg string) string {
	if !Safe(msg) {
		var b strings.Builder
		for i := 0; i < len(msg); {
			r, n := utf8.DecodeRuneInString(msg[i:])
			if r == utf8.RuneError && n == 1 || !strconv.IsPrint(r) {
				q := strconv.Quote(msg[i : i+n])
				b.WriteString(q[1 : len(q)-1])
			} else {
				b.WriteString(msg[i : i+n])
			}
			i += n
		}
		msg = b.String()
	}
	if len(msg) <= MaxLine {
		return msg
	}
	suffix := fmt.Sprintf("... (%d bytes)", len(msg))
	head, _ := cut(msg, MaxLine-len(suffix))
	return head + suffix
}

// ToolLine is the line a tool prints for an error: "tool: msg" made safe
// by Line, so that the cap counts the tool's name too (a line cut at
// MaxLine and then prefixed was longer than MaxLine).
func ToolLine(tool, msg string) string { return Line(tool + ": " + msg) }
