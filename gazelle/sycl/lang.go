// Package sycl is a Gazelle language extension that writes sycl_library
// targets for directories holding SYCL device sources (.cl, .clcpp).
//
// One sycl_library per directory, named after the directory, lists the
// directory's device sources, host sources and headers; its deps come from
// the #include lines of those files, resolved through Gazelle's rule index
// to the sycl_library and cc_library targets that provide the headers.
package sycl

import (
	"github.com/bazelbuild/bazel-gazelle/config"
	"github.com/bazelbuild/bazel-gazelle/label"
	"github.com/bazelbuild/bazel-gazelle/language"
	"github.com/bazelbuild/bazel-gazelle/rule"
)

const (
	// langName names the extension in directives (# gazelle:sycl), in
	// `# gazelle:resolve sycl ...` overrides and in the rule index.
	langName = "sycl"

	libraryKind = "sycl_library"
	ccLibrary   = "cc_library"

	// publicLoad is where users of rules_sycl load the rules from.
	publicLoad = "@rules_sycl//rules:defs.bzl"
	// selfRepoName and selfLoad: inside the rules_sycl repository the same
	// file has to be loaded by a repository-relative label.
	selfRepoName = "rules_sycl"
	selfLoad     = "//rules:defs.bzl"
)

type syclLang struct{}

// NewLanguage is the constructor gazelle_binary calls for this extension.
func NewLanguage() language.Language { return &syclLang{} }

func (*syclLang) Name() string { return langName }

// Kinds lists sycl_library, which the extension generates and merges, and
// cc_library, which it never generates but indexes so that #include lines
// naming the headers of hand-written cc_library targets resolve to them.
func (*syclLang) Kinds() map[string]rule.KindInfo {
	return map[string]rule.KindInfo{
		libraryKind: {
			// A directory has one generated library: when its name changes
			// (directive or hand edit), the existing rule is still found.
			MatchAny: true,
			NonEmptyAttrs: map[string]bool{
				"srcs": true,
				"hdrs": true,
				"deps": true,
			},
			SubstituteAttrs: map[string]bool{"deps": true},
			MergeableAttrs: map[string]bool{
				"srcs": true,
				"hdrs": true,
			},
			ResolveAttrs: map[string]bool{"deps": true},
		},
		ccLibrary: {},
	}
}

// Loads names only sycl_library: sycl_binary and sycl_test are written by
// hand, and listing them would make Gazelle rewrite their load statements.
func (*syclLang) Loads() []rule.LoadInfo {
	return []rule.LoadInfo{{
		Name:    publicLoad,
		Symbols: []string{libraryKind},
	}}
}

// Fix has nothing to migrate: no deprecated forms exist yet.
func (*syclLang) Fix(c *config.Config, f *rule.File) {}

// Embeds: sycl_library has no embedding.
func (*syclLang) Embeds(r *rule.Rule, from label.Label) []label.Label { return nil }
