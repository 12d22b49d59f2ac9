package llvmir

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
)

var stdinErrRE = regexp.MustCompile(`<stdin>:(\d+):(\d+): error: ([^\n]*)`)

// LocateAssemblyError runs llvmAs over the input text src (named file in
// messages) and, if it rejects it, returns its first error at the input's
// line and column: an image llvm-as rejects was cut from the input, whose
// line means something to the user where the image's `<stdin>:2:1` does
// not. It returns nil when llvm-as accepts the input (the image's own
// error then stands) or says nothing it can place.
func LocateAssemblyError(src []byte, file, llvmAs string) error {
	err := AssembleStream(bytes.NewReader(src), io.Discard, llvmAs, UsesOpaquePointers(src))
	var te *ToolError
	if !errors.As(err, &te) {
		return nil
	}
	return LocateStdinError(te.Stderr, file, llvmAs)
}

// LocateStdinError returns the first `<stdin>:LINE:COL: error: ...` of an
// assembler's message about the input text (tool names the assembler) as
// an error at file's line and column, or nil when it has none.
func LocateStdinError(msg, file, tool string) error {
	m := stdinErrRE.FindStringSubmatch(msg)
	if m == nil {
		return nil
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	return &ParseError{File: file, Line: line, Col: col, Msg: m[3] + " (" + tool + ")"}
}
