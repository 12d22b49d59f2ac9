package main

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Under Bazel the BUILD file passes the toolchain's imagec; `go test` alone
// needs -imagec=PATH (e.g. bazel-bin/external/local_config_sycl/imagec).
var (
	imagecFlag   = flag.String("imagec", os.Getenv("IMAGEC"), "tools/imagec binary")
	imagecAsFlag = flag.String("imagec-as", os.Getenv("IMAGEC_AS"), "tools/imagec built to assemble only (sycl_configure's imagec_as, what SyclSplit runs)")
)

// TestImagecSameImages: -imagec (the shared build, and imagec_as) writes
// the files one llvm-as-15 per image writes, byte for byte, whether the
// input is text (what the rules' device link writes) or bitcode (read
// through llvm-dis).
func TestImagecSameImages(t *testing.T) {
	tools := []string{imagecTool(t, imagecFlag)}
	if *imagecAsFlag != "" {
		tools = append(tools, imagecTool(t, imagecAsFlag))
	}
	for _, tool := range []string{"llvm-as-15", "llvm-dis-15"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	for _, mode := range []string{"kernel", "source", "none"} {
		var runs [][]string
		for _, in := range []string{"in.ll", "in.bc"} {
			runs = append(runs, []string{in})
			for _, tool := range tools {
				runs = append(runs, []string{in, "-imagec=" + tool})
			}
		}
		dirs := make([]string, len(runs))
		for i, run := range runs {
			dirs[i] = t.TempDir()
			ll := filepath.Join(dirs[i], "in.ll")
			os.WriteFile(ll, []byte(module), 0o644)
			if out, err := exec.Command("llvm-as-15", ll, "-o", filepath.Join(dirs[i], "in.bc")).CombinedOutput(); err != nil {
				t.Fatalf("llvm-as-15: %v: %s", err, out)
			}
			args := append([]string{"-split=" + mode, "-symbols", "-properties", "-o", "x.table"}, run[1:]...)
			if rc, stderr := runIn(t, dirs[i], "", append(args, run[0])...); rc != 0 {
				t.Fatalf("%v: rc=%d %s", args, rc, stderr)
			}
		}
		want := listDir(t, dirs[0])
		for i := 1; i < len(runs); i++ {
			got := listDir(t, dirs[i])
			if strings.Join(want, ",") != strings.Join(got, ",") {
				t.Fatalf("-split=%s: files %v with llvm-as from text, %v with %v", mode, want, got, runs[i])
			}
			images := 0
			for _, name := range want {
				a, _ := os.ReadFile(filepath.Join(dirs[0], name))
				b, _ := os.ReadFile(filepath.Join(dirs[i], name))
				if !bytes.Equal(a, b) {
					t.Errorf("-split=%s %v: %s differs", mode, runs[i], name)
				}
				if strings.HasSuffix(name, ".bc") && !strings.HasPrefix(name, "in.") {
					images++
				}
			}
			if images == 0 {
				t.Errorf("-split=%s: no bitcode image compared", mode)
			}
		}
	}
}

// imagecTool is the binary's absolute path; it skips the test without
// one.
func imagecTool(t *testing.T, flagValue *string) string {
	t.Helper()
	tool := *flagValue
	if tool == "" {
		t.Skip("no -imagec given (bazel test //tools/splitter:splitter_test runs it)")
	}
	if root := os.Getenv("TEST_SRCDIR"); root != "" && strings.HasPrefix(tool, "external/") {
		tool = filepath.Join(root, strings.TrimPrefix(tool, "external/"))
	}
	if abs, err := filepath.Abs(tool); err == nil {
		tool = abs
	}
	return tool
}

// TestImagecErrorAtInputLine: an image imagec rejects is reported at the
// input's line, as llvm-as's rejection is (TestAssemblerErrorAtInputLine),
// and leaves no outputs.
func TestImagecErrorAtInputLine(t *testing.T) {
	tools := []string{imagecTool(t, imagecFlag)}
	if *imagecAsFlag != "" {
		tools = append(tools, imagecTool(t, imagecAsFlag))
	}
	for _, tool := range tools {
		dir := t.TempDir()
		src := "target triple = \"spir64\"\ndefine spir_kernel void @k() {\n  %x = add i32 %y, 1\n  ret void\n}\n"
		os.WriteFile(filepath.Join(dir, "sem.ll"), []byte(src), 0o644)
		os.Mkdir(filepath.Join(dir, "o"), 0o755)
		rc, stderr := runIn(t, dir, "", "-split=kernel", "-imagec="+tool, "-o", "o/t.table", "sem.ll")
		want := "splitter: sem.ll:3:16: use of undefined value '%y' (" + filepath.Base(tool) + ")\n"
		if diff := cmp.Diff(want, stderr); rc != 1 || diff != "" {
			t.Errorf("%s: rc=%d, stderr (-want +got):\n%s", tool, rc, diff)
		}
		if got := listDir(t, filepath.Join(dir, "o")); len(got) != 0 {
			t.Errorf("%s: outputs left behind: %v", tool, got)
		}
	}
}
