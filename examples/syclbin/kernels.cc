// Device code shipped as a SYCLBIN file and loaded at run time: two SYCL
// free-function kernels (sycl_ext_oneapi_free_function_kernels), compiled
// by DPC++ and bundled by sycl_bundle.
//
// They are extern "C": DPC++ names a free-function kernel f
// "__sycl_kernel_f" (with C++ linkage, the mangled
// "_Z26__sycl_kernel_syclbin_iotaPiij"), and libsycl looks a SYCLBIN kernel
// N up as "__sycl_kernel_" + N, so host code asks for "syclbin_iota".
#include <cstdint>

#include <sycl/sycl.hpp>

namespace syclexp = sycl::ext::oneapi::experimental;

// out[i] = base + 7 * i over an nd_range (work-items past n do nothing).
extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void syclbin_iota(int *out, int base, uint32_t n) {
  const size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  if (i < n) out[i] = base + 7 * static_cast<int>(i);
}

// data[i] = -data[i] over an nd_range.
extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void syclbin_negate(int *data, uint32_t n) {
  const size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  if (i < n) data[i] = -data[i];
}
