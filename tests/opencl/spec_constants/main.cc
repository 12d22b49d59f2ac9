// Host side of the spec_constants example, SYCL 2020 host code on Intel's
// libsycl: spec_scale reads three specialization constants (an int, a struct
// with tail padding, a bool). It runs with the defaults, with values set on
// an input kernel_bundle (set_specialization_constant, then sycl::build) and
// with a fresh bundle again; every element is checked exactly.
//
// set_specialization_constant<id> finds the constant through
// detail::get_spec_constant_symbolic_ID_impl<id>(), which has no primary
// definition: DPC++ writes one specialization per specialization_id into
// the integration footer of each host TU. Host code compiled without a SYCL
// compiler writes those few lines itself, naming the symbolic IDs the device
// code (spec_constants.cl) uses; the runtime then maps them to SPIR-V spec
// constant IDs through the image's "SYCL/specialization constants" property
// set and sets them when it builds the program.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "tests/opencl/common/by_name.h"

// The device's params_t: 12 bytes, 3 of them tail padding.
struct Params {
  int32_t factor;
  float bias;
  char flag;
};
static_assert(sizeof(Params) == 12, "params_t layout");

// The defaults match the device code's.
constexpr sycl::specialization_id<int> factor_id(3);
constexpr sycl::specialization_id<Params> params_id(Params{2, 0.5f, 1});
constexpr sycl::specialization_id<bool> negate_id(false);

// What DPC++'s integration footer would say.
namespace sycl {
inline namespace _V1 {
namespace detail {
template <>
inline const char *get_spec_constant_symbolic_ID_impl<::factor_id>() {
  return "spec_constants_factor";
}
template <>
inline const char *get_spec_constant_symbolic_ID_impl<::params_id>() {
  return "spec_constants_params";
}
template <>
inline const char *get_spec_constant_symbolic_ID_impl<::negate_id>() {
  return "spec_constants_negate";
}
}  // namespace detail
}  // namespace _V1
}  // namespace sycl
// The footer ends with this: the wrapper that calls the specializations.
#include <sycl/detail/spec_const_integration.hpp>

namespace {

constexpr uint32_t kN = 4096;
constexpr size_t kWorkGroup = 64;

using Input = sycl::kernel_bundle<sycl::bundle_state::input>;

// Builds `input`, runs spec_scale and compares with the host formula.
size_t RunAndCheck(const char *label, sycl::queue &q, const Input &input,
                   const int *in, const std::vector<int> &host_in, int factor,
                   const Params &p, bool negate) {
  const sycl::kernel_id id = by_name::KernelId("spec_constants", "spec_scale");
  auto exe = sycl::build(input);
  sycl::kernel k = exe.get_kernel(id);
  float *out = sycl::malloc_shared<float>(kN, q);
  // sc_buf: only emulated images read it; native ones ignore it.
  int *unused = sycl::malloc_device<int>(1, q);
  q.submit([&](sycl::handler &h) {
     h.set_args(in, out, unused, kN);
     h.parallel_for(sycl::nd_range<1>(kN, kWorkGroup), k);
   }).wait();
  std::string what = std::string("spec_constants (") + label + ")";
  const size_t wrong = examples::CountWrong(what.c_str(), out, kN, [&](size_t i) {
    const float v = static_cast<float>(host_in[i] * factor * p.factor) +
                    (p.flag ? p.bias : 0.0f);
    return negate ? -v : v;
  });
  sycl::free(unused, q);
  sycl::free(out, q);
  return wrong;
}

int Run() {
  sycl::queue q(examples::IntelCpuDevice("spec_constants"),
                sycl::property::queue::in_order());
  std::vector<int> host_in(kN);
  for (uint32_t i = 0; i < kN; ++i) host_in[i] = static_cast<int>(i % 1000) - 500;
  int *in = sycl::malloc_device<int>(kN, q);
  q.memcpy(in, host_in.data(), kN * sizeof(int)).wait();

  const sycl::kernel_id id = by_name::KernelId("spec_constants", "spec_scale");
  auto input = [&] {
    return sycl::get_kernel_bundle<sycl::bundle_state::input>(
        q.get_context(), {q.get_device()}, {id});
  };

  Input defaults = input();
  if (!defaults.has_specialization_constant<factor_id>() ||
      !defaults.has_specialization_constant<params_id>() ||
      !defaults.has_specialization_constant<negate_id>()) {
    std::fprintf(stderr, "spec_constants: the image does not list the specialization constants\n");
    return 1;
  }
  std::printf("spec_constants: native: %s\n",
              defaults.native_specialization_constant() ? "yes" : "no");
  size_t wrong = RunAndCheck("defaults", q, defaults, in, host_in, 3,
                             Params{2, 0.5f, 1}, false);

  Input set = input();
  const Params p{5, 1.25f, 1};
  set.set_specialization_constant<factor_id>(-4);
  set.set_specialization_constant<params_id>(p);
  set.set_specialization_constant<negate_id>(true);
  wrong += RunAndCheck("set values", q, set, in, host_in, -4, p, true);

  // A fresh bundle has the defaults again.
  wrong += RunAndCheck("reset", q, input(), in, host_in, 3, Params{2, 0.5f, 1},
                       false);
  sycl::free(in, q);
  return wrong ? 1 : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "spec_constants: SYCL error: %s\n", e.what());
    return 1;
  }
}
