// Host side of the multi_tu example, SYCL 2020 host code: kernel_a
// (lib_kernels/a.cl, calling into b.cl and lib_math) and kernel_b
// (lib_kernels/b.cl) run on device USM (malloc_device + memcpy), kernel_a
// over an nd_range and kernel_b over a range; every result is checked
// exactly. It also prints how many device images the runtime registered.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "tests/opencl/common/by_name.h"

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
  q.memcpy(din, in.data(), kN * sizeof(int)).wait();

  // kN is not a multiple of the work-group size: round the nd_range up (the
  // kernels check bounds).
  const size_t global = (kN + kWorkGroup - 1) / kWorkGroup * kWorkGroup;
  sycl::kernel a = by_name::Kernel("multi_tu", q, "kernel_a");
  q.submit([&](sycl::handler &h) {
    h.set_args(dout, din, kN);
    h.parallel_for(sycl::nd_range<1>(global, kWorkGroup), a);
  });
  q.memcpy(out.data(), dout, kN * sizeof(int)).wait();
  size_t wrong = examples::CountWrong("kernel_a", out.data(), kN, [&](size_t i) {
    return Combine(Scale(in[i]), static_cast<int>(i));
  });

  sycl::kernel b = by_name::Kernel("multi_tu", q, "kernel_b");
  q.submit([&](sycl::handler &h) {
    h.set_args(dout, din, kN);
    h.parallel_for(sycl::range<1>(kN), b);
  });
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
