// SYCL C++ end to end: unnamed kernel lambdas over USM, one calling a
// SYCL_EXTERNAL function of another library; every element is checked.
#include <cstdio>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"
#include "tests/sycl_cxx/twice.h"

int main() {
  constexpr int kN = 1 << 16;
  sycl::queue q(examples::IntelCpuDevice("sycl_cxx_vector_add"));
  examples::PrintDevice(q.get_device());
  int *a = sycl::malloc_shared<int>(kN, q);
  int *b = sycl::malloc_shared<int>(kN, q);
  int *c = sycl::malloc_shared<int>(kN, q);
  for (int i = 0; i < kN; ++i) {
    a[i] = i % 1999 - 1000;
    b[i] = (i * 7) % 4093;
  }
  q.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) { c[i] = a[i] + b[i]; }).wait();
  int wrong = 0;
  for (int i = 0; i < kN; ++i) wrong += c[i] != a[i] + b[i];
  std::printf("vector_add: %d elements %s\n", kN, wrong ? "WRONG" : "OK");
  q.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) { c[i] = twice(a[i]); }).wait();
  int wrong_twice = 0;
  for (int i = 0; i < kN; ++i) wrong_twice += c[i] != 2 * a[i];
  std::printf("twice (SYCL_EXTERNAL): %d elements %s\n", kN, wrong_twice ? "WRONG" : "OK");
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
  return wrong || wrong_twice ? 1 : 0;
}
