package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/llvmir"
)

func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"llvm-as-15", "llvm-dis-15", "llvm-link-15"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
}

// A chain across TUs: a's kernel calls b's helper, which calls c's; b's
// own kernel calls d. e has no kernel and nothing a needs.
var tus = map[string]string{
	"a": `define spir_kernel void @ka() {
  call spir_func void @hb()
  ret void
}
declare spir_func void @hb()`,
	"b": `define spir_func void @hb() {
  call spir_func void @hc()
  ret void
}
define spir_kernel void @kb() {
  call spir_func void @hd()
  ret void
}
declare spir_func void @hc()
declare spir_func void @hd()`,
	"c": `define spir_func void @hc() {
  ret void
}`,
	"d": `define spir_func void @hd() {
  ret void
}`,
	"e": `define spir_func void @he() {
  ret void
}`,
}

func writeTUs(t *testing.T, dir string) {
	t.Helper()
	for name, body := range tus {
		ll := filepath.Join(dir, name+".ll")
		if err := os.WriteFile(ll, []byte("target triple = \"spir64\"\n"+body+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("llvm-as-15", ll, "-o", filepath.Join(dir, name+".bc")).CombinedOutput(); err != nil {
			t.Fatalf("llvm-as-15: %v: %s", err, out)
		}
		var stderr bytes.Buffer
		if rc := run([]string{"-summarize", "-o", filepath.Join(dir, name+".summary"), filepath.Join(dir, name+".bc")}, io.Discard, &stderr); rc != 0 {
			t.Fatalf("summarize %s: %s", name, stderr.String())
		}
	}
}

var defineRE = regexp.MustCompile(`(?m)^define .*@(\w+)\(`)

func definedIn(t *testing.T, bc string) []string {
	t.Helper()
	out, err := exec.Command("llvm-dis-15", bc, "-o", "-").Output()
	if err != nil {
		t.Fatalf("llvm-dis-15 %s: %v", bc, err)
	}
	var names []string
	for _, m := range defineRE.FindAllStringSubmatch(string(out), -1) {
		names = append(names, m[1])
	}
	sort.Strings(names)
	return names
}

func TestLink(t *testing.T) {
	needTools(t)
	dir := t.TempDir()
	writeTUs(t, dir)
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, tc := range []struct {
		tu          string
		wantDefined []string
		wantUnused  []string
	}{
		// c is reached through b (listed after it), d only from b's kernel.
		{"a", []string{"hb", "hc", "ka"}, []string{"d.bc", "e.bc"}},
		{"b", []string{"hb", "hc", "hd", "kb"}, []string{"a.bc", "e.bc"}},
		{"e", []string{"he"}, []string{"c.bc", "a.bc", "b.bc", "d.bc"}},
	} {
		t.Run(tc.tu, func(t *testing.T) {
			args := []string{"-linker=llvm-link-15", "-tu", p(tc.tu + ".bc"), "-tu-summary", p(tc.tu + ".summary"),
				"-o", p(tc.tu + ".linked.bc"), "-unused-inputs", p(tc.tu + ".unused")}
			// c before b: b's import of hc is only seen in a second round.
			for _, o := range []string{"c", "a", "b", "d", "e"} {
				if o != tc.tu {
					args = append(args, "-object", p(o+".bc"), "-summary", p(o+".summary"))
				}
			}
			// Bazel passes the arguments in a multiline param file.
			params := p(tc.tu + ".params")
			if err := os.WriteFile(params, []byte(strings.Join(args, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			if rc := run([]string{"@" + params}, io.Discard, &stderr); rc != 0 {
				t.Fatalf("devlink: %s", stderr.String())
			}
			viaParams, err := os.ReadFile(p(tc.tu + ".linked.bc"))
			if err != nil {
				t.Fatal(err)
			}
			if rc := run(args, io.Discard, &stderr); rc != 0 {
				t.Fatalf("devlink: %s", stderr.String())
			}
			direct, err := os.ReadFile(p(tc.tu + ".linked.bc"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(viaParams, direct) {
				t.Errorf("the link through a param file differs from the direct one")
			}
			// The rules' form: one list of every TU of the program, this
			// one included, shared by all per-TU links.
			var program []string
			for _, o := range []string{"c", "a", "b", "d", "e"} {
				program = append(program, "-object", p(o+".bc"), "-summary", p(o+".summary"))
			}
			if err := os.WriteFile(p("program.tus"), []byte(strings.Join(program, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			if rc := run([]string{"-linker=llvm-link-15", "-tu", p(tc.tu + ".bc"), "-tu-summary", p(tc.tu + ".summary"),
				"-o", p(tc.tu + ".linked.bc"), "-unused-inputs", p(tc.tu + ".unused"), "@" + p("program.tus")}, io.Discard, &stderr); rc != 0 {
				t.Fatalf("devlink: %s", stderr.String())
			}
			viaProgram, err := os.ReadFile(p(tc.tu + ".linked.bc"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(viaProgram, direct) {
				t.Errorf("the link through the program's TU list differs from the direct one")
			}
			if diff := cmp.Diff(tc.wantDefined, definedIn(t, p(tc.tu+".linked.bc"))); diff != "" {
				t.Errorf("defined functions (-want +got):\n%s", diff)
			}
			data, err := os.ReadFile(p(tc.tu + ".unused"))
			if err != nil {
				t.Fatal(err)
			}
			var want strings.Builder
			for _, u := range tc.wantUnused {
				want.WriteString(p(u) + "\n")
			}
			if diff := cmp.Diff(want.String(), string(data)); diff != "" {
				t.Errorf("unused inputs (-want +got):\n%s", diff)
			}
		})
	}
}

// TestLinkText: -S writes the same module as textual IR (what the split
// maps without llvm-dis): the text assembles to the bitcode link's bytes.
func TestLinkText(t *testing.T) {
	needTools(t)
	dir := t.TempDir()
	writeTUs(t, dir)
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, tu := range []string{"a", "b", "e"} {
		t.Run(tu, func(t *testing.T) {
			outs := map[bool]string{false: p(tu + ".linked.bc"), true: p(tu + ".linked.ll")}
			for _, text := range []bool{false, true} {
				args := []string{"-linker=llvm-link-15", "-tu", p(tu + ".bc"), "-tu-summary", p(tu + ".summary"),
					"-o", outs[text], "-unused-inputs", p(tu + ".unused")}
				if text {
					args = append(args, "-S")
				}
				for _, o := range []string{"c", "a", "b", "d", "e"} {
					args = append(args, "-object", p(o+".bc"), "-summary", p(o+".summary"))
				}
				var stderr bytes.Buffer
				if rc := run(args, io.Discard, &stderr); rc != 0 {
					t.Fatalf("devlink -S=%v: %s", text, stderr.String())
				}
			}
			text, err := os.ReadFile(outs[true])
			if err != nil {
				t.Fatal(err)
			}
			if llvmir.IsBitcode(text) || !bytes.Contains(text, []byte("\ndefine ")) {
				t.Fatalf("-S wrote no textual IR: %.60q", text)
			}
			// Reassembled, the text is the bitcode link's module.
			want, err := exec.Command("llvm-dis-15", outs[false], "-o", "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			asm := p(tu + ".reassembled.bc")
			if out, err := exec.Command("llvm-as-15", outs[true], "-o", asm).CombinedOutput(); err != nil {
				t.Fatalf("llvm-as-15: %v: %s", err, out)
			}
			got, err := exec.Command("llvm-dis-15", asm, "-o", "-").Output()
			if err != nil {
				t.Fatal(err)
			}
			// Only the module ID comment names the file each came from.
			strip := func(b []byte) string { return string(b[bytes.IndexByte(b, '\n'):]) }
			if diff := cmp.Diff(strip(want), strip(got)); diff != "" {
				t.Errorf("-S module differs from the bitcode link's (-bitcode +text):\n%s", diff)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	needTools(t)
	dir := t.TempDir()
	writeTUs(t, dir)
	p := func(n string) string { return filepath.Join(dir, n) }
	if err := os.WriteFile(p("bad.summary"), []byte("not a summary\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p("bad.ll"), []byte("define void @f( {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := []string{"-linker=llvm-link-15", "-tu", p("a.bc"), "-o", p("out.bc"), "-unused-inputs", p("out.unused")}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no output", []string{"-summarize", p("a.bc")}, "devlink: -o is required\n"},
		{"missing param file", []string{"@" + p("nope.params")}, "devlink: param file " + p("nope.params") + ": stat " + p("nope.params") + ": no such file or directory\n"},
		{"summarize arity", []string{"-summarize", "-o", p("x"), p("a.bc"), p("b.bc")}, "devlink: -summarize takes one input file\n"},
		{"unpaired", append(append([]string{}, link...), "-tu-summary", p("a.summary"), "-object", p("b.bc")), "devlink: 1 -object but 0 -summary flags\n"},
		{"no unused", []string{"-tu", p("a.bc"), "-tu-summary", p("a.summary"), "-o", p("out.bc")}, "devlink: -unused-inputs is required\n"},
		{"bad summary", append(append([]string{}, link...), "-tu-summary", p("bad.summary")),
			"devlink: " + p("bad.summary") + `: not a device link summary (first line "not a summary", want "sycl-link-summary 2")` + "\n"},
		{"missing object", append(append([]string{}, link...), "-tu-summary", p("a.summary"), "-object", p("nope.bc"), "-summary", p("b.summary")), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if rc := run(tc.args, io.Discard, &stderr); rc != 1 {
				t.Fatalf("rc = %d, want 1", rc)
			}
			msg := stderr.String()
			if strings.Count(msg, "\n") != 1 {
				t.Errorf("want one line, got %q", msg)
			}
			if tc.want != "" && msg != tc.want {
				t.Errorf("stderr = %q, want %q", msg, tc.want)
			}
			for _, f := range []string{"out.bc", "out.unused", "x"} {
				if _, err := os.Stat(p(f)); err == nil {
					t.Errorf("%s left behind", f)
				}
			}
		})
	}
}
