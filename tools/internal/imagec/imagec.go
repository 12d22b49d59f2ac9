// Package imagec talks to tools/imagec, the helper that assembles textual
// LLVM IR to bitcode and translates bitcode to SPIR-V through LLVM's and
// SPIRV-LLVM-Translator's libraries in one long-lived process, instead of
// one llvm-as / llvm-spirv process per device image; and to
// tools/imagec/codegen.cc, its counterpart linked with another LLVM that
// runs a backend (llc) over each image.
//
// The protocol (see tools/imagec/imagec.cc) is one request at a time per
// process on its stdin, each answered on its stdout; a Pool keeps one
// process per worker so that requests run in parallel.
package imagec

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Error is a request the helper answered with an error (the helper keeps
// running), or the helper's failure (it exited or broke the protocol).
type Error struct {
	Tool string
	Msg  string
}

func (e *Error) Error() string { return filepath.Base(e.Tool) + ": " + e.Msg }

// server is one running helper process.
type server struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	w      *bufio.Writer
	r      *bufio.Reader
	stderr *childproc.Capped
	tool   string
}

func start(tool string, args []string) (*server, error) {
	cmd := exec.Command(tool, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	// A helper that lives for the whole run keeps at most 64 KiB of
	// stderr (its last line is the message), and dies with the tool.
	stderr := childproc.NewCapped(childproc.Limits{})
	cmd.Stderr = stderr
	if err := childproc.Start(cmd); err != nil {
		return nil, &Error{Tool: tool, Msg: err.Error()}
	}
	return &server{cmd: cmd, stdin: stdin, w: bufio.NewWriterSize(stdin, 64<<10), r: bufio.NewReaderSize(stdout, 64<<10), stderr: stderr, tool: tool}, nil
}

// died turns a broken conversation into an error naming the helper's
// last words; the process is reaped.
func (s *server) died(err error) error {
	s.stdin.Close()
	werr := s.cmd.Wait()
	msg := strings.TrimSpace(s.stderr.String())
	if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
		msg = msg[i+1:]
	}
	switch {
	case werr != nil && msg != "":
		return &Error{Tool: s.tool, Msg: fmt.Sprintf("exited (%v): %s", werr, msg)}
	case werr != nil:
		return &Error{Tool: s.tool, Msg: fmt.Sprintf("exited (%v)", werr)}
	default:
		return &Error{Tool: s.tool, Msg: fmt.Sprintf("broke the protocol: %v", err)}
	}
}

// call sends one request and reads its answer's payload into out.
// A non-nil *Error with broken=false is a failed request on a live helper.
func (s *server) call(header string, body [][]byte, out io.Writer) (broken bool, err error) {
	s.w.WriteString(header)
	for _, b := range body {
		s.w.Write(b)
	}
	if err := s.w.Flush(); err != nil {
		return true, s.died(err)
	}
	line, err := s.r.ReadString('\n')
	if err != nil {
		return true, s.died(err)
	}
	line = strings.TrimSuffix(line, "\n")
	if msg := strings.TrimPrefix(line, "error "); msg != line {
		return false, &Error{Tool: s.tool, Msg: msg}
	}
	n, perr := strconv.ParseInt(strings.TrimPrefix(line, "ok "), 10, 64)
	if !strings.HasPrefix(line, "ok ") || perr != nil || n < 0 {
		return true, s.died(fmt.Errorf("unexpected answer %q", line))
	}
	if out == nil {
		out = io.Discard
	}
	if _, err := io.CopyN(out, s.r, n); err != nil {
		return true, s.died(err)
	}
	return false, nil
}

func (s *server) close() error {
	s.stdin.Close()
	if err := s.cmd.Wait(); err != nil {
		return &Error{Tool: s.tool, Msg: fmt.Sprintf("exited (%v): %s", err, strings.TrimSpace(s.stderr.String()))}
	}
	return nil
}

// Pool runs requests on up to n helper processes, started on demand; a
// helper that dies is replaced by the next request.
type Pool struct {
	tool string
	args []string
	free chan *server
	sem  chan struct{}
	mu   sync.Mutex
	all  map[*server]bool
}

// NewPool returns a pool of at most n processes of `tool args...` (args
// starts with "serve").
func NewPool(tool string, args []string, n int) *Pool {
	if n < 1 {
		n = 1
	}
	return &Pool{tool: tool, args: args, free: make(chan *server, n), sem: make(chan struct{}, n), all: map[*server]bool{}}
}

func (p *Pool) do(header string, body [][]byte, out io.Writer) error {
	p.sem <- struct{}{}
	defer func() { <-p.sem }()
	var s *server
	select {
	case s = <-p.free:
	default:
		var err error
		if s, err = start(p.tool, p.args); err != nil {
			return err
		}
		p.mu.Lock()
		p.all[s] = true
		p.mu.Unlock()
	}
	broken, err := s.call(header, body, out)
	if broken {
		p.mu.Lock()
		delete(p.all, s)
		p.mu.Unlock()
		return err
	}
	p.free <- s
	return err
}

// Assemble writes the bitcode of text to out as `llvm-as-15 - -o -` would,
// with -opaque-pointers=0 unless usesOpaquePointers (see
// llvmir.UsesOpaquePointers); LLVM 16's memory(...) attributes are
// rewritten for LLVM 15 first, as llvmir.AssembleStream does.
func (p *Pool) Assemble(text []byte, usesOpaquePointers bool, out io.Writer) error {
	if bytes.Contains(text, []byte("memory(")) {
		var err error
		if text, err = downgrade(text); err != nil {
			return &Error{Tool: p.tool, Msg: "input " + err.Error()}
		}
	}
	opaque := 0
	if usesOpaquePointers {
		opaque = 1
	}
	return p.do(fmt.Sprintf("as %d %d\n", opaque, len(text)), [][]byte{text}, out)
}

// Translate writes the SPIR-V of the bitcode file in to the file out, as
// `llvm-spirv-15 FLAGS in -o out` would with the flags the pool's
// processes were started with.
func (p *Pool) Translate(in, out string) error {
	return p.do(fmt.Sprintf("spirv %d %d\n", len(in), len(out)), [][]byte{[]byte(in), []byte(out)}, nil)
}

// Codegen writes to the file out what the target's backend makes of the IR
// file in, as `llc FLAGS in -o out` would with the flags the pool's
// processes (tools/imagec/codegen.cc) were started with.
func (p *Pool) Codegen(in, out string) error {
	return p.do(fmt.Sprintf("codegen %d %d\n", len(in), len(out)), [][]byte{[]byte(in), []byte(out)}, nil)
}

// Close stops every helper.
func (p *Pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for s := range p.all {
		if err := s.close(); err != nil {
			errs = append(errs, err)
		}
		delete(p.all, s)
	}
	if len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// Kill kills every helper at once and does not wait for them (an
// interrupted run); requests in flight fail.
func (p *Pool) Kill() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for s := range p.all {
		s.cmd.Process.Kill()
	}
}

func downgrade(text []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(text))
	for n := 1; len(text) > 0; n++ {
		i := bytes.IndexByte(text, '\n')
		line := text
		if i >= 0 {
			line = text[:i+1]
		}
		text = text[len(line):]
		d, err := llvmir.DowngradeMemoryAttrs(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out.Write(d)
	}
	return out.Bytes(), nil
}
