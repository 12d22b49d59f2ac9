package llvmir

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
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

func pipe(tool string, in []byte, args ...string) ([]byte, error) {
	cmd := exec.Command(tool, args...)
	cmd.Stdin = bytes.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return nil, &ToolError{Tool: tool, Err: err, Stderr: errb.String()}
	}
	return out.Bytes(), nil
}

// Disassemble turns bitcode into text with llvmDis (e.g. "llvm-dis-15").
func Disassemble(bitcode []byte, llvmDis string) ([]byte, error) {
	return pipe(llvmDis, bitcode, "-o", "-", "-")
}

// Assemble turns text into bitcode with llvmAs (e.g. "llvm-as-15").
func Assemble(text []byte, llvmAs string) ([]byte, error) {
	return pipe(llvmAs, text, "-o", "-", "-")
}
