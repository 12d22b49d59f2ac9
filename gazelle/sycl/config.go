package sycl

import (
	"flag"
	"log"
	"path"
	"strings"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

const (
	directiveEnable = "sycl"
	directiveNaming = "sycl_library_naming"
	directiveHdrs   = "sycl_hdrs"

	// dirnamePlaceholder is replaced by the directory's base name in the
	// naming pattern.
	dirnamePlaceholder = "{dirname}"
	defaultNaming      = dirnamePlaceholder
)

// hdrsMode says which headers of a directory become public (hdrs).
type hdrsMode int

const (
	// hdrsDefault: headers keep the side (hdrs or srcs) an existing rule
	// gives them; new headers are public.
	hdrsDefault hdrsMode = iota
	// hdrsAll: every header is public.
	hdrsAll
	// hdrsNone: every header is private (listed in srcs).
	hdrsNone
	// hdrsGlobs: headers whose file name matches one of the globs
	// (path.Match syntax) are public, the others private.
	hdrsGlobs
)

// syclConfig is the per-directory configuration; a child directory starts
// from a copy of its parent's.
type syclConfig struct {
	enabled  bool
	naming   string
	hdrsMode hdrsMode
	hdrGlobs []string
}

func getConfig(c *config.Config) *syclConfig {
	if sc, ok := c.Exts[langName].(*syclConfig); ok {
		return sc
	}
	return &syclConfig{enabled: true, naming: defaultNaming}
}

// libraryName applies the naming pattern to a directory's base name.
func (sc *syclConfig) libraryName(dirname string) string {
	return strings.Replace(sc.naming, dirnamePlaceholder, dirname, -1)
}

// isPublic classifies a header under the configured mode. existingPublic is
// the side an existing rule puts the header on (known is false if none does).
func (sc *syclConfig) isPublic(name string, existingPublic, known bool) bool {
	switch sc.hdrsMode {
	case hdrsAll:
		return true
	case hdrsNone:
		return false
	case hdrsGlobs:
		for _, g := range sc.hdrGlobs {
			if ok, _ := path.Match(g, path.Base(name)); ok {
				return true
			}
		}
		return false
	default:
		if known {
			return existingPublic
		}
		return true
	}
}

func (*syclLang) RegisterFlags(fs *flag.FlagSet, cmd string, c *config.Config) {
	c.Exts[langName] = &syclConfig{enabled: true, naming: defaultNaming}
}

func (*syclLang) CheckFlags(fs *flag.FlagSet, c *config.Config) error { return nil }

func (*syclLang) KnownDirectives() []string {
	return []string{directiveEnable, directiveNaming, directiveHdrs}
}

func (*syclLang) Configure(c *config.Config, rel string, f *rule.File) {
	parent := getConfig(c)
	sc := &syclConfig{
		enabled:  parent.enabled,
		naming:   parent.naming,
		hdrsMode: parent.hdrsMode,
		hdrGlobs: parent.hdrGlobs,
	}
	c.Exts[langName] = sc

	if rel == "" {
		mapSelfLoad(c)
	}
	if f == nil {
		return
	}
	for _, d := range f.Directives {
		switch d.Key {
		case directiveEnable:
			switch strings.TrimSpace(d.Value) {
			case "enabled", "":
				sc.enabled = true
			case "disabled":
				sc.enabled = false
			default:
				log.Printf("%s: # gazelle:%s %s: want enabled or disabled", f.Path, d.Key, d.Value)
			}
		case directiveNaming:
			v := strings.TrimSpace(d.Value)
			switch {
			case v == "":
				sc.naming = defaultNaming
			case strings.ContainsAny(v, ":/ "):
				log.Printf("%s: # gazelle:%s %s: not a target name", f.Path, d.Key, d.Value)
			default:
				sc.naming = v
			}
		case directiveHdrs:
			fields := strings.Fields(d.Value)
			switch {
			case len(fields) == 0:
				sc.hdrsMode, sc.hdrGlobs = hdrsDefault, nil
			case len(fields) == 1 && fields[0] == "all":
				sc.hdrsMode, sc.hdrGlobs = hdrsAll, nil
			case len(fields) == 1 && fields[0] == "none":
				sc.hdrsMode, sc.hdrGlobs = hdrsNone, nil
			default:
				var globs []string
				for _, g := range fields {
					if _, err := path.Match(g, ""); err != nil {
						log.Printf("%s: # gazelle:%s: bad pattern %q: %v", f.Path, d.Key, g, err)
						continue
					}
					globs = append(globs, g)
				}
				// Only valid patterns replace the inherited setting: a typo
				// must not turn every header private.
				if len(globs) > 0 {
					sc.hdrsMode, sc.hdrGlobs = hdrsGlobs, globs
				}
			}
		}
	}
}

// mapSelfLoad makes Gazelle load sycl_library from //rules:defs.bzl inside
// the rules_sycl repository itself, through the same kind mapping a
// `# gazelle:map_kind sycl_library sycl_library //rules:defs.bzl` directive
// in the root build file would install (that directive, when present, wins).
func mapSelfLoad(c *config.Config) {
	if c.RepoName != selfRepoName {
		return
	}
	if _, ok := c.KindMap[libraryKind]; ok {
		return
	}
	if c.KindMap == nil {
		c.KindMap = make(map[string]config.MappedKind)
	}
	c.KindMap[libraryKind] = config.MappedKind{
		FromKind: libraryKind,
		KindName: libraryKind,
		KindLoad: selfLoad,
	}
}
