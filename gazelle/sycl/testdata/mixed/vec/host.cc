#include "vec.h"
#include "vec_math.inc"
#include <CL/cl.h>
#include <vector>

void vec_add_host(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; i++) c[i] = VEC_ADD(a[i], b[i]);
}
