// Runs a kernel whose device image lives in a shared library (libkernels.so
// registers it with libsycl from its own constructor). The program calls
// nothing in that library: only the registration keeps it useful, so this
// also checks that --as-needed did not drop it. SYCL host code: the kernel
// is found by name, run over a range on malloc_device memory, and every
// element is checked exactly.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "tests/opencl/common/by_name.h"

namespace {

int Run() {
  const uint32_t n = 100000;
  sycl::queue q(examples::IntelCpuDevice("shared_library"),
                // In order: a memcpy after a kernel waits for it.
                sycl::property::queue::in_order());
  sycl::kernel square = by_name::Kernel("shared_library", q, "shared_square");
  int *out = sycl::malloc_device<int>(n, q);
  q.submit([&](sycl::handler &h) {
    h.set_args(out, n);
    h.parallel_for(sycl::range<1>(n), square);
  });
  std::vector<int> host(n);
  q.memcpy(host.data(), out, n * sizeof(int)).wait();
  sycl::free(out, q);
  return examples::CountWrong("shared_square", host.data(), n, [](size_t i) {
           return static_cast<int>((uint64_t{i} * i) % 1000003);
         })
             ? 1
             : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "shared_library: SYCL error: %s\n", e.what());
    return 1;
  }
}
