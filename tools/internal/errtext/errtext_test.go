package errtext

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestOneLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain: text", "plain: text"},
		{"two\nlines\r\n", `two\x0alines\x0d\x0a`},
		{"esc \x1b[31m red", `esc \x1b[31m red`},
		{"rlo \u202e txt", `rlo \u202e txt`},
		{"bad \xff utf8", `bad \xff utf8`},
		{"ünïcode", "ünïcode"},
		{strings.Repeat("a", 1000), strings.Repeat("a", 300) + "..."},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, OneLine(tc.in)); diff != "" {
			t.Errorf("OneLine(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}
