package devicecompile

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit"
	"github.com/rules-sycl/rules_sycl/tools/internal/sycljit/sycljittest"
	"github.com/rules-sycl/rules_sycl/tools/internal/usage"
)

// syclc runs a syclc command line in this process (ParseArgs, then Run):
// what Run wrote to stderr and its error. (tools/syclc's tests run the
// command itself: one-shot, in a persistent worker, its one-line errors.)
func syclc(args ...string) (string, error) {
	c, err := ParseArgs(args)
	if err != nil {
		return "", err
	}
	var stderr bytes.Buffer
	err = Run(c, &stderr)
	return stderr.String(), err
}

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

// TestOutputs: per_kernel gives one image per kernel with its .prop and
// .sym, the table lists them, and the integration files are written; the
// kernel calling an undefined SYCL_EXTERNAL function imports it.
func TestOutputs(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	if out, err := syclc(compileArgs(lib, dir, "per_kernel", src)...); err != nil {
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

const specSource = sycljittest.SpecSource

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
	if _, err := syclc(args...); err == nil || err.Error() != src+": reads SYCL 2020 specialization constants, which libsycl-jit leaves unlowered; lowering them needs -translator, -llvm-as and -llvm-dis (llvm-spirv-15, llvm-as-15, llvm-dis-15)" {
		t.Errorf("without the tools: %v", err)
	}
	if got := names(tree(t, dir)); !cmp.Equal(got, []string{"a.cpp"}) {
		t.Errorf("outputs left behind: %v", got)
	}
	args = append([]string{"-translator=" + llvm[0], "-llvm-as=" + llvm[1], "-llvm-dis=" + llvm[2]}, args...)
	if out, err := syclc(args...); err != nil {
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

// TestCompileErrorLeavesNothing: the compiler's diagnostics on stderr,
// without the library's preamble and indentation, a *CompileError naming
// the source, and no output (integration files included).
func TestCompileErrorLeavesNothing(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, "#include <sycl/sycl.hpp>\nint f() { return undefined_thing; }\n")
	out, err := syclc(compileArgs(lib, dir, "auto", src)...)
	var ce *CompileError
	if !errors.As(err, &ce) || err.Error() != src+": compile failed" {
		t.Fatalf("got %v, want a *CompileError: %s: compile failed", err, src)
	}
	wantOut := src + ":2:18: error: use of undeclared identifier 'undefined_thing'"
	if !strings.HasPrefix(out, wantOut) || !strings.HasSuffix(out, "\n") || strings.Contains(out, logPreamble) {
		t.Errorf("diagnostics:\n%s\nwant them to start with %q, without the library's preamble", out, wantOut)
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

// TestDeviceDebugInfoRefused: device code compiled with -g to final
// (per-TU) images is an error of one line, and no output. (The include
// forms and -O0 are built and run by tests/sycl_cxx and
// examples/*:*_debug_test.)
func TestDeviceDebugInfoRefused(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	_, err := syclc(withFlags(compileArgs(lib, dir, "auto", src), "-g")...)
	want := src + ": device debug info (-g among the device compile's flags) is not supported on the per-TU path: libsycl-jit writes it as NonSemantic.Shader.DebugInfo.200 without declaring SPV_KHR_non_semantic_info"
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("got %v, want one line starting %q", err, want)
	}
	if diff := cmp.Diff([]string{"a.cpp"}, names(tree(t, dir))); diff != "" {
		t.Errorf("files left (-want +got):\n%s", diff)
	}
}

// TestModuleDebugInfo: with -module (the device link), -g is accepted: the
// module carries the library's debug info for the device link's
// translator to read.
func TestModuleDebugInfo(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	args := append([]string{"-module=" + filepath.Join(dir, "m.spv")}, withFlags(compileArgs(lib, dir, "per_source", src), "-g", "-fdebug-compilation-dir=.", "-gno-record-gcc-switches")...)
	if out, err := syclc(args...); err != nil {
		t.Fatalf("syclc: %v: %s", err, out)
	}
	m := tree(t, dir)["m.spv"]
	if got := debugInfo([]byte(m)); got != "NonSemantic.Shader.DebugInfo.200" {
		t.Errorf("m.spv imports debug info set %q, want NonSemantic.Shader.DebugInfo.200", got)
	}
	if !strings.Contains(m, "a.cpp\x00") {
		t.Errorf("m.spv's debug info does not name the source a.cpp")
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
	if out, err := syclc(compileArgs(lib, dir, "auto", src)...); err != nil {
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

// TestLibraryErrors: a missing or altered library is a *LibraryError
// naming the wheel and its sha256.
func TestLibraryErrors(t *testing.T) {
	lib := jit(t)
	dir, src := setup(t, source)
	missing := filepath.Join(dir, "missing", "libsycl-jit.so.23.1")
	_, err := syclc(compileArgs(missing, dir, "auto", src)...)
	var le *LibraryError
	var load *sycljit.LoadError
	if !errors.As(err, &le) || !errors.As(err, &load) || !strings.Contains(err.Error(), "cannot load") || !strings.HasSuffix(err.Error(), " (expected libsycl-jit of the intel-sycl-rt==2026.2.0 wheel, sha256 "+pinned+"; refetch the runtime repository: bazel sync --configure, or bazel clean --expunge)") {
		t.Errorf("missing library: %v", err)
	}
	stamp := filepath.Join(dir, "stamp")
	_, err = syclc("-check", "-jit="+lib, "-wheel=intel-sycl-rt==2026.2.0", "-sha256="+strings.Repeat("1", 64), "-o", stamp)
	var digest *sycljit.DigestError
	if !errors.As(err, &le) || !errors.As(err, &digest) || !strings.Contains(err.Error(), "sha256 "+pinned+", want "+strings.Repeat("1", 64)) {
		t.Errorf("altered library: %v", err)
	}
	if _, err := os.Stat(stamp); err == nil {
		t.Error("a failed check wrote its stamp")
	}
	if out, err := syclc("-check", "-jit="+lib, "-sha256="+pinned, "-o", stamp); err != nil {
		t.Errorf("check of the pinned library: %v: %s", err, out)
	}
}

// TestParseArgsErrors: the command lines ParseArgs refuses, one line
// each (-devicelibs', -device-link's and -format's in their files).
func TestParseArgsErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "-jit is required"},
		{[]string{"-jit=x", "-split=all"}, "-split=all: want auto, per_kernel, per_source or off"},
		{[]string{"-jit=x", "-spec-constants=default"}, `-spec-constants="default": want native or emulation`},
		{[]string{"-jit=x", "-format=ptx", "-libdevice=l", "-spec-constants=emulation"}, "-spec-constants is for -format=spirv (PTX images always emulate them)"},
		{[]string{"-jit=x", "-out-dir=o", "-table=o/t", "-int-header=h", "-int-footer=f", "a.cpp"}, "-table=o/t: the name must end in .table"},
		{[]string{"-jit=x", "-out-dir=o", "-table=o/t.table", "-int-header=h", "-int-footer=f"}, "no source file"},
		{[]string{"-jit=x", "-out-dir=o", "-table=o/t.table", "-int-header=h", "a.cpp"}, "-int-footer is required"},
		{[]string{"-jit=x", "-check", "-o", "s"}, "-check needs -sha256 and -o"},
		{[]string{"-jit=x", "-check", "-sha256=h", "-o", "s", "a.cpp"}, `-check takes no source (got "a.cpp")`},
		{[]string{"-jit=x", "-llvm-link=l", "a.cpp"}, "-llvm-link is for -device-link"},
		{[]string{"-jit=x", "-module=m.spv", "-format=ptx", "-libdevice=d.bc", "a.cpp"}, "-module is for -format=spirv"},
		{[]string{"-jit=x", "-ir=a.bc", "a.cpp"}, "-ir is for -format=ptx"},
	} {
		_, err := ParseArgs(tc.args)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseArgs(%q): %v, want %q", tc.args, err, tc.want)
		}
	}
	for _, h := range []string{"-h", "-help", "--help"} {
		var out bytes.Buffer
		if _, err := ParseArgs([]string{h}); !usage.Print(&out, err) || !strings.HasPrefix(out.String(), Synopsis+"\n") {
			t.Errorf("ParseArgs(%q): %v: %q, want the usage", h, err, out.String())
		}
	}
}

// TestParseArgs: a compile's flags and source, with the defaults.
func TestParseArgs(t *testing.T) {
	c, err := ParseArgs([]string{"-jit=j", "-out-dir=o", "-table=o/a.table", "-int-header=h", "-int-footer=f", "--", "-std=c++17", "-DX=1", "a.cpp"})
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{JIT: "j", OutDir: "o", Table: "o/a.table", IntHeader: "h", IntFooter: "f", Split: "auto", Format: "spirv", Flags: []string{"-std=c++17", "-DX=1"}, Src: "a.cpp"}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("config (-want +got):\n%s", diff)
	}
}

// TestDiagnostics: the library's log of a failed compile loses its
// preamble and indentation; any other log is kept, ending in one newline.
func TestDiagnostics(t *testing.T) {
	for _, tc := range []struct{ log, want string }{
		{logPreamble + "\ta.cpp:2:18: error: x\n\t  2 | y\n\n", "a.cpp:2:18: error: x\n  2 | y\n"},
		{"a.cpp:1:1: warning: w", "a.cpp:1:1: warning: w\n"},
		{"note\n\n", "note\n"},
	} {
		if got := diagnostics(tc.log); got != tc.want {
			t.Errorf("diagnostics(%q) = %q, want %q", tc.log, got, tc.want)
		}
	}
}

// TestModule: -module writes the TU's device code as one SPIR-V module
// beside the split images; a compile of it after another TU's (SaveIR,
// then CachedIR, in one process as in a persistent worker) writes what
// the first compile wrote.
func TestModule(t *testing.T) {
	lib := jit(t)
	moduleArgs := func(dir, src string) []string {
		return append([]string{"-module=" + filepath.Join(dir, "m.spv")}, compileArgs(lib, dir, "per_source", src)...)
	}
	dirA, srcA := setup(t, source)
	dirB, srcB := setup(t, source)
	dirC, srcC := setup(t, "#include <sycl/sycl.hpp>\nclass Other;\nvoid other(sycl::queue &q, float *p) {\n  q.parallel_for<Other>(sycl::range<1>(4), [=](sycl::id<1> i) { p[i] *= 2; });\n}\n")
	for _, args := range [][]string{moduleArgs(dirA, srcA), moduleArgs(dirC, srcC), moduleArgs(dirB, srcB)} {
		if out, err := syclc(args...); err != nil {
			t.Fatalf("syclc: %v: %s", err, out)
		}
	}
	first := tree(t, dirA)
	if m := first["m.spv"]; len(m) < 4 || m[:4] != "\x03\x02\x23\x07" {
		t.Fatalf("m.spv is no SPIR-V module: %v", names(first))
	}
	got := tree(t, dirB)
	for k, v := range got {
		got[k] = strings.ReplaceAll(v, dirB, dirA)
	}
	if diff := cmp.Diff(first, got); diff != "" {
		t.Errorf("outputs after another compile differ from the first (-first +after):\n%s", diff)
	}
}
