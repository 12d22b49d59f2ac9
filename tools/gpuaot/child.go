package main

// Running ocloc as every tool runs its children (tools/internal/childproc,
// issue 44): a process group of its own, killed whole on timeout, when
// gpuaot is interrupted, and by the kernel if gpuaot dies; of its output
// (standard output and error together, in order) the first maxOutput
// bytes kept.

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
)

// maxOutput is how much of ocloc's output gpuaot keeps: enough for its
// first error line.
const maxOutput = 64 << 10

// childResult is how a child process ended.
type childResult struct {
	exitCode int // -1 when it died of a signal
	signal   syscall.Signal
	timedOut bool
	// output is what was kept of the output, followed by how much was
	// not ("... (N more bytes not kept)", childproc.Capped).
	output string
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

// children is the running child, for the signal handler: killChild kills
// its process group and keeps any other from starting.
var children struct {
	sync.Mutex
	cmd     *exec.Cmd
	stopped bool
}

// killChild kills the running child's process group, if any, and starts
// no more (gpuaot is interrupted).
func killChild() {
	children.Lock()
	defer children.Unlock()
	children.stopped = true
	if children.cmd != nil {
		childproc.Kill(children.cmd)
	}
}

// startChild starts cmd in a process group of its own (childproc.Start)
// unless gpuaot was interrupted; under the lock, so that the signal
// handler kills it once started.
func startChild(cmd *exec.Cmd) error {
	children.Lock()
	defer children.Unlock()
	if children.stopped {
		return errors.New("interrupted")
	}
	if err := childproc.Start(cmd); err != nil {
		return err
	}
	children.cmd = cmd
	return nil
}

// runChild runs path with args and env, killing its process group after
// timeout.
func runChild(path string, args []string, env []string, timeout time.Duration) (*childResult, error) {
	limits := childproc.Limits{Timeout: timeout, MaxKept: maxOutput}
	out := childproc.NewCapped(limits)
	cmd := exec.Command(path, args...)
	cmd.Env = env
	// One writer for both: exec.Cmd then writes to it from one goroutine,
	// in the order the child wrote.
	cmd.Stdout, cmd.Stderr = out, out
	if err := startChild(cmd); err != nil {
		return nil, err
	}
	err := childproc.Wait(cmd, limits)
	// Whatever of the group is left (a child ocloc started) goes too.
	childproc.Kill(cmd)
	children.Lock()
	children.cmd = nil
	children.Unlock()
	r := &childResult{output: out.String()}
	var te *childproc.TimeoutError
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &te):
		r.timedOut = true
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
func firstErrorLine(out string) string {
	first := ""
	for _, l := range strings.Split(out, "\n") {
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
