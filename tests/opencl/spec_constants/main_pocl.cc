// Host side of the spec_constants example on tests/runtime (PoCL), for the
// emulated images: runs spec_scale with the constants' default values, then
// with values set through the test runtime, and checks every element. The
// emulated images read the values from the buffer argument the test runtime
// fills (libsycl passes that buffer itself; see main.cc for the native path).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "tests/runtime/sycl_rt.h"

namespace {

constexpr uint32_t kN = 4096;
constexpr size_t kWorkGroup = 64;

// The device's params_t: 12 bytes, 3 of them tail padding.
struct Params {
  int32_t factor;
  float bias;
  char flag;
};
static_assert(sizeof(Params) == 12, "params_t layout");

[[noreturn]] void Die(const char *what) {
  std::fprintf(stderr, "spec_constants: %s: %s\n", what, srt_last_error());
  std::exit(1);
}

void Check(int rc, const char *what) {
  if (rc != SRT_OK) Die(what);
}

// Runs the kernel and compares with the host formula for these constants.
bool Run(const char *label, srt_buffer *in, const std::vector<int> &host_in,
         int factor, const Params &p, bool negate) {
  srt_buffer *out = srt_buffer_create(kN * sizeof(float));
  if (!out) Die("srt_buffer_create");
  // Emulated images read the constants from this buffer; native ones
  // ignore it (their constants are in the program).
  srt_buffer *sc = nullptr;
  Check(srt_spec_constants_buffer("spec_scale", &sc), "spec-constant buffer");
  uint32_t n = kN;
  size_t global[1] = {kN};
  size_t local[1] = {kWorkGroup};
  srt_arg args[4] = {srt_arg_buffer(in), srt_arg_buffer(out), srt_arg_buffer(sc),
                     srt_arg_value(&n, sizeof n)};
  Check(srt_launch("spec_scale", 1, global, local, 4, args), "launch spec_scale");
  std::vector<float> got(kN);
  Check(srt_buffer_read(out, 0, got.data(), kN * sizeof(float)), "read out");
  srt_buffer_release(out);
  srt_buffer_release(sc);
  size_t wrong = 0;
  for (uint32_t i = 0; i < kN; ++i) {
    float v = static_cast<float>(host_in[i] * factor * p.factor) + (p.flag ? p.bias : 0.0f);
    float want = negate ? -v : v;
    if (got[i] != want && wrong++ < 5)
      std::fprintf(stderr, "spec_constants (%s): out[%u] = %g, expected %g\n", label, i,
                   got[i], want);
  }
  if (wrong) {
    std::fprintf(stderr, "spec_constants (%s): %zu of %u elements wrong\n", label, wrong, kN);
    return false;
  }
  std::printf("spec_constants (%s): %u elements OK\n", label, kN);
  return true;
}

}  // namespace

int main() {
  Check(srt_init(), "srt_init");
  std::vector<int> host_in(kN);
  for (uint32_t i = 0; i < kN; ++i) host_in[i] = static_cast<int>(i % 1000) - 500;
  srt_buffer *in = srt_buffer_create(kN * sizeof(int));
  if (!in) Die("srt_buffer_create");
  Check(srt_buffer_write(in, 0, host_in.data(), kN * sizeof(int)), "write in");

  // The defaults the device code gives the specialization_ids.
  bool ok = Run("defaults", in, host_in, 3, Params{2, 0.5f, 1}, false);

  int factor = -4;
  Params p{5, 1.25f, 1};
  unsigned char negate = 1;
  Check(srt_set_spec_constant("spec_constants_factor", &factor, sizeof factor), "set factor");
  Check(srt_set_spec_constant("spec_constants_params", &p, sizeof p), "set params");
  Check(srt_set_spec_constant("spec_constants_negate", &negate, sizeof negate), "set negate");
  ok = Run("set values", in, host_in, factor, p, true) && ok;

  // Back to the defaults: the images are rebuilt without the values.
  srt_reset_spec_constants();
  ok = Run("reset", in, host_in, 3, Params{2, 0.5f, 1}, false) && ok;

  srt_buffer_release(in);
  srt_teardown();
  return ok ? 0 : 1;
}
