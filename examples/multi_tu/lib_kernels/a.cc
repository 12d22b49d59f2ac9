// lib_kernels, TU a: kernel_a calls Combine() from b.cc (same library, other
// TU) and Scale() from lib_math (other library). This TU's image imports
// both; it only runs if libsycl finds and links the images that export them.
#include "examples/multi_tu/lib_kernels/combine.h"
#include "examples/multi_tu/lib_kernels/kernels.h"
#include "examples/multi_tu/lib_math/scale.h"

class KernelA;

namespace multi_tu {

sycl::event KernelA(sycl::queue &q, int *out, const int *in, uint32_t n,
                    size_t work_group) {
  // n need not be a multiple of the work-group size: round the nd_range up
  // (the kernel checks bounds).
  const size_t global = (n + work_group - 1) / work_group * work_group;
  return q.parallel_for<::KernelA>(
      sycl::nd_range<1>(global, work_group), [=](sycl::nd_item<1> it) {
        const size_t i = it.get_global_id(0);
        if (i < n) out[i] = Combine(Scale(in[i]), static_cast<int>(i));
      });
}

}  // namespace multi_tu
