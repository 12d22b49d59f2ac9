// app50's kernels (//tests/hermetic/app50) run as app50 runs them, except
// that the program first builds one executable kernel bundle of every
// kernel, as programs that prepare all their kernels up front do: libsycl
// then builds all 50 images before the first kernel runs. For
// tests/bench/cpu_aot/run.sh, which times JIT against AOT images.
#include <cstdio>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

int main() {
  try {
    const unsigned n = 4096;
    sycl::queue q(examples::IntelCpuDevice("app50_upfront"),
                  sycl::property::queue::in_order());
    auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
        q.get_context(), {q.get_device()});
    int *buf = sycl::malloc_device<int>(n, q);
    std::vector<int> out(n);
    int bad = 0;
    for (int k = 0; k < 50; ++k) {
      sycl::kernel kernel = bundle.get_kernel(
          examples::KernelId("app50_upfront", "k" + std::to_string(k)));
      q.submit([&](sycl::handler &h) {
        h.set_args(buf, n);
        h.parallel_for(sycl::range<1>(n), kernel);
      });
      q.memcpy(out.data(), buf, n * sizeof(int)).wait();
      int next = (k + 1) % 50;
      for (unsigned i = 0; i < n; ++i)
        if (out[i] != (int)i * (next + 2) + next + k) ++bad;
    }
    sycl::free(buf, q);
    if (bad) {
      std::fprintf(stderr, "app50_upfront: %d wrong elements\n", bad);
      return 1;
    }
    std::printf("app50_upfront: 50 kernels x %u elements OK\n", n);
    return 0;
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "app50_upfront: SYCL error: %s\n", e.what());
    return 1;
  }
}
