package sycljittest

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Source is a TU with two kernels, one calling an undefined SYCL_EXTERNAL
// function.
const Source = `#include <sycl/sycl.hpp>
SYCL_EXTERNAL int twice(int x);
void run(sycl::queue &q, int *p) {
  q.single_task([=] { p[0] = twice(1); });
  q.single_task([=] { p[1] = 2; });
}
`

// SpecSource is a TU whose kernel reads a specialization constant.
const SpecSource = `#include <sycl/sycl.hpp>
constexpr sycl::specialization_id<int> factor_id(3);
class Scale;
void run(sycl::queue &q, int *out) {
  q.parallel_for<Scale>(sycl::range<1>(8), [=](sycl::id<1> i, sycl::kernel_handler kh) {
    out[i] = static_cast<int>(i[0]) * kh.get_specialization_constant<factor_id>();
  });
}
`

// Tree lists the files under dir with their contents.
func Tree(t *testing.T, dir string) map[string]string {
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

// Names are the keys of m, sorted.
func Names(m map[string]string) []string {
	var n []string
	for k := range m {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// CompileArgs is a syclc command line compiling src with the pinned library
// lib into dir/out (table a.table) and dir/a.h, dir/a.f.h.
func CompileArgs(lib, dir, split, src string) []string {
	return []string{
		"-jit=" + lib, "-out-dir=" + filepath.Join(dir, "out"), "-table=" + filepath.Join(dir, "out", "a.table"),
		"-int-header=" + filepath.Join(dir, "a.h"), "-int-footer=" + filepath.Join(dir, "a.f.h"),
		"-split=" + split, "-wheel=intel-sycl-rt==2026.2.0", "-sha256=" + Pinned, "--", "-std=c++17", src,
	}
}

// Setup writes text as a.cpp in a new directory with an empty out/.
func Setup(t *testing.T, text string) (dir, src string) {
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
