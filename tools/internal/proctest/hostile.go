package proctest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// launchEnv names the file a launcher (see launch) writes the tool's peak
// RSS to.
const launchEnv = "PROCTEST_LAUNCH_RSS_FILE"

// launch runs the tool (the test binary in main mode) with the launcher's
// arguments and standard files, writes its peak RSS to $launchEnv and exits
// with its status. Why a launcher: Linux keeps a process's peak RSS across
// execve, and Go starts children with vfork, so a tool started by a test
// binary that had grown to 500 MB reported 500 MB. The launcher is a fresh
// exec of the test binary that ran no test: what its child inherits is a
// few MB.
func launch() {
	file := os.Getenv(launchEnv)
	os.Unsetenv(launchEnv)
	cmd := Command(os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = int64(ru.Maxrss) << 10 // Linux reports KiB
	}
	os.WriteFile(file, []byte(strconv.FormatInt(rss, 10)), 0o644)
	if err != nil && cmd.ProcessState == nil {
		os.Exit(127)
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		os.Exit(128 + int(ws.Signal()))
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// Refused runs the test binary as the tool (Command) with args and stdin
// (nil: none) and fails t unless it ends, within timeout, with a non-zero
// exit status and exactly one line on stderr of at most MaxLine bytes that
// holds each of want, at a peak RSS under MaxRSS.
func Refused(t *testing.T, timeout time.Duration, stdin []byte, args []string, want ...string) Refusal {
	t.Helper()
	r := Measure(t, timeout, stdin, args)
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

// Measure runs the test binary as the tool with args and stdin (nil: none)
// through a launcher (see launch) and returns how it ended and its peak
// RSS; it fails t if the run takes longer than timeout.
func Measure(t *testing.T, timeout time.Duration, stdin []byte, args []string) Refusal {
	t.Helper()
	rssFile := filepath.Join(t.TempDir(), "rss")
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), launchEnv+"="+rssFile)
	// The launcher and the tool in a group of their own, killed together
	// if the tool blocks.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
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
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		t.Fatalf("%q: still running after %v (killed)", args, timeout)
	}
	r := Refusal{ExitCode: cmd.ProcessState.ExitCode(), Stderr: stderr.String()}
	data, err := os.ReadFile(rssFile)
	if err != nil {
		t.Fatalf("%q: the launcher wrote no peak RSS: %v", args, err)
	}
	if r.MaxRSS, err = strconv.ParseInt(string(data), 10, 64); err != nil || r.MaxRSS <= 0 {
		t.Fatalf("%q: peak RSS %q", args, data)
	}
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
