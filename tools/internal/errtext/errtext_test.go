package errtext

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestQuote(t *testing.T) {
	long := strings.Repeat("x", 64<<20)
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{"a\x1b[31mred", `"a\x1b[31mred"`},
		{"evil\u202egnp.exe", `"evil\u202egnp.exe"`},
		{"bad\xffutf8", `"bad\xffutf8"`},
		{long, `"` + strings.Repeat("x", MaxQuoted) + `"... (67108864 bytes)`},
		{strings.Repeat("é", 100), `"` + strings.Repeat("é", MaxQuoted/2) + `"... (200 bytes)`},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Quote(tt.in)); diff != "" {
			t.Errorf("Quote(%.20q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestEscapeAndLine(t *testing.T) {
	if got := Escape("sycl-spir64-unknown-unknown"); got != "sycl-spir64-unknown-unknown" {
		t.Errorf("Escape plain: %q", got)
	}
	if got := Escape("sycl-\x1b[2J"); got != `"sycl-\x1b[2J"` {
		t.Errorf("Escape ESC: %q", got)
	}
	if got := Line("a\nb\x1bc\u202ed"); got != `a\nb\x1bc\u202ed` {
		t.Errorf("Line: %q", got)
	}
	got := Line(strings.Repeat("y", 1<<20))
	if len(got) > MaxLine+40 || !strings.HasSuffix(got, "... (1048576 bytes)") {
		t.Errorf("Line long: %d bytes, %q", len(got), got[len(got)-30:])
	}
}
