// Package errtext makes text fit a one-line error message.
package errtext

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine makes s fit an error message: control and format characters
// (newlines, ESC, right-to-left overrides) and invalid UTF-8 escaped, and
// cut to a few hundred bytes.
func OneLine(s string) string {
	const max = 300
	var b strings.Builder
	for i := 0; i < len(s); {
		if b.Len() >= max {
			b.WriteString("...")
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case r < 0x80 && (r < 0x20 || r == 0x7f):
			fmt.Fprintf(&b, "\\x%02x", r)
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
