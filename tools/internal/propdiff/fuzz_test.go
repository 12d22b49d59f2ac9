package propdiff

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/filetable"
	"github.com/rules-sycl/rules_sycl/tools/internal/inputfile"
	"github.com/rules-sycl/rules_sycl/tools/internal/propset"
)

// fakeFS serves the .prop and .sym files a test table names.
func fakeFS(files map[string]string) func(string, inputfile.Kind) ([]byte, error) {
	return func(p string, _ inputfile.Kind) ([]byte, error) {
		s, ok := files[p]
		if !ok {
			return nil, os.ErrNotExist
		}
		return []byte(s), nil
	}
}

func TestParseTable(t *testing.T) {
	fs := fakeFS(map[string]string{
		"a.prop": "[SYCL/device requirements]\naspects=2|gAAAAAAAAAQBAAAA\n",
		"a.sym":  "k1\n\nk2\n",
		"b.sym":  "k1\nk1\n",
	})
	tab, err := ParseTable([]byte("[Code|Symbols|Properties]\nx.spv|a.sym|a.prop\n"), "dir/t.table", fs)
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{tab.Images[0].Name, strings.Join(tab.Images[0].Entries, ",")}; !cmp.Equal(got, []string{"t.table#1", "k1,k2"}) {
		t.Errorf("got %q", got)
	}
	for _, tc := range []struct{ table, want string }{
		{"[Code|Properties]\nx|a.prop\n", "t.table: no Symbols column"},
		{"[Code|Properties|Symbols]\nx|a.prop|\n", "t.table: row 1: empty Properties or Symbols cell"},
		{"[Code|Properties|Symbols]\nx|a.prop|b.sym\n", `b.sym: line 2: entry "k1" listed twice`},
		{"[Code|Properties|Symbols]\nx|c.prop|a.sym\n", "c.prop: file does not exist"},
		{"[Code|Properties|Symbols]\nx|a.prop\n", "t.table:2: row size mismatch: 2 cells, 3 columns"},
	} {
		_, err := ParseTable([]byte(tc.table), "t.table", fs)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %s", tc.table, err, tc.want)
		}
		var re *ReadError
		var fe *filetable.ParseError
		if err != nil && !errors.As(err, &re) && !errors.As(err, &fe) {
			t.Errorf("%q: error %T is neither a *ReadError nor a *filetable.ParseError", tc.table, err)
		}
	}
}

// FuzzReadAndCompare feeds arbitrary table, .prop and .sym text to the
// readers and whatever they accept to Compare: nothing may panic, and a
// table compared with itself has no differences.
func FuzzReadAndCompare(f *testing.F) {
	f.Add("[Code|Properties|Symbols]\nx|a.prop|a.sym\n",
		"[SYCL/device requirements]\naspects=2|gAAAAAAAAAQBAAAA\n[SYCL/kernel param opt]\nk=2|DAAAAAAAAAAB\n",
		"k\n",
		"[SYCL/specialization constants]\nA=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n[SYCL/specialization constants default values]\nall=2|gAAAAAAAAAQBAAAA\n[SYCL/imported symbols]\nf=1|1\n")
	f.Add("[Code|Properties|Symbols]\nx|a.prop|a.sym\ny|b.prop|a.sym\n", "[SYCL/device globals]\nid=2|ABAAAAAAAAABAAAAAAAAAA\n", "k\nf\n",
		"[SYCL/exported symbols]\nf=1|1\n[SYCL/device requirements]\njoint_matrix=2|gAAAAAAAAAQYzFmb\n")
	f.Fuzz(func(t *testing.T, table, prop, sym, prop2 string) {
		fs := fakeFS(map[string]string{"a.prop": prop, "a.sym": sym, "b.prop": prop2})
		ParseSymbols([]byte(sym))
		tab, err := ParseTable([]byte(table), "t.table", fs)
		if err != nil {
			return
		}
		if d := Compare(tab, tab); len(d) != 0 && selfConsistent(tab) {
			t.Errorf("a table differs from itself: %v", d)
		}
		other := *tab
		other.Images = append([]*Image(nil), tab.Images...)
		if len(other.Images) > 0 {
			if p, err := propsOf(prop2); err == nil {
				other.Images[0] = &Image{Name: "b", Entries: tab.Images[0].Entries, Props: p}
			}
		}
		Compare(tab, &other)
		Compare(&other, tab)
	})
}

// selfConsistent reports whether comparing the table with itself should
// be silent: every entry in one image, and well-formed spec constants and
// requirements (malformed ones are reported even against themselves).
func selfConsistent(t *Table) bool {
	seen := map[string]bool{}
	for _, img := range t.Images {
		for _, e := range img.Entries {
			if seen[e] {
				return false
			}
			seen[e] = true
		}
		if _, err := specConsts(img); err != nil {
			return false
		}
		for p := range unionRequirements {
			if v, ok := get(img, SetDeviceRequirements, p); ok {
				if _, good := members(p, v); !good {
					return false
				}
			}
		}
	}
	return true
}

func propsOf(text string) (*propset.Registry, error) { return propset.Parse([]byte(text), "b.prop") }
