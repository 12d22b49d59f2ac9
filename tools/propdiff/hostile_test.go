package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// copyCase copies testdata/multi_tu into dir (tables with absolute cells),
// so that a test may aim -o at its files.
func copyCase(t *testing.T, dir string) (ours, theirs, prop, sym string) {
	t.Helper()
	table := func(side string) string {
		p := filepath.Join(dir, side+".table")
		text := "[Code|Properties|Symbols]\n"
		for i := 0; i < 2; i++ {
			base := filepath.Join(dir, side+string(rune('0'+i)))
			for _, ext := range []string{".prop", ".sym"} {
				data, err := os.ReadFile(filepath.Join("testdata/multi_tu", side, string(rune('0'+i))+ext))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(base+ext, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			text += base + ".bc|" + base + ".prop|" + base + ".sym\n"
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return table("ours"), table("theirs"), filepath.Join(dir, "theirs1.prop"), filepath.Join(dir, "ours0.sym")
}

// Issue 44's cases for propdiff, run as the tool.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	ours, theirs, prop, sym := copyCase(t, dir)
	zeroProp := filepath.Join(dir, "zeroprop.table")
	zeroSym := filepath.Join(dir, "zerosym.table")
	if err := os.WriteFile(zeroProp, []byte("[Code|Properties|Symbols]\nx.bc|/dev/zero|"+sym+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(zeroSym, []byte("[Code|Properties|Symbols]\nx.bc|"+prop+"|/dev/zero\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "report.txt")
	saved := map[string][]byte{}
	for _, p := range []string{ours, theirs, prop, sym} {
		saved[p], _ = os.ReadFile(p)
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"/dev/zero as -ours", []string{"-ours=/dev/zero", "-theirs=" + theirs, "-o=" + report}, []string{"propdiff: /dev/zero: a character device, not a regular file: cannot be read as a file table"}},
		{"/dev/zero as a .prop", []string{"-ours=" + zeroProp, "-theirs=" + theirs, "-o=" + report}, []string{"propdiff: /dev/zero: a character device, not a regular file: cannot be read as a property set file"}},
		{"/dev/zero as a .sym", []string{"-ours=" + zeroSym, "-theirs=" + theirs, "-o=" + report}, []string{"propdiff: /dev/zero: a character device, not a regular file: cannot be read as a symbol file"}},
		{"-o naming -ours", []string{"-ours=" + ours, "-theirs=" + theirs, "-o=" + ours}, []string{ours + ": is also an input: the output would replace it"}},
		{"-o naming -theirs", []string{"-ours=" + ours, "-theirs=" + theirs, "-o=" + theirs}, []string{theirs + ": is also an input"}},
		{"-o naming a .prop", []string{"-ours=" + ours, "-theirs=" + theirs, "-o=" + prop}, []string{prop + ": is also an input"}},
		{"-o naming a .sym", []string{"-ours=" + ours, "-theirs=" + theirs, "-o=" + sym}, []string{sym + ": is also an input"}},
		{"-o in a missing directory", []string{"-ours=" + ours, "-theirs=" + theirs, "-o=" + filepath.Join(dir, "none", "r")}, []string{"directory " + filepath.Join(dir, "none") + " does not exist"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := proctest.Refused(t, 20*time.Second, nil, tc.args, tc.want...)
			if r.ExitCode != 2 {
				t.Errorf("exit %d, want 2 (an error, not differences)", r.ExitCode)
			}
			proctest.NotWritten(t, report)
			for p, data := range saved {
				proctest.Unchanged(t, p, data)
			}
		})
	}
}
