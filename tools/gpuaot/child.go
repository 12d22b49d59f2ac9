package main

// Running ocloc: a child process with a time limit and a bound on the
// output kept, killed (its whole process group) on timeout or when gpuaot
// is interrupted. Kept small and local: the lead may move it onto the
// shared child-process runner of issue 44.

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// maxOutput is how much of ocloc's output (standard output and error
// together, in order) gpuaot keeps: enough for its first error line.
const maxOutput = 64 << 10

// childResult is how a child process ended.
type childResult struct {
	exitCode int // -1 when it died of a signal
	signal   syscall.Signal
	timedOut bool
	output   []byte // the first maxOutput bytes
	dropped  int64  // bytes of output beyond those
}

func (r *childResult) ok() bool { return r.exitCode == 0 && !r.timedOut }

// status words how the child ended: "exit 223", "killed by signal 11
// (segmentation fault)", "timed out after 10m0s".
func (r *childResult) status(timeout time.Duration) string {
	switch {
	case r.timedOut:
		return fmt.Sprintf("timed out after %v", timeout)
	case r.exitCode < 0:
		return fmt.Sprintf("killed by signal %d (%v)", int(r.signal), r.signal)
	}
	return fmt.Sprintf("exit %d", r.exitCode)
}

// cappedBuffer keeps the first limit bytes written to it and counts the
// rest; it never fails a write, so the child is never blocked or killed
// by a full pipe.
type cappedBuffer struct {
	mu      sync.Mutex
	buf     []byte
	limit   int
	dropped int64
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	keep := len(p)
	if room := b.limit - len(b.buf); keep > room {
		keep = room
	}
	b.buf = append(b.buf, p[:keep]...)
	b.dropped += int64(len(p) - keep)
	return len(p), nil
}

// childGroup is the process group of the running child, for the signal
// handler; 0 when none runs.
var childGroup struct {
	sync.Mutex
	pgid int
}

// killChild kills the running child's process group, if any.
func killChild() {
	childGroup.Lock()
	defer childGroup.Unlock()
	if childGroup.pgid > 0 {
		syscall.Kill(-childGroup.pgid, syscall.SIGKILL)
	}
}

// runChild runs path with args in a process group of its own, with env,
// and kills the group after timeout.
func runChild(path string, args []string, env []string, timeout time.Duration) (*childResult, error) {
	out := &cappedBuffer{limit: maxOutput}
	cmd := exec.Command(path, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = out, out // one pipe: the order is kept
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	childGroup.Lock()
	childGroup.pgid = cmd.Process.Pid
	childGroup.Unlock()
	var timedOut bool
	var mu sync.Mutex
	timer := time.AfterFunc(timeout, func() {
		mu.Lock()
		timedOut = true
		mu.Unlock()
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	})
	err := cmd.Wait()
	timer.Stop()
	// Whatever of the group is left (a child ocloc started) goes too.
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	childGroup.Lock()
	childGroup.pgid = 0
	childGroup.Unlock()
	mu.Lock()
	r := &childResult{timedOut: timedOut}
	mu.Unlock()
	out.mu.Lock()
	r.output, r.dropped = out.buf, out.dropped
	out.mu.Unlock()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		r.exitCode = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			r.exitCode, r.signal = -1, ws.Signal()
		}
	default:
		return nil, err
	}
	return r, nil
}

// oclocEnv is gpuaot's environment without what changes what IGC and the
// compute runtime's ocloc do: IGC_* (IGC's flags, e.g. IGC_ShaderDumpEnable,
// honoured by release builds) and NEOReadDebugKeys (which turns on the
// runtime's debug variables). An image depends on its inputs only.
func oclocEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "IGC_") || strings.HasPrefix(kv, "NEOReadDebugKeys=") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// firstErrorLine picks the line of ocloc's output a message shows: the
// first that mentions an error, else the first non-empty one, trimmed.
// ocloc's "Command was: ..." line (the absolute path of its binary) is
// never shown.
func firstErrorLine(out []byte) string {
	first := ""
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "Command was:") {
			continue
		}
		if strings.Contains(strings.ToLower(l), "error") {
			return l
		}
		if first == "" {
			first = l
		}
	}
	return first
}
