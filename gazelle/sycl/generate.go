package sycl

import (
	"io/ioutil"
	"log"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

// File kinds, by extension; the same lists as rules/private/tables.bzl's
// (the extensions the rules' srcs and hdrs accept).
var (
	deviceExts = []string{".cl", ".clcpp"}
	hostExts   = []string{".c", ".cc", ".cpp", ".cxx", ".c++", ".C"}
	headerExts = []string{".h", ".hh", ".hpp", ".hxx", ".inc", ".inl"}
)

// claimingKinds are hand-written rules whose sources the generated library
// must not take over: a sycl_binary's main.cc, a cc_library's header, etc.
var claimingKinds = map[string]bool{
	"sycl_binary": true,
	"sycl_test":   true,
	"cc_library":  true,
	"cc_binary":   true,
	"cc_test":     true,
}

func hasExt(name string, exts []string) bool {
	for _, e := range exts {
		if strings.HasSuffix(name, e) {
			return true
		}
	}
	return false
}

func (*syclLang) GenerateRules(args language.GenerateArgs) language.GenerateResult {
	var res language.GenerateResult
	sc := getConfig(args.Config)
	if !sc.enabled {
		return res
	}

	if args.File == nil && ownedByAncestor(args) {
		return res
	}

	name := sc.libraryName(dirName(args))
	existing := matchExisting(args.File, name)
	claimed := claimedFiles(args, existing)
	var device, host, headers []string
	for _, f := range args.RegularFiles {
		if claimed[f] {
			continue
		}
		switch {
		case hasExt(f, deviceExts):
			device = append(device, f)
		case hasExt(f, hostExts):
			host = append(host, f)
		case hasExt(f, headerExts):
			headers = append(headers, f)
		}
	}

	if len(device) == 0 {
		// Nothing to generate; existing libraries whose sources are gone are
		// returned as empty stubs, which Gazelle merges and then deletes.
		res.Empty = emptyRules(args, name, existing, nil)
		return res
	}

	existingPublic := map[string]bool{}
	if existing != nil {
		for _, s := range existing.AttrStrings("srcs") {
			existingPublic[strings.TrimPrefix(s, ":")] = false
		}
		for _, h := range existing.AttrStrings("hdrs") {
			existingPublic[strings.TrimPrefix(h, ":")] = true
		}
	}
	var public []string
	srcs := append(append([]string{}, device...), host...)
	for _, h := range headers {
		pub, known := existingPublic[h]
		if sc.isPublic(h, pub, known) {
			public = append(public, h)
		} else {
			srcs = append(srcs, h)
		}
	}
	sort.Strings(srcs)
	sort.Strings(public)

	r := rule.NewRule(libraryKind, name)
	r.SetAttr("srcs", srcs)
	if len(public) > 0 {
		r.SetAttr("hdrs", public)
	}
	if args.File == nil || !args.File.HasDefaultVisibility() {
		r.SetAttr("visibility", []string{"//visibility:public"})
	}

	var incs []include
	seen := make(map[include]bool)
	for _, f := range append(append([]string{}, srcs...), public...) {
		data, err := ioutil.ReadFile(filepath.Join(args.Dir, f))
		if err != nil {
			log.Printf("%s: %v", filepath.Join(args.Rel, f), err)
			continue
		}
		for _, inc := range scanIncludes(data) {
			if !seen[inc] {
				seen[inc] = true
				incs = append(incs, inc)
			}
		}
	}

	res.Gen = []*rule.Rule{r}
	res.Imports = []interface{}{incs}
	res.Empty = emptyRules(args, name, existing, r)
	return res
}

// dirName is the directory's base name; the repository root is named after
// the repository (its workspace name) when that is known.
func dirName(args language.GenerateArgs) string {
	if args.Rel == "" && args.Config.RepoName != "" {
		return args.Config.RepoName
	}
	return filepath.Base(args.Dir)
}

// claimedFiles lists the files that hand-written rules of claimingKinds, or
// sycl_library rules other than the directory's own (existing), already name
// in srcs or hdrs.
func claimedFiles(args language.GenerateArgs, existing *rule.Rule) map[string]bool {
	claimed := make(map[string]bool)
	if args.File == nil {
		return claimed
	}
	for _, r := range args.File.Rules {
		if !claimingKinds[r.Kind()] && (r.Kind() != libraryKind || r == existing) {
			continue
		}
		for _, attr := range []string{"srcs", "hdrs"} {
			for _, s := range r.AttrStrings(attr) {
				claimed[strings.TrimPrefix(s, ":")] = true
			}
		}
	}
	return claimed
}

// matchExisting finds the sycl_library the generated one will merge with:
// the one of the same name, else the only sycl_library of the file (the
// merger matches any single rule of the kind, see Kinds).
func matchExisting(f *rule.File, name string) *rule.Rule {
	if f == nil {
		return nil
	}
	var only *rule.Rule
	n := 0
	for _, r := range f.Rules {
		if r.Kind() != libraryKind {
			continue
		}
		if r.Name() == name {
			return r
		}
		only = r
		n++
	}
	if n == 1 {
		return only
	}
	return nil
}

// emptyRules returns stubs for existing sycl_library rules that can no
// longer be built. When nothing was generated (gen == nil), the library
// named by the naming convention is stale once none of its device sources exists; any
// other sycl_library is stale once none of its srcs and hdrs exists. Rules
// naming things this extension cannot check (labels, globs) are left alone.
func emptyRules(args language.GenerateArgs, name string, existing, gen *rule.Rule) []*rule.Rule {
	if args.File == nil {
		return nil
	}
	var empty []*rule.Rule
	for _, r := range args.File.Rules {
		if r.Kind() != libraryKind || (gen != nil && r == existing) {
			continue
		}
		anyLive, liveDevice, uncheckable := liveSources(args.Dir, r)
		if uncheckable || (len(r.AttrStrings("srcs")) == 0 && len(r.AttrStrings("hdrs")) == 0) {
			// Nothing listed, nothing removed: e.g. a deps-only library.
			continue
		}
		if (gen == nil && r.Name() == name && !liveDevice) || !anyLive {
			empty = append(empty, rule.NewRule(libraryKind, r.Name()))
		}
	}
	return empty
}

// liveSources checks the srcs and hdrs entries of r against the directory.
func liveSources(dir string, r *rule.Rule) (anyLive, liveDevice, uncheckable bool) {
	for _, attr := range []string{"srcs", "hdrs"} {
		if r.Attr(attr) != nil && r.AttrStrings(attr) == nil {
			return false, false, true // glob, select, variable
		}
		for _, s := range r.AttrStrings(attr) {
			if strings.HasPrefix(s, "@") || strings.HasPrefix(s, "//") {
				return false, false, true
			}
			s = strings.TrimPrefix(s, ":")
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(s))); err != nil {
				continue
			}
			anyLive = true
			if hasExt(s, deviceExts) {
				liveDevice = true
			}
		}
	}
	return anyLive, liveDevice, false
}

// ownedByAncestor reports whether a rule of an enclosing package lists a
// file in or below this directory (`srcs = ["lib/k.cl"]`): a build file here
// would move that file into a new package and break the enclosing rule.
// Walk visits subdirectories first, so the enclosing build files are read
// here rather than taken from the walk.
func ownedByAncestor(args language.GenerateArgs) bool {
	if args.Rel == "" {
		return false
	}
	for anc := path.Dir(args.Rel); ; anc = path.Dir(anc) {
		if anc == "." {
			anc = ""
		}
		if f := loadBuildFile(args.Config, anc); f != nil {
			for _, r := range f.Rules {
				for _, attr := range []string{"srcs", "hdrs"} {
					for _, s := range r.AttrStrings(attr) {
						s = strings.TrimPrefix(s, ":")
						if strings.HasPrefix(s, "@") || strings.HasPrefix(s, "//") {
							continue
						}
						if strings.HasPrefix(path.Join(anc, s), args.Rel+"/") {
							return true
						}
					}
				}
			}
			// A build file marks the nearest enclosing package: files
			// further up cannot list ours.
			return false
		}
		if anc == "" {
			return false
		}
	}
}

// loadBuildFile reads the build file of directory rel, nil if it has none
// or it does not parse.
func loadBuildFile(c *config.Config, rel string) *rule.File {
	dir := filepath.Join(c.RepoRoot, filepath.FromSlash(rel))
	if c.ReadBuildFilesDir != "" {
		dir = filepath.Join(c.ReadBuildFilesDir, filepath.FromSlash(rel))
	}
	for _, name := range c.ValidBuildFileNames {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err != nil || fi.IsDir() {
			continue
		}
		f, err := rule.LoadFile(p, rel)
		if err != nil {
			log.Print(err)
			return nil
		}
		return f
	}
	return nil
}
