package sycl

import (
	"flag"
	"io/ioutil"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/merger"
	"github.com/bazelbuild/bazel-gazelle/resolve"
	"github.com/bazelbuild/bazel-gazelle/rule"
	"github.com/bazelbuild/bazel-gazelle/walk"
	"github.com/google/go-cmp/cmp"
)

// Each directory under testdata is a small repository: BUILD.in files are
// the build files before the run (copied as BUILD.bazel), BUILD.out the
// expected build files after it. A directory without BUILD.out must end up
// with no build file at all. UPDATE_GOLDEN=1 `go test` rewrites BUILD.out.
func TestGolden(t *testing.T) {
	entries, err := ioutil.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			src := filepath.Join("testdata", name)
			root, want := stageRepo(t, src)
			got := runGazelle(t, root)
			if os.Getenv("UPDATE_GOLDEN") != "" {
				writeGolden(t, src, got, want)
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("build files (-want +got):\n%s", diff)
			}
		})
	}
}

// stageRepo copies the test repository src into a temporary directory and
// returns that directory and the expected build files by directory.
func stageRepo(t *testing.T, src string) (string, map[string]string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want := make(map[string]string)
	err = filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := ioutil.ReadFile(p)
		if err != nil {
			return err
		}
		dir, base := filepath.Split(rel)
		switch base {
		case "BUILD.out":
			want[filepath.ToSlash(filepath.Clean(dir))] = string(data)
			return nil
		case "BUILD.in":
			rel = filepath.Join(dir, "BUILD.bazel")
		}
		dst := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return ioutil.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root, want
}

// visit is what the second (resolve) pass needs of a directory.
type visit struct {
	c       *config.Config
	rel     string
	file    *rule.File
	gen     []*rule.Rule
	empty   []*rule.Rule
	imports []interface{}
	mapped  []config.MappedKind
}

// runGazelle runs the extension over root the way `gazelle update` drives a
// language: walk and generate, merge before resolution, index, resolve,
// merge again, fix loads (with kind mappings). It returns every build file
// of the tree afterwards, by directory.
func runGazelle(t *testing.T, root string) map[string]string {
	t.Helper()
	lang := NewLanguage()
	cexts := []config.Configurer{&config.CommonConfigurer{}, &walk.Configurer{}, &resolve.Configurer{}, lang}
	c := config.New()
	c.WorkDir = root
	fs := flag.NewFlagSet("gazelle", flag.ContinueOnError)
	for _, ce := range cexts {
		ce.RegisterFlags(fs, "update", c)
	}
	if err := fs.Parse([]string{"-repo_root", root}); err != nil {
		t.Fatal(err)
	}
	for _, ce := range cexts {
		if err := ce.CheckFlags(fs, c); err != nil {
			t.Fatal(err)
		}
	}
	c.RepoName = workspaceName(t, root)

	kinds := lang.Kinds()
	ix := resolve.NewRuleIndex(func(r *rule.Rule, pkgRel string) resolve.Resolver {
		if _, ok := kinds[r.Kind()]; ok {
			return lang
		}
		return nil
	}, lang)

	var visits []visit
	walk.Walk(c, cexts, []string{root}, walk.VisitAllUpdateSubdirsMode, func(dir, rel string, c *config.Config, update bool, f *rule.File, subdirs, regularFiles, genFiles []string) {
		if !update {
			if f != nil {
				for _, r := range f.Rules {
					ix.AddRule(c, r, f)
				}
			}
			return
		}
		res := lang.GenerateRules(language.GenerateArgs{
			Config:       c,
			Dir:          dir,
			Rel:          rel,
			File:         f,
			Subdirs:      subdirs,
			RegularFiles: regularFiles,
			GenFiles:     genFiles,
		})
		if len(res.Gen) != len(res.Imports) {
			t.Errorf("%s: %d rules but %d imports", rel, len(res.Gen), len(res.Imports))
		}
		if f == nil && len(res.Gen) == 0 {
			return
		}
		var mapped []config.MappedKind
		for _, r := range res.Gen {
			if m, ok := c.KindMap[r.Kind()]; ok {
				mapped = append(mapped, m)
				r.SetKind(m.KindName)
			}
		}
		if f == nil {
			f = rule.EmptyFile(filepath.Join(dir, c.DefaultBuildFileName()), rel)
			for _, r := range res.Gen {
				r.Insert(f)
			}
		} else {
			merger.MergeFile(f, res.Empty, res.Gen, merger.PreResolve, kinds)
		}
		visits = append(visits, visit{c: c, rel: rel, file: f, gen: res.Gen, empty: res.Empty, imports: res.Imports, mapped: mapped})
		for _, r := range f.Rules {
			ix.AddRule(c, r, f)
		}
	})
	ix.Finish()

	for _, v := range visits {
		for i, r := range v.gen {
			lang.Resolve(v.c, ix, nil, r, v.imports[i], label.New(c.RepoName, v.rel, r.Name()))
		}
		merger.MergeFile(v.file, v.empty, v.gen, merger.PostResolve, kinds)
		merger.FixLoads(v.file, withMappedLoads(lang.Loads(), v.mapped))
		if err := v.file.Save(v.file.Path); err != nil {
			t.Fatal(err)
		}
	}
	return readBuildFiles(t, root)
}

// withMappedLoads adds the load of each mapped kind, as `gazelle update`
// does for # gazelle:map_kind.
func withMappedLoads(loads []rule.LoadInfo, mapped []config.MappedKind) []rule.LoadInfo {
	out := append([]rule.LoadInfo{}, loads...)
	for _, m := range mapped {
		merged := false
		for i := range out {
			if out[i].Name == m.KindLoad {
				out[i].Symbols = append(append([]string{}, out[i].Symbols...), m.KindName)
				merged = true
			}
		}
		if !merged {
			out = append(out, rule.LoadInfo{Name: m.KindLoad, Symbols: []string{m.KindName}})
		}
	}
	return out
}

// workspaceName reads workspace(name = ...) from root/WORKSPACE, if any.
func workspaceName(t *testing.T, root string) string {
	p := filepath.Join(root, "WORKSPACE")
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	f, err := rule.LoadWorkspaceFile(p, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range f.Rules {
		if r.Kind() == "workspace" {
			return r.Name()
		}
	}
	return ""
}

func readBuildFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	got := make(map[string]string)
	err := filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || info.Name() != "BUILD.bazel" {
			return err
		}
		data, err := ioutil.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		got[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// writeGolden replaces the BUILD.out files of src with the results.
func writeGolden(t *testing.T, src string, got, want map[string]string) {
	var dirs []string
	for d := range want {
		if _, ok := got[d]; !ok {
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		if err := os.Remove(filepath.Join(src, d, "BUILD.out")); err != nil {
			t.Fatal(err)
		}
	}
	for d, content := range got {
		if strings.HasPrefix(d, "..") {
			t.Fatalf("bad directory %s", d)
		}
		if err := ioutil.WriteFile(filepath.Join(src, d, "BUILD.out"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
