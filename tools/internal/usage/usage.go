// Package usage lets a tool answer -h, -help and --help with its usage on
// standard output and exit status 0, as every tool in tools/ does.
package usage

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
)

// Help is what a tool's argument parser returns when the command line asks
// for the usage: the tool prints Text on standard output and exits 0.
type Help struct{ Text string }

func (h *Help) Error() string { return "usage requested" }

// IsFlag reports whether arg is one of the spellings that ask for the
// usage: -h, -help or --help.
func IsFlag(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// FromFlagSet turns flag.ErrHelp (what fs.Parse returns for -h, -help and
// --help) into a *Help holding synopsis and the description of fs's flags;
// other errors, and nil, are returned as they are.
func FromFlagSet(err error, synopsis string, fs *flag.FlagSet) error {
	if !errors.Is(err, flag.ErrHelp) {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\nflags:\n", synopsis)
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	return &Help{Text: b.String()}
}

// Print writes the text of the *Help in err's chain to w and reports
// whether there was one.
func Print(w io.Writer, err error) bool {
	var h *Help
	if !errors.As(err, &h) {
		return false
	}
	io.WriteString(w, h.Text)
	if n := len(h.Text); n == 0 || h.Text[n-1] != '\n' {
		io.WriteString(w, "\n")
	}
	return true
}
