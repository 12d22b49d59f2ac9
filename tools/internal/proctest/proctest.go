// Package proctest holds what the tools' process tests share: running the
// test binary as the tool, waiting for a run to reach a point, checking that
// a process died of a signal, and finding the processes a run started.
package proctest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// WaitFor calls cond every poll until it is true (true) or timeout has
// passed (false).
func WaitFor(timeout, poll time.Duration, cond func() bool) bool {
	for end := time.Now().Add(timeout); ; time.Sleep(poll) {
		if cond() {
			return true
		}
		if !time.Now().Before(end) {
			return false
		}
	}
}

// Staged reports whether a file matching pattern exists (a glob, e.g.
// "out/.staging-*/*").
func Staged(pattern string) bool {
	m, _ := filepath.Glob(pattern)
	return len(m) > 0
}

// DiedOf reports whether the process ended because of sig, either killed by
// it or exiting with 128+sig as a shell reports it.
func DiedOf(ps *os.ProcessState, sig syscall.Signal) bool {
	if ps == nil {
		return false
	}
	ws, _ := ps.Sys().(syscall.WaitStatus)
	return (ws.Signaled() && ws.Signal() == sig) || ws.ExitStatus() == 128+int(sig)
}

// ProcessesWith lists ("pid comm") the processes whose environment holds
// marker (the children of a test's command inherit it; their working
// directory may differ: rules_go's test main changes into the runfiles
// directory). Linux only (/proc).
func ProcessesWith(marker string) []string {
	var found []string
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		env, err := os.ReadFile(filepath.Join(p, "environ"))
		if err == nil && bytes.Contains(env, []byte("\x00"+marker+"\x00")) {
			comm, _ := os.ReadFile(filepath.Join(p, "comm"))
			found = append(found, filepath.Base(p)+" "+strings.TrimSpace(string(comm)))
		}
	}
	return found
}

// mainEnv marks a run of a tool's test binary as the tool itself.
const mainEnv = "PROCTEST_RUN_AS_MAIN"

// RunTests is a tool's TestMain: it runs the tests, or, in a process
// started by Command, the tool's main (exit status 0 if main returns), so
// that tests can check a real process's exit status, output and signals.
func RunTests(m *testing.M, main func()) {
	if os.Getenv(launchEnv) != "" {
		launch()
	}
	if os.Getenv(mainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Command runs the test binary as the tool (see RunTests) with args.
func Command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	return cmd
}

// LLVMTool finds an LLVM tool that a test compares with: the one $env
// names, else name on PATH, else the last /usr/lib/llvm-*/bin/name; ""
// when there is none (the test skips).
func LLVMTool(env, name string) string {
	if p := os.Getenv(env); p != "" {
		return p
	}
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	m, _ := filepath.Glob("/usr/lib/llvm-*/bin/" + name)
	if len(m) == 0 {
		return ""
	}
	return m[len(m)-1]
}

// Runfile finds a $(rootpath) that a test got as an argument: under Bazel
// tests run in their package's directory, so WORKSPACE-relative x is
// $TEST_SRCDIR/$TEST_WORKSPACE/x and external/REPO/x is $TEST_SRCDIR/REPO/x.
// Outside Bazel, and for absolute paths, p is returned as it is.
func Runfile(p string) string {
	root := os.Getenv("TEST_SRCDIR")
	if root == "" || !strings.Contains(p, "/") || filepath.IsAbs(p) {
		return p
	}
	if rest := strings.TrimPrefix(p, "external/"); rest != p {
		return filepath.Join(root, rest)
	}
	return filepath.Join(root, os.Getenv("TEST_WORKSPACE"), p)
}
