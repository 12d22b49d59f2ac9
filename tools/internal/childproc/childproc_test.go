package childproc

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCapped(t *testing.T) {
	tests := []struct {
		writes []string
		want   string
	}{
		{[]string{"abc"}, "abc"},
		{[]string{"abcdefgh"}, "abcdefgh"},
		{[]string{"abcdefghi"}, "abcdefgh... (1 more bytes not kept)"},
		{[]string{"abc", "defgh", "ijk", "l"}, "abcdefgh... (4 more bytes not kept)"},
	}
	for _, tt := range tests {
		c := &Capped{Max: 8}
		for _, w := range tt.writes {
			if n, err := c.Write([]byte(w)); n != len(w) || err != nil {
				t.Fatalf("Write(%q) = %d, %v", w, n, err)
			}
		}
		if diff := cmp.Diff(tt.want, c.String()); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.writes, diff)
		}
	}
}

// 50 MB of stderr cost the kept cap, not 50 MB (issue 44: spirv-val's
// stderr kept whole, 229 MB of memory).
func TestRunCapsOutput(t *testing.T) {
	cmd := exec.Command("sh", "-c", "head -c 50000000 /dev/zero >&2; exit 3")
	out := NewCapped(Limits{MaxKept: 1000})
	cmd.Stderr = out
	err := Run(cmd, Limits{})
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 {
		t.Fatalf("Run: %v, want exit status 3", err)
	}
	if len(out.buf) != 1000 || out.Dropped() != 50000000-1000 {
		t.Errorf("kept %d, dropped %d", len(out.buf), out.Dropped())
	}
	if !strings.HasSuffix(out.String(), "... (49999000 more bytes not kept)") {
		t.Errorf("String ends %q", out.String()[len(out.String())-40:])
	}
}

// A child that outlives its timeout is killed with what it started: the
// background sleep keeps the stderr pipe open, so killing only the shell
// would leave Wait blocked.
func TestRunTimeout(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sleep 60 & sleep 60")
	cmd.Stderr = NewCapped(Limits{})
	start := time.Now()
	err := Run(cmd, Limits{Timeout: 200 * time.Millisecond})
	if took := time.Since(start); took > 20*time.Second {
		t.Fatalf("Run returned after %v", took)
	}
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("Run: %v, want a *TimeoutError", err)
	}
	if diff := cmp.Diff("sh ran longer than 200ms and was killed", err.Error()); diff != "" {
		t.Errorf("message (-want +got):\n%s", diff)
	}
}

func TestRunStartError(t *testing.T) {
	err := Run(exec.Command("/nonexistent/tool"), Limits{})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/tool") {
		t.Errorf("Run of a missing tool: %v", err)
	}
}
