// sycl::vec arithmetic, swizzles, conversions and geometric functions.
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue q;
  const int n = 32;
  sycl::float4 *a = sycl::malloc_shared<sycl::float4>(n, q);
  sycl::int4 *b = sycl::malloc_shared<sycl::int4>(n, q);
  float *dots = sycl::malloc_shared<float>(n, q);
  for (int i = 0; i < n; i++) {
    a[i] = sycl::float4(i, i + 1, i + 2, i + 3);
    b[i] = sycl::int4(i, -i, 2 * i, 7);
  }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int i = id[0];
    sycl::float4 v = a[i];
    sycl::float4 r = v.swizzle<3, 2, 1, 0>();
    sycl::float4 w = r * 2.0f + sycl::float4(1.0f);
    dots[i] = sycl::dot(v, w);
    sycl::int4 c = b[i];
    sycl::int2 t = c.swizzle<1, 0>();
    c.swizzle<0, 1>() = t;
    c += sycl::int4(1, 2, 3, 4);
    c.w() = c.w() * (c.x() > 0 ? 1 : -1);
    b[i] = c;
    a[i] = w + v.convert<float>();
  }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float v[4] = {float(i), float(i + 1), float(i + 2), float(i + 3)};
    float w[4];
    for (int k = 0; k < 4; k++) w[k] = v[3 - k] * 2.0f + 1.0f;
    float d = 0;
    for (int k = 0; k < 4; k++) d += v[k] * w[k];
    bad += dots[i] != d;
    for (int k = 0; k < 4; k++) bad += a[i][k] != w[k] + v[k];
    int x = -i + 1, y = i + 2, z = 2 * i + 3, ww = 11 * (x > 0 ? 1 : -1);
    bad += b[i].x() != x || b[i].y() != y || b[i].z() != z || b[i].w() != ww;
  }
  printf("vectors: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(a, q), sycl::free(b, q), sycl::free(dots, q);
  return bad != 0;
}
