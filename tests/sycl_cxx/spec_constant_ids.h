// A specialization_id with internal linkage in a header: every TU that
// includes it has its own id (and its own spec constant), which that TU's
// command groups set and its kernels read.
#ifndef RULES_SYCL_TESTS_SYCL_CXX_SPEC_CONSTANT_IDS_H_
#define RULES_SYCL_TESTS_SYCL_CXX_SPEC_CONSTANT_IDS_H_

#include <sycl/detail/core.hpp>
#include <sycl/specialization_id.hpp>

static constexpr sycl::specialization_id<int> header_id(11);

// The other TU's kernel reads its own header_id, set to value (or left at
// its default when set is false).
int OtherTuHeaderId(sycl::queue &q, bool set, int value);

#endif  // RULES_SYCL_TESTS_SYCL_CXX_SPEC_CONSTANT_IDS_H_
