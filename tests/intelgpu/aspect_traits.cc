// sycl::any_device_has and sycl::all_devices_have as DPC++'s driver defines
// them for the program's device targets (rules/private/device_traits.bzl),
// for seven aspects, one bit each, in this order: cpu, gpu, fp16, fp64,
// atomic64, ext_intel_esimd, usm_shared_allocations. The expected bits come
// as EXPECTED_ANY and EXPECTED_ALL; the static_asserts check them in the
// host compile and in every device compile (DPC++ defines the same macros
// in each), and run, a kernel's values are checked against the host's.
#include <cstdio>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

namespace {

template <template <sycl::aspect> class Trait>
constexpr int Bits() {
  return Trait<sycl::aspect::cpu>::value << 6 | Trait<sycl::aspect::gpu>::value << 5 |
         Trait<sycl::aspect::fp16>::value << 4 | Trait<sycl::aspect::fp64>::value << 3 |
         Trait<sycl::aspect::atomic64>::value << 2 | Trait<sycl::aspect::ext_intel_esimd>::value << 1 |
         Trait<sycl::aspect::usm_shared_allocations>::value;
}

static_assert(Bits<sycl::any_device_has>() == EXPECTED_ANY, "any_device_has differs from the expected aspects");
static_assert(Bits<sycl::all_devices_have>() == EXPECTED_ALL, "all_devices_have differs from the expected aspects");

}  // namespace

int main() {
  sycl::queue q(examples::IntelCpuDevice("aspect_traits"));
  examples::PrintDevice(q.get_device());
  int *device = sycl::malloc_shared<int>(2, q);
  q.parallel_for<class DeviceTraits>(sycl::range<1>(1), [=](sycl::id<1>) {
     device[0] = Bits<sycl::any_device_has>();
     device[1] = Bits<sycl::all_devices_have>();
   }).wait();
  const int host[2] = {Bits<sycl::any_device_has>(), Bits<sycl::all_devices_have>()};
  int bad = 0;
  for (int i = 0; i < 2; ++i) {
    std::printf("%-16s host 0x%02x device 0x%02x\n", i ? "all_devices_have" : "any_device_has", host[i], device[i]);
    bad += host[i] != device[i];
  }
  sycl::free(device, q);
  std::printf("aspect traits: %s (%d wrong)\n", bad ? "FAIL" : "OK", bad);
  return bad != 0;
}
