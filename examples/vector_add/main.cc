// The vector_add example: single-source SYCL 2020. vector_add is a named
// kernel lambda that reads two buffers and writes a third through
// accessors over an nd_range; vector_scale is an unnamed kernel lambda that
// updates a malloc_shared USM allocation in place over a range. Both run on
// Intel's CPU OpenCL device through Intel's libsycl, and every element is
// checked exactly.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

// Kernel names are declared at namespace scope: the integration header
// names them there.
class VectorAdd;

namespace {

constexpr uint32_t kN = 1u << 20;
constexpr size_t kWorkGroup = 64;

int Run() {
  sycl::queue q(examples::IntelCpuDevice("vector_add"),
                // In order: the host reads x only after vector_scale ran.
                sycl::property::queue::in_order());
  examples::PrintDevice(q.get_device());

  std::vector<int> a(kN), b(kN), c(kN, 0);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<int>(i % 1999) - 1000;
    b[i] = static_cast<int>((i * 7u) % 4093) * 3;
  }

  // One work-group more than there are elements, so the kernel's bounds
  // check matters (an unchecked access would land outside the buffers).
  const sycl::nd_range<1> grid(kN + kWorkGroup, kWorkGroup);
  {
    sycl::buffer<int> da(a.data(), sycl::range<1>(kN));
    sycl::buffer<int> db(b.data(), sycl::range<1>(kN));
    sycl::buffer<int> dc(c.data(), sycl::range<1>(kN));
    q.submit([&](sycl::handler &h) {
      sycl::accessor ra(da, h, sycl::read_only);
      sycl::accessor rb(db, h, sycl::read_only);
      sycl::accessor wc(dc, h, sycl::write_only, sycl::no_init);
      h.parallel_for<VectorAdd>(grid, [=](sycl::nd_item<1> it) {
        const size_t i = it.get_global_id(0);
        if (i < kN) wc[i] = ra[i] + rb[i];
      });
    });
  }  // The buffers write c back here.
  if (examples::CountWrong("vector_add", c.data(), kN,
                           [&](size_t i) { return a[i] + b[i]; }))
    return 1;

  const int factor = -3, offset = 11;
  int *x = sycl::malloc_shared<int>(kN, q);
  for (uint32_t i = 0; i < kN; ++i) x[i] = c[i];
  q.parallel_for(sycl::range<1>(kN), [=](sycl::id<1> i) {
     x[i] = x[i] * factor + offset;
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
