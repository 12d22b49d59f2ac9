// Private arrays indexed at run time: an insertion sort and a sliding
// window in each work-item's own memory, and a captured std::array.
#include <sycl/sycl.hpp>
#include <array>
#include <cstdio>

int main() {
  sycl::queue q;
  const int n = 128, k = 12;
  int *out = sycl::malloc_shared<int>(n * k, q);
  int *win = sycl::malloc_shared<int>(n, q);
  std::array<int, 8> weights = {3, 1, 4, 1, 5, 9, 2, 6};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int i = id[0];
    int a[k];
    for (int j = 0; j < k; j++) a[j] = (i * 31 + j * 17) % 23;
    for (int j = 1; j < k; j++) {
      int v = a[j], m = j - 1;
      while (m >= 0 && a[m] > v) a[m + 1] = a[m], m--;
      a[m + 1] = v;
    }
    for (int j = 0; j < k; j++) out[i * k + j] = a[j];
    int ring[8] = {};
    int s = 0;
    for (int t = 0; t < 20; t++) {
      ring[t % 8] = (i + t) * weights[(i + t) % 8];
      s = 0;
      for (int j = 0; j < 8; j++) s += ring[j];
    }
    win[i] = s;
  }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int a[k];
    for (int j = 0; j < k; j++) a[j] = (i * 31 + j * 17) % 23;
    std::sort(a, a + k);
    for (int j = 0; j < k; j++) bad += out[i * k + j] != a[j];
    int s = 0;
    for (int t = 12; t < 20; t++) s += (i + t) * weights[(i + t) % 8];
    bad += win[i] != s;
  }
  printf("private_arrays: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(out, q), sycl::free(win, q);
  return bad != 0;
}
