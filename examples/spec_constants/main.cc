// The spec_constants example, single-source SYCL 2020: spec_scale reads three
// specialization constants (an int, a struct with tail padding, a bool)
// through kernel_handler::get_specialization_constant. It runs with the
// defaults, with values set by handler::set_specialization_constant, with
// the defaults again, and from an executable kernel_bundle built from an
// input bundle whose values were set with
// kernel_bundle::set_specialization_constant; every element is checked
// exactly. It also asks the input bundle whether the image lists the
// constants and whether they are native SPIR-V spec constants (spir64 is a
// JIT target: yes).
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

// 12 bytes, 3 of them tail padding.
struct Params {
  int32_t factor;
  float bias;
  char flag;
};
static_assert(sizeof(Params) == 12, "Params layout");

constexpr sycl::specialization_id<int> factor_id(3);
constexpr sycl::specialization_id<Params> params_id(Params{2, 0.5f, 1});
constexpr sycl::specialization_id<bool> negate_id(false);

// Kernel names live at namespace scope (the integration header declares
// them there).
class SpecScale;

namespace {

constexpr uint32_t kN = 4096;
constexpr size_t kWorkGroup = 64;

struct Values {
  int factor;
  Params params;
  bool negate;
};

float Expected(int in, const Values &v) {
  const float x = static_cast<float>(in * v.factor * v.params.factor) +
                  (v.params.flag ? v.params.bias : 0.0f);
  return v.negate ? -x : x;
}

using Executable = sycl::kernel_bundle<sycl::bundle_state::executable>;

// Runs spec_scale, setting the constants of `set` (none when null) or using
// the kernel bundle `exe` (when not null), and compares with the host
// formula for `want`.
size_t RunAndCheck(const char *label, sycl::queue &q, const int *in,
                   const std::vector<int> &host_in, const Values *set,
                   const Executable *exe, const Values &want) {
  float *out = sycl::malloc_shared<float>(kN, q);
  q.submit([&](sycl::handler &h) {
     if (exe) h.use_kernel_bundle(*exe);
     if (set) {
       h.set_specialization_constant<factor_id>(set->factor);
       h.set_specialization_constant<params_id>(set->params);
       h.set_specialization_constant<negate_id>(set->negate);
     }
     h.parallel_for<SpecScale>(
         sycl::nd_range<1>(kN, kWorkGroup),
         [=](sycl::nd_item<1> it, sycl::kernel_handler kh) {
           const size_t i = it.get_global_id(0);
           const int f = kh.get_specialization_constant<factor_id>();
           const Params p = kh.get_specialization_constant<params_id>();
           const bool neg = kh.get_specialization_constant<negate_id>();
           const float v = static_cast<float>(in[i] * f * p.factor) +
                           (p.flag ? p.bias : 0.0f);
           out[i] = neg ? -v : v;
         });
   }).wait();
  const std::string what = std::string("spec_constants (") + label + ")";
  const size_t wrong = examples::CountWrong(
      what.c_str(), out, kN, [&](size_t i) { return Expected(host_in[i], want); });
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

  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(
      q.get_context(), {q.get_device()}, {sycl::get_kernel_id<SpecScale>()});
  if (!input.has_specialization_constant<factor_id>() ||
      !input.has_specialization_constant<params_id>() ||
      !input.has_specialization_constant<negate_id>()) {
    std::fprintf(stderr, "spec_constants: the image does not list the specialization constants\n");
    return 1;
  }
  std::printf("spec_constants: native: %s\n",
              input.native_specialization_constant() ? "yes" : "no");

  const Values defaults{3, Params{2, 0.5f, 1}, false};
  size_t wrong = RunAndCheck("defaults", q, in, host_in, nullptr, nullptr, defaults);
  const Values set{-4, Params{5, 1.25f, 1}, true};
  wrong += RunAndCheck("set values", q, in, host_in, &set, nullptr, set);
  // A command group that sets nothing gets the defaults again.
  wrong += RunAndCheck("reset", q, in, host_in, nullptr, nullptr, defaults);

  // The values set on the input bundle are built into the executable one.
  const Values other{7, Params{-1, 2.5f, 0}, false};
  input.set_specialization_constant<factor_id>(other.factor);
  input.set_specialization_constant<params_id>(other.params);
  input.set_specialization_constant<negate_id>(other.negate);
  const Executable exe = sycl::build(input);
  wrong += RunAndCheck("kernel_bundle", q, in, host_in, nullptr, &exe, other);
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
