// sycl_ext_oneapi_work_group_scratch_memory: the work_group_scratch_size
// kernel property and get_work_group_scratch_memory(). For SPIR-V the
// library's SYCLLowerWGLocalMemory pass turns the scratch memory into an
// extra __local kernel parameter, named in the image's
// [SYCL/implicit local arg] set, which libsycl sets at launch to the
// property's size; a wrong index or a missing set leaves the kernel reading
// an unset argument. The kernels are the patterns of Intel's e2e tests
// (WorkGroupScratchMemory/), launched in bounds: every work-item writes its
// slots, the group synchronises, and each reads a neighbour's slots, so the
// memory must be one allocation per work-group.
//   accessor: a buffer accessor, whose range arguments the library drops as
//             dead, so the implicit argument's index is not the source count;
//   alias:    two calls return the same pointer;
//   local_accessor: scratch memory next to a local_accessor, not overlapping;
//   functor:  the property from a functor's get(properties_tag), USM, the
//             size chosen at run time, two launches with different sizes;
//   unused:   the property on a kernel that never asks for the memory.
// Lambdas carry the property in a launch_config (nd_launch), as the
// header's deprecation of parallel_for(range, properties, ...) asks; the
// header's nd_launch still calls that overload, hence its warnings.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/ext/oneapi/work_group_scratch_memory.hpp>
#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

namespace syclex = sycl::ext::oneapi::experimental;

constexpr size_t kWg = 32;      // work-items per group
constexpr size_t kGroups = 4;   // work-groups
constexpr size_t kRepeat = 16;  // slots per work-item
constexpr size_t kPerGroup = kWg * kRepeat;
constexpr size_t kN = kPerGroup * kGroups;

const sycl::nd_range<1> kRange{sycl::range<1>(kWg * kGroups), sycl::range<1>(kWg)};

size_t Accessor(sycl::queue &q) {
  std::vector<int> out(kN, -1);
  {
    sycl::buffer<int, 1> buf(out.data(), sycl::range<1>(kN));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::read_write);
      syclex::properties props{syclex::work_group_scratch_size(kPerGroup * sizeof(int))};
      syclex::nd_launch(h, syclex::launch_config(kRange, props), [=](sycl::nd_item<1> it) {
        int *scratch = static_cast<int *>(syclex::get_work_group_scratch_memory());
        const size_t lid = it.get_local_linear_id();
        for (size_t r = 0; r < kRepeat; ++r) scratch[kWg * r + lid] = static_cast<int>(lid);
        sycl::group_barrier(it.get_group());
        const size_t other = lid ^ 1;
        for (size_t r = 0; r < kRepeat; ++r)
          acc[it.get_group_linear_id() * kPerGroup + kWg * r + other] = scratch[kWg * r + other];
      });
    });
  }
  return examples::CountWrong("work_group_scratch_memory (accessor)", out.data(), kN,
                              [](size_t i) { return static_cast<int>(i % kWg); });
}

size_t Alias(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(kN, q);
  q.submit([&](sycl::handler &h) {
    syclex::properties props{syclex::work_group_scratch_size(kPerGroup * sizeof(int))};
    syclex::nd_launch(h, syclex::launch_config(kRange, props), [=](sycl::nd_item<1> it) {
      int *scratch = static_cast<int *>(syclex::get_work_group_scratch_memory());
      const size_t lid = it.get_local_linear_id();
      for (size_t r = 0; r < kRepeat; ++r) scratch[kWg * r + lid] = static_cast<int>(lid);
      sycl::group_barrier(it.get_group());
      const unsigned *alias = static_cast<const unsigned *>(syclex::get_work_group_scratch_memory());
      const int same = static_cast<const void *>(alias) == static_cast<const void *>(scratch) ? 0 : 1000;
      const size_t other = lid ^ 1;
      for (size_t r = 0; r < kRepeat; ++r)
        out[it.get_group_linear_id() * kPerGroup + kWg * r + other] =
            static_cast<int>(alias[kWg * r + other]) + same;
    });
  }).wait();
  const size_t wrong = examples::CountWrong("work_group_scratch_memory (alias)", out, kN,
                                            [](size_t i) { return static_cast<int>(i % kWg); });
  sycl::free(out, q);
  return wrong;
}

size_t LocalAccessor(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(kN, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<int, 1> local(sycl::range<1>(kPerGroup), h);
    syclex::properties props{syclex::work_group_scratch_size(kPerGroup * sizeof(int))};
    syclex::nd_launch(h, syclex::launch_config(kRange, props), [=](sycl::nd_item<1> it) {
      int *scratch = static_cast<int *>(syclex::get_work_group_scratch_memory());
      const size_t lid = it.get_local_linear_id();
      for (size_t r = 0; r < kRepeat; ++r) {
        scratch[kWg * r + lid] = static_cast<int>(lid);
        local[kWg * r + lid] = 100 + static_cast<int>(lid);
      }
      sycl::group_barrier(it.get_group());
      const size_t other = lid ^ 1;
      for (size_t r = 0; r < kRepeat; ++r)
        out[it.get_group_linear_id() * kPerGroup + kWg * r + other] =
            scratch[kWg * r + other] * 1000 + local[kWg * r + other];
    });
  }).wait();
  const size_t wrong = examples::CountWrong("work_group_scratch_memory (local_accessor)", out, kN, [](size_t i) {
    const int l = static_cast<int>(i % kWg);
    return l * 1000 + 100 + l;
  });
  sycl::free(out, q);
  return wrong;
}

// The property through get(properties_tag), as a functor carries it.
template <typename Props>
struct ScratchReverse {
  Props props;
  int64_t *out;
  size_t repeat;  // slots per work-item: the scratch size is kWg * repeat
  void operator()(sycl::nd_item<1> it) const {
    int64_t *scratch = static_cast<int64_t *>(syclex::get_work_group_scratch_memory());
    const size_t lid = it.get_local_linear_id();
    const size_t base = it.get_group_linear_id() * kWg * repeat;
    for (size_t r = 0; r < repeat; ++r) scratch[kWg * r + lid] = static_cast<int64_t>(base + kWg * r + lid);
    sycl::group_barrier(it.get_group());
    const size_t last = kWg * repeat - 1;
    for (size_t r = 0; r < repeat; ++r) out[base + kWg * r + lid] = scratch[last - (kWg * r + lid)];
  }
  auto get(syclex::properties_tag) const { return props; }
};

size_t Functor(sycl::queue &q, size_t repeat) {
  const size_t n = kWg * repeat * kGroups;
  int64_t *out = sycl::malloc_shared<int64_t>(n, q);
  syclex::properties props{syclex::work_group_scratch_size(kWg * repeat * sizeof(int64_t))};
  q.parallel_for(kRange, ScratchReverse<decltype(props)>{props, out, repeat}).wait();
  char what[64];
  std::snprintf(what, sizeof(what), "work_group_scratch_memory (functor, %zu bytes)",
                kWg * repeat * sizeof(int64_t));
  const size_t per_group = kWg * repeat;
  const size_t wrong = examples::CountWrong(what, out, n, [per_group](size_t i) {
    const size_t base = i / per_group * per_group;
    return static_cast<int64_t>(base + per_group - 1 - (i - base));
  });
  sycl::free(out, q);
  return wrong;
}

size_t Unused(sycl::queue &q) {
  int *out = sycl::malloc_shared<int>(kWg * kGroups, q);
  syclex::properties props{syclex::work_group_scratch_size(kPerGroup * sizeof(int))};
  q.submit([&](sycl::handler &h) {
    syclex::nd_launch(h, syclex::launch_config(kRange, props), [=](sycl::nd_item<1> it) {
      out[it.get_global_linear_id()] = static_cast<int>(it.get_group_linear_id());
    });
  }).wait();
  const size_t wrong = examples::CountWrong("work_group_scratch_memory (unused)", out, kWg * kGroups,
                                            [](size_t i) { return static_cast<int>(i / kWg); });
  sycl::free(out, q);
  return wrong;
}

int main() {
  sycl::queue q(examples::IntelCpuDevice("work_group_scratch_memory"));
  size_t wrong = Accessor(q) + Alias(q) + LocalAccessor(q) + Functor(q, kRepeat) + Functor(q, 3) + Unused(q);
  return wrong ? 1 : 0;
}
