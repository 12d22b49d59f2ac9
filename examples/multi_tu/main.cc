// The multi_tu example, single-source SYCL 2020 across translation units and
// libraries: kernel_a (lib_kernels/a.cc) calls SYCL_EXTERNAL functions
// defined in another TU (b.cc) and in another sycl_library (lib_math);
// kernel_b (b.cc) calls one of its own TU. Both run on device USM
// (malloc_device + memcpy), kernel_a over an nd_range and kernel_b over a
// range; every result is checked exactly. It also prints how many device
// images the runtime registered.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"
#include "examples/multi_tu/lib_kernels/kernels.h"

namespace {

constexpr uint32_t kN = 100003;
constexpr size_t kWorkGroup = 32;

// Host mirrors of the device functions.
int Scale(int x) { return 3 * x + 1; }
int Combine(int x, int y) { return 2 * x - y; }

int Run() {
  sycl::queue q(examples::IntelCpuDevice("multi_tu"),
                // In order: a memcpy after a kernel waits for it.
                sycl::property::queue::in_order());
  std::printf("%zu device images\n", examples::ImageCount(q));

  std::vector<int> in(kN), out(kN);
  for (uint32_t i = 0; i < kN; ++i) in[i] = static_cast<int>(i % 2001) - 1000;
  int *din = sycl::malloc_device<int>(kN, q);
  int *dout = sycl::malloc_device<int>(kN, q);
  q.memcpy(din, in.data(), kN * sizeof(int));

  multi_tu::KernelA(q, dout, din, kN, kWorkGroup);
  q.memcpy(out.data(), dout, kN * sizeof(int)).wait();
  size_t wrong = examples::CountWrong("kernel_a", out.data(), kN, [&](size_t i) {
    return Combine(Scale(in[i]), static_cast<int>(i));
  });

  multi_tu::KernelB(q, dout, din, kN);
  q.memcpy(out.data(), dout, kN * sizeof(int)).wait();
  wrong += examples::CountWrong("kernel_b", out.data(), kN, [&](size_t i) {
    return Combine(in[i], static_cast<int>(i));
  });

  sycl::free(din, q);
  sycl::free(dout, q);
  return wrong ? 1 : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "multi_tu: SYCL error: %s\n", e.what());
    return 1;
  }
}
