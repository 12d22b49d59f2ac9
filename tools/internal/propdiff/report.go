package propdiff

import (
	"strings"
)

// Report is the text of a report: one line per difference, in
// Compare's order; empty when there is none.
func Report(diffs []Difference) []byte {
	var b strings.Builder
	for _, d := range diffs {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return []byte(b.String())
}
