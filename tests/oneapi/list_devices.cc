// Lists every SYCL platform and device the runtime finds, and the kernels
// of the images it registered: the smallest host program that compiles
// against the oneAPI wheels' headers (g++, no SYCL compiler) and runs on
// their libsycl.
#include <cstdio>
#include <exception>

#include <sycl/sycl.hpp>

int main() {
  try {
    size_t devices = 0;
    for (const sycl::platform &p : sycl::platform::get_platforms()) {
      std::printf("platform: %s (%s)\n",
                  p.get_info<sycl::info::platform::name>().c_str(),
                  p.get_info<sycl::info::platform::version>().c_str());
      for (const sycl::device &d : p.get_devices()) {
        ++devices;
        std::printf("  device: %s, %s, driver %s\n",
                    d.is_cpu() ? "cpu" : d.is_gpu() ? "gpu" : "other",
                    d.get_info<sycl::info::device::name>().c_str(),
                    d.get_info<sycl::info::device::driver_version>().c_str());
      }
    }
    std::printf("devices: %zu\n", devices);
    for (const sycl::kernel_id &id : sycl::get_kernel_ids())
      std::printf("kernel: %s\n", id.get_name());
    return devices ? 0 : 1;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "list_devices: %s\n", e.what());
    return 1;
  }
}
