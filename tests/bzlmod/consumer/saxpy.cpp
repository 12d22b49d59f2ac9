// y = a * x + y over buffers and accessors, with a kernel lambda calling a
// SYCL_EXTERNAL function of another library; every element is checked (the
// values are small integers, exact in float).
#include <cstdio>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>

#include "scale.h"

int main() {
  constexpr size_t kN = 1 << 15;
  const float a = 3.0f;
  sycl::queue q{sycl::cpu_selector_v};
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  std::vector<float> x(kN), y(kN);
  for (size_t i = 0; i < kN; ++i) {
    x[i] = float(i % 97);
    y[i] = float(i % 13);
  }
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(kN));
    sycl::buffer<float> by(y.data(), sycl::range<1>(kN));
    q.submit([&](sycl::handler &h) {
      sycl::accessor rx(bx, h, sycl::read_only);
      sycl::accessor ry(by, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) { ry[i] = scale(a, rx[i]) + ry[i]; });
    });
  }
  size_t wrong = 0;
  for (size_t i = 0; i < kN; ++i) wrong += y[i] != a * float(i % 97) + float(i % 13);
  std::printf("saxpy: %zu elements %s\n", kN, wrong ? "WRONG" : "OK");
  return wrong ? 1 : 0;
}
