// Device and host code of libkernels.so: the kernel's image is wrapped into
// the shared library and registered with libsycl by the library's own
// constructor.
#include "examples/shared_library/kernels.h"

class SharedSquare;

namespace shared_library {

sycl::event Square(sycl::queue &q, int *out, uint32_t n) {
  return q.parallel_for<SharedSquare>(sycl::range<1>(n), [=](sycl::id<1> i) {
    const uint64_t x = i[0];
    out[i] = static_cast<int>((x * x) % 1000003);
  });
}

}  // namespace shared_library
