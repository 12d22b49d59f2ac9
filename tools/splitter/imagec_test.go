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
var imagecFlag = flag.String("imagec", os.Getenv("IMAGEC"), "tools/imagec binary")

// TestImagecSameImages: -imagec writes the files one llvm-as-15 per image
// writes, byte for byte.
func TestImagecSameImages(t *testing.T) {
	tool := imagecTool(t)
	if _, err := exec.LookPath("llvm-as-15"); err != nil {
		t.Skip("llvm-as-15 not installed")
	}
	for _, mode := range []string{"kernel", "source", "none"} {
		dirs := [2]string{t.TempDir(), t.TempDir()}
		for i, extra := range [][]string{nil, {"-imagec=" + tool}} {
			os.WriteFile(filepath.Join(dirs[i], "in.ll"), []byte(module), 0o644)
			args := append([]string{"-split=" + mode, "-symbols", "-properties", "-o", "x.table"}, extra...)
			if rc, stderr := runIn(t, dirs[i], "", append(args, "in.ll")...); rc != 0 {
				t.Fatalf("%v: rc=%d %s", args, rc, stderr)
			}
		}
		want, got := listDir(t, dirs[0]), listDir(t, dirs[1])
		if strings.Join(want, ",") != strings.Join(got, ",") {
			t.Fatalf("-split=%s: files %v with llvm-as, %v with imagec", mode, want, got)
		}
		images := 0
		for _, name := range want {
			a, _ := os.ReadFile(filepath.Join(dirs[0], name))
			b, _ := os.ReadFile(filepath.Join(dirs[1], name))
			if !bytes.Equal(a, b) {
				t.Errorf("-split=%s: %s differs", mode, name)
			}
			if strings.HasSuffix(name, ".bc") {
				images++
			}
		}
		if images == 0 {
			t.Errorf("-split=%s: no bitcode image compared", mode)
		}
	}
}

// imagecTool is the -imagec binary's absolute path; it skips the test
// without one.
func imagecTool(t *testing.T) string {
	t.Helper()
	tool := *imagecFlag
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
	tool := imagecTool(t)
	dir := t.TempDir()
	src := "target triple = \"spir64\"\ndefine spir_kernel void @k() {\n  %x = add i32 %y, 1\n  ret void\n}\n"
	os.WriteFile(filepath.Join(dir, "sem.ll"), []byte(src), 0o644)
	os.Mkdir(filepath.Join(dir, "o"), 0o755)
	rc, stderr := runIn(t, dir, "", "-split=kernel", "-imagec="+tool, "-o", "o/t.table", "sem.ll")
	want := "splitter: sem.ll:3:16: use of undefined value '%y' (" + filepath.Base(tool) + ")\n"
	if diff := cmp.Diff(want, stderr); rc != 1 || diff != "" {
		t.Errorf("rc=%d, stderr (-want +got):\n%s", rc, diff)
	}
	if got := listDir(t, filepath.Join(dir, "o")); len(got) != 0 {
		t.Errorf("outputs left behind: %v", got)
	}
}
