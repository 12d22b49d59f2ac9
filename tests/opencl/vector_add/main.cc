// Host side of the vector_add example, plain SYCL 2020 host code compiled by
// the C++ toolchain against the oneAPI runtime's headers: the kernels
// (OpenCL C in vector_add.cl, built by rules_sycl into device images the
// runtime registers at start-up) are found by name among
// sycl::get_kernel_ids() and launched as kernel objects. vector_add reads
// and writes buffers through accessors over an nd_range; vector_scale
// updates a malloc_shared USM allocation in place over a range. Every
// element is checked exactly.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "tests/opencl/common/by_name.h"

namespace {

constexpr uint32_t kN = 1u << 20;
constexpr size_t kWorkGroup = 64;

int Run() {
  sycl::queue q(examples::IntelCpuDevice("vector_add"),
                // In order: a memcpy after a kernel waits for it.
                sycl::property::queue::in_order());
  examples::PrintDevice(q.get_device());

  std::vector<int> a(kN), b(kN), c(kN, 0);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<int>(i % 1999) - 1000;
    b[i] = static_cast<int>((i * 7u) % 4093) * 3;
  }

  // One work-group more than there are elements, so the kernels' bounds
  // checks matter (an unchecked store would land outside the buffers).
  const sycl::nd_range<1> grid(kN + kWorkGroup, kWorkGroup);
  {
    sycl::buffer<int> da(a.data(), sycl::range<1>(kN));
    sycl::buffer<int> db(b.data(), sycl::range<1>(kN));
    sycl::buffer<int> dc(c.data(), sycl::range<1>(kN));
    sycl::kernel add = by_name::Kernel("vector_add", q, "vector_add");
    q.submit([&](sycl::handler &h) {
      sycl::accessor ra(da, h, sycl::read_only);
      sycl::accessor rb(db, h, sycl::read_only);
      sycl::accessor wc(dc, h, sycl::write_only);
      h.set_args(ra, rb, wc, kN);
      h.parallel_for(grid, add);
    });
  }  // The buffers write c back here.
  if (examples::CountWrong("vector_add", c.data(), kN,
                           [&](size_t i) { return a[i] + b[i]; }))
    return 1;

  const int factor = -3, offset = 11;
  int *x = sycl::malloc_shared<int>(kN, q);
  for (uint32_t i = 0; i < kN; ++i) x[i] = c[i];
  sycl::kernel scale = by_name::Kernel("vector_add", q, "vector_scale");
  q.submit([&](sycl::handler &h) {
     h.set_args(x, factor, offset, kN);
     h.parallel_for(sycl::range<1>(kN), scale);
   }).wait();
  const size_t wrong = examples::CountWrong("vector_scale", x, kN, [&](size_t i) {
    return (a[i] + b[i]) * factor + offset;
  });
  sycl::free(x, q);
  return wrong ? 1 : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "vector_add: SYCL error: %s\n", e.what());
    return 1;
  }
}
