package thinlink

// Plan returns the order in which a per-TU link reads the other TUs (as
// indices into others) after the TU itself, all with --only-needed.
//
// llvm-link reads its inputs once, in order, and imports from a file only
// the symbols that are undefined in the module linked so far (plus what
// those bring along); a symbol that becomes undefined later is not looked
// up in files already read. So Plan simulates that on the summaries, in
// rounds over others in their order, each round listing the files that
// define something still undefined, until a round finds nothing. A TU
// that no round lists contributes nothing, and its bytes cannot change the
// link's output unless a summary changes.
func Plan(tu *Summary, others []*Summary) []int {
	defined := map[string]bool{}
	undefined := map[string]bool{}
	for d := range tu.Defs {
		defined[d] = true
	}
	need := func(name string) {
		if !defined[name] {
			undefined[name] = true
		}
	}
	for _, d := range tu.Decls {
		need(d)
	}
	// pull imports name from f with everything it brings along.
	var pull func(f *Summary, name string)
	pull = func(f *Summary, name string) {
		if defined[name] {
			return
		}
		defined[name] = true
		delete(undefined, name)
		for _, r := range f.Defs[name] {
			if _, ok := f.Defs[r]; ok {
				pull(f, r)
			} else {
				need(r)
			}
		}
	}
	var order []int
	for {
		progress := false
		for i, f := range others {
			var wanted []string
			for name := range undefined {
				if _, ok := f.Defs[name]; ok {
					wanted = append(wanted, name)
				}
			}
			if len(wanted) == 0 {
				continue
			}
			progress = true
			order = append(order, i)
			for _, name := range wanted {
				pull(f, name)
			}
			for _, r := range f.Appending {
				if _, ok := f.Defs[r]; ok {
					pull(f, r)
				} else {
					need(r)
				}
			}
		}
		if !progress {
			return order
		}
	}
}
