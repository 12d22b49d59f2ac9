package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// needTools skips the test unless every tool is on PATH.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
}

// verifyImage checks an image with LLVM version v's tools: llvm-dis reads
// it (bitcode) or llvm-as does (text), and opt's verifier accepts it.
func verifyImage(t *testing.T, path, v string) {
	t.Helper()
	reader := "llvm-dis-" + v
	if strings.HasSuffix(path, ".ll") {
		reader = "llvm-as-" + v
	}
	if out, err := exec.Command(reader, path, "-o", os.DevNull).CombinedOutput(); err != nil {
		t.Errorf("%s %s: %v: %s", reader, path, err, out)
		return
	}
	if out, err := exec.Command("opt-"+v, "-passes=verify", "-disable-output", path).CombinedOutput(); err != nil {
		t.Errorf("opt-%s -passes=verify %s: %v: %s", v, path, err, out)
	}
}

func tableImages(t *testing.T, dir, table string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, table))
	if err != nil {
		t.Fatal(err)
	}
	var imgs []string
	for _, row := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		imgs = append(imgs, filepath.Join(dir, strings.Split(row, "|")[0]))
	}
	return imgs
}

// A drop-in user does not say which llvm-as to use: text written by clang-19
// (LLVM 19 syntax such as `zext nneg`, which llvm-as-15 rejects) must still
// split to bitcode, and every image must be valid for LLVM 19; clang-15's
// output keeps going through llvm-as-15 (what llvm-spirv-15 reads).
func TestBitcodeFromNewerLLVMText(t *testing.T) {
	for _, v := range []string{"15", "19"} {
		t.Run("clang-"+v, func(t *testing.T) {
			needTools(t, "llvm-as-15", "llvm-as-"+v, "llvm-dis-"+v, "opt-"+v)
			src, err := os.ReadFile(filepath.Join("testdata", "alias_clang"+v+".ll"))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if rc, stderr := runIn(t, dir, string(src), "-split=kernel", "-symbols", "-o", "x.table"); rc != 0 {
				t.Fatalf("rc=%d stderr=%s", rc, stderr)
			}
			imgs := tableImages(t, dir, "x.table")
			if len(imgs) != 2 {
				t.Fatalf("images %v, want 2", imgs)
			}
			// For clang-15's text this also shows the images came from
			// llvm-as-15: llvm-dis-15 reads no newer bitcode.
			for _, img := range imgs {
				verifyImage(t, img, v)
			}
		})
	}
}

// Naming an llvm-as keeps it (the Bazel rules pass the toolchain's): LLVM 19
// text then fails with that tool's own error.
func TestExplicitAssemblerIsKept(t *testing.T) {
	needTools(t, "llvm-as-15")
	src, err := os.ReadFile(filepath.Join("testdata", "alias_clang19.ll"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	rc, stderr := runIn(t, dir, string(src), "-split=kernel", "-llvm-as=llvm-as-15", "-o", "x.table")
	// The error is llvm-as-15's, placed at the input's line (see locate).
	if rc == 0 || !strings.Contains(stderr, "splitter: <stdin>:38:21: expected type (llvm-as-15)") || strings.Contains(stderr, "llvm-as-19") {
		t.Errorf("rc=%d stderr=%q, want llvm-as-15's error only", rc, stderr)
	}
	if n := listDir(t, dir); len(n) != 0 {
		t.Errorf("outputs left behind: %v", n)
	}
}

// When no llvm-as reads an image, the error says which ones were tried.
func TestNoAssemblerReadsImage(t *testing.T) {
	needTools(t, "llvm-as-15", "llvm-as-19")
	// `nfuture` is no flag any LLVM knows; the splitter's reader copies
	// instruction bodies as they are.
	src := "define spir_kernel void @k(i32 %x) {\n  %y = zext nfuture i32 %x to i64\n  ret void\n}\n"
	dir := t.TempDir()
	rc, stderr := runIn(t, dir, src, "-split=kernel", "-o", "x.table")
	// Placed at the input's line by the first llvm-as installed (see locate).
	re := regexp.MustCompile(`^splitter: <stdin>:2:\d+: [^\n]*\(llvm-as-15\); no LLVM tool read it \(tried llvm-as-15, [^\n]*llvm-as-19[^\n]*\)\n$`)
	if rc == 0 || !re.MatchString(stderr) {
		t.Errorf("rc=%d stderr=%q, want %v", rc, stderr, re)
	}
	if n := listDir(t, dir); len(n) != 0 {
		t.Errorf("outputs left behind: %v", n)
	}
}

// Bitcode written by LLVM 19 is read with the first llvm-dis that reads it.
func TestBitcodeInputFromNewerLLVM(t *testing.T) {
	needTools(t, "llvm-as-19", "llvm-dis-19", "llvm-dis-15", "opt-19")
	dir := t.TempDir()
	if out, err := exec.Command("llvm-as-19", filepath.Join("testdata", "alias_clang19.ll"), "-o", filepath.Join(dir, "in.bc")).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if rc, stderr := runIn(t, dir, "", "-split=kernel", "-S", "-o", "x.table", "in.bc"); rc != 0 {
		t.Fatalf("rc=%d stderr=%s", rc, stderr)
	}
	for _, img := range tableImages(t, dir, "x.table") {
		verifyImage(t, img, "19")
	}
}

const aliasModule = `target triple = "spir64-unknown-unknown"
@h_alias = dso_local hidden alias void (ptr addrspace(1)), ptr @h
@h_alias2 = weak_odr alias void (ptr addrspace(1)), ptr @h_alias
@vf_alias = alias void (ptr addrspace(1)), ptr @vf
define dso_local spir_func void @h(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p, align 4
  ret void
}
define spir_func void @vf(ptr addrspace(1) %p) #1 {
  call spir_func void @vf_alias(ptr addrspace(1) %p)
  ret void
}
define available_externally spir_func void @ae(ptr addrspace(1) %p) {
  ret void
}
define spir_kernel void @k1(ptr addrspace(1) %p) #0 {
  call spir_func void @h_alias2(ptr addrspace(1) %p)
  call spir_func void @ae(ptr addrspace(1) %p)
  ret void
}
define spir_kernel void @k2(ptr addrspace(1) %p) #0 {
  call spir_func void @h_alias(ptr addrspace(1) %p)
  call spir_func void @vf_alias(ptr addrspace(1) %p)
  ret void
}
attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="a.cpp" "indirectly-callable"="set" }
`

var aliasLine = regexp.MustCompile(`(?m)^@\w+ = .*alias .*$|^declare .*@\w+_alias\(.*$|^define [^(]*@(h|ae|vf)\(`)

// A non-entry alias defined in an image is internalized like a non-entry
// function (visibility and the preemption specifier go with the external
// linkage), and the image stays valid IR; not under
// -allow-device-image-dependencies, and not an alias of a virtual function
// (other images reach it by name). available_externally functions are left
// as they are, as LLVM's internalize leaves them.
func TestNonEntryAliasesInternalized(t *testing.T) {
	needTools(t, "llvm-as-15", "opt-15")
	tests := []struct {
		name  string
		flags []string
		want  [][]string // per image, in table order
	}{
		// Images: vf's own (a virtual function is an entry point), k2's,
		// k1's. In k2's image vf is another image's, so its alias is
		// declared there.
		{"default", nil, [][]string{
			{
				"@vf_alias = alias void (ptr addrspace(1)), ptr @vf",
				"define spir_func void @vf(",
			},
			{
				"@h_alias = internal alias void (ptr addrspace(1)), ptr @h",
				"declare void @vf_alias(ptr addrspace(1))",
				"define internal spir_func void @h(",
			},
			{
				"@h_alias = internal alias void (ptr addrspace(1)), ptr @h",
				"@h_alias2 = internal alias void (ptr addrspace(1)), ptr @h_alias",
				"define internal spir_func void @h(",
				"define available_externally spir_func void @ae(",
			},
		}},
		{"dynamic linking", []string{"-allow-device-image-dependencies"}, [][]string{
			{
				"@vf_alias = alias void (ptr addrspace(1)), ptr @vf",
				"define spir_func void @vf(",
			},
			{
				"@h_alias = dso_local hidden alias void (ptr addrspace(1)), ptr @h",
				"declare void @vf_alias(ptr addrspace(1))",
				"define internal spir_func void @h(",
			},
			{
				"@h_alias = dso_local hidden alias void (ptr addrspace(1)), ptr @h",
				"@h_alias2 = weak_odr alias void (ptr addrspace(1)), ptr @h_alias",
				"define internal spir_func void @h(",
				"define available_externally spir_func void @ae(",
			},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"-split=kernel", "-S", "-o", "x.table"}, tc.flags...)
			if rc, stderr := runIn(t, dir, aliasModule, args...); rc != 0 {
				t.Fatalf("rc=%d stderr=%s", rc, stderr)
			}
			var got [][]string
			for _, img := range tableImages(t, dir, "x.table") {
				verifyImage(t, img, "15")
				text, _ := os.ReadFile(img)
				got = append(got, aliasLine.FindAllString(string(text), -1))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("aliases and functions (-want +got):\n%s", diff)
			}
		})
	}
}

// clang's own aliases (C's alias attribute), from clang-15 and clang-19,
// internalized in bitcode images that the matching LLVM verifies.
func TestClangAliasesInternalized(t *testing.T) {
	for _, v := range []string{"15", "19"} {
		t.Run("clang-"+v, func(t *testing.T) {
			needTools(t, "llvm-as-15", "llvm-as-"+v, "llvm-dis-"+v, "opt-"+v)
			src, err := os.ReadFile(filepath.Join("testdata", "alias_clang"+v+".ll"))
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if rc, stderr := runIn(t, dir, string(src), "-split=kernel", "-o", "x.table"); rc != 0 {
				t.Fatalf("rc=%d stderr=%s", rc, stderr)
			}
			found := false
			for _, img := range tableImages(t, dir, "x.table") {
				verifyImage(t, img, v)
				text, err := exec.Command("llvm-dis-"+v, img, "-o", "-").Output()
				if err != nil {
					t.Fatal(err)
				}
				for _, line := range strings.Split(string(text), "\n") {
					if strings.HasPrefix(line, "@helper_alias = ") {
						found = true
						if !strings.HasPrefix(line, "@helper_alias = internal alias ") {
							t.Errorf("%s: %s, want internal", filepath.Base(img), line)
						}
					}
				}
			}
			if !found {
				t.Error("no image defines @helper_alias")
			}
		})
	}
}

// Every option of today's sycl-post-link (and the older
// -reduce-memory-usage) is accepted; those that change nothing here leave
// the outputs byte for byte as they are without them.
func TestSyclPostLinkNoOpOptions(t *testing.T) {
	outputs := func(flags ...string) map[string]string {
		t.Helper()
		dir := t.TempDir()
		args := append([]string{"-split=kernel", "-S", "-symbols", "-properties", "-o", "x.table"}, flags...)
		if rc, stderr := runIn(t, dir, module, args...); rc != 0 {
			t.Fatalf("%v: rc=%d stderr=%s", flags, rc, stderr)
		}
		got := map[string]string{}
		for _, n := range listDir(t, dir) {
			b, _ := os.ReadFile(filepath.Join(dir, n))
			got[n] = string(b)
		}
		return got
	}
	want := outputs()
	for _, flags := range [][]string{
		{"-reduce-memory-usage"}, {"-reduce-memory-usage=true"}, {"--reduce-memory-usage=false"},
		{"-lower-esimd-force-stateless-mem"}, {"-lower-esimd-force-stateless-mem=false"},
		{"-O0"}, {"-O1"}, {"-O2"}, {"-O3"}, {"-Os"}, {"-Oz"}, {"-f"}, {"-force-disable-esimd-opt"},
		{"-lower-esimd"}, // no ESIMD code in the module
	} {
		if diff := cmp.Diff(want, outputs(flags...)); diff != "" {
			t.Errorf("%v changed the outputs (-without +with):\n%s", flags, diff)
		}
	}
}
