package usage

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFromFlagSet(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		fs := flag.NewFlagSet("tool", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("o", "", "output file")
		err := FromFlagSet(fs.Parse([]string{arg}), "usage: tool -o OUT IN", fs)
		if !IsFlag(arg) {
			t.Errorf("IsFlag(%q) = false", arg)
		}
		var b bytes.Buffer
		if !Print(&b, fmt.Errorf("wrapped: %w", err)) {
			t.Fatalf("%s: Print found no help in %v", arg, err)
		}
		want := "usage: tool -o OUT IN\n\nflags:\n  -o string\n    \toutput file\n"
		if diff := cmp.Diff(want, b.String()); diff != "" {
			t.Errorf("%s: usage (-want +got):\n%s", arg, diff)
		}
		if fs.Output() != io.Discard {
			t.Errorf("%s: the flag set's output was not restored", arg)
		}
	}
}

func TestOtherErrors(t *testing.T) {
	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	bad := fs.Parse([]string{"-nope"})
	if err := FromFlagSet(bad, "usage", fs); err != bad {
		t.Errorf("FromFlagSet changed %v into %v", bad, err)
	}
	if FromFlagSet(nil, "usage", fs) != nil {
		t.Error("FromFlagSet(nil) is not nil")
	}
	var b bytes.Buffer
	if Print(&b, errors.New("x")) || Print(&b, nil) || b.Len() != 0 {
		t.Errorf("Print printed %q for an error that is no *Help", b.String())
	}
	for _, arg := range []string{"h", "--h", "-hel", "help", "---help", ""} {
		if IsFlag(arg) {
			t.Errorf("IsFlag(%q) = true", arg)
		}
	}
	Print(&b, &Help{Text: "no newline"})
	if b.String() != "no newline\n" {
		t.Errorf("Print = %q, want a final newline added", b.String())
	}
}
