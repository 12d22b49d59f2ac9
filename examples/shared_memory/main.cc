// Host side of the shared_memory example: host and kernels share memory
// through srt_malloc_shared. The host fills the allocation, the kernels
// update it in place, and the host reads the results through the same
// pointer without any explicit copy; every element is checked exactly.
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "tests/runtime/sycl_rt.h"

namespace {

constexpr uint32_t kN = 1u << 16;
constexpr size_t kWorkGroup = 64;

[[noreturn]] void Die(const char *what) {
  std::fprintf(stderr, "shared_memory: %s: %s\n", what, srt_last_error());
  std::exit(1);
}

void Check(int rc, const char *what) {
  if (rc != SRT_OK) Die(what);
}

int Initial(uint32_t i) { return static_cast<int>(i % 1013) - 500; }
int Delta(uint32_t j) { return static_cast<int>(j * j) - 7; }

}  // namespace

int main() {
  Check(srt_init(), "srt_init");
  const int mode = srt_shared_mode();
  const char *mode_name = srt_shared_mode_name(mode);

  int *data = static_cast<int *>(srt_malloc_shared(kN * sizeof(int)));
  int *delta = static_cast<int *>(srt_malloc_shared(16 * sizeof(int)));
  auto *seen = static_cast<uint64_t *>(srt_malloc_shared(sizeof(uint64_t)));
  if (!data || !delta || !seen) Die("srt_malloc_shared");

  // The host writes straight into the shared allocations.
  for (uint32_t i = 0; i < kN; ++i) data[i] = Initial(i);
  for (uint32_t j = 0; j < 16; ++j) delta[j] = Delta(j);
  *seen = 0;

  uint32_t n = kN;
  // One work-group more than there are elements: the bounds checks matter.
  size_t global[1] = {kN + kWorkGroup};
  size_t local[1] = {kWorkGroup};
  srt_arg update_args[3] = {srt_arg_shared(data), srt_arg_shared(seen),
                            srt_arg_value(&n, sizeof n)};
  Check(srt_launch("shared_update", 1, global, local, 3, update_args),
        "launch shared_update");
  srt_arg subtract_args[3] = {srt_arg_shared(data), srt_arg_shared(delta),
                              srt_arg_value(&n, sizeof n)};
  Check(srt_launch("shared_subtract", 1, global, local, 3, subtract_args),
        "launch shared_subtract");

  // The host reads the kernels' results through the same pointer.
  size_t wrong = 0;
  for (uint32_t i = 0; i < kN; ++i) {
    int want = Initial(i) * 3 + static_cast<int>(i) - Delta(i % 16);
    if (data[i] != want && wrong++ < 5)
      std::fprintf(stderr, "shared_memory: data[%u] = %d, expected %d\n", i,
                   data[i], want);
  }
  if (wrong) {
    std::fprintf(stderr, "shared_memory: %zu of %u elements wrong\n", wrong, kN);
    return 1;
  }

  // With SVM the kernel was handed the host's own address; emulation hands
  // it a device buffer that the runtime copies to and from.
  const uint64_t host_addr = reinterpret_cast<uintptr_t>(data);
  if (mode == SRT_SHARED_EMULATED) {
    std::printf("shared_memory: emulated: device used its own copy at 0x%" PRIx64
                " (host 0x%" PRIx64 "), migrated by the runtime\n",
                *seen, host_addr);
  } else if (*seen != host_addr) {
    std::fprintf(stderr,
                 "shared_memory: %s: kernel saw 0x%" PRIx64 ", host pointer is 0x%" PRIx64 "\n",
                 mode_name, *seen, host_addr);
    return 1;
  } else {
    std::printf("shared_memory: %s: kernel saw the host pointer 0x%" PRIx64 "\n",
                mode_name, host_addr);
  }
  srt_free_shared(seen);
  srt_free_shared(delta);
  srt_free_shared(data);
  std::printf("shared_memory: %s: %u elements OK\n", mode_name, kN);
  return 0;
}
