// vector_add_timing: how long the first kernel of a SYCL C++ program takes
// (libsycl builds its program then: the CUDA driver loads a cubin, or JIT-
// compiles the PTX under CUDA_FORCE_PTX_JIT=1), and the bandwidth of a
// vector add (c = a + b over USM device memory: 2 reads and 1 write of 4
// bytes per element) against the device's peak, from SYCL event profiling.
// Every element is checked exactly after the first launch, the second and
// the timed ones (the output is cleared before each of the three).
//   vector_add_timing [--n=ELEMENTS] [--reps=LAUNCHES]
// The peak is 2 (double data rate) x the memory clock x the bus width / 8,
// as the device reports them (sycl::ext::intel::info::device::
// memory_clock_rate, memory_bus_width: the CUDA adapter's
// CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE and GLOBAL_MEMORY_BUS_WIDTH).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

class TimedAdd;

namespace {

constexpr size_t kWorkGroup = 256;

double Ms(const sycl::event &e) {
  const auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
  const auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
  return static_cast<double>(end - start) * 1e-6;
}

sycl::event Launch(sycl::queue &q, const float *a, const float *b, float *c, size_t n) {
  return q.parallel_for<TimedAdd>(sycl::nd_range<1>(n, kWorkGroup),
                                  [=](sycl::nd_item<1> it) {
                                    const size_t i = it.get_global_id(0);
                                    c[i] = a[i] + b[i];
                                  });
}

// Copies c back and counts wrong elements (a[i] + b[i] is exact in float).
size_t Check(sycl::queue &q, const float *c, const std::vector<float> &a,
             const std::vector<float> &b, std::vector<float> &got) {
  std::fill(got.begin(), got.end(), -1.0f);
  q.memcpy(got.data(), c, got.size() * sizeof(float)).wait();
  return examples::CountWrong("vector_add_timing", got.data(), got.size(),
                              [&](size_t i) { return a[i] + b[i]; });
}

int Run(size_t n, int reps) {
  sycl::queue q(examples::IntelCpuDevice("vector_add_timing"),
                {sycl::property::queue::in_order(), sycl::property::queue::enable_profiling()});
  const sycl::device d = q.get_device();
  examples::PrintDevice(d);
  double peak = 0;
  if (d.has(sycl::aspect::ext_intel_memory_clock_rate) &&
      d.has(sycl::aspect::ext_intel_memory_bus_width)) {
    const uint32_t mhz = d.get_info<sycl::ext::intel::info::device::memory_clock_rate>();
    const uint32_t bits = d.get_info<sycl::ext::intel::info::device::memory_bus_width>();
    peak = 2.0 * mhz * 1e6 * bits / 8 / 1e9;
    std::printf("vector_add_timing: memory clock %u MHz, bus %u bits: peak %.1f GB/s (2 x clock x width / 8)\n",
                mhz, bits, peak);
  } else {
    std::printf("vector_add_timing: the device reports no memory clock rate and bus width: no peak\n");
  }

  std::vector<float> a(n), b(n), got(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i % 4096);
    b[i] = static_cast<float>(2 * (i % 1021));
  }
  float *da = sycl::malloc_device<float>(n, q);
  float *db = sycl::malloc_device<float>(n, q);
  float *dc = sycl::malloc_device<float>(n, q);
  if (!da || !db || !dc) {
    std::fprintf(stderr, "vector_add_timing: cannot allocate 3 x %zu floats on the device\n", n);
    return 1;
  }
  q.memcpy(da, a.data(), n * sizeof(float));
  q.memcpy(db, b.data(), n * sizeof(float));
  q.wait();

  // The program's first kernel: libsycl builds the program (the driver
  // loads or JIT-compiles the image) before it launches.
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  sycl::event first = Launch(q, da, db, dc, n);
  first.wait();
  const double first_wall = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  size_t wrong = Check(q, dc, a, b, got);
  q.memset(dc, 0, n * sizeof(float)).wait();
  t0 = Clock::now();
  sycl::event second = Launch(q, da, db, dc, n);
  second.wait();
  const double second_wall = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  wrong += Check(q, dc, a, b, got);
  std::printf("vector_add_timing: first launch %.3f ms wall (submit to end, program build included), kernel %.3f ms\n",
              first_wall, Ms(first));
  std::printf("vector_add_timing: second launch %.3f ms wall, kernel %.3f ms\n", second_wall, Ms(second));

  std::vector<double> times;
  q.memset(dc, 0, n * sizeof(float)).wait();
  for (int r = 0; r < reps; ++r) {
    sycl::event e = Launch(q, da, db, dc, n);
    e.wait();
    times.push_back(Ms(e));
  }
  wrong += Check(q, dc, a, b, got);
  std::sort(times.begin(), times.end());
  const double bytes = 3.0 * n * sizeof(float);
  const double best = times.front(), median = times[times.size() / 2];
  std::printf("vector_add_timing: %d launches of %zu elements (%.1f MB moved each): kernel best %.3f ms, median %.3f ms: %.1f GB/s best, %.1f GB/s median",
              reps, n, bytes / 1e6, best, median, bytes / best / 1e6, bytes / median / 1e6);
  if (peak > 0)
    std::printf(" = %.3f / %.3f of peak", bytes / best / 1e6 / peak, bytes / median / 1e6 / peak);
  std::printf("\n");
  sycl::free(da, q);
  sycl::free(db, q);
  sycl::free(dc, q);
  return wrong ? 1 : 0;
}

}  // namespace

int main(int argc, char **argv) {
  size_t n = size_t{1} << 28;  // 3 GiB moved per launch
  int reps = 20;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--n=", 4) == 0) {
      n = std::strtoull(argv[i] + 4, nullptr, 10);
    } else if (std::strncmp(argv[i], "--reps=", 7) == 0) {
      reps = std::atoi(argv[i] + 7);
    } else {
      std::fprintf(stderr, "usage: vector_add_timing [--n=ELEMENTS] [--reps=LAUNCHES]\n");
      return 2;
    }
  }
  if (n == 0 || n % kWorkGroup != 0 || reps < 1) {
    std::fprintf(stderr, "vector_add_timing: --n must be a positive multiple of %zu and --reps positive\n", kWorkGroup);
    return 2;
  }
  try {
    return Run(n, reps);
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "vector_add_timing: SYCL error: %s\n", e.what());
    return 1;
  }
}
