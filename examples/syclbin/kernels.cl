// Device code shipped as a SYCLBIN file and loaded at run time.
kernel void syclbin_iota(global int *out, int base, uint n) {
  size_t i = get_global_id(0);
  if (i < n) out[i] = base + 7 * (int)i;
}

kernel void syclbin_negate(global int *data, uint n) {
  size_t i = get_global_id(0);
  if (i < n) data[i] = -data[i];
}
