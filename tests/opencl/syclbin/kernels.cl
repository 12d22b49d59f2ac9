// Device code shipped as a SYCLBIN file and loaded at run time.
//
// The kernels carry the names DPC++ gives SYCL free-function kernels,
// "__sycl_kernel_" + the user-visible name: libsycl looks a SYCLBIN
// kernel up by that name (ext_oneapi_has_kernel("syclbin_iota") searches
// the image's [SYCL/kernel names] and creates the kernel for
// "__sycl_kernel_syclbin_iota"), so host code uses the short names.
kernel void __sycl_kernel_syclbin_iota(global int *out, int base, uint n) {
  size_t i = get_global_id(0);
  if (i < n) out[i] = base + 7 * (int)i;
}

kernel void __sycl_kernel_syclbin_negate(global int *data, uint n) {
  size_t i = get_global_id(0);
  if (i < n) data[i] = -data[i];
}
