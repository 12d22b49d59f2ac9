// Three kernels whose device requirements differ, as DPC++'s device config
// file weighs them for Intel GPUs: Plain needs nothing; UsesDouble uses
// double (aspect fp64: Ponte Vecchio has it, Tiger Lake does not);
// SubGroupOf8 requires sub-groups of 8 (Tiger Lake has them, Ponte
// Vecchio does not). Built per kernel for spir64, intel_gpu_pvc and
// intel_gpu_tgllp, each GPU gets the images it supports only, as with
// DPC++ (intel_gpu_image_test checks which); all three run here, on the
// CPU device, from the SPIR-V images, and every result is checked.
#include <cstdio>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

class Plain;
class UsesDouble;
class SubGroupOf8;

int main() {
  sycl::queue q(examples::IntelCpuDevice("requirements"));
  examples::PrintDevice(q.get_device());
  constexpr int n = 64;
  int *plain = sycl::malloc_shared<int>(n, q);
  double *halves = sycl::malloc_shared<double>(n, q);
  int *lanes = sycl::malloc_shared<int>(n, q);
  q.parallel_for<Plain>(sycl::range<1>(n), [=](sycl::id<1> i) { plain[i] = 3 * static_cast<int>(i[0]); });
  q.parallel_for<UsesDouble>(sycl::range<1>(n), [=](sycl::id<1> i) { halves[i] = static_cast<double>(i[0]) / 2.0; });
  q.parallel_for<SubGroupOf8>(sycl::nd_range<1>(n, 8), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(8)]] {
    lanes[it.get_global_id(0)] = static_cast<int>(it.get_sub_group().get_local_range()[0]);
  });
  q.wait();
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    bad += plain[i] != 3 * i;
    bad += halves[i] != i / 2.0;
    bad += lanes[i] != 8;
  }
  sycl::free(plain, q);
  sycl::free(halves, q);
  sycl::free(lanes, q);
  std::printf("requirements: %s (%d wrong)\n", bad ? "FAIL" : "OK", bad);
  return bad != 0;
}
