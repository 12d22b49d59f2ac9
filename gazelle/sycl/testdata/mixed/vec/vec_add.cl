#include "vec_math.inc"
__kernel void vec_add(__global const float *a, __global const float *b, __global float *c) {
  size_t i = get_global_id(0);
  c[i] = VEC_ADD(a[i], b[i]);
}
