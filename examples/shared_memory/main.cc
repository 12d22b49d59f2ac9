// The shared_memory example: the three kinds of SYCL 2020 USM, single-source,
// on Intel's CPU OpenCL device. The host fills a malloc_shared allocation, a
// kernel updates it in place (nd_range) and the host reads the results
// through the same pointer without a copy; a second kernel then runs on a
// malloc_device copy (explicit memcpy both ways) reading a delta table from
// malloc_host memory (range). Every element is checked exactly, and the
// kernel must have seen the host's own address for the shared allocation.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

class SharedUpdate;
class SharedSubtract;

namespace {

constexpr uint32_t kN = 1u << 16;
constexpr size_t kWorkGroup = 64;

// Used on the host and in the kernels' checks.
int Initial(uint32_t i) { return static_cast<int>(i % 1013) - 500; }
int Delta(uint32_t j) { return static_cast<int>(j * j) - 7; }

const char *Kind(const void *p, const sycl::queue &q) {
  switch (sycl::get_pointer_type(p, q.get_context())) {
    case sycl::usm::alloc::shared: return "shared";
    case sycl::usm::alloc::device: return "device";
    case sycl::usm::alloc::host: return "host";
    default: return "unknown";
  }
}

int Run() {
  sycl::queue q(examples::IntelCpuDevice("shared_memory"),
                // In order: a memcpy after a kernel waits for it.
                sycl::property::queue::in_order());
  int *data = sycl::malloc_shared<int>(kN, q);
  int *delta = sycl::malloc_host<int>(16, q);
  auto *seen = sycl::malloc_host<uint64_t>(1, q);
  int *dev = sycl::malloc_device<int>(kN, q);
  std::printf("shared_memory: allocations: %s, %s, %s\n", Kind(data, q),
              Kind(delta, q), Kind(dev, q));

  // The host writes straight into the shared and host allocations.
  for (uint32_t i = 0; i < kN; ++i) data[i] = Initial(i);
  for (uint32_t j = 0; j < 16; ++j) delta[j] = Delta(j);
  *seen = 0;

  // data[i] = data[i] * 3 + i in place; work-item 0 records the address it
  // was given. One work-group more than there are elements: the bounds
  // check matters.
  q.parallel_for<SharedUpdate>(
       sycl::nd_range<1>(kN + kWorkGroup, kWorkGroup), [=](sycl::nd_item<1> it) {
         const size_t i = it.get_global_id(0);
         if (i == 0) *seen = reinterpret_cast<uintptr_t>(data);
         if (i < kN) data[i] = data[i] * 3 + static_cast<int>(i);
       })
      .wait();

  // The host reads the kernel's results through the same pointer.
  size_t wrong = examples::CountWrong("shared_memory: malloc_shared", data, kN,
                                      [](size_t i) {
                                        return Initial(i) * 3 + static_cast<int>(i);
                                      });
  const uint64_t host_addr = reinterpret_cast<uintptr_t>(data);
  if (*seen != host_addr) {
    std::fprintf(stderr,
                 "shared_memory: kernel saw 0x%" PRIx64 ", host pointer is 0x%" PRIx64 "\n",
                 *seen, host_addr);
    return 1;
  }
  std::printf("shared_memory: malloc_shared: kernel saw the host pointer 0x%" PRIx64 "\n",
              host_addr);

  // Device memory: explicit copies in and out; delta stays in host memory.
  q.memcpy(dev, data, kN * sizeof(int));
  q.parallel_for<SharedSubtract>(sycl::range<1>(kN), [=](sycl::id<1> i) {
    dev[i] -= delta[i % 16];
  });
  std::vector<int> out(kN);
  q.memcpy(out.data(), dev, kN * sizeof(int)).wait();
  wrong += examples::CountWrong(
      "shared_memory: malloc_device + malloc_host", out.data(), kN, [](size_t i) {
        return Initial(i) * 3 + static_cast<int>(i) - Delta(i % 16);
      });

  sycl::free(dev, q);
  sycl::free(seen, q);
  sycl::free(delta, q);
  sycl::free(data, q);
  return wrong ? 1 : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "shared_memory: SYCL error: %s\n", e.what());
    return 1;
  }
}
