// SYCL 2020 host code, compiled by the host C++ compiler against the oneAPI
// runtime's headers (no SYCL compiler): it finds kernels by name among
// sycl::get_kernel_ids(), gets them from an executable kernel_bundle on the
// CPU device, and runs them with set_args + parallel_for.
#include "tests/realruntime/probe.h"

#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>

namespace {

constexpr size_t kN = 1024;

// Returns the number of wrong elements.
using KernelRun = std::function<int(sycl::queue &, const sycl::kernel &)>;

int run_iota(sycl::queue &q, const sycl::kernel &k) {
  int *out = sycl::malloc_shared<int>(kN, q);
  q.submit([&](sycl::handler &h) {
     h.set_args(out, 7);
     h.parallel_for(sycl::range<1>(kN), k);
   }).wait();
  int bad = 0;
  for (size_t i = 0; i < kN; i++) bad += out[i] != 7 + static_cast<int>(i);
  sycl::free(out, q);
  return bad;
}

int run_axpy(sycl::queue &q, const sycl::kernel &k) {
  // y in device memory (copied both ways), x in shared memory.
  int host_y[kN];
  int *x = sycl::malloc_shared<int>(kN, q);
  int *y = sycl::malloc_device<int>(kN, q);
  for (size_t i = 0; i < kN; i++) {
    host_y[i] = static_cast<int>(i);
    x[i] = 1000 - static_cast<int>(i);
  }
  q.memcpy(y, host_y, sizeof host_y).wait();
  q.submit([&](sycl::handler &h) {
     h.set_args(y, static_cast<const int *>(x), 3);
     h.parallel_for(sycl::range<1>(kN), k);
   }).wait();
  q.memcpy(host_y, y, sizeof host_y).wait();
  int bad = 0;
  for (size_t i = 0; i < kN; i++) bad += host_y[i] != static_cast<int>(i) + 3 * (1000 - static_cast<int>(i));
  sycl::free(x, q);
  sycl::free(y, q);
  return bad;
}

int run_scale(sycl::queue &q, const sycl::kernel &k) {
  // Device memory and an nd_range. (Not a buffer accessor: for kernels from
  // registered images libsycl passes an accessor as several kernel
  // arguments, which an OpenCL C kernel does not have.)
  std::vector<int> data(kN);
  for (size_t i = 0; i < kN; i++) data[i] = static_cast<int>(i) - 500;
  int *y = sycl::malloc_device<int>(kN, q);
  q.memcpy(y, data.data(), kN * sizeof(int)).wait();
  q.submit([&](sycl::handler &h) {
     h.set_args(y, -3);
     h.parallel_for(sycl::nd_range<1>(sycl::range<1>(kN), sycl::range<1>(64)), k);
   }).wait();
  q.memcpy(data.data(), y, kN * sizeof(int)).wait();
  sycl::free(y, q);
  int bad = 0;
  for (size_t i = 0; i < kN; i++) bad += data[i] != -3 * (static_cast<int>(i) - 500);
  return bad;
}

int run_square(sycl::queue &q, const sycl::kernel &k) {
  int *y = sycl::malloc_shared<int>(kN, q);
  for (size_t i = 0; i < kN; i++) y[i] = static_cast<int>(i) - 17;
  q.submit([&](sycl::handler &h) {
     h.set_args(y);
     h.parallel_for(sycl::range<1>(kN), k);
   }).wait();
  int bad = 0;
  for (size_t i = 0; i < kN; i++) {
    int v = static_cast<int>(i) - 17;
    bad += y[i] != v * v;
  }
  sycl::free(y, q);
  return bad;
}

const std::map<std::string, KernelRun> &known_kernels() {
  static const std::map<std::string, KernelRun> k = {
      {"rr_iota", run_iota},
      {"rr_axpy", run_axpy},
      {"rr_scale", run_scale},
      {"rr_lib_square", run_square},
  };
  return k;
}

}  // namespace

int probe_main(int argc, char **argv) {
  try {
    std::set<std::string> want(argv + 1, argv + argc);
    std::map<std::string, sycl::kernel_id> ids;
    for (const sycl::kernel_id &id : sycl::get_kernel_ids()) ids.emplace(id.get_name(), id);
    std::set<std::string> have;
    for (const auto &kv : ids) have.insert(kv.first);
    if (have != want) {
      std::fprintf(stderr, "probe: kernel ids differ from the expected ones\n  have:");
      for (const auto &n : have) std::fprintf(stderr, " %s", n.c_str());
      std::fprintf(stderr, "\n  want:");
      for (const auto &n : want) std::fprintf(stderr, " %s", n.c_str());
      std::fprintf(stderr, "\n");
      return 1;
    }
    sycl::queue q{sycl::cpu_selector_v};
    sycl::device dev = q.get_device();
    std::printf("platform: %s\ndevice: %s (driver %s)\n",
                dev.get_platform().get_info<sycl::info::platform::name>().c_str(),
                dev.get_info<sycl::info::device::name>().c_str(),
                dev.get_info<sycl::info::device::driver_version>().c_str());
    int failed = 0;
    for (const std::string &name : want) {
      auto run = known_kernels().find(name);
      if (run == known_kernels().end()) {
        std::fprintf(stderr, "probe: no check for kernel %s\n", name.c_str());
        return 1;
      }
      auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {dev}, {ids.at(name)});
      int bad = run->second(q, bundle.get_kernel(ids.at(name)));
      std::printf("%s: %zu elements, %d wrong\n", name.c_str(), kN, bad);
      failed += bad != 0;
    }
    return failed != 0;
  } catch (const sycl::exception &e) {
    std::fprintf(stderr, "probe: SYCL exception: %s\n", e.what());
    return 1;
  }
}
