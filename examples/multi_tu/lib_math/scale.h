// Device functions of lib_math, callable from kernels of other libraries.
#ifndef RULES_SYCL_EXAMPLES_MULTI_TU_LIB_MATH_SCALE_H_
#define RULES_SYCL_EXAMPLES_MULTI_TU_LIB_MATH_SCALE_H_

#include <sycl/sycl.hpp>

namespace multi_tu {

// Returns 3 * x + 1. Defined in scale.cc, a translation unit without
// kernels.
SYCL_EXTERNAL int Scale(int x);

}  // namespace multi_tu

#endif  // RULES_SYCL_EXAMPLES_MULTI_TU_LIB_MATH_SCALE_H_
