package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunsOnPoCL is the end-to-end check: a real SPIR-V kernel wrapped by
// this tool (plain, compressed, v3 layout) is registered with the project's
// test runtime (tests/runtime) and launched on PoCL. It skips when the
// runtime sources or the device toolchain are not available (e.g. under
// Bazel without data dependencies).
func TestRunsOnPoCL(t *testing.T) {
	rt, _ := filepath.Abs("../../tests/runtime")
	if _, err := os.Stat(filepath.Join(rt, "sycl_rt.c")); err != nil {
		t.Skip("tests/runtime not available")
	}
	tools := map[string]string{}
	for _, tool := range []string{"clang-15", "llvm-spirv-15", "gcc"} {
		p, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("%s not found", tool)
		}
		tools[tool] = p
	}
	mainC, _ := filepath.Abs("testdata/pocl_main.c")
	dir := t.TempDir()
	chdir(t, dir)
	writeFiles(t, dir, map[string]string{
		"k.sym":  "srt_test_iota\nsrt_test_axpy\nsrt_test_reverse_local\n",
		"k.prop": "[SYCL/misc properties]\noptLevel=1|1\n[SYCL/device requirements]\naspects=2|AAAAAAAAAAA\n",
	})
	steps := [][]string{
		{tools["clang-15"], "-cl-std=CL3.0", "-target", "spir64", "-O1", "-emit-llvm", "-c", filepath.Join(rt, "runtime_test_kernels.cl"), "-o", "k.bc"},
		{tools["llvm-spirv-15"], "k.bc", "-o", "k.spv"},
		{tools["gcc"], "-std=c11", "-I" + rt, "-c", "-o", "sycl_rt.o", filepath.Join(rt, "sycl_rt.c")},
		{tools["gcc"], "-std=c11", "-I" + rt, "-c", "-o", "main.o", mainC},
		{tools["gcc"], "-o", "probe", "main.o", "sycl_rt.o", "-lOpenCL", "-lzstd", "-Wl,--unresolved-symbols=ignore-all"},
	}
	for _, s := range steps {
		if out, err := exec.Command(s[0], s[1:]...).CombinedOutput(); err != nil {
			t.Skipf("%v: %v\n%s", s, err, out)
		}
	}
	for _, extra := range [][]string{
		nil,
		{"--offload-compress", "--offload-compression-threshold=64"},
		{"-image-version=3", "-new-offload-entries"},
	} {
		t.Run(strings.Join(extra, " "), func(t *testing.T) {
			args := append([]string{"-o", "kw.o", "-host=x86_64-unknown-linux-gnu", "-kind=sycl", "-target=spir64",
				"-format=spirv", "-entries=k.sym", "-properties=k.prop"}, extra...)
			if err := run(append(args, "k.spv")); err != nil {
				t.Fatal(err)
			}
			cc := []string{"-o", "prog", "main.o", "sycl_rt.o", "kw.o", "-lOpenCL", "-lzstd"}
			if out, err := exec.Command(tools["gcc"], cc...).CombinedOutput(); err != nil {
				t.Fatalf("link: %v\n%s", err, out)
			}
			cmd := exec.Command("./prog")
			cmd.Env = append(os.Environ(), "POCL_CACHE_DIR="+filepath.Join(dir, "pocl"))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			want := "images=1 out[0]=100 out[15]=145 optLevel=1\n"
			if string(out) != want {
				t.Errorf("output %q, want %q", out, want)
			}
		})
	}
}
