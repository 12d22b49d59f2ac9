// Device code of the vector_add example: two kernels, so a per-kernel split
// yields two device images.

// c[i] = a[i] + b[i]
kernel void vector_add(global const int *a, global const int *b,
                       global int *c, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    c[i] = a[i] + b[i];
}

// x[i] = x[i] * factor + offset, in place.
kernel void vector_scale(global int *x, int factor, int offset, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    x[i] = x[i] * factor + offset;
}
