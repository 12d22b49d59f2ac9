// Looks up app::Square, which linked_kernels_main.cpp (another TU of the
// same sycl_binary) launches.
#include "tests/sycl_cxx/linked_kernels.h"

#include <cstdio>
#include <string>

int lookup_square(sycl::queue &q) {
  int failures = 0;
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()});
  if (!bundle.has_kernel<app::Square>()) {
    std::printf("FAIL: the executable bundle has no app::Square\n");
    ++failures;
  }
  std::string name = bundle.get_kernel<app::Square>().get_info<sycl::info::kernel::function_name>();
  std::string by_id = bundle.get_kernel(sycl::get_kernel_id<app::Square>()).get_info<sycl::info::kernel::function_name>();
  if (name != by_id || name.find("Square") == std::string::npos) {
    std::printf("FAIL: app::Square: get_kernel<K>() names %s, get_kernel(get_kernel_id<K>()) %s\n", name.c_str(), by_id.c_str());
    ++failures;
  }
  return failures;
}
