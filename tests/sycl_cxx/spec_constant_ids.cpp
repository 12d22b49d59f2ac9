// SYCL 2020 specialization constants set through the handler
// (handler::set_specialization_constant<id>) with ids of every linkage and
// scope a program declares them in: namespace-scope static, anonymous
// namespace, class static member, inline variable, a default-constructed
// array-typed id (the SYCL 2020 specification's convolution example), an
// internal-linkage id from a header that another TU includes too, and one
// set but never read. Like Intel's e2e tests, this TU includes
// <sycl/detail/core.hpp>, not <sycl/sycl.hpp>: in DPC++ 2026.2 that header
// leaves handler::set_specialization_constant declared only (its definition
// is in <sycl/kernel_bundle.hpp>), and syclc's integration footer brings
// it (tools/syclc/README.md). Each value is checked exactly, with the
// defaults and with values set.
#include <array>
#include <cstdio>

#include <sycl/detail/core.hpp>
#include <sycl/specialization_id.hpp>
#include <sycl/usm.hpp>

#include "tests/sycl_cxx/spec_constant_ids.h"

using coeff_t = std::array<std::array<float, 3>, 3>;

namespace ids {
static constexpr sycl::specialization_id<int> static_id(1);
struct Holder {
  static constexpr sycl::specialization_id<short> member_id{2};
};
inline constexpr sycl::specialization_id<double> inline_id(3.5);
constexpr sycl::specialization_id<coeff_t> coeff_id;
constexpr sycl::specialization_id<long> unread_id(6);
}  // namespace ids

namespace {
constexpr sycl::specialization_id<char> anonymous_id('a');
}  // namespace

struct Read {
  int static_v;
  short member_v;
  double inline_v;
  coeff_t coeff_v;
  char anonymous_v;
  int header_v;
};

static Read Run(sycl::queue &q, bool set) {
  Read *out = sycl::malloc_shared<Read>(1, q);
  q.submit([&](sycl::handler &cgh) {
     if (set) {
       cgh.set_specialization_constant<ids::static_id>(101);
       cgh.set_specialization_constant<ids::Holder::member_id>(102);
       cgh.set_specialization_constant<ids::inline_id>(103.25);
       coeff_t c{};
       for (int i = 0; i < 3; i++)
         for (int j = 0; j < 3; j++) c[i][j] = 10.0f * i + j + 0.5f;
       cgh.set_specialization_constant<ids::coeff_id>(c);
       cgh.set_specialization_constant<anonymous_id>('z');
       cgh.set_specialization_constant<header_id>(111);
       cgh.set_specialization_constant<ids::unread_id>(106);
     }
     cgh.single_task<class ReadIds>([=](sycl::kernel_handler kh) {
       out->static_v = kh.get_specialization_constant<ids::static_id>();
       out->member_v = kh.get_specialization_constant<ids::Holder::member_id>();
       out->inline_v = kh.get_specialization_constant<ids::inline_id>();
       out->coeff_v = kh.get_specialization_constant<ids::coeff_id>();
       out->anonymous_v = kh.get_specialization_constant<anonymous_id>();
       out->header_v = kh.get_specialization_constant<header_id>();
     });
   }).wait();
  Read r = *out;
  sycl::free(out, q);
  return r;
}

static int Check(const char *what, const Read &r, bool set) {
  int bad = 0;
  auto expect = [&](const char *name, double got, double want) {
    if (got != want) {
      std::printf("spec_constant_ids (%s): %s is %g, expected %g\n", what, name, got, want);
      bad++;
    }
  };
  expect("static_id", r.static_v, set ? 101 : 1);
  expect("Holder::member_id", r.member_v, set ? 102 : 2);
  expect("inline_id", r.inline_v, set ? 103.25 : 3.5);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) expect("coeff_id", r.coeff_v[i][j], set ? 10.0f * i + j + 0.5f : 0.0f);
  expect("anonymous_id", r.anonymous_v, set ? 'z' : 'a');
  expect("header_id", r.header_v, set ? 111 : 11);
  if (!bad) std::printf("spec_constant_ids (%s): 6 ids, 14 values OK\n", what);
  return bad;
}

int main() {
  sycl::queue q;
  int bad = Check("defaults", Run(q, false), false);
  bad += Check("set through the handler", Run(q, true), true);
  // The other TU's header_id is another spec constant: neither this TU's
  // value nor its own default leaks across.
  int other_default = OtherTuHeaderId(q, false, 0), other_set = OtherTuHeaderId(q, true, 222);
  if (other_default == 11 && other_set == 222) {
    std::printf("spec_constant_ids (the other TU's header_id): default 11, set 222 OK\n");
  } else {
    std::printf("spec_constant_ids (the other TU's header_id): %d and %d, expected 11 and 222\n", other_default, other_set);
    bad++;
  }
  return bad != 0;
}
