// Vector conversions with an explicit rounding mode: libsycl-jit's SPIR-V
// decorates each conversion with FPRoundingMode; the device link's reverse
// translation gives the call both a rounding suffix in its builtin name
// (__spirv_ConvertFToU_Ruchar2_rte) and the decoration in
// !spirv.Decorations, and translator 22.1.0 wrote the decoration twice,
// which spirv-val rejects (tools/spirvdedup removes the repeat).
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>
int main() {
  sycl::queue q;
  constexpr int n = 64;
  float *in = sycl::malloc_shared<float>(2 * n, q);
  unsigned char *rte = sycl::malloc_shared<unsigned char>(2 * n, q);
  signed char *rtz = sycl::malloc_shared<signed char>(2 * n, q);
  int *rtp = sycl::malloc_shared<int>(2 * n, q);
  int *rtn = sycl::malloc_shared<int>(2 * n, q);
  for (int i = 0; i < 2 * n; i++) in[i] = i * 0.75f - 20.25f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     int i = id[0];
     sycl::float2 v{in[2 * i], in[2 * i + 1]};
     sycl::float2 a{sycl::fabs(v.x()), sycl::fabs(v.y())};
     auto e = a.convert<unsigned char, sycl::rounding_mode::rte>();
     auto z = v.convert<signed char, sycl::rounding_mode::rtz>();
     auto p = v.convert<int, sycl::rounding_mode::rtp>();
     auto m = v.convert<int, sycl::rounding_mode::rtn>();
     rte[2 * i] = e.x(), rte[2 * i + 1] = e.y();
     rtz[2 * i] = z.x(), rtz[2 * i + 1] = z.y();
     rtp[2 * i] = p.x(), rtp[2 * i + 1] = p.y();
     rtn[2 * i] = m.x(), rtn[2 * i + 1] = m.y();
   }).wait();
  int bad = 0;
  for (int i = 0; i < 2 * n; i++) {
    float x = in[i];
    bad += rte[i] != (unsigned char)std::nearbyint(std::fabs(x));  // ties to even
    bad += rtz[i] != (signed char)std::trunc(x);
    bad += rtp[i] != (int)std::ceil(x);
    bad += rtn[i] != (int)std::floor(x);
  }
  printf("rounding_conversions: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(in, q);
  sycl::free(rte, q);
  sycl::free(rtz, q);
  sycl::free(rtp, q);
  sycl::free(rtn, q);
  return bad != 0;
}
