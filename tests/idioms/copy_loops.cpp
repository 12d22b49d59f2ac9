// Copy loops and aggregate copies, which the front end turns into
// llvm.memcpy / llvm.memmove; a struct copied by value.
#include <sycl/sycl.hpp>
#include <cstdio>

struct Pixel {
  float rgb[3];
  int tag;
};

int main() {
  sycl::queue q;
  const int n = 512, per = 64;
  int *src = sycl::malloc_shared<int>(n, q);
  int *dst = sycl::malloc_shared<int>(n, q);
  int *mv = sycl::malloc_shared<int>(n + 8, q);
  Pixel *pa = sycl::malloc_shared<Pixel>(16, q);
  Pixel *pb = sycl::malloc_shared<Pixel>(16, q);
  for (int i = 0; i < n; i++) src[i] = i * 3 + 1, dst[i] = -1;
  for (int i = 0; i < n + 8; i++) mv[i] = i;
  for (int i = 0; i < 16; i++) pa[i] = Pixel{{i + 0.5f, i + 1.5f, i + 2.5f}, i}, pb[i] = Pixel{};
  q.parallel_for(sycl::range<1>(n / per), [=](sycl::id<1> id) {
    for (int i = id[0] * per; i < (int)(id[0] + 1) * per; i++) dst[i] = src[i];  // llvm.memcpy
  }).wait();
  q.single_task([=] {
    for (int i = n + 7; i >= 8; i--) mv[i] = mv[i - 8];  // overlapping: llvm.memmove
    for (int i = 0; i < 16; i++) pb[15 - i] = pa[i];     // aggregate copies
  }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) bad += dst[i] != i * 3 + 1;
  for (int i = 8; i < n + 8; i++) bad += mv[i] != i - 8;
  for (int i = 0; i < 16; i++) {
    const Pixel &p = pb[15 - i];
    bad += p.tag != i || p.rgb[0] != i + 0.5f || p.rgb[1] != i + 1.5f || p.rgb[2] != i + 2.5f;
  }
  printf("copy_loops: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(src, q), sycl::free(dst, q), sycl::free(mv, q), sycl::free(pa, q), sycl::free(pb, q);
  return bad != 0;
}
