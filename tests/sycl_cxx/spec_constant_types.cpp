// SYCL 2020 specialization constants of every kind of type DPC++'s
// SpecConstantsPass lowers: scalars (bool, char, short, int, long, half,
// float, double), vec<T, N> (vec3's storage has a fourth element; vec16),
// marray, std::array, and nested structs with padding inside and at the
// end. One kernel reads them all through kernel_handler and writes them
// out; the program runs it with the defaults, with values set by
// handler::set_specialization_constant, and from a kernel_bundle built
// with other values, and compares every member exactly (padding bytes are
// not compared). It also reads a vec spec constant back from the handler.
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

// Padding inside (after c, after s) and at the end (after b): 40 bytes.
struct Inner {
  int16_t s;
  int32_t i;
};
struct Padded {
  char c;
  double d;
  Inner in;
  std::array<int8_t, 3> bytes;
  bool b;
};
static_assert(sizeof(Padded) == 32, "Padded layout");

struct Values {
  bool b;
  char c;
  int16_t s;
  int32_t i;
  int64_t l;
  sycl::half h;
  float f;
  double d;
  sycl::vec<float, 4> v4;
  sycl::vec<int32_t, 3> v3;
  sycl::vec<char, 16> v16;
  sycl::marray<int16_t, 3> m3;
  std::array<int32_t, 5> a5;
  Padded p;
};

constexpr Values kDefaults{
    true,
    'x',
    -1234,
    -123456789,
    -1234567890123LL,
    sycl::half(1.5f),
    2.75f,
    -3.125,
    sycl::vec<float, 4>(1.0f, -2.0f, 3.5f, 4.25f),
    sycl::vec<int32_t, 3>(7, -8, 9),
    sycl::vec<char, 16>(20),
    sycl::marray<int16_t, 3>(11, -12, 13),
    std::array<int32_t, 5>{1, 2, 3, 4, 5},
    Padded{'p', 6.5, Inner{-7, 8}, {9, -10, 11}, true}};

constexpr sycl::specialization_id<bool> b_id(kDefaults.b);
constexpr sycl::specialization_id<char> c_id(kDefaults.c);
constexpr sycl::specialization_id<int16_t> s_id(kDefaults.s);
constexpr sycl::specialization_id<int32_t> i_id(kDefaults.i);
constexpr sycl::specialization_id<int64_t> l_id(kDefaults.l);
constexpr sycl::specialization_id<sycl::half> h_id(kDefaults.h);
constexpr sycl::specialization_id<float> f_id(kDefaults.f);
constexpr sycl::specialization_id<double> d_id(kDefaults.d);
constexpr sycl::specialization_id<sycl::vec<float, 4>> v4_id(kDefaults.v4);
constexpr sycl::specialization_id<sycl::vec<int32_t, 3>> v3_id(kDefaults.v3);
constexpr sycl::specialization_id<sycl::vec<char, 16>> v16_id(kDefaults.v16);
constexpr sycl::specialization_id<sycl::marray<int16_t, 3>> m3_id(kDefaults.m3);
constexpr sycl::specialization_id<std::array<int32_t, 5>> a5_id(kDefaults.a5);
constexpr sycl::specialization_id<Padded> p_id(kDefaults.p);

class ReadSpecConstants;

namespace {

using Executable = sycl::kernel_bundle<sycl::bundle_state::executable>;

void SetAll(sycl::handler &h, const Values &v) {
  h.set_specialization_constant<b_id>(v.b);
  h.set_specialization_constant<c_id>(v.c);
  h.set_specialization_constant<s_id>(v.s);
  h.set_specialization_constant<i_id>(v.i);
  h.set_specialization_constant<l_id>(v.l);
  h.set_specialization_constant<h_id>(v.h);
  h.set_specialization_constant<f_id>(v.f);
  h.set_specialization_constant<d_id>(v.d);
  h.set_specialization_constant<v4_id>(v.v4);
  h.set_specialization_constant<v3_id>(v.v3);
  h.set_specialization_constant<v16_id>(v.v16);
  h.set_specialization_constant<m3_id>(v.m3);
  h.set_specialization_constant<a5_id>(v.a5);
  h.set_specialization_constant<p_id>(v.p);
}

template <typename T, int N>
bool SameVec(const sycl::vec<T, N> &a, const sycl::vec<T, N> &b) {
  for (int k = 0; k < N; ++k)
    if (a[k] != b[k]) return false;
  return true;
}

// Counts the members of got that differ from want, naming each.
int Compare(const char *label, const Values &got, const Values &want) {
  int wrong = 0;
  auto check = [&](bool same, const char *member) {
    if (!same) {
      std::fprintf(stderr, "spec_constant_types (%s): %s differs\n", label, member);
      ++wrong;
    }
  };
  check(got.b == want.b, "bool");
  check(got.c == want.c, "char");
  check(got.s == want.s, "short");
  check(got.i == want.i, "int");
  check(got.l == want.l, "long");
  check(std::memcmp(&got.h, &want.h, sizeof(sycl::half)) == 0, "half");
  check(got.f == want.f, "float");
  check(got.d == want.d, "double");
  check(SameVec(got.v4, want.v4), "vec<float, 4>");
  check(SameVec(got.v3, want.v3), "vec<int, 3>");
  check(SameVec(got.v16, want.v16), "vec<char, 16>");
  for (int k = 0; k < 3; ++k) check(got.m3[k] == want.m3[k], "marray<short, 3>");
  check(got.a5 == want.a5, "array<int, 5>");
  check(got.p.c == want.p.c && got.p.d == want.p.d && got.p.in.s == want.p.in.s &&
            got.p.in.i == want.p.in.i && got.p.bytes == want.p.bytes &&
            got.p.b == want.p.b,
        "padded struct");
  if (wrong == 0) std::printf("spec_constant_types (%s): 14 constants OK\n", label);
  return wrong;
}

// Runs the kernel, setting `set` (when not null) or with the kernel bundle
// `exe` (when not null), and compares what it read with `want`.
int RunAndCheck(const char *label, sycl::queue &q, const Values *set,
                const Executable *exe, const Values &want) {
  Values *out = sycl::malloc_shared<Values>(1, q);
  std::memset(static_cast<void *>(out), 0, sizeof(Values));
  q.submit([&](sycl::handler &h) {
     if (exe) h.use_kernel_bundle(*exe);
     if (set) SetAll(h, *set);
     h.single_task<ReadSpecConstants>([=](sycl::kernel_handler kh) {
       out->b = kh.get_specialization_constant<b_id>();
       out->c = kh.get_specialization_constant<c_id>();
       out->s = kh.get_specialization_constant<s_id>();
       out->i = kh.get_specialization_constant<i_id>();
       out->l = kh.get_specialization_constant<l_id>();
       out->h = kh.get_specialization_constant<h_id>();
       out->f = kh.get_specialization_constant<f_id>();
       out->d = kh.get_specialization_constant<d_id>();
       out->v4 = kh.get_specialization_constant<v4_id>();
       out->v3 = kh.get_specialization_constant<v3_id>();
       out->v16 = kh.get_specialization_constant<v16_id>();
       out->m3 = kh.get_specialization_constant<m3_id>();
       out->a5 = kh.get_specialization_constant<a5_id>();
       out->p = kh.get_specialization_constant<p_id>();
     });
   }).wait();
  const int wrong = Compare(label, *out, want);
  sycl::free(out, q);
  return wrong;
}

int Run() {
  sycl::queue q(examples::IntelCpuDevice("spec_constant_types"),
                sycl::property::queue::in_order());
  int wrong = RunAndCheck("defaults", q, nullptr, nullptr, kDefaults);

  const Values set{false,
                   'Q',
                   4321,
                   987654321,
                   9876543210987LL,
                   sycl::half(-0.375f),
                   -0.0625f,
                   1e300,
                   sycl::vec<float, 4>(-1.5f, 2.5f, -3.5f, 1e-3f),
                   sycl::vec<int32_t, 3>(-70, 80, -90),
                   sycl::vec<char, 16>(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                       14, 15, 16),
                   sycl::marray<int16_t, 3>(-21, 22, -23),
                   std::array<int32_t, 5>{-5, -4, -3, -2, -1},
                   Padded{'z', -0.5, Inner{32767, -2147483647}, {-1, 0, 1}, false}};
  wrong += RunAndCheck("set values", q, &set, nullptr, set);

  // The handler reads back what it was set to (no kernel involved).
  const sycl::vec<char, 16> ref(5);
  sycl::vec<char, 16> back(0);
  q.submit([&](sycl::handler &h) {
     h.set_specialization_constant<v16_id>(ref);
     back = h.get_specialization_constant<v16_id>();
   }).wait();
  if (!SameVec(back, ref)) {
    std::fprintf(stderr, "spec_constant_types: handler get of vec<char, 16> differs\n");
    ++wrong;
  }

  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(
      q.get_context(), {q.get_device()}, {sycl::get_kernel_id<ReadSpecConstants>()});
  Values other = set;
  other.v3 = sycl::vec<int32_t, 3>(1, 1, 2);
  other.p.in.s = 3;
  other.a5[4] = 99;
  input.set_specialization_constant<v3_id>(other.v3);
  input.set_specialization_constant<p_id>(other.p);
  input.set_specialization_constant<a5_id>(other.a5);
  input.set_specialization_constant<b_id>(other.b);
  input.set_specialization_constant<c_id>(other.c);
  input.set_specialization_constant<s_id>(other.s);
  input.set_specialization_constant<i_id>(other.i);
  input.set_specialization_constant<l_id>(other.l);
  input.set_specialization_constant<h_id>(other.h);
  input.set_specialization_constant<f_id>(other.f);
  input.set_specialization_constant<d_id>(other.d);
  input.set_specialization_constant<v4_id>(other.v4);
  input.set_specialization_constant<v16_id>(other.v16);
  input.set_specialization_constant<m3_id>(other.m3);
  const Executable exe = sycl::build(input);
  wrong += RunAndCheck("kernel_bundle", q, nullptr, &exe, other);
  return wrong ? 1 : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "spec_constant_types: SYCL error: %s\n", e.what());
    return 1;
  }
}
