package proctest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func TestWaitFor(t *testing.T) {
	n := 0
	if !WaitFor(time.Second, time.Millisecond, func() bool { n++; return n == 3 }) || n != 3 {
		t.Errorf("WaitFor stopped after %d calls", n)
	}
	if WaitFor(5*time.Millisecond, time.Millisecond, func() bool { return false }) {
		t.Error("WaitFor of a false condition returned true")
	}
}

func TestStaged(t *testing.T) {
	dir := t.TempDir()
	if Staged(filepath.Join(dir, ".staging-*", "*")) {
		t.Error("empty directory staged")
	}
	os.MkdirAll(filepath.Join(dir, ".staging-1"), 0o755)
	os.WriteFile(filepath.Join(dir, ".staging-1", "x"), nil, 0o644)
	if !Staged(filepath.Join(dir, ".staging-*", "*")) {
		t.Error("staged file not found")
	}
}

func TestDiedOfAndProcessesWith(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc")
	}
	marker := "PROCTEST_MARKER=" + filepath.Base(t.TempDir())
	cmd := exec.Command("sleep", "60")
	cmd.Env = append(os.Environ(), marker)
	if err := cmd.Start(); err != nil {
		t.Skip(err)
	}
	if !WaitFor(5*time.Second, time.Millisecond, func() bool { return len(ProcessesWith(marker)) == 1 }) {
		t.Errorf("ProcessesWith = %v, want the sleep", ProcessesWith(marker))
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if !DiedOf(cmd.ProcessState, syscall.SIGTERM) || DiedOf(cmd.ProcessState, syscall.SIGINT) {
		t.Errorf("DiedOf: state %v", cmd.ProcessState)
	}
	if got := ProcessesWith(marker); len(got) != 0 {
		t.Errorf("after it ended: %v", got)
	}
}

func TestLLVMTool(t *testing.T) {
	t.Setenv("PROCTEST_TOOL", "/some/where/tool")
	if got := LLVMTool("PROCTEST_TOOL", "no-such-tool-anywhere"); got != "/some/where/tool" {
		t.Errorf("with $PROCTEST_TOOL: %q", got)
	}
	t.Setenv("PROCTEST_TOOL", "")
	if got := LLVMTool("PROCTEST_TOOL", "no-such-tool-anywhere"); got != "" {
		t.Errorf("missing tool found at %q", got)
	}
	if sh, err := exec.LookPath("sh"); err == nil {
		if got := LLVMTool("PROCTEST_TOOL", "sh"); got != sh {
			t.Errorf("sh: %q, want %q from PATH", got, sh)
		}
	}
}

func TestRunfile(t *testing.T) {
	t.Setenv("TEST_SRCDIR", "/r")
	t.Setenv("TEST_WORKSPACE", "ws")
	for in, want := range map[string]string{
		"tools/wrapper/wrapper_/wrapper": "/r/ws/tools/wrapper/wrapper_/wrapper",
		"external/repo/imagec":           "/r/repo/imagec",
		"/abs/tool":                      "/abs/tool",
		"tool":                           "tool",
	} {
		if got := Runfile(in); got != want {
			t.Errorf("Runfile(%q) = %q, want %q", in, got, want)
		}
	}
	t.Setenv("TEST_SRCDIR", "")
	if got := Runfile("a/b"); got != "a/b" {
		t.Errorf("outside Bazel: %q", got)
	}
}
