package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
)

// TestMain lets the test binary act as the foreach command, so that a
// test can interrupt a real process.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

// contents maps each entry of dir to its text ("<dir>" for directories).
func contents(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, n := range listDir(t, dir) {
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			got[n] = "<dir>"
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		got[n] = string(b)
	}
	return got
}

// TestFailureInPlaceKeepsInputs: run in place (outputs replace the inputs),
// a failing row leaves every input as it was (issue 14: fi/a.spv was
// deleted).
func TestFailureInPlaceKeepsInputs(t *testing.T) {
	dir := t.TempDir()
	fi := filepath.Join(dir, "fi")
	os.Mkdir(fi, 0o755)
	writeFile(t, filepath.Join(fi, "a.spv"), "a")
	writeFile(t, filepath.Join(fi, "t.table"), "[Code]\n"+filepath.Join(fi, "a.spv")+"\n"+filepath.Join(fi, "missing.spv")+"\n")
	before := contents(t, fi)
	o := &options{table: filepath.Join(fi, "t.table"), column: "Code", outTable: filepath.Join(fi, "o.table"), outDir: fi, outExt: ".spv", jobs: 1,
		command: []string{"cp", "{in}", "{out}"}}
	if err := run(o); err == nil || !strings.Contains(err.Error(), "missing.spv") {
		t.Fatalf("run() = %v, want an error naming missing.spv", err)
	}
	if diff := cmp.Diff(before, contents(t, fi)); diff != "" {
		t.Errorf("directory after the failed run (-before +after):\n%s", diff)
	}
}

// TestFailedRerunKeepsPreviousSet: a re-run that fails leaves the previous
// table and outputs exactly as they were.
func TestFailedRerunKeepsPreviousSet(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.bc"), "a")
	writeFile(t, filepath.Join(dir, "b.bc"), "b")
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code]\n"+filepath.Join(dir, "a.bc")+"\n"+filepath.Join(dir, "b.bc")+"\n")
	outDir := filepath.Join(dir, "out")
	o := &options{table: in, column: "Code", outTable: filepath.Join(outDir, "o.table"), outDir: outDir, outExt: ".spv", jobs: 1,
		command: []string{"cp", "{in}", "{out}"}}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	before := contents(t, outDir)
	os.Remove(filepath.Join(dir, "b.bc"))
	writeFile(t, filepath.Join(dir, "a.bc"), "a changed")
	if err := run(o); err == nil {
		t.Fatal("second run succeeded without b.bc")
	}
	if diff := cmp.Diff(before, contents(t, outDir)); diff != "" {
		t.Errorf("outputs after the failed run (-before +after):\n%s", diff)
	}
}

// TestCreatedOutDirRemoved: on failure, the directories -out-dir needed
// are removed; the ones that were there stay.
func TestCreatedOutDirRemoved(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.table")
	writeFile(t, in, "[Code]\n"+filepath.Join(dir, "missing.bc")+"\n")
	outDir := filepath.Join(dir, "a", "b", "c")
	o := &options{table: in, column: "Code", outTable: filepath.Join(outDir, "o.table"), outDir: outDir, outExt: ".spv", jobs: 1,
		command: []string{"cp", "{in}", "{out}"}}
	if err := run(o); err == nil {
		t.Fatal("run succeeded")
	}
	if diff := cmp.Diff(map[string]string{"in.table": "[Code]\n" + filepath.Join(dir, "missing.bc") + "\n"}, contents(t, dir)); diff != "" {
		t.Errorf("after the failed run (-want +got):\n%s", diff)
	}
}

// TestCellOutsideOutDir: a cell whose output name would be -out-dir
// itself or its parent is an error, and nothing runs.
func TestCellOutsideOutDir(t *testing.T) {
	for _, tc := range []struct{ cell, want string }{
		{".", `t.table: row 1: "." names no file: its output would be "" in -out-dir`},
		{"x/..", `t.table: row 1: "x/.." names no file: its output would be "." in -out-dir`},
		{"..", `t.table: row 1: ".." names no file: its output would be "." in -out-dir`},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "t.table"), "[Code]\n"+tc.cell+"\n")
		wd, _ := os.Getwd()
		os.Chdir(dir)
		o := &options{table: "t.table", column: "Code", outTable: "o/o.table", outDir: "o", outExt: "", jobs: 1,
			command: []string{"touch", "{out}"}}
		err := run(o)
		os.Chdir(wd)
		if err == nil || err.Error() != tc.want {
			t.Errorf("cell %q: run() = %v, want %s", tc.cell, err, tc.want)
		}
		if diff := cmp.Diff(map[string]string{"t.table": "[Code]\n" + tc.cell + "\n"}, contents(t, dir)); diff != "" {
			t.Errorf("cell %q: directory (-want +got):\n%s", tc.cell, diff)
		}
	}
}

// TestInterruptKillsChildren: SIGTERM while commands run kills them and
// what they started (a shell's sleep), removes the staging directory and
// the -out-dir the run created, and foreach dies of the signal (issue 14
// items 7 and 8).
func TestInterruptKillsChildren(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc")
	}
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "a.bc"), "a")
	writeFile(t, filepath.Join(dir, "b.bc"), "b")
	table := "[Code]\n" + filepath.Join(dir, "a.bc") + "\n" + filepath.Join(dir, "b.bc") + "\n"
	writeFile(t, filepath.Join(dir, "t.table"), table)
	// Absolute paths: the child's test main may change directory.
	cmd := proctest.Command("-table="+filepath.Join(dir, "t.table"), "-out-table="+filepath.Join(dir, "out/o.table"),
		"-out-dir="+filepath.Join(dir, "out"), "-out-ext=.spv", "-jobs=2",
		"--", "sh", "-c", "cp $0 $1; sleep 60; echo done", "{in}", "{out}")
	marker := "FOREACH_TEST_MARK=" + dir
	cmd.Env = append(cmd.Env, marker)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	started := proctest.WaitFor(20*time.Second, 5*time.Millisecond, func() bool {
		m, _ := filepath.Glob(filepath.Join(dir, "out", ".staging-*", "*.spv"))
		return len(m) == 2 && len(proctest.ProcessesWith(marker)) >= 5 // foreach, 2 x (sh, sleep)
	})
	if !started {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("commands did not start; stderr: %s", stderr.String())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err = cmd.Wait()
	if !proctest.DiedOf(cmd.ProcessState, syscall.SIGTERM) {
		t.Errorf("foreach did not die of SIGTERM: %v; stderr: %s", err, stderr.String())
	}
	var left []string
	if !proctest.WaitFor(2*time.Second, 10*time.Millisecond, func() bool { left = proctest.ProcessesWith(marker); return len(left) == 0 }) {
		t.Errorf("processes still running: %v", left)
		for _, p := range left {
			var pid int
			if _, err := fmt.Sscan(p, &pid); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
	want := map[string]string{"a.bc": "a", "b.bc": "b", "t.table": table}
	if diff := cmp.Diff(want, contents(t, dir)); diff != "" {
		t.Errorf("directory after the interrupted run (-want +got):\n%s", diff)
	}
}
