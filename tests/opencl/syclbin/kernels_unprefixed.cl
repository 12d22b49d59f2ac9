// kernels.cl under its plain OpenCL kernel names, which libsycl does not
// find in a SYCLBIN (see kernels.cl and BUILD.bazel).
kernel void syclbin_iota(global int *out, int base, uint n) {
  size_t i = get_global_id(0);
  if (i < n) out[i] = base + 7 * (int)i;
}

kernel void syclbin_negate(global int *data, uint n) {
  size_t i = get_global_id(0);
  if (i < n) data[i] = -data[i];
}
