// Package thinlink plans per-TU device links (thinLTO-style): a symbol
// summary per translation unit, and from the summaries the ordered list of
// other TUs a TU's link must read for llvm-link --only-needed to resolve
// everything its code reaches.
package thinlink

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/rules-sycl/rules_sycl/tools/internal/errtext"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

// Header is the first line of a summary file; the number is the format
// version. Version 2 ends with a trailer line "end N" (N: the record lines
// before it), so a summary cut at a line boundary is an error, not a
// smaller interface.
const Header = "sycl-link-summary 2"

// trailer starts the last line.
const trailer = "end "

// Summary is a TU's external symbol interface, at the granularity
// llvm-link --only-needed imports at: per defined external symbol, the
// external symbols that importing it brings along (through local
// functions, metadata and comdat members).
type Summary struct {
	// Defs: defined external symbols (IR spelling, with '@') and their refs.
	Defs map[string][]string
	// Decls: external symbols the TU declares but does not define.
	Decls []string
	// Appending: refs of appending-linkage globals (@llvm.used, ...), which
	// llvm-link imports from every file it reads, needed or not.
	Appending []string
}

// Summarize computes m's summary.
func Summarize(m *llvmir.Module) *Summary {
	s := &Summary{Defs: map[string][]string{}}
	n := len(m.Entities)
	isGV := func(e *llvmir.Entity) bool {
		switch e.Kind {
		case llvmir.KindFunction, llvmir.KindGlobal, llvmir.KindAlias, llvmir.KindIFunc:
			return strings.HasPrefix(e.Name, "@")
		}
		return false
	}
	local := make([]bool, n)
	comdatMembers := map[int32][]int32{}
	for i := range m.Entities {
		e := &m.Entities[i]
		if !isGV(e) {
			continue
		}
		linkage, _ := m.GlobalLinkage(e)
		local[i] = linkage == "private" || linkage == "internal"
		for _, r := range m.RefIndices(i, llvmir.RefsAll) {
			if m.Entities[r].Kind == llvmir.KindComdat {
				comdatMembers[r] = append(comdatMembers[r], int32(i))
			}
		}
	}
	// Only metadata that leads to a global is worth walking: debug info
	// rarely does, and walking it from every definition would be
	// quadratic. So mark, backwards from nodes naming a global, the
	// metadata nodes that reach one.
	isMD := func(e *llvmir.Entity) bool { return e.Kind == llvmir.KindMD || e.Kind == llvmir.KindNamedMD }
	mdReaches := make([]bool, n)
	users := map[int32][]int32{}
	var work []int32
	for i := range m.Entities {
		if !isMD(&m.Entities[i]) {
			continue
		}
		for _, r := range m.RefIndices(i, llvmir.RefsAll) {
			switch {
			case isGV(&m.Entities[r]):
				if !mdReaches[i] {
					mdReaches[i] = true
					work = append(work, int32(i))
				}
			case isMD(&m.Entities[r]):
				users[r] = append(users[r], int32(i))
			}
		}
	}
	for len(work) > 0 {
		j := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range users[j] {
			if !mdReaches[u] {
				mdReaches[u] = true
				work = append(work, u)
			}
		}
	}
	// reach returns the external symbols entity i brings along: direct
	// refs, and refs of what is imported with it (locals, metadata,
	// members of its comdats).
	seen := make([]int32, n)
	var stamp int32
	reach := func(i int) []string {
		stamp++
		set := map[string]bool{}
		stack := []int32{int32(i)}
		seen[i] = stamp
		visit := func(j int32) {
			if seen[j] == stamp {
				return
			}
			seen[j] = stamp
			e := &m.Entities[j]
			switch {
			case isGV(e) && !local[j]:
				set[e.Name] = true
			case isGV(e), isMD(e) && mdReaches[j]:
				stack = append(stack, j)
			}
		}
		for len(stack) > 0 {
			j := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, r := range m.RefIndices(int(j), llvmir.RefsAll) {
				if m.Entities[r].Kind == llvmir.KindComdat {
					for _, c := range comdatMembers[r] {
						visit(c)
					}
					continue
				}
				visit(r)
			}
		}
		return sortedKeys(set)
	}
	appending := map[string]bool{}
	for i := range m.Entities {
		e := &m.Entities[i]
		if !isGV(e) || local[i] {
			continue
		}
		linkage, isDecl := m.GlobalLinkage(e)
		switch {
		case linkage == "appending":
			for _, r := range reach(i) {
				appending[r] = true
			}
		case isDecl:
			// Intrinsics are never defined by another TU.
			if !strings.HasPrefix(e.Name, "@llvm.") {
				s.Decls = append(s.Decls, e.Name)
			}
		default:
			s.Defs[e.Name] = reach(i)
		}
	}
	sort.Strings(s.Decls)
	s.Appending = sortedKeys(appending)
	return s
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Marshal writes the summary as text: the header, then sorted lines
// "def NAME" (each followed by its " ref NAME" lines), "decl NAME" and
// "append NAME", and the trailer. Names are IR spellings, which never
// hold a newline.
func (s *Summary) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(Header + "\n")
	records := 0
	defs := make([]string, 0, len(s.Defs))
	for d := range s.Defs {
		defs = append(defs, d)
	}
	sort.Strings(defs)
	for _, d := range defs {
		fmt.Fprintf(&b, "def %s\n", d)
		for _, r := range s.Defs[d] {
			fmt.Fprintf(&b, " ref %s\n", r)
		}
		records += 1 + len(s.Defs[d])
	}
	for _, d := range s.Decls {
		fmt.Fprintf(&b, "decl %s\n", d)
	}
	for _, a := range s.Appending {
		fmt.Fprintf(&b, "append %s\n", a)
	}
	records += len(s.Decls) + len(s.Appending)
	fmt.Fprintf(&b, "%s%d\n", trailer, records)
	return b.Bytes()
}

// Parse reads a summary Marshal wrote; errors name file and line.
func Parse(data []byte, file string) (*Summary, error) {
	s := &Summary{Defs: map[string][]string{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	if len(data) > 0 && data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("%s: last line does not end in a newline: truncated summary", file)
	}
	line := 0
	cur := ""
	ended := false
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			if text != Header {
				return nil, fmt.Errorf("%s: not a device link summary (first line %s, want %q)", file, errtext.Quote(text), Header)
			}
			continue
		}
		if ended {
			return nil, fmt.Errorf("%s:%d: line after the trailer", file, line)
		}
		if strings.HasPrefix(text, trailer) {
			if n, err := strconv.Atoi(text[len(trailer):]); err != nil || n != line-2 {
				return nil, fmt.Errorf("%s:%d: trailer %s does not count the %d records before it", file, line, errtext.Quote(text), line-2)
			}
			ended = true
			continue
		}
		key, name, ok := strings.Cut(text, " @")
		if !ok {
			return nil, fmt.Errorf("%s:%d: malformed line %s", file, line, errtext.Quote(text))
		}
		name = "@" + name
		switch key {
		case "def":
			if _, dup := s.Defs[name]; dup {
				return nil, fmt.Errorf("%s:%d: %s defined twice", file, line, errtext.Quote(name))
			}
			s.Defs[name] = nil
			cur = name
		case " ref":
			if cur == "" {
				return nil, fmt.Errorf("%s:%d: ref outside a def", file, line)
			}
			s.Defs[cur] = append(s.Defs[cur], name)
		case "decl":
			s.Decls = append(s.Decls, name)
		case "append":
			s.Appending = append(s.Appending, name)
		default:
			return nil, fmt.Errorf("%s:%d: unknown record %s", file, line, errtext.Quote(key))
		}
		if key != "def" && key != " ref" {
			cur = ""
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("%s: empty file, not a device link summary", file)
	}
	if !ended {
		return nil, fmt.Errorf("%s: no %q trailer after line %d: truncated summary", file, trailer+"N", line)
	}
	return s, nil
}
