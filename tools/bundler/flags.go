package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

// UsageError reports a bad command line.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func usagef(format string, args ...interface{}) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// flagSet names the options of one subcommand: value options take
// "=value" or the next argument; boolean options take an optional
// "=true|false".
type flagSet struct {
	values map[string]bool
	bools  map[string]bool
}

func newFlagSet(values, bools []string) flagSet {
	fs := flagSet{values: map[string]bool{}, bools: map[string]bool{}}
	for _, v := range values {
		fs.values[v] = true
	}
	for _, b := range bools {
		fs.bools[b] = true
	}
	return fs
}

// walk calls fn for every option (name without dashes, value) and
// positional argument (name "") in command-line order, so that options
// can apply to the inputs that follow them. Options take one or two
// dashes; "--" ends options.
func (fs flagSet) walk(args []string, fn func(name, val string) error) error {
	positionalOnly := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if positionalOnly || a == "-" || !strings.HasPrefix(a, "-") {
			if err := fn("", a); err != nil {
				return err
			}
			continue
		}
		if a == "--" {
			positionalOnly = true
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		val, hasVal := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, val, hasVal = name[:eq], name[eq+1:], true
		}
		switch {
		case name == "h" || name == "help":
			return &usage.Help{Text: synopsis}
		case fs.values[name]:
			if !hasVal {
				if i+1 >= len(args) {
					return usagef("option -%s needs a value", name)
				}
				i++
				val = args[i]
			}
		case fs.bools[name]:
			if !hasVal {
				val = "true"
			}
			if _, err := strconv.ParseBool(val); err != nil {
				return usagef("invalid boolean -%s=%s", name, val)
			}
		default:
			return usagef("unknown option %s", a)
		}
		if err := fn(name, val); err != nil {
			return err
		}
	}
	return nil
}

func boolVal(s string) bool {
	b, _ := strconv.ParseBool(s)
	return b
}

func intVal(name, s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, usagef("invalid -%s=%s (want %d..%d)", name, s, lo, hi)
	}
	return n, nil
}

// splitList splits a comma-separated option value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}
