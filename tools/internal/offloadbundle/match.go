package offloadbundle

import "strings"

// entryID is an entry ID taken apart: offload kind, target triple (arch,
// vendor, OS, environment: missing components are "", components past the
// fourth stay in the environment) and target ID (processor and features,
// "gfx90a:xnack+"; "" for none).
type entryID struct {
	kind     string
	triple   [4]string
	targetID string
}

// parseID splits an entry ID with the heuristic of NormalizeID: the first
// component after the kind that contains ':' or starts with "gfx" or "sm_"
// begins the target ID; empty components after the fourth (stored IDs put
// one between a four-component triple and the target ID) are dropped.
func parseID(id string) entryID {
	var e entryID
	dash := strings.IndexByte(id, '-')
	if dash < 0 {
		e.kind = id
		return e
	}
	e.kind = id[:dash]
	fields := strings.Split(id[dash+1:], "-")
	triple := fields
	for i, f := range fields {
		if strings.Contains(f, ":") || strings.HasPrefix(f, "gfx") || strings.HasPrefix(f, "sm_") {
			triple, e.targetID = fields[:i], strings.Join(fields[i:], "-")
			break
		}
	}
	// Empty components past the fourth (the separator of stored IDs, or
	// more) say nothing.
	for len(triple) > 4 && triple[len(triple)-1] == "" {
		triple = triple[:len(triple)-1]
	}
	for i := 0; i < 3 && i < len(triple); i++ {
		e.triple[i] = triple[i]
	}
	if len(triple) > 3 {
		e.triple[3] = strings.Join(triple[3:], "-")
	}
	return e
}

// component is a triple component as clang-offload-bundler compares it:
// LLVM parses a missing component and "unknown" alike (UnknownVendor,
// UnknownOS, ...), and the bundler matches SYCL code objects of old DPC++
// releases, whose environment is "sycldevice", to the same triple without
// it.
func component(kind, c string, env bool) string {
	if c == "" || (env && kind == "sycl" && c == "sycldevice") {
		return "unknown"
	}
	return c
}

// kindsCompatible: the same offload kind, or hip and hipv4.
func kindsCompatible(code, want string) bool {
	if code == want {
		return true
	}
	hip := func(k string) bool { return k == "hip" || k == "hipv4" }
	return hip(code) && hip(want)
}

// targetIDsCompatible: both without a target ID, or the same processor
// where every feature the code object fixes ("xnack+", "sramecc-") the
// target fixes the same way; a feature the code object leaves open (any)
// suits either setting.
func targetIDsCompatible(code, want string) bool {
	if code == "" || want == "" {
		return code == want
	}
	codeFeatures, wantFeatures := strings.Split(code, ":"), strings.Split(want, ":")
	if codeFeatures[0] != wantFeatures[0] {
		return false
	}
	for _, f := range codeFeatures[1:] {
		found := false
		for _, g := range wantFeatures[1:] {
			if f == g {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Compatible reports whether the code object stored under entry ID code
// may be extracted for the requested target want, by the rules of
// clang-offload-bundler's isCodeObjectCompatible: compatible offload kinds
// (equal, or hip and hipv4), compatible triples and compatible target IDs.
// Triples are compared component by component with a missing component
// and "unknown" alike, as LLVM parses both to the same value: so
// "sycl-spir64" and "sycl-spir64-unknown-unknown" match each other, in both
// directions, and "sycl-spir64-unknown-unknown-sycldevice" (old DPC++)
// matches them too. Unlike LLVM, other components are compared as strings:
// aliases (amd64 for x86_64), unrecognized vendor names (which LLVM parses
// as unknown) and OS versions do not match.
func Compatible(code, want string) bool {
	c, w := parseID(code), parseID(want)
	if !kindsCompatible(c.kind, w.kind) || !targetIDsCompatible(c.targetID, w.targetID) {
		return false
	}
	for i := range c.triple {
		env := i == 3
		if component(c.kind, c.triple[i], env) != component(w.kind, w.triple[i], env) {
			return false
		}
	}
	return true
}

// Match picks an entry for each requested target: first, for every
// target, the entry whose ID normalizes to the target's, then, for the
// targets left, the first compatible entry (Compatible) in bundle order.
// As in clang-offload-bundler, an entry serves one target only. The result
// holds, for each target, the index of its entry in b.Entries, or -1 where
// none is left.
func (b *Bundle) Match(targets []string) []int {
	out := make([]int, len(targets))
	taken := make([]bool, len(b.Entries))
	pick := func(t int, ok func(id string) bool) {
		for i, e := range b.Entries {
			if !taken[i] && ok(e.ID) {
				out[t], taken[i] = i, true
				return
			}
		}
	}
	for t, want := range targets {
		out[t] = -1
		norm := NormalizeID(want)
		pick(t, func(id string) bool { return NormalizeID(id) == norm })
	}
	for t, want := range targets {
		if out[t] < 0 {
			pick(t, func(id string) bool { return Compatible(id, want) })
		}
	}
	return out
}
