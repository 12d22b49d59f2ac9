// The kernels linked_kernels_main.cpp looks up without launching them.
#include "tests/sycl_cxx/linked_kernels.h"

void scale(sycl::queue &q, int *out, std::size_t n, int factor) {
  q.parallel_for<Scale>(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] *= factor; }).wait();
}

void fill_in_library(sycl::queue &q, float *f, int *a, int *b, std::size_t n) {
  fill<float>(q, f, n, 2.5f);
  fill<int>(q, a, n, 7);
  fill_unnamed<int>(q, b, n, 100);
}
