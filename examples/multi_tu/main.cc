// Host side of the multi_tu example: kernel_a (lib_kernels/a.cl, calling
// into b.cl and lib_math) and kernel_b (lib_kernels/b.cl), every result
// checked exactly.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tests/runtime/sycl_rt.h"

namespace {

constexpr uint32_t kN = 100003;

[[noreturn]] void Die(const char *what) {
  std::fprintf(stderr, "multi_tu: %s: %s\n", what, srt_last_error());
  std::exit(1);
}

void Check(int rc, const char *what) {
  if (rc != SRT_OK) Die(what);
}

// Host mirrors of the device functions.
int Scale(int x) { return 3 * x + 1; }
int Combine(int x, int y) { return 2 * x - y; }

// Runs `kernel` over in -> out and compares with want(in[i], i).
bool RunAndCheck(const char *kernel, srt_buffer *din, srt_buffer *dout,
                 const std::vector<int> &in, int (*want)(int, int)) {
  uint32_t n = kN;
  size_t global[1] = {kN};
  srt_arg args[3] = {srt_arg_buffer(dout), srt_arg_buffer(din),
                     srt_arg_value(&n, sizeof n)};
  Check(srt_launch(kernel, 1, global, nullptr, 3, args), kernel);
  std::vector<int> out(kN);
  Check(srt_buffer_read(dout, 0, out.data(), kN * sizeof(int)), "read");
  size_t wrong = 0;
  for (uint32_t i = 0; i < kN; ++i) {
    int w = want(in[i], static_cast<int>(i));
    if (out[i] != w && wrong++ < 5)
      std::fprintf(stderr, "%s: out[%u] = %d, expected %d\n", kernel, i,
                   out[i], w);
  }
  if (wrong) {
    std::fprintf(stderr, "%s: %zu of %u elements wrong\n", kernel, wrong, kN);
    return false;
  }
  std::printf("%s: %u elements OK\n", kernel, kN);
  return true;
}

}  // namespace

int main() {
  Check(srt_init(), "srt_init");
  std::vector<int> in(kN);
  for (uint32_t i = 0; i < kN; ++i) in[i] = static_cast<int>(i % 2001) - 1000;
  srt_buffer *din = srt_buffer_create(kN * sizeof(int));
  srt_buffer *dout = srt_buffer_create(kN * sizeof(int));
  if (!din || !dout) Die("srt_buffer_create");
  Check(srt_buffer_write(din, 0, in.data(), kN * sizeof(int)), "write");

  bool ok = RunAndCheck("kernel_a", din, dout, in,
                        [](int x, int i) { return Combine(Scale(x), i); });
  ok = RunAndCheck("kernel_b", din, dout, in,
                   [](int x, int i) { return Combine(x, i); }) && ok;

  srt_buffer_release(din);
  srt_buffer_release(dout);
  srt_teardown();
  return ok ? 0 : 1;
}
