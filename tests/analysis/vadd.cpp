// Fixture: a SYCL C++ TU with an unnamed kernel lambda (analysis tests only).
#include <sycl/sycl.hpp>

#include "tests/analysis/ext.h"

int main() {
  sycl::queue q;
  int *v = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { v[i] = twice(static_cast<int>(i[0])); }).wait();
  return v[3] == 6 ? 0 : 1;
}
