package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/propdiff"
)

var update = flag.Bool("update", false, "rewrite testdata/*/want.report")

// TestGolden runs propdiff on each testdata/CASE/{ours,theirs}.table and
// compares the report with CASE/want.report (none: the tables agree).
// Cases from real programs (examples multi_tu and spec_constants, two e2e tests:
// syclc -split=per_kernel against the by-hand device-link recipe, without
// the annotation step), the same with the lost properties put back by hand
// (*_annotated), and hand-made differences.
func TestGolden(t *testing.T) {
	dirs, err := filepath.Glob("testdata/*/ours.table")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases in testdata (%v)", err)
	}
	for _, ours := range dirs {
		dir := filepath.Dir(ours)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			rc := run([]string{"-ours=" + ours, "-theirs=" + filepath.Join(dir, "theirs.table")}, &stdout, &stderr)
			golden := filepath.Join(dir, "want.report")
			if *update {
				if stdout.Len() == 0 {
					os.Remove(golden)
				} else if err := os.WriteFile(golden, stdout.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), stdout.String()); diff != "" {
				t.Errorf("report (-want +got):\n%s", diff)
			}
			wantRC := 0
			if len(want) > 0 {
				wantRC = 1
			}
			if rc != wantRC || stderr.Len() != 0 {
				t.Errorf("rc %d, want %d; stderr %q", rc, wantRC, stderr.String())
			}
		})
	}
}

func TestReportFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.txt")
	var stdout, stderr bytes.Buffer
	rc := run([]string{"-ours=testdata/differences/ours.table", "-theirs=testdata/differences/theirs.table", "-o", out}, &stdout, &stderr)
	got, err := os.ReadFile(out)
	want, _ := os.ReadFile("testdata/differences/want.report")
	if rc != 1 || err != nil || stdout.Len() != 0 || string(got) != string(want) || len(want) == 0 {
		t.Errorf("rc %d, err %v, stdout %q, report %q, want %q", rc, err, stdout.String(), got, want)
	}
	// Agreement writes an empty report.
	rc = run([]string{"-ours=testdata/multi_tu_annotated/ours.table", "-theirs=testdata/multi_tu_annotated/theirs.table", "-o", out}, &stdout, &stderr)
	got, err = os.ReadFile(out)
	if rc != 0 || err != nil || len(got) != 0 {
		t.Errorf("agreeing tables: rc %d, err %v, report %q", rc, err, got)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	badProp := filepath.Join(dir, "bad.table")
	os.WriteFile(filepath.Join(dir, "x.prop"), []byte("no set\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "x.sym"), []byte("k\n"), 0o644)
	os.WriteFile(badProp, []byte("[Code|Properties|Symbols]\nx.spv|"+filepath.Join(dir, "x.prop")+"|"+filepath.Join(dir, "x.sym")+"\n"), 0o644)
	noCol := filepath.Join(dir, "nocol.table")
	os.WriteFile(noCol, []byte("[Code|Symbols]\na|b\n"), 0o644)
	good := "-theirs=testdata/vector_add/theirs.table"
	tests := []struct {
		name string
		args []string
		want string // stderr, after "propdiff: "
	}{
		{"no flags", nil, "-ours and -theirs are required"},
		{"extra argument", []string{"-ours=a", good, "x"}, `unexpected argument "x"`},
		{"missing table", []string{"-ours=" + filepath.Join(dir, "none.table"), good}, "stat " + filepath.Join(dir, "none.table") + ": no such file or directory"},
		{"bad prop", []string{"-ours=" + badProp, good}, filepath.Join(dir, "x.prop") + ":1: property category missing"},
		{"no Properties column", []string{"-ours=" + noCol, good}, noCol + ": no Properties column"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, "report")
			var stdout, stderr bytes.Buffer
			rc := run(append(tc.args, "-o", out), &stdout, &stderr)
			if rc != 2 || stdout.Len() != 0 || stderr.String() != "propdiff: "+tc.want+"\n" {
				t.Errorf("rc %d, stdout %q, stderr %q; want rc 2, stderr %q", rc, stdout.String(), stderr.String(), tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a report was written")
			}
		})
	}
}

func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"-h"}, &stdout, &stderr); rc != 0 || !strings.HasPrefix(stdout.String(), "usage: propdiff") {
		t.Errorf("rc %d, stdout %q", rc, stdout.String())
	}
}

// TestReadmeListsAllowed: every allowed difference has its row in the
// README's table, and the table has no row for one the code lacks.
func TestReadmeListsAllowed(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	section := text[strings.Index(text, "## Allowed differences"):]
	section = section[:strings.Index(section, "\n## ")]
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			rows++
		}
	}
	for _, a := range propdiff.Allowed {
		if !strings.Contains(section, "| `"+a.ID+"` |") {
			t.Errorf("README.md has no row for allowed difference %s", a.ID)
		}
	}
	if rows != len(propdiff.Allowed) {
		t.Errorf("README.md lists %d allowed differences, propdiff.Allowed %d", rows, len(propdiff.Allowed))
	}
}
