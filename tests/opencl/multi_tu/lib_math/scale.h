// Device functions of lib_math, callable from other device libraries.
#ifndef RULES_SYCL_EXAMPLES_MULTI_TU_LIB_MATH_SCALE_H_
#define RULES_SYCL_EXAMPLES_MULTI_TU_LIB_MATH_SCALE_H_

// Returns 3 * x + 1.
int scale(int x);

#endif
