// lib_kernels, TU b: defines combine() and kernel_b.
#include "combine.h"

int combine(int x, int y) { return 2 * x - y; }

// out[i] = combine(in[i], i)
kernel void kernel_b(global int *out, global const int *in, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    out[i] = combine(in[i], (int)i);
}
