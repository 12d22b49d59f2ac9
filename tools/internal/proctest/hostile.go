package proctest

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// MaxRSS is the peak resident memory a tool may reach on an input that
// never ends (/dev/zero) or that is refused (issue 44: 1.4-2.3 GB before).
const MaxRSS = 100 << 20

// MaxLine bounds a tool's error line (errtext.MaxLine; not imported here,
// so that this package stays free of the tools' packages).
const MaxLine = 1000

// Refusal is what a run of a tool on hostile input ended with.
type Refusal struct {
	ExitCode int
	Stderr   string
	MaxRSS   int64 // bytes
}

// Refused runs the test binary as the tool (Command) with args and stdin
// (nil: none) and fails t unless it ends, within timeout, with a non-zero
// exit status and exactly one line on stderr of at most MaxLine bytes that
// holds each of want, at a peak RSS under MaxRSS.
func Refused(t *testing.T, timeout time.Duration, stdin []byte, args []string, want ...string) Refusal {
	t.Helper()
	cmd := Command(args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(timeout):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%q: still running after %v (killed)", args, timeout)
	}
	r := Refusal{ExitCode: cmd.ProcessState.ExitCode(), Stderr: stderr.String()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.MaxRSS = int64(ru.Maxrss) << 10 // Linux reports KiB
	}
	if r.ExitCode == 0 {
		t.Errorf("%q: exit status 0, want non-zero", args)
	}
	msg := strings.TrimSuffix(r.Stderr, "\n")
	if strings.Count(r.Stderr, "\n") != 1 || !strings.HasSuffix(r.Stderr, "\n") {
		t.Errorf("%q: stderr is not one line: %.300q", args, r.Stderr)
	}
	if len(msg) > MaxLine {
		t.Errorf("%q: error line of %d bytes, want at most %d", args, len(msg), MaxLine)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%q: error line %.300q does not hold %q", args, msg, w)
		}
	}
	if r.MaxRSS >= MaxRSS {
		t.Errorf("%q: peak RSS %d MB, want under %d MB", args, r.MaxRSS>>20, MaxRSS>>20)
	}
	t.Logf("%q: exit %d, peak RSS %.1f MB: %s", args, r.ExitCode, float64(r.MaxRSS)/(1<<20), msg)
	return r
}

// NotWritten fails t for each path that exists.
func NotWritten(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
}

// Unchanged fails t unless the file at path still holds want.
func Unchanged(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s: %v", path, err)
	} else if !bytes.Equal(got, want) {
		t.Errorf("%s was replaced (%d bytes, was %d)", path, len(got), len(want))
	}
}
