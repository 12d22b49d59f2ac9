// <cmath> and sycl:: math calls in kernels, against the host's results
// within 16 float ulp (OpenCL's bound for erf and pow: the device's
// built-ins need not round as glibc does), and integer built-ins exactly.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdio>

static bool close(double got, double want, double ulps) {
  double tol = ulps * std::numeric_limits<float>::epsilon() * std::fmax(1.0, std::fabs(want));
  return std::fabs(got - want) <= tol;
}

int main() {
  sycl::queue q;
  const int n = 64, f = 20;
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n * f, q);
  unsigned *bits = sycl::malloc_shared<unsigned>(n * 3, q);
  for (int i = 0; i < n; i++) in[i] = 0.05f + i * 0.173f;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
    int i = id[0];
    float x = in[i];
    float *o = out + i * f;
    o[0] = std::sin(x);
    o[1] = std::cos(x);
    o[2] = std::exp(x * 0.25f);
    o[3] = std::log(x);
    o[4] = std::pow(x, 1.5f);
    o[5] = std::sqrt(x);
    o[6] = std::fabs(x - 3.0f);
    o[7] = std::floor(x * 2.0f);
    o[8] = std::fmod(x, 1.25f);
    o[9] = std::tanh(x - 5.0f);
    o[10] = std::atan2(x, 2.0f);
    o[11] = std::cbrt(x);
    o[12] = std::hypot(x, 1.0f);
    o[13] = std::erf(x * 0.1f);
    o[14] = sycl::sin(x) * sycl::sin(x) + sycl::cos(x) * sycl::cos(x);
    o[15] = sycl::clamp(x, 1.0f, 4.0f);
    o[16] = sycl::fma(x, 2.0f, 0.5f);
    o[17] = sycl::fmin(x, 2.0f) + sycl::fmax(x, 9.0f);
    o[18] = sycl::rsqrt(x);
    o[19] = sycl::exp2(x * 0.5f);
    unsigned u = unsigned(i * 2654435761u);
    bits[i * 3] = sycl::popcount(u);
    bits[i * 3 + 1] = sycl::clz(u | 1u);
    bits[i * 3 + 2] = sycl::rotate(u, 7u);
  }).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) {
    double x = in[i];
    const float *o = out + i * f;
    double want[f] = {std::sin(x), std::cos(x), std::exp(x * 0.25), std::log(x), std::pow(x, 1.5),
                      std::sqrt(x), std::fabs(x - 3.0), std::floor(x * 2.0), std::fmod(x, 1.25),
                      std::tanh(x - 5.0), std::atan2(x, 2.0), std::cbrt(x), std::hypot(x, 1.0),
                      std::erf(x * 0.1), 1.0, std::fmin(std::fmax(x, 1.0), 4.0), x * 2.0 + 0.5,
                      std::fmin(x, 2.0) + std::fmax(x, 9.0), 1.0 / std::sqrt(x), std::exp2(x * 0.5)};
    for (int k = 0; k < f; k++)
      if (!close(o[k], want[k], 16)) {
        if (bad < 5) printf("math_calls: x=%g function %d: %.9g, host %.9g\n", x, k, o[k], want[k]);
        bad++;
      }
    unsigned u = unsigned(i * 2654435761u);
    bad += bits[i * 3] != unsigned(__builtin_popcount(u));
    bad += bits[i * 3 + 1] != unsigned(__builtin_clz(u | 1u));
    bad += bits[i * 3 + 2] != ((u << 7) | (u >> 25));
  }
  printf("math_calls: %s\n", bad ? "FAIL" : "PASS");
  sycl::free(in, q), sycl::free(out, q), sycl::free(bits, q);
  return bad != 0;
}
