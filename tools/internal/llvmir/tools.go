package llvmir

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/rules-sycl/rules_sycl/tools/internal/childproc"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
)

// IsBitcode reports whether data starts with LLVM bitcode magic (raw
// 'BC' 0xC0DE or the bitcode wrapper 0x0B17C0DE).
func IsBitcode(data []byte) bool {
	return bytes.HasPrefix(data, []byte{'B', 'C', 0xC0, 0xDE}) || bytes.HasPrefix(data, []byte{0xDE, 0xC0, 0x17, 0x0B})
}

// ToolError is a failed run of an external LLVM tool.
type ToolError struct {
	Tool   string
	Err    error
	Stderr string
}

func (e *ToolError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if msg == "" {
		return fmt.Sprintf("%s: %v", e.Tool, e.Err)
	}
	return fmt.Sprintf("%s: %v: %s", e.Tool, e.Err, msg)
}

// The LLVM tools run under childproc's default limits: killed (with the
// kernel's help also when this tool dies) after its timeout, and of their
// stderr 64 KiB kept, of which a message shows the first line.

func pipe(tool string, in []byte, args ...string) ([]byte, error) {
	cmd := exec.Command(tool, args...)
	cmd.Stdin = bytes.NewReader(in)
	var out bytes.Buffer
	errb := childproc.NewCapped(childproc.Limits{})
	cmd.Stdout = &out
	cmd.Stderr = errb
	if err := childproc.Run(cmd, childproc.Limits{}); err != nil {
		return nil, &ToolError{Tool: tool, Err: err, Stderr: errb.String()}
	}
	return out.Bytes(), nil
}

// Disassemble turns bitcode into text with llvmDis (e.g. "llvm-dis-15").
func Disassemble(bitcode []byte, llvmDis string) ([]byte, error) {
	return pipe(llvmDis, bitcode, "-o", "-", "-")
}

// ReadText reads the module at path as IR text: bitcode goes through
// llvmDis; an error names path.
func ReadText(path, llvmDis string) ([]byte, error) {
	data, err := inputfile.Read(path, inputfile.LLVMModule)
	if err != nil {
		return nil, err
	}
	if IsBitcode(data) {
		if data, err = Disassemble(data, llvmDis); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return data, nil
}

// DisassembleTo is Disassemble writing the text to out (e.g. a file the
// caller then maps) instead of returning it.
func DisassembleTo(bitcode []byte, out io.Writer, llvmDis string) error {
	cmd := exec.Command(llvmDis, "-o", "-", "-")
	cmd.Stdin = bytes.NewReader(bitcode)
	cmd.Stdout = out
	errb := childproc.NewCapped(childproc.Limits{})
	cmd.Stderr = errb
	if err := childproc.Run(cmd, childproc.Limits{}); err != nil {
		return &ToolError{Tool: llvmDis, Err: err, Stderr: errb.String()}
	}
	return nil
}

// Assemble turns text into bitcode with llvmAs (e.g. "llvm-as-15").
//
// LLVM 15 and 16 parse typed pointers (i32*) but default to opaque ones: a
// module that names no pointer type at all would come out in opaque mode and
// no longer link with its typed siblings (clang-15 emits typed pointers). So
// text without a `ptr` type is assembled with -opaque-pointers=0 there; LLVM
// 17+ has only opaque pointers and no such flag.
func Assemble(text []byte, llvmAs string) ([]byte, error) {
	var out bytes.Buffer
	if err := AssembleStream(bytes.NewReader(text), &out, llvmAs, UsesOpaquePointers(text)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// AssembleStream is Assemble from a reader to a writer (e.g. from a file
// the text was streamed to, into the output file), for text whose use of
// the `ptr` type the caller already knows (see PtrScanner).
//
// For LLVM 15 and older, LLVM 16's memory(...) attributes are rewritten
// into the older attributes on the way in (see DowngradeMemoryAttrs); the
// text itself is not changed.
func AssembleStream(text io.Reader, out io.Writer, llvmAs string, usesOpaquePointers bool) error {
	major, err := llvmMajorVersion(llvmAs)
	if err != nil {
		return err
	}
	args := []string{"-o", "-", "-"}
	if !usesOpaquePointers && major <= 16 {
		args = append([]string{"-opaque-pointers=0"}, args...)
	}
	var down *memoryDowngrader
	if major <= 15 {
		down = newMemoryDowngrader(text)
		text = down
	}
	cmd := exec.Command(llvmAs, args...)
	cmd.Stdin = text
	cmd.Stdout = out
	errb := childproc.NewCapped(childproc.Limits{})
	cmd.Stderr = errb
	if err := childproc.Run(cmd, childproc.Limits{}); err != nil {
		// llvm-as only saw the text up to a line the rewrite rejected.
		if down != nil && down.err != nil && down.err != io.EOF {
			return &ToolError{Tool: llvmAs, Err: fmt.Errorf("input %v", down.err)}
		}
		return &ToolError{Tool: llvmAs, Err: err, Stderr: errb.String()}
	}
	return nil
}

// PtrScanner passes writes through to W and notes whether the text names
// the `ptr` type, as UsesOpaquePointers would on the whole text. A word
// cut by a write boundary is carried over to the next write.
type PtrScanner struct {
	W     io.Writer
	Found bool
	carry []byte
}

func (p *PtrScanner) Write(b []byte) (int, error) {
	if !p.Found {
		p.scan(b)
	}
	return p.W.Write(b)
}

// Close finishes the scan (the end of the text ends a word); it does not
// close W.
func (p *PtrScanner) Close() error {
	if !p.Found && len(p.carry) > 0 {
		p.Found = UsesOpaquePointers(p.carry)
	}
	p.carry = nil
	return nil
}

func (p *PtrScanner) scan(b []byte) {
	data := b
	if len(p.carry) > 0 {
		data = append(p.carry, b...)
	}
	// Everything up to the last non-identifier byte can be decided now;
	// keep that byte (it precedes whatever follows) and the rest.
	cut := len(data) - 1
	for cut >= 0 && isIdentByte(data[cut]) {
		cut--
	}
	if cut < 0 {
		p.carry = append(p.carry[:0:0], data...)
		return
	}
	if UsesOpaquePointers(data[:cut+1]) {
		p.Found = true
		p.carry = nil
		return
	}
	p.carry = append(p.carry[:0:0], data[cut:]...)
}

// UsesOpaquePointers reports whether the text names the opaque pointer type
// `ptr` (as a whole word, e.g. "ptr %x", "ptr addrspace(1)", "(ptr)").
func UsesOpaquePointers(text []byte) bool {
	for i := 0; ; {
		j := bytes.Index(text[i:], []byte("ptr"))
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isIdentByte(text[j-1])
		after := j+3 == len(text) || !isIdentByte(text[j+3])
		if before && after {
			return true
		}
		i = j + 3
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '%' || c == '@' || c == '!' || c == '"' ||
		(c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// versionCache remembers `tool --version` answers: the splitter assembles
// thousands of images with one llvm-as. An answer is keyed by the
// executable's path, size and modification time, so that a process that
// serves many runs (a persistent worker) asks again when the file at a
// path changed.
var versionCache sync.Map

type versionKey struct {
	path  string
	size  int64
	mtime int64
}

// versionKeyOf identifies the executable tool names; ok is false when it
// cannot be found (the version is then not cached).
func versionKeyOf(tool string) (k versionKey, ok bool) {
	path, err := exec.LookPath(tool)
	if err != nil {
		return k, false
	}
	fi, err := os.Stat(path)
	if err != nil {
		return k, false
	}
	return versionKey{path: path, size: fi.Size(), mtime: fi.ModTime().UnixNano()}, true
}

var llvmVersionRE = regexp.MustCompile(`LLVM version (\d+)`)

// llvmMajorVersion asks an LLVM tool for its major version.
func llvmMajorVersion(tool string) (int, error) {
	key, cacheable := versionKeyOf(tool)
	if v, ok := versionCache.Load(key); ok && cacheable {
		return v.(int), nil
	}
	out, err := pipe(tool, nil, "--version")
	if err != nil {
		return 0, err
	}
	m := llvmVersionRE.FindSubmatch(out)
	if m == nil {
		return 0, &ToolError{Tool: tool, Err: fmt.Errorf("no LLVM version in --version output")}
	}
	major, _ := strconv.Atoi(string(m[1]))
	if cacheable {
		versionCache.Store(key, major)
	}
	return major, nil
}

// ToolCandidates lists, in the order to try them, the versioned names of an
// LLVM tool from LLVM 15 (what llvm-spirv-15 reads) up, then the bare name:
// ToolCandidates("llvm-as") is llvm-as-15, llvm-as-16, ..., llvm-as.
// Trying the oldest first keeps images readable by the oldest consumer
// that can read them at all.
func ToolCandidates(tool string) []string {
	var out []string
	for v := 15; v <= 25; v++ {
		out = append(out, tool+"-"+strconv.Itoa(v))
	}
	return append(out, tool)
}

// ToolChoice picks, among several builds of one LLVM tool, one that reads
// the input: text written by a newer LLVM (clang-19's, DPC++'s LLVM 20+)
// does not parse with LLVM 15's tools. The first input decides: the first
// tool, in order, that reads it is used first for every later input, so
// that all images come from one LLVM version; an input it does not read
// is tried with the others in order. Calls after the first may run
// concurrently; the caller makes the first one alone, so that the choice
// does not depend on timing.
type ToolChoice struct {
	// Tools are the candidates in order; the ones not found on PATH are
	// skipped (a name with a slash is used as is).
	Tools  []string
	mu     sync.Mutex
	chosen string
}

// Chosen returns the tool the first input picked ("" before that).
func (c *ToolChoice) Chosen() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.chosen
}

// Run calls try with each tool in turn until one succeeds, rewinding in
// and out before each retry, and returns the tool that did. With a single
// candidate its error is returned as is; otherwise the error names every
// tool tried and why it failed.
func (c *ToolChoice) Run(in, out *os.File, try func(tool string) error) (string, error) {
	c.mu.Lock()
	order := []string{}
	if c.chosen != "" {
		order = append(order, c.chosen)
	}
	for _, t := range c.Tools {
		if t != c.chosen {
			order = append(order, t)
		}
	}
	c.mu.Unlock()
	if len(c.Tools) == 1 {
		return c.Tools[0], try(c.Tools[0])
	}
	var tried []string
	for _, t := range order {
		if !strings.Contains(t, "/") {
			if _, err := exec.LookPath(t); err != nil {
				continue
			}
		}
		if len(tried) > 0 {
			if err := rewind(in, out); err != nil {
				return "", err
			}
		}
		err := try(t)
		if err == nil {
			c.mu.Lock()
			if c.chosen == "" {
				c.chosen = t
			}
			c.mu.Unlock()
			return t, nil
		}
		tried = append(tried, err.Error())
	}
	if len(tried) == 0 {
		return "", fmt.Errorf("none of %s is on PATH (name one with its flag)", strings.Join(c.Tools, ", "))
	}
	return "", fmt.Errorf("no LLVM tool read it: %s", strings.Join(tried, "; "))
}

func rewind(in, out *os.File) error {
	if in != nil {
		if _, err := in.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	if out != nil {
		if err := out.Truncate(0); err != nil {
			return err
		}
		if _, err := out.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	return nil
}
