package sycl

import (
	"log"
	"path"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/repo"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

// Imports returns the include paths by which dependents can name the public
// headers (hdrs) of a sycl_library or cc_library: the workspace-relative
// path, the path below each `includes` directory, and for cc_library the
// path that strip_include_prefix/include_prefix make of it.
func (*syclLang) Imports(c *config.Config, r *rule.Rule, f *rule.File) []resolve.ImportSpec {
	specs := []resolve.ImportSpec{}
	seen := make(map[string]bool)
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			specs = append(specs, resolve.ImportSpec{Lang: langName, Imp: p})
		}
	}
	for _, h := range r.AttrStrings("hdrs") {
		rel, ok := packageFile(f.Pkg, h)
		if !ok {
			continue
		}
		for _, p := range headerPaths(f.Pkg, rel, r) {
			add(p)
		}
	}
	return specs
}

// packageFile turns a hdrs entry into a path relative to package pkg; false
// for labels of other packages or repositories.
func packageFile(pkg, s string) (string, bool) {
	switch {
	case strings.HasPrefix(s, "@"):
		return "", false
	case strings.HasPrefix(s, "//"):
		l, err := label.Parse(s)
		if err != nil || l.Pkg != pkg {
			return "", false
		}
		return l.Name, true
	default:
		return strings.TrimPrefix(s, ":"), true
	}
}

// headerPaths lists the include paths of header rel (relative to pkg).
func headerPaths(pkg, rel string, r *rule.Rule) []string {
	ws := path.Join(pkg, rel)
	if r.Kind() == ccLibrary {
		strip, prefix := r.AttrString("strip_include_prefix"), r.AttrString("include_prefix")
		if strip != "" || prefix != "" {
			// Such headers are only reachable through the virtual path.
			p := rel
			if strip != "" {
				base := path.Join(pkg, strip)
				if strings.HasPrefix(strip, "/") {
					base = path.Clean(strip[1:])
				}
				p = underDir(ws, base)
				if p == "" {
					return nil
				}
			}
			return []string{path.Join(prefix, p)}
		}
	}
	paths := []string{ws}
	for _, inc := range r.AttrStrings("includes") {
		if p := underDir(ws, path.Join(pkg, inc)); p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// underDir returns p relative to dir, or "" if p is not below dir.
func underDir(p, dir string) string {
	if dir == "." || dir == "" {
		return p
	}
	if strings.HasPrefix(p, dir+"/") {
		return p[len(dir)+1:]
	}
	return ""
}

// Resolve turns the #include lines GenerateRules found into deps. A quoted
// include is looked up next to the including file (the package directory)
// first, then from the workspace root and the deps' include directories, as
// the compiler searches; an angle include only the latter way. Includes of
// the library's own files need no dep; includes nothing provides (system and
// toolchain headers) are skipped silently.
func (*syclLang) Resolve(c *config.Config, ix *resolve.RuleIndex, rc *repo.RemoteCache, r *rule.Rule, imports interface{}, from label.Label) {
	incs, _ := imports.([]include)
	own := make(map[string]bool)
	for _, attr := range []string{"srcs", "hdrs"} {
		for _, s := range r.AttrStrings(attr) {
			if rel, ok := packageFile(from.Pkg, s); ok {
				own[path.Join(from.Pkg, rel)] = true
			}
		}
	}

	deps := make(map[string]bool)
	for _, inc := range incs {
		for _, cand := range candidates(from.Pkg, inc) {
			if own[cand] {
				break
			}
			l, found := lookup(c, ix, cand, from)
			if !found {
				continue
			}
			if l != label.NoLabel {
				deps[l.Rel(from.Repo, from.Pkg).String()] = true
			}
			break
		}
	}

	if len(deps) == 0 {
		r.DelAttr("deps")
		return
	}
	list := make([]string, 0, len(deps))
	for d := range deps {
		list = append(list, d)
	}
	sort.Strings(list)
	r.SetAttr("deps", list)
}

// candidates are the workspace-relative paths an include may name, in the
// order the compiler would try them.
func candidates(pkg string, inc include) []string {
	var out []string
	add := func(p string) {
		p = path.Clean(p)
		if p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
			return
		}
		for _, q := range out {
			if q == p {
				return
			}
		}
		out = append(out, p)
	}
	if inc.quoted {
		add(path.Join(pkg, inc.path))
	}
	add(inc.path)
	return out
}

// lookup finds the rule providing include path p: a `# gazelle:resolve
// sycl` override first, then the rule index. found is false when nothing
// claims p; a found label.NoLabel means "provided, but by no dep" (the
// rule itself).
func lookup(c *config.Config, ix *resolve.RuleIndex, p string, from label.Label) (label.Label, bool) {
	spec := resolve.ImportSpec{Lang: langName, Imp: p}
	if l, ok := resolve.FindRuleWithOverride(c, spec, langName); ok {
		return l, true
	}
	var matches []label.Label
	for _, res := range ix.FindRulesByImportWithConfig(c, spec, langName) {
		if res.IsSelfImport(from) {
			return label.NoLabel, true
		}
		matches = append(matches, res.Label)
	}
	switch len(matches) {
	case 0:
		return label.NoLabel, false
	case 1:
		return matches[0], true
	default:
		names := make([]string, len(matches))
		for i, m := range matches {
			names[i] = m.String()
		}
		log.Printf("%s: #include %q is provided by several rules (%s); add `# gazelle:resolve sycl %s <label>` to choose", from, p, strings.Join(names, ", "), p)
		return label.NoLabel, true
	}
}
