// sycl::reduction (sum, max, two at once), group algorithms and a
// double-precision dot product.
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue q;
  const int n = 4096;
  int *v = sycl::malloc_shared<int>(n, q);
  double *d = sycl::malloc_shared<double>(n, q);
  int *sum = sycl::malloc_shared<int>(1, q);
  int *mx = sycl::malloc_shared<int>(1, q);
  double *dot = sycl::malloc_shared<double>(1, q);
  int *groups = sycl::malloc_shared<int>(n / 128, q);
  for (int i = 0; i < n; i++) v[i] = (i * 7919) % 1009 - 300, d[i] = i * 0.5;
  *sum = 0, *mx = -1000000, *dot = 0;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()), sycl::reduction(mx, sycl::maximum<int>()),
                 [=](sycl::id<1> i, auto &s, auto &m) {
                   s += v[i];
                   m.combine(v[i]);
                 }).wait();
  q.parallel_for(sycl::range<1>(n), sycl::reduction(dot, sycl::plus<double>()), [=](sycl::id<1> i, auto &s) { s += d[i] * 2.0; }).wait();
  q.parallel_for(sycl::nd_range<1>(n, 128), [=](sycl::nd_item<1> it) {
    int g = sycl::reduce_over_group(it.get_group(), v[it.get_global_id(0)], sycl::plus<int>());
    if (it.get_local_id(0) == 0) groups[it.get_group(0)] = g;
  }).wait();
  long want = 0;
  int wmax = -1000000;
  double wdot = 0;
  for (int i = 0; i < n; i++) want += v[i], wmax = v[i] > wmax ? v[i] : wmax, wdot += d[i] * 2.0;
  int bad = *sum != want || *mx != wmax || *dot != wdot;
  for (int g = 0; g < n / 128; g++) {
    int s = 0;
    for (int i = g * 128; i < (g + 1) * 128; i++) s += v[i];
    bad += groups[g] != s;
  }
  printf("reductions: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(v, q), sycl::free(d, q), sycl::free(sum, q), sycl::free(mx, q), sycl::free(dot, q), sycl::free(groups, q);
  return bad != 0;
}
