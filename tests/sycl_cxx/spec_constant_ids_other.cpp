// The second TU of spec_constant_ids: its own copy of the header's
// internal-linkage id, through <sycl/sycl.hpp>.
#include <sycl/sycl.hpp>

#include "tests/sycl_cxx/spec_constant_ids.h"

int OtherTuHeaderId(sycl::queue &q, bool set, int value) {
  int *out = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler &cgh) {
     if (set) cgh.set_specialization_constant<header_id>(value);
     cgh.single_task<class OtherTuReadsHeaderId>(
         [=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<header_id>(); });
   }).wait();
  int v = *out;
  sycl::free(out, q);
  return v;
}
