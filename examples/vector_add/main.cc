// Host side of the vector_add example: runs vector_add then vector_scale
// (each from its own device image after a per-kernel split) through the
// sycl_rt test runtime and checks every element exactly.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tests/runtime/sycl_rt.h"

namespace {

constexpr uint32_t kN = 1u << 20;
constexpr size_t kWorkGroup = 64;

[[noreturn]] void Die(const char *what) {
  std::fprintf(stderr, "vector_add: %s: %s\n", what, srt_last_error());
  std::exit(1);
}

void Check(int rc, const char *what) {
  if (rc != SRT_OK) Die(what);
}

}  // namespace

int main() {
  Check(srt_init(), "srt_init");

  std::vector<int> a(kN), b(kN), c(kN);
  for (uint32_t i = 0; i < kN; ++i) {
    a[i] = static_cast<int>(i % 1999) - 1000;
    b[i] = static_cast<int>((i * 7u) % 4093) * 3;
  }
  const size_t bytes = kN * sizeof(int);
  srt_buffer *da = srt_buffer_create(bytes);
  srt_buffer *db = srt_buffer_create(bytes);
  srt_buffer *dc = srt_buffer_create(bytes);
  if (!da || !db || !dc) Die("srt_buffer_create");
  Check(srt_buffer_write(da, 0, a.data(), bytes), "write a");
  Check(srt_buffer_write(db, 0, b.data(), bytes), "write b");

  uint32_t n = kN;
  // One work-group more than there are elements, so the kernels' bounds
  // checks matter (an unchecked store would land outside the buffers).
  size_t global[1] = {kN + kWorkGroup};
  size_t local[1] = {kWorkGroup};

  srt_arg add_args[4] = {srt_arg_buffer(da), srt_arg_buffer(db),
                         srt_arg_buffer(dc), srt_arg_value(&n, sizeof n)};
  Check(srt_launch("vector_add", 1, global, local, 4, add_args),
        "launch vector_add");
  Check(srt_buffer_read(dc, 0, c.data(), bytes), "read c");
  size_t wrong = 0;
  for (uint32_t i = 0; i < kN; ++i) {
    if (c[i] != a[i] + b[i]) {
      if (wrong++ < 5)
        std::fprintf(stderr, "vector_add: c[%u] = %d, expected %d\n", i, c[i],
                     a[i] + b[i]);
    }
  }
  if (wrong) {
    std::fprintf(stderr, "vector_add: %zu of %u elements wrong\n", wrong, kN);
    return 1;
  }
  std::printf("vector_add: %u elements OK\n", kN);

  int factor = -3, offset = 11;
  srt_arg scale_args[4] = {srt_arg_buffer(dc), srt_arg_value(&factor, sizeof factor),
                           srt_arg_value(&offset, sizeof offset),
                           srt_arg_value(&n, sizeof n)};
  Check(srt_launch("vector_scale", 1, global, local, 4, scale_args),
        "launch vector_scale");
  Check(srt_buffer_read(dc, 0, c.data(), bytes), "read c");
  for (uint32_t i = 0; i < kN; ++i) {
    int want = (a[i] + b[i]) * factor + offset;
    if (c[i] != want) {
      if (wrong++ < 5)
        std::fprintf(stderr, "vector_scale: c[%u] = %d, expected %d\n", i, c[i],
                     want);
    }
  }
  if (wrong) {
    std::fprintf(stderr, "vector_scale: %zu of %u elements wrong\n", wrong, kN);
    return 1;
  }
  std::printf("vector_scale: %u elements OK\n", kN);

  srt_buffer_release(da);
  srt_buffer_release(db);
  srt_buffer_release(dc);
  srt_teardown();
  return 0;
}
