// SYCL 2020 specialization constants in images compiled ahead of time,
// which the runtime cannot specialize: their kernels read the constants from
// the spec-constant buffer libsycl passes them (emulation). A scalar and a
// struct constant, set per command group and left at their defaults, a
// kernel without constants beside them, and a constant read in a function
// the kernel calls. Exits 0 only if every value is exact.
#include <sycl/sycl.hpp>

#include <cstdio>

struct Params {
  int scale;
  char flag;  // padding after it
  double bias;
};

constexpr sycl::specialization_id<int> factor_id(3);
constexpr sycl::specialization_id<Params> params_id(Params{2, 1, 0.25});

class ReadSet;
class ReadDefault;
class NoConstants;
class Nested;

// Not inlined: the read happens in a function of its own, which takes the
// kernel's buffer as a parameter of its own (as every function between a
// kernel and kernel_handler::get_specialization_constant does at -O0).
// SPEC_AOT_EXTERNAL makes it SYCL_EXTERNAL: on the device link the split's
// image holds it internal, so it takes the buffer too (per TU it stays
// exported, and its compile fails in one line naming it).
#ifdef SPEC_AOT_EXTERNAL
__attribute__((noinline)) SYCL_EXTERNAL int ScaledFactor(sycl::kernel_handler kh, int x) {
#else
static __attribute__((noinline)) int ScaledFactor(sycl::kernel_handler kh, int x) {
#endif
  return x * kh.get_specialization_constant<factor_id>();
}

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  double *bias = sycl::malloc_shared<double>(2, q);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<factor_id>(7);
     h.set_specialization_constant<params_id>(Params{5, 0, 1.5});
     h.single_task<ReadSet>([=](sycl::kernel_handler kh) {
       out[0] = kh.get_specialization_constant<factor_id>();
       const Params p = kh.get_specialization_constant<params_id>();
       out[1] = p.scale;
       out[2] = p.flag;
       bias[0] = p.bias;
     });
   }).wait();
  q.submit([&](sycl::handler &h) {
     h.single_task<ReadDefault>([=](sycl::kernel_handler kh) {
       out[3] = kh.get_specialization_constant<factor_id>();
       const Params p = kh.get_specialization_constant<params_id>();
       out[4] = p.scale * 10 + p.flag;
       bias[1] = p.bias;
     });
   }).wait();
  q.submit([&](sycl::handler &h) { h.single_task<NoConstants>([=] { out[5] = 42; }); }).wait();
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<factor_id>(11);
     h.single_task<Nested>([=](sycl::kernel_handler kh) { out[6] = ScaledFactor(kh, 2); });
   }).wait();
  std::printf("set: %d %d %d %g\n", out[0], out[1], out[2], bias[0]);
  std::printf("default: %d %d %g\n", out[3], out[4], bias[1]);
  std::printf("no constants: %d\n", out[5]);
  std::printf("nested: %d\n", out[6]);
  const bool ok = out[0] == 7 && out[1] == 5 && out[2] == 0 && bias[0] == 1.5 && out[3] == 3 &&
                  out[4] == 21 && bias[1] == 0.25 && out[5] == 42 && out[6] == 22;
  std::printf("spec_aot: %s\n", ok ? "OK" : "FAILED");
  sycl::free(out, q);
  sycl::free(bias, q);
  return ok ? 0 : 1;
}
