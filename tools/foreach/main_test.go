package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestTranslatesEveryRowAndRewritesColumn(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "m_0.bc"), "zero")
	writeFile(t, filepath.Join(dir, "m_1.bc"), "one")
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code|Symbols]\n"+filepath.Join(dir, "m_0.bc")+"|a.sym\n"+filepath.Join(dir, "m_1.bc")+"|b.sym\n")
	outDir := filepath.Join(dir, "out")
	o := &options{table: in, column: "Code", outTable: filepath.Join(outDir, "out.table"), outDir: outDir, outExt: ".spv", jobs: 2,
		command: []string{"cp", "{in}", "{out}"}}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(outDir, "out.table"))
	want := "[Code|Symbols]\n" + filepath.Join(outDir, "m_0.spv") + "|a.sym\n" + filepath.Join(outDir, "m_1.spv") + "|b.sym\n"
	if diff := cmp.Diff(want, string(got)); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	if b, _ := os.ReadFile(filepath.Join(outDir, "m_1.spv")); string(b) != "one" {
		t.Errorf("m_1.spv = %q, want %q", b, "one")
	}
}

// TestShards: N shards cover every row once, in order, each writing only
// its slice; a shard with no rows writes an empty table.
func TestShards(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.table")
	table := "[Code]\n"
	for i := 0; i < 5; i++ {
		p := filepath.Join(dir, fmt.Sprintf("m_%d.bc", i))
		writeFile(t, p, fmt.Sprint(i))
		table += p + "\n"
	}
	writeFile(t, in, table)
	for _, n := range []int{1, 2, 3, 7} {
		var all []string
		for i := 0; i < n; i++ {
			outDir := filepath.Join(dir, fmt.Sprintf("out_%d_%d", n, i))
			o, err := parseFlags([]string{"-table=" + in, "-out-table=" + filepath.Join(outDir, "t"), "-out-dir=" + outDir, "-out-ext=.spv", fmt.Sprintf("-shard=%d/%d", i, n), "--", "cp", "{in}", "{out}"})
			if err != nil {
				t.Fatal(err)
			}
			if err := run(o); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(outDir, "t"))
			rows := strings.Split(strings.TrimSpace(string(got)), "\n")[1:]
			if files := len(listDir(t, outDir)) - 1; files != len(rows) {
				t.Errorf("%d/%d: %d outputs for %d rows", i, n, files, len(rows))
			}
			for _, r := range rows {
				all = append(all, filepath.Base(r))
			}
		}
		want := []string{"m_0.spv", "m_1.spv", "m_2.spv", "m_3.spv", "m_4.spv"}
		if diff := cmp.Diff(want, all); diff != "" {
			t.Errorf("%d shards: rows (-want +got):\n%s", n, diff)
		}
	}
}

func TestFailureLeavesNoOutputs(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "ok.bc"), "x")
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code]\n"+filepath.Join(dir, "ok.bc")+"\n"+filepath.Join(dir, "missing.bc")+"\n")
	outDir := filepath.Join(dir, "out")
	o := &options{table: in, column: "Code", outTable: filepath.Join(outDir, "out.table"), outDir: outDir, outExt: ".spv", jobs: 1,
		command: []string{"cp", "{in}", "{out}"}}
	err := run(o)
	if err == nil || !strings.Contains(err.Error(), "missing.bc") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("run() error = %v, want one line naming missing.bc", err)
	}
	// The run created out/, so it removes it.
	if _, err := os.Stat(outDir); !os.IsNotExist(err) {
		t.Errorf("out directory left behind: %v", err)
	}
}

func TestFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-table=a", "-out-table=b", "-out-dir=c"},
		{"-table=a", "-out-dir=c", "--", "cp"},
		{"-bogus"},
		{"-table=a", "-out-table=b", "-out-dir=c", "-jobs=-1", "--", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "-shard=2/2", "--", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "-shard=1/0", "--", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "-shard=1", "--", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "-shard=0/2x", "--", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "--", "cp", "--then"},
		{"-table=a", "-out-table=b", "-out-dir=c", "--", "--then", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "--", "cp", "--then", "--then", "cp"},
		{"-table=a", "-out-table=b", "-out-dir=c", "-serve", "--", "imagec", "--then", "cp"},
	} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("parseFlags(%q) succeeded, want error", args)
		}
	}
}

// TestThen: the commands after --then run in order on each row's output;
// one failing fails the run, which leaves no outputs.
func TestThen(t *testing.T) {
	for _, tc := range []struct {
		name    string
		then    []string
		want    string
		wantErr string
	}{
		{name: "one", then: []string{"--then", "sh", "-c", "echo +{stem} >> $0", "{out}"}, want: "x\n+m\n"},
		{name: "two", then: []string{"--then", "sh", "-c", "echo 1 >> $0", "{out}", "--then", "sh", "-c", "echo 2 >> $0", "{out}"}, want: "x\n1\n2\n"},
		{name: "fails", then: []string{"--then", "sh", "-c", "echo bad >&2; exit 4"}, wantErr: "sh failed (exit status 4): bad"},
		{name: "removes", then: []string{"--then", "rm", "{out}"}, wantErr: "rm wrote no output"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "m.bc"), "x\n")
			in := filepath.Join(dir, "in.table")
			writeFile(t, in, "[Code]\n"+filepath.Join(dir, "m.bc")+"\n")
			outDir := filepath.Join(dir, "out")
			args := append([]string{"-table=" + in, "-out-table=" + filepath.Join(outDir, "t"), "-out-dir=" + outDir, "-out-ext=.spv", "--", "cp", "{in}", "{out}"}, tc.then...)
			o, err := parseFlags(args)
			if err != nil {
				t.Fatal(err)
			}
			err = run(o)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("run() error = %v, want one containing %q", err, tc.wantErr)
				}
				if _, serr := os.Stat(outDir); !os.IsNotExist(serr) {
					t.Errorf("out directory left behind: %v", serr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(outDir, "m.spv"))
			if diff := cmp.Diff(tc.want, string(got)); diff != "" {
				t.Errorf("m.spv (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMalformedTable(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code|Symbols]\nonly-one-cell\n")
	o := &options{table: in, column: "Code", outTable: filepath.Join(dir, "o.table"), outDir: dir, outExt: ".spv", jobs: 1, command: []string{"cp", "{in}", "{out}"}}
	if err := run(o); err == nil || !strings.Contains(err.Error(), "in.table") {
		t.Fatalf("run() error = %v, want one naming in.table", err)
	}
}

func TestStemNamesOtherOutputsOfTheSameImage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "m_0.ptx"), "ptx0")
	writeFile(t, filepath.Join(dir, "m_1.ptx"), "ptx1")
	cubins := filepath.Join(dir, "cubin_sm_90")
	if err := os.Mkdir(cubins, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(cubins, "m_0.cubin"), "elf0")
	writeFile(t, filepath.Join(cubins, "m_1.cubin"), "elf1")
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code]\n"+filepath.Join(dir, "m_0.ptx")+"\n"+filepath.Join(dir, "m_1.ptx")+"\n")
	outDir := filepath.Join(dir, "out")
	o := &options{table: in, column: "Code", outTable: filepath.Join(outDir, "out.table"), outDir: outDir, outExt: ".fatbin", jobs: 1,
		command: []string{"sh", "-c", `cat "$1" "$2" > "$3"`, "sh", "{in}", cubins + "/{stem}.cubin", "{out}"}}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	for stem, want := range map[string]string{"m_0": "ptx0elf0", "m_1": "ptx1elf1"} {
		got, err := os.ReadFile(filepath.Join(outDir, stem+".fatbin"))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("%s.fatbin (-want +got):\n%s", stem, diff)
		}
	}
}

// {Symbols} and {Properties} are the row's cells: tools/gpuaot
// -kernels={Symbols} checks each zebin against its image's entry points. A
// table without the column, or a row with an empty cell, is an error before
// any command runs.
func TestColumnPlaceholders(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"a.spv", "a.sym", "a.prop", "b.spv", "b.sym", "b.prop"} {
		writeFile(t, filepath.Join(dir, f), strings.TrimSuffix(f, filepath.Ext(f))+filepath.Ext(f))
	}
	p := func(f string) string { return filepath.Join(dir, f) }
	cmd := []string{"sh", "-c", `cat "$1" "$2" "$3" > "$4"`, "sh", "{in}", "{Symbols}", "{Properties}", "{out}"}
	outDir := p("out")
	in := p("in.table")
	writeFile(t, in, "[Code|Properties|Symbols]\n"+p("a.spv")+"|"+p("a.prop")+"|"+p("a.sym")+"\n"+p("b.spv")+"|"+p("b.prop")+"|"+p("b.sym")+"\n")
	o := &options{table: in, column: "Code", outTable: filepath.Join(outDir, "out.table"), outDir: outDir, outExt: ".zebin", jobs: 1, command: cmd}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	for stem, want := range map[string]string{"a": "a.spva.syma.prop", "b": "b.spvb.symb.prop"} {
		got, err := os.ReadFile(filepath.Join(outDir, stem+".zebin"))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("%s.zebin (-want +got):\n%s", stem, diff)
		}
	}
	for _, tc := range []struct{ table, want string }{
		{"[Code|Properties]\n" + p("a.spv") + "|" + p("a.prop") + "\n", "the command names {Symbols}, but the table has no Symbols column"},
		{"[Code|Properties|Symbols]\n" + p("a.spv") + "|" + p("a.prop") + "|\n", "row 1: the command names {Symbols}, but the row's Symbols cell is empty"},
	} {
		writeFile(t, in, tc.table)
		o := &options{table: in, column: "Code", outTable: p("o2/out.table"), outDir: p("o2"), outExt: ".zebin", jobs: 1, command: cmd}
		if err := run(o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("run() = %v, want an error containing %q", err, tc.want)
		}
		if _, err := os.Stat(p("o2")); err == nil {
			t.Error("a refused table left its output directory")
		}
	}
}

func TestServeFlag(t *testing.T) {
	base := []string{"-table=a", "-out-table=b", "-out-dir=c"}
	for _, c := range []struct {
		args []string
		want serveMode
	}{
		{nil, ""},
		{[]string{"-serve"}, "spirv"},
		{[]string{"-serve=spirv"}, "spirv"},
		{[]string{"-serve=codegen"}, "codegen"},
		{[]string{"-serve=false"}, ""},
	} {
		o, err := parseFlags(append(append(append([]string{}, base...), c.args...), "--", "x"))
		if err != nil {
			t.Errorf("parseFlags(%q): %v", c.args, err)
			continue
		}
		if o.serve != c.want {
			t.Errorf("parseFlags(%q): serve %q, want %q", c.args, o.serve, c.want)
		}
	}
	if _, err := parseFlags(append(base, "-serve=llc", "--", "x")); err == nil {
		t.Error("-serve=llc accepted")
	}
}

// TestServeCodegen: with -serve=codegen every row is a `codegen` request
// to the server (here a shell speaking tools/imagec's protocol that copies
// the input), and a failed request names its image.
func TestServeCodegen(t *testing.T) {
	dir := t.TempDir()
	server := `while read -r verb n1 n2; do
  [ "$verb" = codegen ] || { echo "unexpected $verb" >&2; exit 3; }
  in=$(head -c "$n1"); out=$(head -c "$n2")
  case "$in" in *bad*) echo "error $in: not IR"; continue;; esac
  cp "$in" "$out" && echo "ok 0"
done`
	var rows []string
	for _, n := range []string{"a", "b", "c"} {
		writeFile(t, filepath.Join(dir, n+".bc"), "image "+n)
		rows = append(rows, filepath.Join(dir, n+".bc"))
	}
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code]\n"+strings.Join(rows, "\n")+"\n")
	out := filepath.Join(dir, "out")
	o, err := parseFlags([]string{"-table=" + in, "-out-table=" + filepath.Join(out, "t"), "-out-dir=" + out, "-out-ext=.ptx", "-jobs=2", "-serve=codegen", "--", "/bin/sh", "-c", server})
	if err != nil {
		t.Fatal(err)
	}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a.ptx", "b.ptx", "c.ptx", "t"}, listDir(t, out)); diff != "" {
		t.Errorf("outputs (-want +got):\n%s", diff)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "b.ptx")); string(got) != "image b" {
		t.Errorf("b.ptx = %q", got)
	}

	bad := filepath.Join(dir, "bad.bc")
	writeFile(t, bad, "x")
	writeFile(t, in, "[Code]\n"+rows[0]+"\n"+bad+"\n")
	out2 := filepath.Join(dir, "out2")
	o, _ = parseFlags([]string{"-table=" + in, "-out-table=" + filepath.Join(out2, "t"), "-out-dir=" + out2, "-out-ext=.ptx", "-serve=codegen", "--", "/bin/sh", "-c", server})
	err = run(o)
	if err == nil || !strings.Contains(err.Error(), "bad.bc") || strings.Contains(err.Error(), "\n") {
		t.Errorf("bad image: got %v, want a one-line error naming bad.bc", err)
	}
	if _, serr := os.Stat(out2); serr == nil {
		t.Error("a failed run left its -out-dir")
	}
}

// TestLeftOutStatus: a command exiting with -left-out-status wrote nothing
// on purpose (tools/gpuaot: an image the Intel GPU does not get): its row
// is left out of the table, the others kept in order; every row left out
// gives a table of its header alone. The same status with an output, or
// any other failure, fails the run and leaves nothing.
func TestLeftOutStatus(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.table")
	table := "[Code|Properties]\n"
	for i, kind := range []string{"keep", "drop", "keep", "drop"} {
		p := filepath.Join(dir, fmt.Sprintf("m_%d.bc", i))
		writeFile(t, p, kind)
		table += p + "|" + p + ".prop\n"
	}
	writeFile(t, in, table)
	// Copies a "keep" image; exits 3 for a "drop" one (and, with $1 = lie,
	// writes it anyway; with $1 = fail, exits 4 instead).
	script := `case "$(cat "$2")" in drop) [ "$1" = lie ] && cp "$2" "$3"; [ "$1" = fail ] && exit 4; exit 3;; esac; cp "$2" "$3"`
	run1 := func(name, mode string) (string, error) {
		outDir := filepath.Join(dir, name)
		o, err := parseFlags([]string{"-table=" + in, "-out-table=" + filepath.Join(outDir, "t"), "-out-dir=" + outDir, "-out-ext=.zebin", "-jobs=2", "-left-out-status=3",
			"--", "sh", "-c", script, "sh", mode, "{in}", "{out}"})
		if err != nil {
			t.Fatal(err)
		}
		if err := run(o); err != nil {
			return "", err
		}
		got, _ := os.ReadFile(filepath.Join(outDir, "t"))
		return string(got), nil
	}
	got, err := run1("out", "plain")
	if err != nil {
		t.Fatal(err)
	}
	want := "[Code|Properties]\n" + filepath.Join(dir, "out", "m_0.zebin") + "|" + filepath.Join(dir, "m_0.bc.prop") + "\n" +
		filepath.Join(dir, "out", "m_2.zebin") + "|" + filepath.Join(dir, "m_2.bc.prop") + "\n"
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("table (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"m_0.zebin", "m_2.zebin", "t"}, listDir(t, filepath.Join(dir, "out"))); d != "" {
		t.Errorf("out/ (-want +got):\n%s", d)
	}
	for _, mode := range []string{"lie", "fail"} {
		_, err := run1("out_"+mode, mode)
		if err == nil {
			t.Fatalf("%s: run succeeded", mode)
		}
		wantErr := map[string]string{
			"lie":  "sh exited 3 (nothing written) but wrote m_1.zebin",
			"fail": "sh failed (exit status 4)",
		}[mode]
		if !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s: error %q lacks %q", mode, err, wantErr)
		}
		if _, err := os.Stat(filepath.Join(dir, "out_"+mode)); !os.IsNotExist(err) {
			t.Errorf("%s: out dir left: %v", mode, err)
		}
	}
	// Every row left out: the header alone.
	writeFile(t, in, "[Code]\n"+filepath.Join(dir, "m_1.bc")+"\n")
	if got, err := run1("out_none", "plain"); err != nil || got != "[Code]\n" {
		t.Errorf("all left out: table %q, err %v; want the header alone", got, err)
	}
}
