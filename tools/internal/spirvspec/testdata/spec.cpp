// Compiled by libsycl-jit.so.23.1 (intel-sycl-rt 2026.2.0, compileSYCL with
// format SPIR-V and -std=c++17 -fsycl-device-code-split=off) into spec.spv
// and spec.prop: one kernel reading three SYCL 2020 specialization
// constants, which the library leaves as calls to the spec-constant
// intrinsics.
#include <sycl/sycl.hpp>

struct Params {
  int factor;
  float bias;
  char flag;
};

constexpr sycl::specialization_id<int> factor_id(3);
constexpr sycl::specialization_id<Params> params_id(Params{2, 0.5f, 1});
constexpr sycl::specialization_id<bool> negate_id(false);

class Scale;

void Run(sycl::queue &q, const int *in, float *out) {
  q.parallel_for<Scale>(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
    const size_t i = it.get_global_id(0);
    const int f = kh.get_specialization_constant<factor_id>();
    const Params p = kh.get_specialization_constant<params_id>();
    const float v = static_cast<float>(in[i] * f * p.factor) + (p.flag ? p.bias : 0.0f);
    out[i] = kh.get_specialization_constant<negate_id>() ? -v : v;
  });
}
