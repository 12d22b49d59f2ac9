// Package propset reads and writes DPC++ property-set registries (.prop
// files): named sets of named UINT32 / BYTE_ARRAY properties, kept in
// insertion order so that output is byte-identical to the C++ writer.
package propset

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
)

// Property is one named value inside a set.
type Property struct {
	Name  string
	Value Value
}

// Set is a named, insertion-ordered list of properties.
type Set struct {
	Name  string
	props []Property
	index map[string]int // lookup only; order lives in props
}

// Properties returns the set's properties in insertion order. The slice is
// shared: do not modify it.
func (s *Set) Properties() []Property { return s.props }

// Len returns the number of properties.
func (s *Set) Len() int { return len(s.props) }

// Get looks a property up by name.
func (s *Set) Get(name string) (Value, bool) {
	i, ok := s.index[name]
	if !ok {
		return Value{}, false
	}
	return s.props[i].Value, true
}

// Add inserts name or overwrites it in place, keeping its original position.
func (s *Set) Add(name string, v Value) {
	if i, ok := s.index[name]; ok {
		s.props[i].Value = v
		return
	}
	if s.index == nil {
		s.index = make(map[string]int)
	}
	s.index[name] = len(s.props)
	s.props = append(s.props, Property{Name: name, Value: v})
}

// Registry is an insertion-ordered list of property sets. The zero value is
// an empty registry ready to use.
type Registry struct {
	sets  []*Set
	index map[string]int
}

// Sets returns the sets in insertion order. The slice is shared.
func (r *Registry) Sets() []*Set { return r.sets }

// Len returns the number of sets.
func (r *Registry) Len() int { return len(r.sets) }

// Set looks a set up by name.
func (r *Registry) Set(name string) (*Set, bool) {
	i, ok := r.index[name]
	if !ok {
		return nil, false
	}
	return r.sets[i], true
}

// AddSet returns the named set, creating it (empty) at the end if missing.
// Empty sets are written as a bare header, as DPC++ does for
// "SYCL/kernel param opt" with -emit-param-info.
func (r *Registry) AddSet(name string) *Set {
	if i, ok := r.index[name]; ok {
		return r.sets[i]
	}
	if r.index == nil {
		r.index = make(map[string]int)
	}
	s := &Set{Name: name}
	r.index[name] = len(r.sets)
	r.sets = append(r.sets, s)
	return s
}

// Add sets property name of set to v; a later duplicate overwrites in place.
func (r *Registry) Add(set, name string, v Value) { r.AddSet(set).Add(name, v) }

// Get looks up one property.
func (r *Registry) Get(set, name string) (Value, bool) {
	s, ok := r.Set(set)
	if !ok {
		return Value{}, false
	}
	return s.Get(name)
}

// Equal compares names, order and values (used by go-cmp).
func (r *Registry) Equal(o *Registry) bool {
	if r == nil || o == nil {
		return r == o
	}
	if len(r.sets) != len(o.sets) {
		return false
	}
	for i, s := range r.sets {
		t := o.sets[i]
		if s.Name != t.Name || len(s.props) != len(t.props) {
			return false
		}
		for j, p := range s.props {
			if p.Name != t.props[j].Name || !p.Value.Equal(t.props[j].Value) {
				return false
			}
		}
	}
	return true
}

// NameError reports a set or property name that cannot be written so that
// it reads back the same.
type NameError struct {
	Set, Property string
	Msg           string
}

func (e *NameError) Error() string {
	if e.Property == "" {
		return fmt.Sprintf("property set %s: %s", errtext.Quote(e.Set), e.Msg)
	}
	return fmt.Sprintf("property set %s, property %s: %s", errtext.Quote(e.Set), errtext.Quote(e.Property), e.Msg)
}

func checkSetName(name string) error {
	if strings.ContainsAny(name, "\n\x00") {
		return &NameError{Set: name, Msg: "name contains a newline or NUL"}
	}
	return nil
}

func checkPropName(set, name string) error {
	switch {
	case name == "":
		return &NameError{Set: set, Property: name, Msg: "empty name"}
	case strings.ContainsAny(name, "=\n\x00"):
		return &NameError{Set: set, Property: name, Msg: "name contains '=', a newline or NUL"}
	case name[0] == '[':
		return &NameError{Set: set, Property: name, Msg: "name starts with '[' and would read as a set header"}
	}
	return nil
}

// Write emits the registry in .prop text form, byte-identical to DPC++:
// "[set]\n" then "name=type|value\n" per property, everything in insertion
// order. Names that would not read back unchanged are rejected.
func (r *Registry) Write(w io.Writer) error {
	for _, s := range r.sets {
		if err := checkSetName(s.Name); err != nil {
			return err
		}
		for _, p := range s.props {
			if err := checkPropName(s.Name, p.Name); err != nil {
				return err
			}
			if t := p.Value.Type(); t != Uint32 && t != ByteArray {
				return &NameError{Set: s.Name, Property: p.Name, Msg: "invalid value type " + t.String()}
			}
		}
	}
	bw := bufio.NewWriter(w)
	for _, s := range r.sets {
		bw.WriteString("[" + s.Name + "]\n")
		for _, p := range s.props {
			bw.WriteString(p.Name)
			bw.WriteByte('=')
			bw.WriteString(p.Value.String())
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}

// Bytes returns the text form.
func (r *Registry) Bytes() ([]byte, error) {
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// ParseError locates a .prop syntax error. Line is 1-based; 0 means the
// error concerns the whole file.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Parse reads .prop text. Rules follow the DPC++ reader: lines end in "\n"
// or "\r\n"; blank lines are skipped; no whitespace trimming; a line starting
// with '[' is a set header named up to its last ']'; a property line splits
// at the first '=' and then the first '|', and all three parts must be
// non-empty; types are decimal 1 or 2; a repeated set merges and a repeated
// key overwrites in place; a file without any set is an error. Unlike the
// C++ reader, which stops silently at a NUL byte, NUL is rejected.
func Parse(data []byte, filename string) (*Registry, error) {
	r := &Registry{}
	var cur *Set
	lineNo := 0
	for len(data) > 0 {
		lineNo++
		var line []byte
		if i := indexNL(data); i >= 0 {
			line, data = data[:i], data[i+1:]
			// "\r\n" ends a line too; a lone '\r' is content.
			if n := len(line); n > 0 && line[n-1] == '\r' {
				line = line[:n-1]
			}
		} else {
			line, data = data, nil
		}
		if len(line) == 0 {
			continue
		}
		errf := func(format string, args ...interface{}) error {
			return &ParseError{File: filename, Line: lineNo, Msg: fmt.Sprintf(format, args...)}
		}
		// The line stays bytes: a value of tens of MB is decoded where it
		// is; only the set's and key's names become strings.
		if bytes.IndexByte(line, 0) >= 0 {
			return nil, errf("NUL byte in line")
		}
		if line[0] == '[' {
			end := bytes.LastIndexByte(line, ']')
			if end < 0 {
				return nil, errf("invalid line: %s", errtext.Quote(string(line)))
			}
			cur = r.AddSet(string(line[1:end]))
			continue
		}
		if cur == nil {
			return nil, errf("property category missing")
		}
		eq := bytes.IndexByte(line, '=')
		if eq <= 0 || eq == len(line)-1 {
			return nil, errf("invalid property line: %s", errtext.Quote(string(line)))
		}
		v, err := parseValue(line[eq+1:])
		if err != nil {
			return nil, errf("%v", err)
		}
		cur.Add(string(line[:eq]), v)
	}
	if cur == nil {
		return nil, &ParseError{File: filename, Msg: "invalid property set registry"}
	}
	return r, nil
}

func indexNL(b []byte) int {
	for i, c := range b {
		if c == '\n' {
			return i
		}
	}
	return -1
}
