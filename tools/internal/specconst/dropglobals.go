package specconst

import "strings"

// DropUnusedGlobals removes the definitions of internal and private
// globals that only the intrinsic calls used: the symbolic-ID strings
// (__usid_str, in the Generic storage class, which spirv-val rejects for an
// OpVariable) and the specialization_id objects. The casts of the calls'
// arguments stay behind unused; they do not count as uses, and name null
// instead of a removed global (deleting them would renumber the unnamed
// values); so do the stores of -O0 code that put a string's address in
// a stack slot nothing reads any more. The splitter leaves all this to the
// module extraction.
func DropUnusedGlobals(text []byte) []byte {
	lines := strings.Split(string(text), "\n")
	dead := dgDeadCasts(lines)
	removed := map[string]bool{}
	for changed := true; changed; {
		changed = false
		uses := map[string]int{}
		for i, l := range lines {
			// A dead load still reads its global: naming null instead
			// would make it a load from null where it is not removed.
			if dead[i] && !dgIsLoad(l) {
				continue
			}
			if name, ok := dgLocalGlobal(l); ok && removed[name] {
				continue
			}
			for _, name := range dgRefs(l, '@') {
				uses[name]++
			}
		}
		for _, l := range lines {
			if name, ok := dgLocalGlobal(l); ok && !removed[name] && uses[name] == 1 {
				removed[name] = true
				changed = true
			}
		}
	}
	kept := lines[:0]
	for i, l := range lines {
		if name, ok := dgLocalGlobal(l); ok && removed[name] {
			continue
		}
		if dead[i] {
			for _, name := range dgRefs(l, '@') {
				if removed[name] {
					l = strings.Replace(l, name, "null", 1)
				}
			}
		}
		kept = append(kept, l)
	}
	return []byte(strings.Join(kept, "\n"))
}

// dgDeadCastOps are the instructions without side effects that the lowering
// can leave unused (a load only where neither volatile nor atomic).
var dgDeadCastOps = []string{"bitcast ", "addrspacecast ", "getelementptr ", "load "}

// dgDeadCasts marks, per function, the casts and loads whose value nothing
// (but other such lines) uses, and the stores into stack slots that nothing
// reads any more: at -O0 the front end passes each argument of an intrinsic
// call through a slot (the symbolic-ID string is stored to one, loaded back
// and cast for the call), so the lowered call leaves a store behind.
func dgDeadCasts(lines []string) map[int]bool {
	dead := map[int]bool{}
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "define ") {
			continue
		}
		start := i
		for i < len(lines) && lines[i] != "}" {
			i++
		}
		for changed := true; changed; {
			changed = false
			uses := map[string]int{}
			for j := start; j < i; j++ {
				if !dead[j] {
					for _, name := range dgRefs(lines[j], '%') {
						uses[name]++
					}
				}
			}
			for j := start; j < i; j++ {
				if name, ok := dgCastValue(lines[j]); ok && !dead[j] && uses[name] == 1 {
					dead[j] = true
					changed = true
				}
			}
			for _, j := range dgDeadStores(lines[start:i], dead, start, uses) {
				dead[j] = true
				changed = true
			}
		}
	}
	return dead
}

// dgDeadStores returns the lines (numbered from offset) of the live stores
// into write-only slots: an alloca whose value, and that of every cast of
// it, is used by nothing live but stores into it and those casts.
func dgDeadStores(fn []string, dead map[int]bool, offset int, uses map[string]int) []int {
	root := map[string]string{} // slot value -> its alloca
	casts := map[string]int{}   // slot value -> live casts of it
	for j, l := range fn {
		name, parent, ok := dgSlotValue(l)
		if !ok || dead[offset+j] {
			continue
		}
		if parent == "" {
			root[name] = name
		} else if r, ok := root[parent]; ok {
			root[name] = r
			casts[parent]++
		}
	}
	stores := map[string]int{} // slot value -> live stores into it
	for j, l := range fn {
		if p, ok := dgStorePointer(l); ok && !dead[offset+j] {
			stores[p]++
		}
	}
	read := map[string]bool{} // alloca -> some value of it is read
	for name, r := range root {
		if uses[name] != 1+stores[name]+casts[name] {
			read[r] = true
		}
	}
	var out []int
	for j, l := range fn {
		if p, ok := dgStorePointer(l); ok && !dead[offset+j] {
			if r, ok := root[p]; ok && !read[r] {
				out = append(out, offset+j)
			}
		}
	}
	return out
}

// dgSlotValue returns the value an alloca, or a cast of a value, defines,
// and for a cast the value cast.
func dgSlotValue(l string) (name, parent string, ok bool) {
	t := strings.TrimLeft(l, " ")
	i := strings.Index(t, " = ")
	if !strings.HasPrefix(t, "%") || i < 0 {
		return "", "", false
	}
	rest := t[i+3:]
	if strings.HasPrefix(rest, "alloca ") {
		return t[:i], "", true
	}
	if !strings.HasPrefix(rest, "bitcast ") && !strings.HasPrefix(rest, "addrspacecast ") {
		return "", "", false
	}
	to := strings.Index(rest, " to ")
	if to < 0 {
		return "", "", false
	}
	// The operand is the last name before "to" (a type before it may be
	// a named %struct).
	ops := dgRefs(rest[:to], '%')
	if len(ops) == 0 {
		return "", "", false
	}
	return t[:i], ops[len(ops)-1], true
}

// dgStorePointer returns the pointer operand of a plain store (the last name
// on its line: the stored value and named types come before it).
func dgStorePointer(l string) (string, bool) {
	t := strings.TrimLeft(l, " ")
	if !strings.HasPrefix(t, "store ") || strings.HasPrefix(t, "store volatile ") || strings.HasPrefix(t, "store atomic ") {
		return "", false
	}
	names := dgRefs(t, '%')
	if len(names) == 0 {
		return "", false
	}
	return names[len(names)-1], true
}

// dgIsLoad reports whether a line is a load instruction.
func dgIsLoad(l string) bool {
	t := strings.TrimLeft(l, " ")
	i := strings.Index(t, " = ")
	return strings.HasPrefix(t, "%") && i >= 0 && strings.HasPrefix(t[i+3:], "load ")
}

// dgCastValue returns the value a cast instruction line (or a plain load)
// defines.
func dgCastValue(l string) (string, bool) {
	t := strings.TrimLeft(l, " ")
	i := strings.Index(t, " = ")
	if !strings.HasPrefix(t, "%") || i < 0 {
		return "", false
	}
	rest := t[i+3:]
	if strings.HasPrefix(rest, "load volatile ") || strings.HasPrefix(rest, "load atomic ") {
		return "", false
	}
	for _, op := range dgDeadCastOps {
		if strings.HasPrefix(rest, op) || strings.HasPrefix(rest, "inbounds "+op) {
			return t[:i], true
		}
	}
	return "", false
}

// dgLocalGlobal returns the name of the internal or private global variable
// a line defines.
func dgLocalGlobal(l string) (string, bool) {
	if !strings.HasPrefix(l, "@") {
		return "", false
	}
	i := strings.Index(l, " = ")
	if i < 0 {
		return "", false
	}
	rest := l[i+3:]
	if !strings.HasPrefix(rest, "internal ") && !strings.HasPrefix(rest, "private ") {
		return "", false
	}
	return l[:i], true
}

// dgRefs lists the names with sigil (@ globals, % locals) on a line, quoted
// names as written.
func dgRefs(l string, sigil byte) []string {
	var names []string
	for i := 0; i < len(l); i++ {
		if l[i] != sigil {
			continue
		}
		j := i + 1
		if j < len(l) && l[j] == '"' {
			k := strings.IndexByte(l[j+1:], '"')
			if k < 0 {
				break
			}
			j += k + 2
		} else {
			for j < len(l) && (dgIsIdent(l[j])) {
				j++
			}
		}
		names = append(names, l[i:j])
		i = j - 1
	}
	return names
}

func dgIsIdent(c byte) bool {
	return c == '_' || c == '.' || c == '$' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
