// Shared by the examples: the Intel CPU OpenCL device of the oneAPI runtime,
// what it is (platform, device, runtime), how many device images a program
// registered, and exact element checks. Host code only (no kernels), so
// tests/opencl's programs, which find OpenCL C kernels by name, use it too.
#ifndef RULES_SYCL_EXAMPLES_COMMON_CPU_DEVICE_H_
#define RULES_SYCL_EXAMPLES_COMMON_CPU_DEVICE_H_

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>

namespace examples {

// Where the OpenCL ICD loader looks for .icd files, for the error message.
inline std::string IcdSource() {
  if (const char *f = std::getenv("OCL_ICD_FILENAMES"); f && *f)
    return std::string("OCL_ICD_FILENAMES=") + f;
  if (const char *d = std::getenv("OCL_ICD_VENDORS"); d && *d)
    return std::string("OCL_ICD_VENDORS=") + d;
  return "/etc/OpenCL/vendors (OCL_ICD_VENDORS unset)";
}

// The CPU device of Intel's OpenCL platform. Exits with one line naming the
// device selector and the ICD source when there is none (PoCL's CPU device
// does not count: it cannot compile SPIR-V). Where ONEAPI_DEVICE_SELECTOR
// names another backend (cuda:gpu: a program built for nvptx64 on an NVIDIA
// GPU through libsycl's CUDA adapter), the device it selects instead.
inline sycl::device IntelCpuDevice(const char *program) {
  std::string why;
  const char *chosen = std::getenv("ONEAPI_DEVICE_SELECTOR");
  if (chosen && *chosen && std::string(chosen).rfind("opencl", 0) != 0) {
    try {
      return sycl::device(sycl::default_selector_v);
    } catch (const sycl::exception &e) {
      std::fprintf(stderr, "%s: no device for ONEAPI_DEVICE_SELECTOR=%s: %s\n",
                   program, chosen, e.what());
      std::exit(1);
    }
  }
  try {
    for (const sycl::platform &p : sycl::platform::get_platforms()) {
      if (p.get_backend() != sycl::backend::opencl ||
          p.get_info<sycl::info::platform::name>().find("Intel") ==
              std::string::npos)
        continue;
      for (const sycl::device &d : p.get_devices(sycl::info::device_type::cpu))
        return d;
    }
  } catch (const sycl::exception &e) {
    why = std::string(": ") + e.what();
  }
  const char *selector = std::getenv("ONEAPI_DEVICE_SELECTOR");
  std::fprintf(stderr,
               "%s: no Intel CPU OpenCL device found (ONEAPI_DEVICE_SELECTOR=%s, "
               "OpenCL ICDs from %s)%s\n",
               program, selector ? selector : "unset", IcdSource().c_str(),
               why.c_str());
  std::exit(1);
}

// Prints the platform, device and runtime a program runs on.
inline void PrintDevice(const sycl::device &d) {
  const sycl::platform p = d.get_platform();
  std::printf("platform: %s (%s)\n",
              p.get_info<sycl::info::platform::name>().c_str(),
              p.get_info<sycl::info::platform::version>().c_str());
  std::printf("device: %s (driver %s)\n",
              d.get_info<sycl::info::device::name>().c_str(),
              d.get_info<sycl::info::device::driver_version>().c_str());
  std::printf("runtime: libsycl.so.%d (%d.%d.%d, oneAPI build %d)\n",
              __LIBSYCL_MAJOR_VERSION, __LIBSYCL_MAJOR_VERSION,
              __LIBSYCL_MINOR_VERSION, __LIBSYCL_PATCH_VERSION,
              __SYCL_COMPILER_VERSION);
}

// Number of device images holding kernels for q's device (an input bundle
// of every registered kernel: one device_image per registered image).
inline size_t ImageCount(const sycl::queue &q) {
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::input>(
      q.get_context(), {q.get_device()});
  return static_cast<size_t>(std::distance(bundle.begin(), bundle.end()));
}

// Counts mismatches between got and want, printing the first few.
template <typename T, typename F>
size_t CountWrong(const char *what, const T *got, size_t n, F want) {
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    const auto w = want(i);
    if (got[i] != w && wrong++ < 5)
      std::fprintf(stderr, "%s: [%zu] = %lld, expected %lld\n", what, i,
                   static_cast<long long>(got[i]), static_cast<long long>(w));
  }
  if (wrong)
    std::fprintf(stderr, "%s: %zu of %zu elements wrong\n", what, wrong, n);
  else
    std::printf("%s: %zu elements OK\n", what, n);
  return wrong;
}

}  // namespace examples

#endif  // RULES_SYCL_EXAMPLES_COMMON_CPU_DEVICE_H_
