// Built with every DPC++ device-compile option rules_sycl passes through
// (rules/private/driver_flags.bzl's DEVICE_FLAGS, in device_copts): an
// unnamed kernel lambda computing correctly rounded float square roots and
// quotients (what -fsycl-fp32-prec-sqrt and -foffload-fp32-prec-div/sqrt
// ask for), compared exactly with the host's IEEE results.
#include <cmath>
#include <cstdio>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

int main() {
  sycl::queue q{examples::IntelCpuDevice("driver_flags")};
  constexpr int n = 4096;
  float *x = sycl::malloc_shared<float>(n, q);
  float *root = sycl::malloc_shared<float>(n, q);
  float *quot = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; i++) x[i] = 0.37f * i + 1.0f / (i + 1);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = id[0];
     root[i] = sycl::sqrt(x[i]);
     quot[i] = x[i] / (i + 3.0f);
   }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) {
    if (root[i] != std::sqrt(x[i]) || quot[i] != x[i] / (i + 3.0f)) {
      if (bad++ < 4) std::printf("driver_flags: element %d: sqrt %a (host %a), quotient %a (host %a)\n", i, root[i], std::sqrt(x[i]), quot[i], x[i] / (i + 3.0f));
    }
  }
  if (!bad) std::printf("driver_flags: %d correctly rounded square roots and quotients OK\n", n);
  sycl::free(x, q);
  sycl::free(root, q);
  sycl::free(quot, q);
  return bad != 0;
}
