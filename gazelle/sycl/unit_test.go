package sycl

import (
	"testing"

	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/rule"
	"github.com/google/go-cmp/cmp"
)

func TestScanIncludes(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []include
	}{
		{
			name: "quoted and angle",
			src:  "#include \"a.h\"\n#include <CL/cl.h>\n",
			want: []include{{path: "a.h", quoted: true}, {path: "CL/cl.h"}},
		},
		{
			name: "spacing, include_next and import",
			src:  "  #  include\t\"x/y.h\"\n#include_next <n.h>\n#import \"m.h\"\n",
			want: []include{{path: "x/y.h", quoted: true}, {path: "n.h"}, {path: "m.h", quoted: true}},
		},
		{
			name: "comments hide directives",
			src:  "// #include \"line.h\"\n/*\n#include \"block.h\"\n*/ #include \"after.h\"\n#include \"tail.h\" // why\n",
			want: []include{{path: "after.h", quoted: true}, {path: "tail.h", quoted: true}},
		},
		{
			name: "block comment opened on a directive line",
			src:  "#include \"a.h\" /* starts\n#include \"hidden.h\"\nends */\n",
			want: []include{{path: "a.h", quoted: true}},
		},
		{
			name: "duplicates once, macros and malformed skipped",
			src:  "#include \"a.h\"\n#include \"a.h\"\n#include HEADER\n#include \"\"\n#include \"open\n#define X 1\n",
			want: []include{{path: "a.h", quoted: true}},
		},
		{
			name: "both branches of a conditional",
			src:  "#ifdef __OPENCL_VERSION__\n#include \"dev.h\"\n#else\n#include \"host.h\"\n#endif\n",
			want: []include{{path: "dev.h", quoted: true}, {path: "host.h", quoted: true}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := scanIncludes([]byte(tc.src))
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(include{})); diff != "" {
				t.Errorf("scanIncludes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHeaderPaths(t *testing.T) {
	tests := []struct {
		name  string
		kind  string
		attrs map[string]interface{}
		pkg   string
		hdr   string
		want  []string
	}{
		{name: "workspace path", kind: libraryKind, pkg: "a/b", hdr: "x.h", want: []string{"a/b/x.h"}},
		{name: "root package", kind: libraryKind, pkg: "", hdr: "x.h", want: []string{"x.h"}},
		{
			name:  "includes directory",
			kind:  libraryKind,
			attrs: map[string]interface{}{"includes": []string{"include", "other"}},
			pkg:   "lib", hdr: "include/sub/x.h",
			want: []string{"lib/include/sub/x.h", "sub/x.h"},
		},
		{
			name:  "includes dot",
			kind:  ccLibrary,
			attrs: map[string]interface{}{"includes": []string{"."}},
			pkg:   "lib", hdr: "x.h",
			want: []string{"lib/x.h", "x.h"},
		},
		{
			name:  "strip and add prefix",
			kind:  ccLibrary,
			attrs: map[string]interface{}{"strip_include_prefix": "src", "include_prefix": "fft"},
			pkg:   "third_party/fft", hdr: "src/fft.h",
			want: []string{"fft/fft.h"},
		},
		{
			name:  "absolute strip prefix",
			kind:  ccLibrary,
			attrs: map[string]interface{}{"strip_include_prefix": "/third_party"},
			pkg:   "third_party/z", hdr: "z.h",
			want: []string{"z/z.h"},
		},
		{
			name:  "header outside the stripped prefix",
			kind:  ccLibrary,
			attrs: map[string]interface{}{"strip_include_prefix": "include"},
			pkg:   "p", hdr: "other/y.h",
			want: nil,
		},
		{
			name:  "include_prefix only",
			kind:  ccLibrary,
			attrs: map[string]interface{}{"include_prefix": "vendor"},
			pkg:   "p", hdr: "y.h",
			want: []string{"vendor/y.h"},
		},
		{
			// sycl_library has no such attributes: they are ignored.
			name:  "prefix attrs ignored on sycl_library",
			kind:  libraryKind,
			attrs: map[string]interface{}{"include_prefix": "vendor"},
			pkg:   "p", hdr: "y.h",
			want: []string{"p/y.h"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := rule.NewRule(tc.kind, "x")
			for k, v := range tc.attrs {
				r.SetAttr(k, v)
			}
			if diff := cmp.Diff(tc.want, headerPaths(tc.pkg, tc.hdr, r)); diff != "" {
				t.Errorf("headerPaths (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCandidates(t *testing.T) {
	tests := []struct {
		name string
		pkg  string
		inc  include
		want []string
	}{
		{name: "quoted: package first", pkg: "app", inc: include{path: "x.h", quoted: true}, want: []string{"app/x.h", "x.h"}},
		{name: "quoted relative parent", pkg: "app", inc: include{path: "../math/s.h", quoted: true}, want: []string{"math/s.h"}},
		{name: "angle: search path only", pkg: "app", inc: include{path: "v.h"}, want: []string{"v.h"}},
		{name: "root package", pkg: "", inc: include{path: "x.h", quoted: true}, want: []string{"x.h"}},
		{name: "outside the workspace", pkg: "", inc: include{path: "../x.h", quoted: true}, want: nil},
		{name: "absolute", pkg: "a", inc: include{path: "/usr/include/x.h"}, want: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, candidates(tc.pkg, tc.inc)); diff != "" {
				t.Errorf("candidates (-want +got):\n%s", diff)
			}
		})
	}
}

func TestConfigure(t *testing.T) {
	tests := []struct {
		name     string
		repo     string
		kindMap  map[string]config.MappedKind
		build    string
		want     syclConfig
		wantLoad string
	}{
		{
			name: "defaults",
			want: syclConfig{enabled: true, naming: defaultNaming},
		},
		{
			name:  "directives",
			build: "# gazelle:sycl disabled\n# gazelle:sycl_library_naming {dirname}_lib\n# gazelle:sycl_hdrs *_api.h *.hpp\n",
			want:  syclConfig{enabled: false, naming: "{dirname}_lib", hdrsMode: hdrsGlobs, hdrGlobs: []string{"*_api.h", "*.hpp"}},
		},
		{
			name:  "bad values keep the previous setting",
			build: "# gazelle:sycl maybe\n# gazelle:sycl_library_naming //x:y\n# gazelle:sycl_hdrs [\n",
			want:  syclConfig{enabled: true, naming: defaultNaming},
		},
		{
			name:  "hdrs none",
			build: "# gazelle:sycl_hdrs none\n",
			want:  syclConfig{enabled: true, naming: defaultNaming, hdrsMode: hdrsNone},
		},
		{
			name:     "rules_sycl loads its own rules by relative label",
			repo:     "rules_sycl",
			want:     syclConfig{enabled: true, naming: defaultNaming},
			wantLoad: selfLoad,
		},
		{
			name:     "a map_kind directive wins",
			repo:     "rules_sycl",
			kindMap:  map[string]config.MappedKind{libraryKind: {FromKind: libraryKind, KindName: "my_lib", KindLoad: "//my:defs.bzl"}},
			want:     syclConfig{enabled: true, naming: defaultNaming},
			wantLoad: "//my:defs.bzl",
		},
		{
			name: "other repositories keep the public load",
			repo: "my_project",
			want: syclConfig{enabled: true, naming: defaultNaming},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := config.New()
			c.RepoName = tc.repo
			c.KindMap = tc.kindMap
			lang := NewLanguage()
			lang.RegisterFlags(nil, "update", c)
			var f *rule.File
			if tc.build != "" {
				var err error
				if f, err = rule.LoadData("BUILD.bazel", "", []byte(tc.build)); err != nil {
					t.Fatal(err)
				}
			}
			lang.Configure(c, "", f)
			if diff := cmp.Diff(tc.want, *getConfig(c), cmp.AllowUnexported(syclConfig{})); diff != "" {
				t.Errorf("config (-want +got):\n%s", diff)
			}
			if got := c.KindMap[libraryKind].KindLoad; got != tc.wantLoad {
				t.Errorf("sycl_library load mapped to %q, want %q", got, tc.wantLoad)
			}
		})
	}
}

func TestIsPublic(t *testing.T) {
	tests := []struct {
		name                  string
		cfg                   syclConfig
		hdr                   string
		existingPublic, known bool
		want                  bool
	}{
		{name: "default: new header public", hdr: "a.h", want: true},
		{name: "default: kept private", hdr: "a.h", known: true, existingPublic: false, want: false},
		{name: "default: kept public", hdr: "a.h", known: true, existingPublic: true, want: true},
		{name: "all overrides existing", cfg: syclConfig{hdrsMode: hdrsAll}, hdr: "a.h", known: true, want: true},
		{name: "none overrides existing", cfg: syclConfig{hdrsMode: hdrsNone}, hdr: "a.h", known: true, existingPublic: true, want: false},
		{name: "glob match", cfg: syclConfig{hdrsMode: hdrsGlobs, hdrGlobs: []string{"*_api.h"}}, hdr: "w_api.h", want: true},
		{name: "glob miss", cfg: syclConfig{hdrsMode: hdrsGlobs, hdrGlobs: []string{"*_api.h"}}, hdr: "w.h", known: true, existingPublic: true, want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.cfg.isPublic(tc.hdr, tc.existingPublic, tc.known); got != tc.want {
				t.Errorf("isPublic(%q) = %v, want %v", tc.hdr, got, tc.want)
			}
		})
	}
}
