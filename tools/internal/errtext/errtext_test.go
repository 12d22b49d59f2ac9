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
}

// The cap is the whole line's: prefix, cut text and the suffix that says
// how long it was (issue 44: 1,031-byte lines).
func TestLineCapCountsEverything(t *testing.T) {
	tests := []struct {
		name, msg  string
		wantSuffix string
	}{
		{"exactly MaxLine", strings.Repeat("y", MaxLine-len("kernelinfo: ")), ""},
		{"one more", strings.Repeat("y", MaxLine-len("kernelinfo: ")+1), "... (1001 bytes)"},
		{"1 MiB", strings.Repeat("y", 1<<20), "... (1048588 bytes)"},
		{"multibyte at the cut", strings.Repeat("é", 1<<10), "... (2060 bytes)"},
		{"escapes grow it", strings.Repeat("\x1b", 300), "... (1212 bytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ToolLine("kernelinfo", tt.msg)
			if len(got) > MaxLine {
				t.Errorf("%d bytes, want at most %d", len(got), MaxLine)
			}
			if !strings.HasPrefix(got, "kernelinfo: ") {
				t.Errorf("no tool prefix: %.40q", got)
			}
			if tt.wantSuffix == "" {
				if got != "kernelinfo: "+tt.msg {
					t.Errorf("a line that fits was changed: %.60q", got)
				}
			} else if !strings.HasSuffix(got, tt.wantSuffix) {
				t.Errorf("suffix: got ...%q, want %q", got[len(got)-30:], tt.wantSuffix)
			}
			if strings.ContainsAny(got, "\n\x1b") {
				t.Errorf("unsafe byte kept")
			}
		})
	}
}
