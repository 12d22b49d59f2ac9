// Runs a kernel whose device image lives in a shared library. The program
// calls nothing in that library: only the registration keeps it useful, so
// this also checks that --as-needed did not drop it.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "tests/runtime/sycl_rt.h"

int main() {
  const uint32_t n = 100000;
  if (srt_init() != SRT_OK) {
    std::fprintf(stderr, "shared_library: %s\n", srt_last_error());
    return 1;
  }
  srt_buffer *out = srt_buffer_create(n * sizeof(int));
  size_t global[1] = {n};
  srt_arg args[2] = {srt_arg_buffer(out), srt_arg_value(&n, sizeof n)};
  std::vector<int> host(n);
  if (out == nullptr || srt_launch("shared_square", 1, global, nullptr, 2, args) != SRT_OK ||
      srt_buffer_read(out, 0, host.data(), n * sizeof(int)) != SRT_OK) {
    std::fprintf(stderr, "shared_library: %s\n", srt_last_error());
    return 1;
  }
  size_t wrong = 0;
  for (uint32_t i = 0; i < n; ++i)
    if (host[i] != static_cast<int>((uint64_t{i} * i) % 1000003)) ++wrong;
  srt_buffer_release(out);
  if (wrong) {
    std::fprintf(stderr, "shared_square: %zu of %u elements wrong\n", wrong, n);
    return 1;
  }
  std::printf("shared_square: %u elements OK\n", n);
  return 0;
}
