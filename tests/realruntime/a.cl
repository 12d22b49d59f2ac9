// Two kernels in one translation unit: per_source and per-TU modes keep
// them in one image, per_kernel splits them.
kernel void rr_iota(global int *out, int base) {
  size_t i = get_global_id(0);
  out[i] = base + (int)i;
}

kernel void rr_axpy(global int *y, global const int *x, int a) {
  size_t i = get_global_id(0);
  y[i] += a * x[i];
}
