// Kernels launched in one translation unit and looked up by type
// (sycl::get_kernel_id<K>(), kernel_bundle::get_kernel<K>()) in another:
// linked_kernels_lib.cpp (a sycl_library) launches Scale and Fill<float>;
// linked_kernels_main.cpp launches app::Square, which
// linked_kernels_lookup.cpp (the same sycl_binary) looks up. Both
// libraries' TUs and main launch the templates fill<int> and
// fill_unnamed<int>, whose kernels each TU's own integration header
// describes.
#ifndef RULES_SYCL_TESTS_SYCL_CXX_LINKED_KERNELS_H_
#define RULES_SYCL_TESTS_SYCL_CXX_LINKED_KERNELS_H_

#include <sycl/sycl.hpp>

#include <cstddef>

class Scale;
template <typename T> class Fill;
namespace app {
class Square;
}

// linked_kernels_lib.cpp: out[i] *= factor (kernel Scale).
void scale(sycl::queue &q, int *out, std::size_t n, int factor);
// linked_kernels_lib.cpp: fill<float>, fill<int> and fill_unnamed<int>.
void fill_in_library(sycl::queue &q, float *f, int *a, int *b, std::size_t n);
// linked_kernels_lookup.cpp: looks app::Square up; the number of failed checks.
int lookup_square(sycl::queue &q);

// A named template kernel: KernelInfo<Fill<T>> in each launching TU's header.
template <typename T> void fill(sycl::queue &q, T *out, std::size_t n, T v) {
  q.parallel_for<Fill<T>>(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = v; }).wait();
}

// An unnamed kernel lambda of an inline template: KernelInfoData<'_', 'Z',
// ...> of the same type-info name in each launching TU's header.
template <typename T> void fill_unnamed(sycl::queue &q, T *out, std::size_t n, T v) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = v + static_cast<T>(i[0]); }).wait();
}

#endif  // RULES_SYCL_TESTS_SYCL_CXX_LINKED_KERNELS_H_
