// The API of libkernels.so: host functions that submit the library's own
// kernels. Their device images live in the library, which registers them
// with libsycl when it is loaded.
#ifndef RULES_SYCL_EXAMPLES_SHARED_LIBRARY_KERNELS_H_
#define RULES_SYCL_EXAMPLES_SHARED_LIBRARY_KERNELS_H_

#include <cstdint>

#include <sycl/sycl.hpp>

namespace shared_library {

// out[i] = (i * i) % 1000003 for i < n, over a range.
sycl::event Square(sycl::queue &q, int *out, uint32_t n);

}  // namespace shared_library

#endif  // RULES_SYCL_EXAMPLES_SHARED_LIBRARY_KERNELS_H_
