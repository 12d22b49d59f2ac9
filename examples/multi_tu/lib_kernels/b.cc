// lib_kernels, TU b: defines Combine() (exported to a.cc's image) and
// kernel_b.
#include "examples/multi_tu/lib_kernels/combine.h"
#include "examples/multi_tu/lib_kernels/kernels.h"

class KernelB;

namespace multi_tu {

SYCL_EXTERNAL int Combine(int x, int y) { return 2 * x - y; }

sycl::event KernelB(sycl::queue &q, int *out, const int *in, uint32_t n) {
  return q.parallel_for<::KernelB>(sycl::range<1>(n), [=](sycl::id<1> i) {
    out[i] = Combine(in[i], static_cast<int>(i[0]));
  });
}

}  // namespace multi_tu
