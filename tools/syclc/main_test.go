package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
	"google.golang.org/protobuf/encoding/protowire"
)

// TestMain lets the test binary act as syclc, one-shot or as a worker.
// These tests run the command: its one-line errors and exit codes, the
// compiler's diagnostics before them, the persistent worker; what each
// mode writes is tested in tools/internal/devicecompile.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

const pinned = sycljittest.Pinned

func jit(t *testing.T) string { return sycljittest.Library(t) }

// The shared test compile (tools/internal/sycljit/sycljittest).
const source = sycljittest.Source

var (
	tree        = sycljittest.Tree
	names       = sycljittest.Names
	compileArgs = sycljittest.CompileArgs
	setup       = sycljittest.Setup
)

const specSource = sycljittest.SpecSource

// TestCompileErrorLeavesNothing: the compiler's diagnostics, one line of
// ours, exit 1, and no output (integration files included).
func TestCompileErrorLeavesNothing(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, "#include <sycl/sycl.hpp>\nint f() { return undefined_thing; }\n")
	out, err := proctest.Command(compileArgs(lib, dir, "auto", src)...).CombinedOutput()
	if err == nil {
		t.Fatalf("syclc succeeded on a compile error: %s", out)
	}
	wantOut := src + ":2:18: error: use of undeclared identifier 'undefined_thing'"
	if !strings.HasPrefix(string(out), wantOut) || !strings.HasSuffix(string(out), "syclc: "+src+": compile failed\n") {
		t.Errorf("output:\n%s\nwant it to start with %q and end with our one line", out, wantOut)
	}
	if diff := cmp.Diff([]string{"a.cpp"}, names(tree(t, dir))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

// TestLibraryErrors: a missing or altered library is one line naming the
// wheel and its sha256, exit 1; the pinned one passes -check and gets its
// stamp.
func TestLibraryErrors(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	missing := filepath.Join(dir, "missing", "libsycl-jit.so.23.1")
	out, err := proctest.Command(compileArgs(missing, dir, "auto", src)...).CombinedOutput()
	if err == nil || strings.Count(string(out), "\n") != 1 || !strings.HasPrefix(string(out), "syclc: ") || !strings.Contains(string(out), "cannot load") || !strings.Contains(string(out), "intel-sycl-rt==2026.2.0 wheel, sha256 "+pinned) {
		t.Errorf("missing library: %v: %q", err, out)
	}
	stamp := filepath.Join(dir, "stamp")
	out, err = proctest.Command("-check", "-jit="+lib, "-wheel=intel-sycl-rt==2026.2.0", "-sha256="+strings.Repeat("1", 64), "-o", stamp).CombinedOutput()
	if err == nil || strings.Count(string(out), "\n") != 1 || !strings.Contains(string(out), "sha256 "+pinned+", want "+strings.Repeat("1", 64)) {
		t.Errorf("altered library: %v: %q", err, out)
	}
	if _, err := os.Stat(stamp); err == nil {
		t.Error("a failed check wrote its stamp")
	}
	if out, err := proctest.Command("-check", "-jit="+lib, "-sha256="+pinned, "-o", stamp).CombinedOutput(); err != nil {
		t.Errorf("check of the pinned library: %v: %s", err, out)
	}
	if data, err := os.ReadFile(stamp); err != nil || string(data) != "libsycl-jit.so.23.1 "+pinned+" ok\n" {
		t.Errorf("stamp: %v: %q", err, data)
	}
}

// TestWorkerMatchesOneShot: a persistent worker serving two compiles (and a
// failing one between them) writes what one-shot runs write.
func TestWorkerMatchesOneShot(t *testing.T) {
	lib := jit(t)
	dirA, srcA := setup(t, source)
	dirB, srcB := setup(t, source)
	if out, err := proctest.Command(compileArgs(lib, dirA, "auto", srcA)...).CombinedOutput(); err != nil {
		t.Fatalf("one-shot: %v: %s", err, out)
	}
	oneShot := tree(t, dirA)

	var in bytes.Buffer
	for i, args := range [][]string{compileArgs(lib, dirB, "per_source", srcB), {"-split=bad"}, compileArgs(lib, dirB, "auto", srcB)} {
		msg := worker.EncodeRequest(&worker.Request{Arguments: args, RequestID: int32(i)})
		in.Write(protowire.AppendVarint(nil, uint64(len(msg))))
		in.Write(msg)
	}
	cmd := proctest.Command("--persistent_worker")
	cmd.Stdin = &in
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("worker: %v", err)
	}
	r := bufio.NewReader(&out)
	var codes []int32
	for {
		resp, err := worker.ReadResponse(r)
		if err != nil {
			break
		}
		codes = append(codes, resp.ExitCode)
	}
	if rest, _ := r.Peek(1); len(rest) != 0 {
		t.Errorf("stdout holds bytes that are no WorkResponse after %d responses", len(codes))
	}
	if diff := cmp.Diff([]int32{0, 1, 0}, codes); diff != "" {
		t.Errorf("exit codes (-want +got):\n%s", diff)
	}
	got := tree(t, dirB)
	for k, v := range got {
		got[k] = strings.ReplaceAll(v, dirB, dirA)
	}
	if diff := cmp.Diff(oneShot, got); diff != "" {
		t.Errorf("worker outputs differ from one-shot (-one-shot +worker):\n%s", diff)
	}
}

func TestUsage(t *testing.T) {
	for _, h := range []string{"-h", "-help", "--help"} {
		out, err := proctest.Command(h).CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "usage: syclc") {
			t.Errorf("syclc %s: %v: %s", h, err, out)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "syclc: -jit is required\n"},
		{[]string{"-jit=x", "-split=all"}, "syclc: -split=all: want auto, per_kernel, per_source or off\n"},
		{[]string{"-jit=x", "-out-dir=o", "-table=o/t", "-int-header=h", "-int-footer=f", "a.cpp"}, "syclc: -table=o/t: the name must end in .table\n"},
		{[]string{"-jit=x", "-out-dir=o", "-table=o/t.table", "-int-header=h", "-int-footer=f"}, "syclc: no source file\n"},
		{[]string{"-jit=x", "-check", "-o", "s"}, "syclc: -check needs -sha256 and -o\n"},
		{[]string{"-device-link", "-jit=x", "-format=ptx", "-libdevice=d.bc", "-llvm-link=l", "-out-dir=o", "-table=o/p.table"}, "syclc: -device-link: no bitcode files\n"},
		{[]string{"-devicelibs", "-jit=x", "-out-dir=o", "-table=o/t.table", "-native-sha256=a"}, "syclc: -devicelibs needs -out-dir, -table, -native-sha256 and -fallback-sha256\n"},
	} {
		out, err := proctest.Command(tc.args...).CombinedOutput()
		if err == nil || string(out) != tc.want {
			t.Errorf("syclc %q: %v: %q, want %q", tc.args, err, out, tc.want)
		}
	}
}

// -module in a persistent worker (SaveIR, then CachedIR) writes what a
// one-shot compile writes, after the worker compiled another TU: remote
// execution runs one-shot, Bazel locally in workers.
func TestModuleWorkerMatchesOneShot(t *testing.T) {
	lib := jit(t)
	moduleArgs := func(dir, src string) []string {
		return append([]string{"-module=" + filepath.Join(dir, "m.spv")}, compileArgs(lib, dir, "per_source", src)...)
	}
	dirA, srcA := setup(t, source)
	dirB, srcB := setup(t, source)
	dirC, srcC := setup(t, specSource)
	if out, err := proctest.Command(moduleArgs(dirA, srcA)...).CombinedOutput(); err != nil {
		t.Fatalf("one-shot: %v: %s", err, out)
	}
	oneShot := tree(t, dirA)
	var in bytes.Buffer
	for i, args := range [][]string{moduleArgs(dirC, srcC), moduleArgs(dirB, srcB)} {
		msg := worker.EncodeRequest(&worker.Request{Arguments: args, RequestID: int32(i)})
		in.Write(protowire.AppendVarint(nil, uint64(len(msg))))
		in.Write(msg)
	}
	cmd := proctest.Command("--persistent_worker")
	cmd.Stdin = &in
	if err := cmd.Run(); err != nil {
		t.Fatalf("worker: %v", err)
	}
	got := tree(t, dirB)
	for k, v := range got {
		got[k] = strings.ReplaceAll(v, dirB, dirA)
	}
	module := false
	for k := range oneShot {
		module = module || strings.HasSuffix(k, "m.spv")
	}
	if !module {
		t.Fatalf("no module written: %v", oneShot)
	}
	if diff := cmp.Diff(oneShot, got); diff != "" {
		t.Errorf("worker outputs differ from one-shot (-one-shot +worker):\n%s", diff)
	}
}
