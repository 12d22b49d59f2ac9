// Runs a kernel whose device image lives in a shared library: libkernels.so
// registers its images with libsycl from its own constructor, and the
// program calls the library's host function that submits the kernel. The
// kernel runs over a range on malloc_device memory and every element is
// checked exactly.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"
#include "examples/shared_library/kernels.h"

namespace {

int Run() {
  const uint32_t n = 100000;
  sycl::queue q(examples::IntelCpuDevice("shared_library"),
                // In order: a memcpy after a kernel waits for it.
                sycl::property::queue::in_order());
  int *out = sycl::malloc_device<int>(n, q);
  shared_library::Square(q, out, n);
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
