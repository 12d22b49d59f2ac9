// Package argfile expands the param files Bazel passes in place of long
// command lines (ctx.actions.args().use_param_file("@%s") with
// set_param_file_format("multiline")): an argument "@PATH" stands for the
// lines of PATH, one argument per line, without quoting. The Go flag
// package has no such expansion, so each tool that takes a param file calls
// Expand on its arguments first.
package argfile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
)

// Error is a param file that could not be read.
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string {
	// inputfile's errors name the file and say it is a param file.
	var nr *inputfile.NotRegularError
	var tl *inputfile.TooLargeError
	if errors.As(e.Err, &nr) || errors.As(e.Err, &tl) {
		return e.Err.Error()
	}
	return fmt.Sprintf("param file %s: %v", e.Path, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Expand returns args with every "@PATH" argument replaced by the lines of
// PATH. Param files are not expanded recursively, so an argument of a param
// file that starts with "@" is kept as it is: a tool that reads such a
// nested list (devlink's TU list) calls Expand again on what it got.
// A lone "@" is an ordinary argument.
func Expand(args []string) ([]string, error) {
	var out []string
	for i, a := range args {
		if len(a) < 2 || a[0] != '@' {
			if out != nil {
				out = append(out, a)
			}
			continue
		}
		if out == nil {
			out = append([]string{}, args[:i]...)
		}
		lines, err := read(a[1:])
		if err != nil {
			return nil, err
		}
		out = append(out, lines...)
	}
	if out == nil {
		return args, nil
	}
	return out, nil
}

func read(path string) ([]string, error) {
	data, err := inputfile.Read(path, inputfile.ParamFile)
	if err != nil {
		return nil, &Error{Path: path, Err: err}
	}
	text := string(data)
	if text == "" {
		return nil, nil
	}
	if strings.IndexByte(text, 0) >= 0 {
		return nil, &Error{Path: path, Err: fmt.Errorf("holds a NUL byte (not a multiline param file)")}
	}
	// Bazel ends every line with "\n"; a missing last newline is accepted.
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n"), nil
}
