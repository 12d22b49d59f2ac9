package worker

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/rules-sycl/rules_sycl/tools/internal/argfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// Flag is the argument Bazel adds to a tool's command line to start it as
// a persistent worker.
const Flag = "--persistent_worker"

// Stdio is what a run may read and write. In a worker, Stdout and Stderr
// both go to the request's WorkResponse.output (the process's stdout is
// the protocol channel) and Stdin fails: it carries the requests.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Handler runs one invocation of a tool, a one-shot run's or a work
// request's, and returns its exit code. It must not exit the process,
// keep state for the next request, or write to os.Stdout.
type Handler func(args []string, stdio Stdio) int

// IsWorker reports whether a tool's arguments (os.Args[1:]) start it as a
// persistent worker.
func IsWorker(args []string) bool {
	for _, a := range args {
		if a == Flag {
			return true
		}
	}
	return false
}

// ErrNoStdin is what a request reading standard input gets.
var ErrNoStdin = errors.New("standard input is not available to a persistent worker's request")

type noStdin struct{}

func (noStdin) Read([]byte) (int, error) { return 0, ErrNoStdin }

// Main is a tool's main: with Flag among args it serves work requests on
// os.Stdin / os.Stdout until Bazel closes stdin; otherwise it runs h once
// (Once). It returns the process exit code. name prefixes its own messages.
func Main(name string, args []string, h Handler) int {
	if IsWorker(args) {
		if err := Serve(os.Stdin, os.Stdout, name, h); err != nil {
			fmt.Fprintln(os.Stderr, errtext.ToolLine(name, err.Error()))
			return 1
		}
		return 0
	}
	return Once(name, args, h, Stdio{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr})
}

// Once runs h on args with Bazel param files (@FILE) expanded, as a spawn
// that is no worker's (sandboxed, local, remote) passes them; a work
// request's arguments come expanded by Bazel. An unreadable param file is a
// one-line message on stdio.Stderr and exit code 1.
func Once(name string, args []string, h Handler, stdio Stdio) int {
	args, err := argfile.Expand(args)
	if err != nil {
		fmt.Fprintln(stdio.Stderr, errtext.ToolLine(name, err.Error()))
		return 1
	}
	return h(args, stdio)
}

// Serve answers the work requests read from in on out, one at a time, until
// in ends (nil) or its framing breaks (a *FrameError). A request that is no
// WorkRequest, or whose run fails or panics, is answered with a non-zero
// exit code and a one-line message, and serving goes on. Cancel requests
// are not answered: requests are answered before the next is read, so a
// cancel names one that is already done.
func Serve(in io.Reader, out io.Writer, name string, h Handler) error {
	r := NewReader(in)
	for {
		req, err := r.Next()
		if err == io.EOF {
			return nil
		}
		var bad *DecodeError
		switch {
		case errors.As(err, &bad):
			resp := &Response{ExitCode: 1, Output: errtext.ToolLine(name, bad.Error()) + "\n"}
			if err := WriteResponse(out, resp); err != nil {
				return err
			}
			continue
		case err != nil:
			return err
		case req.Cancel:
			continue
		}
		if err := WriteResponse(out, Handle(name, h, req)); err != nil {
			return err
		}
	}
}

// Handle runs one request and returns its response.
func Handle(name string, h Handler, req *Request) *Response {
	var buf bytes.Buffer
	code := run(name, h, req.Arguments, &buf)
	// An idle worker should not hold what its largest run allocated (a
	// split of a large module): a collection of the little that stays
	// live costs about a millisecond.
	debug.FreeOSMemory()
	return &Response{ExitCode: int32(code), Output: buf.String(), RequestID: req.RequestID}
}

// run calls h, turning a panic into a one-line message: the worker serves
// on.
func run(name string, h Handler, args []string, buf *bytes.Buffer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(buf, errtext.ToolLine(name, fmt.Sprintf("internal error: %v", r)))
			code = 1
		}
	}()
	return h(args, Stdio{Stdin: noStdin{}, Stdout: buf, Stderr: buf})
}
