package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// TestJunkLineRejected: a junk line after `target triple` is an error at
// its line, in text and bitcode mode, and nothing is written (issue 14).
func TestJunkLineRejected(t *testing.T) {
	src := "target triple = \"spir64\"\nthis line is garbage\ndefine spir_kernel void @k() {\n  ret void\n}\n"
	for _, mode := range [][]string{{"-S"}, {}} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "r1.ll"), []byte(src), 0o644)
		os.Mkdir(filepath.Join(dir, "o"), 0o755)
		rc, stderr := runIn(t, dir, "", append(mode, "-split=kernel", "-o", "o/t.table", "r1.ll")...)
		if diff := cmp.Diff("splitter: r1.ll:2:1: expected top-level entity\n", stderr); rc != 1 || diff != "" {
			t.Errorf("%v: rc=%d, stderr (-want +got):\n%s", mode, rc, diff)
		}
		if got := listDir(t, filepath.Join(dir, "o")); len(got) != 0 {
			t.Errorf("%v: outputs left behind: %v", mode, got)
		}
	}
}

// TestAssemblerErrorAtInputLine: in bitcode mode, what llvm-as rejects in an
// image is reported at the input's file and line, not at `<stdin>` of the
// image.
func TestAssemblerErrorAtInputLine(t *testing.T) {
	if _, err := exec.LookPath("llvm-as-15"); err != nil {
		t.Skip("llvm-as-15 not installed")
	}
	dir := t.TempDir()
	src := "target triple = \"spir64\"\ndefine spir_kernel void @k() {\n  %x = add i32 %y, 1\n  ret void\n}\n"
	os.WriteFile(filepath.Join(dir, "sem.ll"), []byte(src), 0o644)
	os.Mkdir(filepath.Join(dir, "o"), 0o755)
	// The llvm-as the Bazel rules name; without one, see TestNoAssemblerReadsImage.
	rc, stderr := runIn(t, dir, "", "-split=kernel", "-llvm-as=llvm-as-15", "-o", "o/t.table", "sem.ll")
	want := "splitter: sem.ll:3:16: use of undefined value '%y' (llvm-as-15)\n"
	if diff := cmp.Diff(want, stderr); rc != 1 || diff != "" {
		t.Errorf("rc=%d, stderr (-want +got):\n%s", rc, diff)
	}
	if got := listDir(t, filepath.Join(dir, "o")); len(got) != 0 {
		t.Errorf("outputs left behind: %v", got)
	}
}

// dirContents maps each file of dir to its text ("<dir>" for directories).
func dirContents(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, n := range listDir(t, dir) {
		if st, err := os.Stat(filepath.Join(dir, n)); err == nil && st.IsDir() {
			got[n] = "<dir>"
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		got[n] = string(b)
	}
	return got
}

// TestFailedRunKeepsInput: when the output directory holds the input under
// an image's name, the run fails before replacing anything, and the input
// is still there (issue 14: the splitter deleted it when the table could
// not be written).
func TestFailedRunKeepsInput(t *testing.T) {
	src := "target triple = \"spir64\"\ndefine spir_kernel void @k() {\n  ret void\n}\n"
	for _, tableIsDir := range []bool{true, false} {
		dir := t.TempDir()
		d := filepath.Join(dir, "d")
		os.MkdirAll(d, 0o755)
		want := map[string]string{"x_0.ll": src}
		if tableIsDir {
			os.Mkdir(filepath.Join(d, "x.table"), 0o755)
			want["x.table"] = "<dir>"
		}
		os.WriteFile(filepath.Join(d, "x_0.ll"), []byte(src), 0o644)
		rc, stderr := runIn(t, dir, "", "-split=kernel", "-S", "-o", "d/x.table", "d/x_0.ll")
		wantErr := "splitter: d/x_0.ll: output would replace the input d/x_0.ll\n"
		if diff := cmp.Diff(wantErr, stderr); rc != 1 || diff != "" {
			t.Errorf("tableIsDir=%v: rc=%d, stderr (-want +got):\n%s", tableIsDir, rc, diff)
		}
		if diff := cmp.Diff(want, dirContents(t, d)); diff != "" {
			t.Errorf("tableIsDir=%v: directory (-want +got):\n%s", tableIsDir, diff)
		}
	}
}

// TestFailedRerunKeepsPreviousSet: a re-run that fails after writing some
// images leaves the previous table and images exactly as they were, and
// no temporary files.
func TestFailedRerunKeepsPreviousSet(t *testing.T) {
	dir := t.TempDir()
	src := "target triple = \"spir64\"\n" +
		"define spir_kernel void @a() {\n  ret void\n}\n" +
		"define spir_kernel void @b() {\n  call float @__devicelib_ConvertBF16ToFINTEL(ptr null)\n  ret void\n}\n" +
		"declare float @__devicelib_ConvertBF16ToFINTEL(ptr)\n"
	os.WriteFile(filepath.Join(dir, "in.ll"), []byte(src), 0o644)
	os.Mkdir(filepath.Join(dir, "out"), 0o755)
	args := []string{"-split=kernel", "-S", "-properties", "-symbols", "-o", "out/x.table", "in.ll"}
	if rc, stderr := runIn(t, dir, "", args...); rc != 0 {
		t.Fatalf("first run: rc=%d stderr=%s", rc, stderr)
	}
	before := dirContents(t, filepath.Join(dir, "out"))
	if len(before) != 7 {
		t.Fatalf("first run wrote %d files, want 7 (table, 2 x .ll/.prop/.sym)", len(before))
	}
	// -device-lib-dir makes the image of @b an error; @a's is written first.
	rc, stderr := runIn(t, dir, "", append([]string{"-device-lib-dir=lib"}, args...)...)
	if rc != 1 || !strings.Contains(stderr, "__devicelib_ConvertBF16ToFINTEL needs the bf16 device-library") {
		t.Fatalf("second run: rc=%d stderr=%s", rc, stderr)
	}
	if diff := cmp.Diff(before, dirContents(t, filepath.Join(dir, "out"))); diff != "" {
		t.Errorf("outputs after the failed run (-before +after):\n%s", diff)
	}
}

// bigModule is a module of n kernels with bodies of about 2 KB each, large
// enough that splitting it takes a while.
func bigModule(n int) []byte {
	var b strings.Builder
	b.WriteString("target triple = \"spir64\"\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "define spir_kernel void @k%d(ptr addrspace(1) %%p) {\n", i)
		for j := 0; j < 40; j++ {
			fmt.Fprintf(&b, "  %%v%d = load volatile i32, ptr addrspace(1) %%p, align 4 ; padding padding\n", j)
		}
		b.WriteString("  ret void\n}\n")
	}
	return []byte(b.String())
}

// TestShrinkingInput: truncating the (mapped) input while the splitter
// reads it is a one-line error naming the file, not a SIGBUS crash, and
// nothing is published (issue 14 item 6).
func TestShrinkingInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "big.ll")
	if err := os.WriteFile(in, bigModule(4000), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if proctest.WaitFor(20*time.Second, time.Millisecond, func() bool { return proctest.Staged(filepath.Join(out, ".staging-*", "*")) }) {
			os.Truncate(in, 4096)
		}
	}()
	var stderr bytes.Buffer
	rc := run([]string{"-split=kernel", "-S", "-o", filepath.Join(out, "x.table"), in}, strings.NewReader(""), io.Discard, &stderr)
	<-done
	want := "splitter: " + in + ": input file changed while being read (truncated or rewritten by another process)\n"
	if diff := cmp.Diff(want, stderr.String()); rc != 1 || diff != "" {
		t.Errorf("rc=%d, stderr (-want +got):\n%s", rc, diff)
	}
	if got := listDir(t, out); len(got) != 0 {
		t.Errorf("outputs left behind: %v", got)
	}
}

// TestMain lets the test binary act as the splitter command, so that a
// test can interrupt a real process.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// TestInterruptRemovesTemporaries: SIGTERM in the middle of a run leaves
// no temporary file, staging directory or half set of images, the process
// dies of the signal, and no llvm-as it started outlives it (issue 14
// item 7).
func TestInterruptRemovesTemporaries(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc and Pdeathsig")
	}
	modes := [][]string{{"-S"}}
	if _, err := exec.LookPath("llvm-as-15"); err == nil {
		modes = append(modes, nil)
	}
	src := bigModule(4000)
	for _, mode := range modes {
		t.Run(fmt.Sprintf("%v", mode), func(t *testing.T) {
			dir, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "big.ll"), src, 0o644)
			os.Mkdir(filepath.Join(dir, "out"), 0o755)
			// Absolute paths: the child's test main may change directory.
			cmd := proctest.Command(append(mode, "-split=kernel", "-o", filepath.Join(dir, "out/x.table"), filepath.Join(dir, "big.ll"))...)
			marker := "SPLITTER_TEST_MARK=" + dir
			cmd.Env = append(cmd.Env, marker)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if !proctest.WaitFor(30*time.Second, time.Millisecond, func() bool { return proctest.Staged(filepath.Join(dir, "out", ".staging-*", "*")) }) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("no output staged; stderr: %s", stderr.String())
			}
			cmd.Process.Signal(syscall.SIGTERM)
			err = cmd.Wait()
			if !proctest.DiedOf(cmd.ProcessState, syscall.SIGTERM) {
				t.Errorf("splitter did not die of SIGTERM: %v; stderr: %s", err, stderr.String())
			}
			if got := listDir(t, filepath.Join(dir, "out")); len(got) != 0 {
				t.Errorf("left behind: %v", got)
			}
			time.Sleep(100 * time.Millisecond)
			if got := proctest.ProcessesWith(marker); len(got) != 0 {
				t.Errorf("processes still running in the work directory: %v", got)
			}
		})
	}
}
