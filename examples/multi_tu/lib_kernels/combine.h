// A device function defined in b.cc and called from a.cc's kernel: a call
// across translation units inside lib_kernels.
#ifndef RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_COMBINE_H_
#define RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_COMBINE_H_

#include <sycl/sycl.hpp>

namespace multi_tu {

// Returns 2 * x - y.
SYCL_EXTERNAL int Combine(int x, int y);

}  // namespace multi_tu

#endif  // RULES_SYCL_EXAMPLES_MULTI_TU_LIB_KERNELS_COMBINE_H_
