// A SYCL_EXTERNAL function defined in another sycl_library (twice.cpp).
#ifndef RULES_SYCL_TESTS_SYCL_CXX_TWICE_H_
#define RULES_SYCL_TESTS_SYCL_CXX_TWICE_H_

#include <sycl/sycl.hpp>

SYCL_EXTERNAL int twice(int x);

#endif  // RULES_SYCL_TESTS_SYCL_CXX_TWICE_H_
