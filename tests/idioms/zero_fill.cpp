// The reproducer: a zero-fill loop, which the front end turns into
// llvm.memset (LLVM 15's translator rejected its read-back module: "Intrinsic
// name not mangled correctly for type arguments").
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  const int n = 1000, per = 100;
  float *y = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; i++) y[i] = 1;
  q.parallel_for(sycl::range<1>(n / per), [=](sycl::id<1> id) {
    for (int i = id[0] * per; i < (int)(id[0] + 1) * per; i++) y[i] = 0;  // becomes llvm.memset
  }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) bad += y[i] != 0;
  printf("zero_fill: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(y, q);
  return bad != 0;
}
