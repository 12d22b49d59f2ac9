package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/proctest"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
	"github.com/rules-sycl/rules_sycl/tools/internal/worker"
	"google.golang.org/protobuf/encoding/protowire"
)

// TestMain lets the test binary act as syclc, one-shot or as a worker.
func TestMain(m *testing.M) { proctest.RunTests(m, main) }

const pinned = sycljittest.Pinned

func jit(t *testing.T) string { return sycljittest.Library(t) }

const source = `#include <sycl/sycl.hpp>
SYCL_EXTERNAL int twice(int x);
void run(sycl::queue &q, int *p) {
  q.single_task([=] { p[0] = twice(1); });
  q.single_task([=] { p[1] = 2; });
}
`

// tree lists the files under dir with their contents.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func names(m map[string]string) []string {
	var n []string
	for k := range m {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

func compileArgs(lib, dir, split, src string) []string {
	return []string{
		"-jit=" + lib, "-out-dir=" + filepath.Join(dir, "out"), "-table=" + filepath.Join(dir, "out", "a.table"),
		"-int-header=" + filepath.Join(dir, "a.h"), "-int-footer=" + filepath.Join(dir, "a.f.h"),
		"-split=" + split, "-wheel=intel-sycl-rt==2026.2.0", "-sha256=" + pinned, "--", "-std=c++17", src,
	}
}

func setup(t *testing.T, text string) (dir, src string) {
	t.Helper()
	dir = t.TempDir()
	src = filepath.Join(dir, "a.cpp")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, src
}

// TestOutputs: per_kernel gives one image per kernel with its .prop and
// .sym, the table lists them, and the integration files are written; the
// kernel calling an undefined SYCL_EXTERNAL function imports it.
func TestOutputs(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	if out, err := proctest.Command(compileArgs(lib, dir, "per_kernel", src)...).CombinedOutput(); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	files := tree(t, dir)
	want := []string{"a.cpp", "a.f.h", "a.h", "out/a.table", "out/a_0.prop", "out/a_0.spv", "out/a_0.sym", "out/a_1.prop", "out/a_1.spv", "out/a_1.sym"}
	if diff := cmp.Diff(want, names(files)); diff != "" {
		t.Fatalf("outputs (-want +got):\n%s", diff)
	}
	o := filepath.Join(dir, "out")
	wantTable := "[Code|Properties|Symbols]\n" + o + "/a_0.spv|" + o + "/a_0.prop|" + o + "/a_0.sym\n" + o + "/a_1.spv|" + o + "/a_1.prop|" + o + "/a_1.sym\n"
	if diff := cmp.Diff(wantTable, files["out/a.table"]); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	props := files["out/a_0.prop"] + files["out/a_1.prop"]
	if !strings.Contains(props, "[SYCL/imported symbols]\n_Z5twicei=1|1\n") {
		t.Errorf("no image imports twice():\n%s", props)
	}
	if !strings.Contains(files["a.h"], "kernel_names[]") {
		t.Errorf("integration header lacks the kernel names:\n%s", files["a.h"])
	}
}

const specSource = `#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> factor_id(3);
class Scale;
void run(sycl::queue &q, int *out) {
  q.parallel_for<Scale>(sycl::range<1>(8), [=](sycl::id<1> i, sycl::kernel_handler kh) {
    out[i] = static_cast<int>(i[0]) * kh.get_specialization_constant<factor_id>();
  });
}
`

// TestSpecConstants: an image reading a specialization constant is lowered
// (no intrinsic left, its property sets written); without the LLVM tools
// the compile fails with one line saying why, and leaves nothing.
func TestSpecConstants(t *testing.T) {
	lib := jit(t)
	var llvm []string
	for _, tool := range []string{"llvm-spirv-15", "llvm-as-15", "llvm-dis-15"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skip(tool + " not installed")
		}
		llvm = append(llvm, p)
	}
	dir, src := setup(t, specSource)
	args := compileArgs(lib, dir, "auto", src)
	out, err := proctest.Command(args...).CombinedOutput()
	if err == nil || string(out) != "syclc: "+src+": reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them needs -translator, -llvm-as and -llvm-dis (llvm-spirv-15, llvm-as-15, llvm-dis-15)\n" {
		t.Errorf("without the tools: %v: %q", err, out)
	}
	if got := names(tree(t, dir)); !cmp.Equal(got, []string{"a.cpp"}) {
		t.Errorf("outputs left behind: %v", got)
	}
	args = append([]string{"-translator=" + llvm[0], "-llvm-as=" + llvm[1], "-llvm-dis=" + llvm[2]}, args...)
	if out, err := proctest.Command(args...).CombinedOutput(); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	files := tree(t, dir)
	if strings.Contains(files["out/a_0.spv"], "SpecConstantValue") {
		t.Error("the image still calls a spec-constant intrinsic")
	}
	const sets = "[SYCL/specialization constants]\n____ZL9factor_id=2|gBAAAAAAAAAAAAAAAAAAAQAAAAA\n" +
		"[SYCL/specialization constants default values]\nall=2|gAAAAAAAAAwAAAAA\n"
	if !strings.HasSuffix(files["out/a_0.prop"], sets) {
		t.Errorf("a_0.prop lacks the spec-constant sets:\n%s", files["out/a_0.prop"])
	}
}

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

// withFlags inserts compiler flags before the source (the last argument).
func withFlags(args []string, flags ...string) []string {
	out := append([]string{}, args[:len(args)-1]...)
	return append(append(out, flags...), args[len(args)-1])
}

// TestDeviceDebugInfoRefused: device code compiled with -g is one line of
// ours, exit 1, and no output. (The include forms and -O0 are built and
// run by tests/sycl_cxx and examples/*:*_debug_test.)
func TestDeviceDebugInfoRefused(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	out, err := proctest.Command(withFlags(compileArgs(lib, dir, "auto", src), "-g")...).CombinedOutput()
	want := "syclc: " + src + ": device debug info (-g among the device compile's flags) is not supported: libsycl-jit writes it as NonSemantic.Shader.DebugInfo.200, "
	if err == nil || !strings.HasPrefix(string(out), want) || strings.Count(string(out), "\n") != 1 {
		t.Errorf("got %v: %q, want one line starting %q", err, out, want)
	}
	if diff := cmp.Diff([]string{"a.cpp"}, names(tree(t, dir))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

// TestLocalKernelName: a kernel named by a class declared in a function is
// described in the integration header by its type-info name
// (KernelInfoData), which the host's KernelInfo<T> finds through
// __builtin_sycl_unique_stable_name, and the class is not forward-declared
// at namespace scope (intheader.Rewrite).
func TestLocalKernelName(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, "#include <sycl/sycl.hpp>\nvoid run(sycl::queue &q, int *p) {\n  class LocalName;\n  q.single_task<LocalName>([=] { *p = 1; });\n}\n")
	if out, err := proctest.Command(compileArgs(lib, dir, "auto", src)...).CombinedOutput(); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	header, err := os.ReadFile(filepath.Join(dir, "a.h"))
	if err != nil {
		t.Fatal(err)
	}
	const mangled = "_ZTSZ3runRN4sycl3_V15queueEPiE9LocalName"
	chars := make([]string, len(mangled))
	for i := range mangled {
		chars[i] = "'" + mangled[i:i+1] + "'"
	}
	if want := "template <> struct KernelInfoData<" + strings.Join(chars, ", ") + "> {"; !strings.Contains(string(header), want) {
		t.Errorf("integration header lacks %q:\n%s", want, header)
	}
	if strings.Contains(string(header), "class LocalName;") || strings.Contains(string(header), "KernelInfo<LocalName>") {
		t.Errorf("integration header still names the namespace-scope LocalName:\n%s", header)
	}
}

// TestLibraryErrors: a missing or altered library is one line naming the
// wheel and its sha256.
func TestLibraryErrors(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	missing := filepath.Join(dir, "missing", "libsycl-jit.so.23.1")
	out, err := proctest.Command(compileArgs(missing, dir, "auto", src)...).CombinedOutput()
	if err == nil || strings.Count(string(out), "\n") != 1 || !strings.Contains(string(out), "cannot load") || !strings.Contains(string(out), "intel-sycl-rt==2026.2.0 wheel, sha256 "+pinned) {
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
