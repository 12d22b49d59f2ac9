// kernels.cc with C++ linkage: DPC++ names the kernels
// "_Z26__sycl_kernel_syclbin_iotaPiij" and "_Z28__sycl_kernel_syclbin_negatePij",
// which libsycl's SYCLBIN lookup ("__sycl_kernel_" + N) does not find
// (see BUILD.bazel).
#include <cstdint>

#include <sycl/sycl.hpp>

namespace syclexp = sycl::ext::oneapi::experimental;

// out[i] = base + 7 * i over an nd_range (work-items past n do nothing).
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void syclbin_iota(int *out, int base, uint32_t n) {
  const size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  if (i < n) out[i] = base + 7 * static_cast<int>(i);
}

// data[i] = -data[i] over an nd_range.
SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void syclbin_negate(int *data, uint32_t n) {
  const size_t i = sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_id(0);
  if (i < n) data[i] = -data[i];
}
