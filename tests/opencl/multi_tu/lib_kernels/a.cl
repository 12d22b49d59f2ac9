// lib_kernels, TU a: kernel_a calls combine() from b.cl (same library, other
// TU) and scale() from lib_math (other library), so its device image only
// works if the device link resolved both.
#include "combine.h"
#include "../lib_math/scale.h"

// out[i] = combine(scale(in[i]), i) = 2 * (3 * in[i] + 1) - i
kernel void kernel_a(global int *out, global const int *in, uint n) {
  size_t i = get_global_id(0);
  if (i < n)
    out[i] = combine(scale(in[i]), (int)i);
}
