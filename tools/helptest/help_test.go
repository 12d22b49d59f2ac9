// Package helptest checks that every tool in tools/ answers -h, -help and
// --help with its usage on standard output and exit status 0.
package helptest

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

var toolList = flag.String("tools", "", "comma-separated tool binaries to check (bazel test passes every tool; go test builds the Go tools of tools/ itself and adds $IMAGEC, $IMAGEC_AS and $IMAGEC_CODEGEN)")

// goTools builds every main package of tools/ (a directory whose main.go
// is package main) and returns the binaries.
func goTools(t *testing.T) []string {
	mains, err := filepath.Glob("../*/main.go")
	if err != nil || len(mains) == 0 {
		t.Fatalf("no tools found beside tools/helptest (%v)", err)
	}
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	bin := t.TempDir()
	var out []string
	for _, m := range mains {
		src, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("\npackage main\n")) {
			continue
		}
		dir := filepath.Dir(m)
		exe := filepath.Join(bin, filepath.Base(dir))
		cmd := exec.Command(goCmd, "build", "-o", exe, "./"+dir)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", dir, err, msg)
		}
		out = append(out, exe)
	}
	return out
}

func tools(t *testing.T) []string {
	if *toolList != "" {
		var out []string
		for _, p := range strings.Split(*toolList, ",") {
			out = append(out, proctest.Runfile(p))
		}
		return out
	}
	found := goTools(t)
	for _, env := range []string{"IMAGEC", "IMAGEC_AS", "IMAGEC_CODEGEN"} {
		if p := os.Getenv(env); p != "" {
			found = append(found, p)
		} else {
			t.Logf("$%s not set: the C++ tool it names is not checked (bazel test //tools/helptest checks it)", env)
		}
	}
	return found
}

func TestHelp(t *testing.T) {
	for _, tool := range tools(t) {
		name := filepath.Base(tool)
		for _, arg := range []string{"-h", "-help", "--help"} {
			t.Run(name+arg, func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				cmd := exec.Command(tool, arg)
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil {
					t.Fatalf("%s %s: %v (stderr %q), want exit status 0", name, arg, err, stderr.String())
				}
				if want := "usage: " + name + " "; !strings.HasPrefix(stdout.String(), want) {
					t.Errorf("%s %s: stdout %q does not start with %q", name, arg, stdout.String(), want)
				}
				if stderr.Len() != 0 {
					t.Errorf("%s %s: stderr %q, want nothing", name, arg, stderr.String())
				}
			})
		}
	}
}
