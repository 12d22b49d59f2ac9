package llvmir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fakeTools puts executables with the given names in a directory that
// becomes the whole PATH.
func fakeTools(t *testing.T, names ...string) {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
}

func TestToolChoice(t *testing.T) {
	// reads says which tools "read" each input.
	tests := []struct {
		name      string
		installed []string
		tools     []string
		reads     []map[string]bool // per input
		wantTried [][]string        // per input
		wantErr   []string          // per input, "" for success
	}{
		{
			name:      "the first input picks, later inputs try it first",
			installed: []string{"as-15", "as-19", "as-20"},
			tools:     []string{"as-15", "as-19", "as-20"},
			reads:     []map[string]bool{{"as-19": true, "as-20": true}, {"as-15": true, "as-19": true}, {"as-20": true}},
			wantTried: [][]string{{"as-15", "as-19"}, {"as-19"}, {"as-19", "as-15", "as-20"}},
			wantErr:   []string{"", "", ""},
		},
		{
			name:      "tools not on PATH are skipped",
			installed: []string{"as-19"},
			tools:     []string{"as-15", "as-19"},
			reads:     []map[string]bool{{"as-19": true}},
			wantTried: [][]string{{"as-19"}},
			wantErr:   []string{""},
		},
		{
			name:      "the error names every tool tried",
			installed: []string{"as-15", "as-19"},
			tools:     []string{"as-15", "as-16", "as-19"},
			reads:     []map[string]bool{{}},
			wantTried: [][]string{{"as-15", "as-19"}},
			wantErr:   []string{"no LLVM tool read it: as-15 cannot; as-19 cannot"},
		},
		{
			name:      "none installed",
			installed: nil,
			tools:     []string{"as-15", "as-19"},
			reads:     []map[string]bool{{"as-15": true}},
			wantTried: [][]string{nil},
			wantErr:   []string{"none of as-15, as-19 is on PATH (name one with its flag)"},
		},
		{
			name:      "one named tool: its own error, no PATH lookup",
			installed: nil,
			tools:     []string{"as-15"},
			reads:     []map[string]bool{{}},
			wantTried: [][]string{{"as-15"}},
			wantErr:   []string{"as-15 cannot"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fakeTools(t, tc.installed...)
			c := &ToolChoice{Tools: tc.tools}
			for i, reads := range tc.reads {
				var tried []string
				_, err := c.Run(nil, nil, func(tool string) error {
					tried = append(tried, tool)
					if reads[tool] {
						return nil
					}
					return errors.New(tool + " cannot")
				})
				gotErr := ""
				if err != nil {
					gotErr = err.Error()
				}
				if diff := cmp.Diff(tc.wantTried[i], tried); diff != "" {
					t.Errorf("input %d: tools tried (-want +got):\n%s", i, diff)
				}
				if gotErr != tc.wantErr[i] {
					t.Errorf("input %d: error %q, want %q", i, gotErr, tc.wantErr[i])
				}
			}
		})
	}
}

// A retry starts from the beginning of the input and an empty output.
func TestToolChoiceRewinds(t *testing.T) {
	fakeTools(t, "as-15", "as-19")
	dir := t.TempDir()
	in, err := os.Create(filepath.Join(dir, "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	in.WriteString("text")
	in.Seek(0, 0)
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	c := &ToolChoice{Tools: []string{"as-15", "as-19"}}
	tool, err := c.Run(in, out, func(tool string) error {
		b := make([]byte, 4)
		n, _ := in.Read(b)
		out.WriteString(tool + ":" + string(b[:n]))
		if tool == "as-15" {
			return errors.New("no")
		}
		return nil
	})
	if err != nil || tool != "as-19" {
		t.Fatalf("tool %q, err %v", tool, err)
	}
	data, _ := os.ReadFile(out.Name())
	if got := string(data); got != "as-19:text" {
		t.Errorf("output %q, want as-19:text", got)
	}
}

func TestToolCandidates(t *testing.T) {
	got := ToolCandidates("llvm-as")
	if got[0] != "llvm-as-15" || got[len(got)-1] != "llvm-as" || !strings.HasPrefix(got[4], "llvm-as-19") {
		t.Errorf("ToolCandidates = %v", got)
	}
}
