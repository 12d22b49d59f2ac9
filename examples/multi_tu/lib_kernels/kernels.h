// The kernels of lib_kernels, as host functions that submit them.
#ifndef RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_KERNELS_H_
#define RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_KERNELS_H_

#include <cstdint>

#include <sycl/sycl.hpp>

namespace multi_tu {

// out[i] = Combine(Scale(in[i]), i) for i < n over an nd_range of
// work_group-sized groups (a.cc: Combine from b.cc, Scale from lib_math).
sycl::event KernelA(sycl::queue &q, int *out, const int *in, uint32_t n,
                    size_t work_group);

// out[i] = Combine(in[i], i) for i < n over a range (b.cc).
sycl::event KernelB(sycl::queue &q, int *out, const int *in, uint32_t n);

}  // namespace multi_tu

#endif  // RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_KERNELS_H_
