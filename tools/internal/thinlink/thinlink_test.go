package thinlink

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

func TestSummarizeGolden(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "tu.ll"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := llvmir.Parse(src, "tu.ll")
	if err != nil {
		t.Fatal(err)
	}
	got := Summarize(m).Marshal()
	golden := filepath.Join("testdata", "tu.summary")
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	back, err := Parse(got, "tu.summary")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(got), string(back.Marshal())); diff != "" {
		t.Errorf("Parse(Marshal) round trip (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "s.summary: empty file, not a device link summary"},
		{"header", "something else\n", `s.summary: not a device link summary (first line "something else", want "sycl-link-summary 2")`},
		{"version 1", "sycl-link-summary 1\ndef @a\n", `s.summary: not a device link summary (first line "sycl-link-summary 1", want "sycl-link-summary 2")`},
		{"malformed", Header + "\ndef helper\n", `s.summary:2: malformed line "def helper"`},
		{"unknown", Header + "\nfoo @x\n", `s.summary:2: unknown record "foo"`},
		{"orphan ref", Header + "\ndecl @a\n ref @b\n", "s.summary:3: ref outside a def"},
		{"duplicate", Header + "\ndef @a\ndef @a\n", `s.summary:3: "@a" defined twice`},
		{"no trailer", Header + "\ndef @a\n", `s.summary: no "end N" trailer after line 2: truncated summary`},
		{"wrong count", Header + "\ndef @a\nend 2\n", `s.summary:3: trailer "end 2" does not count the 1 records before it`},
		{"after trailer", Header + "\nend 0\ndef @a\n", "s.summary:3: line after the trailer"},
		{"no newline", Header + "\nend 0", "s.summary: last line does not end in a newline: truncated summary"},
		{"1 MiB line", Header + "\nx" + strings.Repeat("y", 1<<20) + "\n", `s.summary:2: malformed line "x` + strings.Repeat("y", 79) + `"... (1048577 bytes)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.in), "s.summary")
			if err == nil || err.Error() != tc.want {
				t.Errorf("Parse error = %v, want %q", err, tc.want)
			}
		})
	}
}

// Every truncation of a summary is an error (30 of 50 were accepted).
func TestTruncatedSummaryRejected(t *testing.T) {
	full, err := os.ReadFile(filepath.Join("testdata", "tu.summary"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(full, "tu.summary"); err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(full); n++ {
		if _, err := Parse(full[:n], "tu.summary"); err == nil {
			t.Errorf("truncated to %d of %d bytes: accepted", n, len(full))
		}
	}
}

// sum builds a summary from "def:ref,ref" / "decl" / "append:ref" specs.
func sum(specs ...string) *Summary {
	s := &Summary{Defs: map[string][]string{}}
	for _, spec := range specs {
		kind, rest, _ := strings.Cut(spec, " ")
		name, refs, _ := strings.Cut(rest, ":")
		var rs []string
		if refs != "" {
			rs = strings.Split(refs, ",")
		}
		switch kind {
		case "def":
			s.Defs[name] = rs
		case "decl":
			s.Decls = append(s.Decls, name)
		case "append":
			s.Appending = append(s.Appending, rs...)
		}
	}
	return s
}

func TestPlan(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tu     *Summary
		others []*Summary
		want   []int
	}{{
		name:   "no imports",
		tu:     sum("def @k:@get_id", "decl @get_id"),
		others: []*Summary{sum("def @k2:@h2", "def @h2")},
		want:   nil,
	}, {
		name: "imports only from the defining TU",
		tu:   sum("def @k:@h1", "decl @h1"),
		others: []*Summary{
			sum("def @k0:@h1", "decl @h1"),
			sum("def @h1", "def @k1:@h2", "decl @h2"),
			sum("def @h2"),
		},
		// @k1 lives next to @h1 but is not imported, so @h2 is not needed.
		want: []int{1},
	}, {
		name: "transitive through a third TU, in order",
		tu:   sum("def @k:@x", "decl @x"),
		others: []*Summary{
			sum("def @x:@y", "decl @y"),
			sum("def @y:@z", "decl @z"),
			sum("def @z"),
		},
		want: []int{0, 1, 2},
	}, {
		name: "a file read before its symbol is needed is read again",
		tu:   sum("def @k:@x", "decl @x"),
		others: []*Summary{
			sum("def @z"),
			sum("def @x:@y", "decl @y"),
			sum("def @y:@z", "decl @z"),
		},
		want: []int{1, 2, 0},
	}, {
		name: "a cycle between two TUs",
		tu:   sum("def @k:@a", "decl @a"),
		others: []*Summary{
			sum("def @a:@b", "decl @b", "def @c"),
			sum("def @b:@c", "decl @c"),
		},
		want: []int{0, 1, 0},
	}, {
		name: "a definition in the TU wins, first definer after it",
		tu:   sum("def @k:@h,@w", "def @w", "decl @h"),
		others: []*Summary{
			sum("def @w"),
			sum("def @h"),
			sum("def @h:@q", "decl @q"),
			sum("def @q"),
		},
		want: []int{1},
	}, {
		name: "same-file definitions come along",
		tu:   sum("def @k:@f", "decl @f"),
		others: []*Summary{
			sum("def @f:@g", "def @g:@h", "decl @h"),
			sum("def @h"),
		},
		want: []int{0, 1},
	}, {
		name: "appending globals of a read file",
		tu:   sum("def @k:@f", "decl @f"),
		others: []*Summary{
			sum("def @f", "def @kept:@ext", "decl @ext", "append :@kept"),
			sum("def @ext"),
			sum("def @unrelated", "append :@unrelated"),
		},
		want: []int{0, 1},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Plan(tc.tu, tc.others)); diff != "" {
				t.Errorf("Plan (-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	full, _ := os.ReadFile(filepath.Join("testdata", "tu.summary"))
	f.Add(full)
	f.Add(full[:len(full)/2])
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data, "f.summary")
		if err != nil {
			if len(err.Error()) > 1000 {
				t.Fatalf("error of %d bytes", len(err.Error()))
			}
			return
		}
		again, err := Parse(s.Marshal(), "f.summary")
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if diff := cmp.Diff(s, again, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}
