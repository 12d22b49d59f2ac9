// atomic_ref on global and local memory: integer and float fetch_add,
// fetch_min/max, compare_exchange, and a histogram.
#include <sycl/sycl.hpp>
#include <cstdio>

int main() {
  sycl::queue q;
  const int n = 1024, bins = 16;
  int *counts = sycl::malloc_shared<int>(bins, q);
  int *minmax = sycl::malloc_shared<int>(2, q);
  float *fsum = sycl::malloc_shared<float>(1, q);
  int *cas = sycl::malloc_shared<int>(1, q);
  for (int i = 0; i < bins; i++) counts[i] = 0;
  minmax[0] = 1 << 30, minmax[1] = -(1 << 30), *fsum = 0, *cas = 0;
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> local(sycl::range<1>(bins), h);
    h.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
      int i = it.get_global_id(0), l = it.get_local_id(0);
      if (l < bins) local[l] = 0;
      sycl::group_barrier(it.get_group());
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group, sycl::access::address_space::local_space> lb(local[(i * 7) % bins]);
      lb.fetch_add(1);
      sycl::group_barrier(it.get_group());
      if (l < bins) {
        sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> gb(counts[l]);
        gb.fetch_add(local[l]);
      }
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> mn(minmax[0]), mx(minmax[1]);
      int v = (i * 37) % 1000 - 500;
      mn.fetch_min(v);
      mx.fetch_max(v);
      sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device> fs(*fsum);
      fs.fetch_add(0.5f);
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*cas);
      int old = c.load();
      while (!c.compare_exchange_weak(old, old + 2)) {
      }
    });
  }).wait();
  int bad = 0;
  int want[bins] = {};
  for (int i = 0; i < n; i++) want[(i * 7) % bins]++;
  for (int b = 0; b < bins; b++) bad += counts[b] != want[b];
  int mn = 1 << 30, mx = -(1 << 30);
  for (int i = 0; i < n; i++) {
    int v = (i * 37) % 1000 - 500;
    mn = v < mn ? v : mn, mx = v > mx ? v : mx;
  }
  bad += minmax[0] != mn || minmax[1] != mx || *fsum != 512.0f || *cas != 2 * n;
  printf("atomics: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(counts, q), sycl::free(minmax, q), sycl::free(fsum, q), sycl::free(cas, q);
  return bad != 0;
}
