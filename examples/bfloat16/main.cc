// The bfloat16 example: sycl::ext::oneapi::bfloat16 on the device. DPC++
// compiles its conversions to calls of the bfloat16 device library
// (__devicelib_ConvertFToBF16INTEL, ...), which the program's device images
// import; the build wraps Intel's bfloat16 device-library images (native
// and fallback) next to them and libsycl links the one the device can use.
// Three kernels, every result checked exactly against the host's own
// round-to-nearest-even:
//   bf16_convert: float -> bfloat16 -> float, bit for bit;
//   bf16_arith:   a * b + a - b in bfloat16 (each operation rounded);
//   bf16_sum:     a sycl::reduction of bfloat16 values widened to float.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

using sycl::ext::oneapi::bfloat16;

// Kernel names are declared at namespace scope: the integration header
// names them there.
class Bf16Convert;
class Bf16Arith;
class Bf16Sum;

namespace {

constexpr uint32_t kN = 1u << 16;

uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

float BitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// The host's reference: float to bfloat16 bits, rounded to nearest even
// (inputs are finite, so no NaN case).
uint16_t RoundToBf16(float f) {
  const uint32_t u = FloatBits(f);
  const uint32_t lsb = (u >> 16) & 1u;
  return static_cast<uint16_t>((u + 0x7fffu + lsb) >> 16);
}

float Bf16ToFloat(uint16_t b) { return BitsFloat(static_cast<uint32_t>(b) << 16); }

// A reproducible spread of finite normal floats of both signs, with
// exponents from 2^-span to 2^span and all 23 mantissa bits in use, so that
// every rounding case (down, up, ties to even) occurs.
std::vector<float> Inputs(uint32_t seed, uint32_t span) {
  std::vector<float> v(kN);
  uint32_t x = seed;
  for (uint32_t i = 0; i < kN; ++i) {
    x = x * 1664525u + 1013904223u;
    const uint32_t sign = (x >> 31) << 31;
    const uint32_t exponent = 127u - span + (x >> 8) % (2 * span + 1);
    uint32_t mantissa = (x * 2654435761u) & 0x7fffffu;
    if (i % 16 == 0) mantissa = (mantissa & ~0xffffu) | 0x8000u;  // a tie
    v[i] = BitsFloat(sign | (exponent << 23) | mantissa);
  }
  return v;
}

int Run() {
  sycl::queue q(examples::IntelCpuDevice("bfloat16"),
                sycl::property::queue::in_order());
  examples::PrintDevice(q.get_device());

  // Conversions over a wide range; the arithmetic's operands stay within
  // 2^-20..2^20, so no product or sum is denormal or infinite.
  const std::vector<float> a = Inputs(1, 60), b = Inputs(2, 20), c = Inputs(3, 20);
  float *da = sycl::malloc_shared<float>(kN, q);
  float *db = sycl::malloc_shared<float>(kN, q);
  float *dc = sycl::malloc_shared<float>(kN, q);
  uint16_t *bits = sycl::malloc_shared<uint16_t>(kN, q);
  float *back = sycl::malloc_shared<float>(kN, q);
  uint16_t *arith = sycl::malloc_shared<uint16_t>(kN, q);
  float *sum = sycl::malloc_shared<float>(1, q);
  std::copy(a.begin(), a.end(), da);
  std::copy(b.begin(), b.end(), db);
  std::copy(c.begin(), c.end(), dc);

  q.parallel_for<Bf16Convert>(sycl::range<1>(kN), [=](sycl::id<1> i) {
     const bfloat16 h(da[i]);
     bits[i] = sycl::bit_cast<uint16_t>(h);
     back[i] = static_cast<float>(h);
   }).wait();
  size_t wrong = examples::CountWrong("bf16_convert", bits, kN,
                                      [&](size_t i) { return RoundToBf16(a[i]); });
  wrong += examples::CountWrong("bf16_widen", back, kN, [&](size_t i) {
    return Bf16ToFloat(RoundToBf16(a[i]));
  });

  q.parallel_for<Bf16Arith>(sycl::range<1>(kN), [=](sycl::id<1> i) {
     const bfloat16 x(db[i]), y(dc[i]);
     const bfloat16 r = x * y + x - y;
     arith[i] = sycl::bit_cast<uint16_t>(r);
   }).wait();
  wrong += examples::CountWrong("bf16_arith", arith, kN, [&](size_t i) {
    const float x = Bf16ToFloat(RoundToBf16(b[i]));
    const float y = Bf16ToFloat(RoundToBf16(c[i]));
    const float p = Bf16ToFloat(RoundToBf16(x * y));
    const float s = Bf16ToFloat(RoundToBf16(p + x));
    return RoundToBf16(s - y);
  });

  // Integers from -100 to 100 are exact in bfloat16 and their sum is exact
  // in float, whatever order the reduction adds them in.
  *sum = 0.0f;
  q.submit([&](sycl::handler &h) {
     h.parallel_for<Bf16Sum>(
         sycl::range<1>(kN), sycl::reduction(sum, sycl::plus<float>()),
         [=](sycl::id<1> i, auto &acc) {
           const bfloat16 v(static_cast<float>(static_cast<int>(i % 201) - 100));
           acc += static_cast<float>(v);
         });
   }).wait();
  float want = 0.0f;
  for (uint32_t i = 0; i < kN; ++i) want += static_cast<float>(static_cast<int>(i % 201) - 100);
  wrong += examples::CountWrong("bf16_sum", sum, 1, [&](size_t) { return want; });

  for (void *p : {static_cast<void *>(da), static_cast<void *>(db),
                  static_cast<void *>(dc), static_cast<void *>(bits),
                  static_cast<void *>(back), static_cast<void *>(arith),
                  static_cast<void *>(sum)})
    sycl::free(p, q);
  return wrong ? 1 : 0;
}

}  // namespace

int main() {
  try {
    return Run();
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "bfloat16: SYCL error: %s\n", e.what());
    return 1;
  }
}
