// Package childproc runs the tools' child processes (spirv-val, the LLVM
// tools, the device linker) with bounds: a timeout, after which the child
// and everything it started are killed, and a cap on the diagnostics kept
// of it. Without them a validator that hangs hung the build action, and one
// that wrote 50 MB of stderr cost 229 MB of memory for a one-line message.
package childproc

import (
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Defaults: a child runs at most DefaultTimeout and DefaultMaxKept bytes of
// its diagnostics are kept. The slowest children (llvm-link of a program's
// device code, spirv-val of a large image) take seconds.
const (
	DefaultTimeout = 10 * time.Minute
	DefaultMaxKept = 64 << 10
)

// Limits bounds one child.
type Limits struct {
	Timeout time.Duration // 0: DefaultTimeout
	MaxKept int           // 0: DefaultMaxKept
}

func (l Limits) timeout() time.Duration {
	if l.Timeout <= 0 {
		return DefaultTimeout
	}
	return l.Timeout
}

// Capped is a writer that keeps the first Max bytes written to it and
// counts the rest: a child's diagnostics, of which a message shows a line.
type Capped struct {
	Max     int
	buf     []byte
	dropped int64
}

// NewCapped returns a Capped keeping l's MaxKept bytes.
func NewCapped(l Limits) *Capped {
	max := l.MaxKept
	if max <= 0 {
		max = DefaultMaxKept
	}
	return &Capped{Max: max}
}

// Write keeps what fits and never fails: a child must not die of a write
// error because its output is no longer kept.
func (c *Capped) Write(p []byte) (int, error) {
	room := c.Max - len(c.buf)
	if room < 0 {
		room = 0
	}
	if len(p) <= room {
		c.buf = append(c.buf, p...)
	} else {
		c.buf = append(c.buf, p[:room]...)
		c.dropped += int64(len(p) - room)
	}
	return len(p), nil
}

// String is what was kept, followed by how much was not.
func (c *Capped) String() string {
	if c.dropped == 0 {
		return string(c.buf)
	}
	return fmt.Sprintf("%s... (%d more bytes not kept)", c.buf, c.dropped)
}

// Dropped is how many bytes were not kept.
func (c *Capped) Dropped() int64 { return c.dropped }

// TimeoutError is a child killed because it ran past its timeout.
type TimeoutError struct {
	Tool    string
	Timeout time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("%s ran longer than %v and was killed", e.Tool, e.Timeout)
}

// Start starts cmd as Run does (its own process group, killed with the
// tool on Linux) for a caller that talks to it and waits itself (a helper
// serving requests over pipes).
func Start(cmd *exec.Cmd) error {
	ownGroup(cmd)
	return cmd.Start()
}

// Run starts cmd and waits for it at most l's timeout; then it kills the
// child's whole process group (a shell wrapper's children too, which would
// otherwise keep its output pipes open and Wait blocked) and returns a
// *TimeoutError. On Linux the child is also killed if the tool dies.
func Run(cmd *exec.Cmd, l Limits) error {
	if err := Start(cmd); err != nil {
		return err
	}
	return Wait(cmd, l)
}

// Wait waits for a cmd that Start started, as Run does.
func Wait(cmd *exec.Cmd, l Limits) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(l.timeout())
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		killGroup(cmd)
		<-done
		return &TimeoutError{Tool: toolName(cmd), Timeout: l.timeout()}
	}
}

// Kill kills a started cmd and everything in its process group (an
// interrupted tool's children).
func Kill(cmd *exec.Cmd) { killGroup(cmd) }

func toolName(cmd *exec.Cmd) string {
	if len(cmd.Args) > 0 {
		return cmd.Args[0]
	}
	return strings.TrimSpace(cmd.Path)
}
