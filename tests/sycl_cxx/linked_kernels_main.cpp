// Kernel-bundle lookups by type of kernels this TU does not launch: Scale
// and Fill<float>, launched in a sycl_library this binary depends on
// (linked_kernels_lib.cpp), and app::Square, launched here and looked up
// in linked_kernels_lookup.cpp. fill<int> and fill_unnamed<int> are
// launched both here and in the library. Every lookup and every value is
// checked.
#include "tests/sycl_cxx/linked_kernels.h"

#include <cstdio>
#include <string>
#include <vector>

namespace app {
void square(sycl::queue &q, int *out, std::size_t n) {
  q.parallel_for<Square>(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = out[i] * out[i]; }).wait();
}
} // namespace app

// Looks K up through a bundle of only K, and through the executable
// bundle of every kernel: both name the same kernel.
template <typename K> int lookup(sycl::queue &q, const char *what) {
  sycl::context ctx = q.get_context();
  sycl::device dev = q.get_device();
  sycl::kernel_id id = sycl::get_kernel_id<K>();
  auto all = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, {dev});
  auto only = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, {dev}, {id});
  int failures = 0;
  if (!all.has_kernel<K>() || !only.has_kernel(id)) {
    std::printf("FAIL: %s: not in the executable bundles\n", what);
    return 1;
  }
  std::string a = all.template get_kernel<K>().template get_info<sycl::info::kernel::function_name>();
  std::string b = only.get_kernel(id).get_info<sycl::info::kernel::function_name>();
  if (a != b || a != id.get_name()) {
    std::printf("FAIL: %s: get_kernel<K>() names %s, the bundle of its id %s, the id %s\n", what, a.c_str(), b.c_str(), id.get_name());
    ++failures;
  }
  // The device-specific query goes through the kernel's compile-time
  // description (getDeviceKernelInfo<K>).
  size_t wg = sycl::ext::oneapi::get_kernel_info<K, sycl::info::kernel_device_specific::work_group_size>(q);
  if (wg == 0) {
    std::printf("FAIL: %s: work_group_size 0\n", what);
    ++failures;
  }
  return failures;
}

int main() {
  constexpr std::size_t n = 64;
  sycl::queue q;
  int failures = 0;
  int lookups = 0;
  // Before any launch: the lookups must not depend on one.
  failures += lookup<Scale>(q, "Scale");
  failures += lookup<Fill<float>>(q, "Fill<float>");
  lookups += 2;

  int *a = sycl::malloc_shared<int>(n, q);
  int *b = sycl::malloc_shared<int>(n, q);
  int *c = sycl::malloc_shared<int>(n, q);
  float *f = sycl::malloc_shared<float>(n, q);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<int>(i);
  }
  scale(q, a, n, 3);
  app::square(q, a, n);
  for (std::size_t i = 0; i < n; ++i) {
    int want = static_cast<int>(3 * i) * static_cast<int>(3 * i);
    if (a[i] != want) {
      std::printf("FAIL: scale then square: [%zu] = %d, want %d\n", i, a[i], want);
      ++failures;
      break;
    }
  }
  failures += lookup_square(q);
  ++lookups;
  failures += lookup<Fill<int>>(q, "Fill<int>");
  ++lookups;

  fill_in_library(q, f, b, c, n);
  for (std::size_t i = 0; i < n; ++i) {
    if (f[i] != 2.5f || b[i] != 7 || c[i] != 100 + static_cast<int>(i)) {
      std::printf("FAIL: the library's fills: [%zu] = %g %d %d\n", i, f[i], b[i], c[i]);
      ++failures;
      break;
    }
  }
  fill<int>(q, b, n, 9);
  fill_unnamed<int>(q, c, n, 200);
  for (std::size_t i = 0; i < n; ++i) {
    if (b[i] != 9 || c[i] != 200 + static_cast<int>(i)) {
      std::printf("FAIL: main's fills: [%zu] = %d %d\n", i, b[i], c[i]);
      ++failures;
      break;
    }
  }
  // After the library launched them.
  failures += lookup<Scale>(q, "Scale (after its launch)");
  ++lookups;
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  sycl::free(f, q);
  if (failures) {
    std::printf("linked_kernels: %d failures\n", failures);
    return 1;
  }
  std::printf("linked_kernels: %d kernel-bundle lookups across TUs OK\n", lookups);
  return 0;
}
