// Loads device code from a SYCLBIN file at run time with libsycl's own
// reader (sycl_ext_oneapi_syclbin: get_kernel_bundle from a file): the
// free-function kernels of kernels.cc, compiled by DPC++ and bundled by
// sycl_bundle. The reader parses the OffloadBinary container, the SYCLBIN
// headers and every metadata property set, builds each IR module for the
// device and finds the kernels through the [SYCL/kernel names] metadata.
// Then the program launches the bundle's two kernels with nd_launch
// (sycl_ext_oneapi_enqueue_functions) on Intel's CPU OpenCL device, on
// malloc_shared memory, checks every element, and reloads the bundle as
// libsycl's own writer re-serializes it. This file has no device code.
//   syclbin [FILE.syclbin]   (default: the bundle in runfiles)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

namespace syclexp = sycl::ext::oneapi::experimental;

namespace {

using Bundle = sycl::kernel_bundle<sycl::bundle_state::executable>;

// Kernels of a SYCLBIN bundle are found by name; they have no kernel_id of
// their own. libsycl looks name N up as "__sycl_kernel_N" (DPC++'s name for
// the extern "C" free-function kernel N) among the image's
// [SYCL/kernel names].
sycl::kernel KernelOf(Bundle &bundle, const std::string &name) {
  if (!bundle.ext_oneapi_has_kernel(name)) {
    std::fprintf(stderr, "syclbin: the bundle has no kernel %s\n", name.c_str());
    std::exit(1);
  }
  return bundle.ext_oneapi_get_kernel(name);
}

int Run(const char *path) {
  sycl::queue q(examples::IntelCpuDevice("syclbin"),
                sycl::property::queue::in_order());
  Bundle bundle = syclexp::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), {q.get_device()}, std::filesystem::path(path));
  std::printf("syclbin: %s: loaded and built by libsycl (%zu device images)\n", path,
              static_cast<size_t>(std::distance(bundle.begin(), bundle.end())));
  const uint32_t n = 50000;
  const size_t wg = 16;
  const int base = -1234;
  int *data = sycl::malloc_shared<int>(n, q);
  sycl::kernel iota = KernelOf(bundle, "syclbin_iota");
  sycl::kernel negate = KernelOf(bundle, "syclbin_negate");
  // Whole work-groups covering n (the kernels check bounds).
  const sycl::nd_range<1> grid((n + wg - 1) / wg * wg, wg);
  syclexp::nd_launch(q, grid, iota, data, base, n);
  syclexp::nd_launch(q, grid, negate, data, n);
  q.wait();
  const size_t wrong = examples::CountWrong(
      "syclbin: syclbin_iota, syclbin_negate", data, n,
      [&](size_t i) { return -(base + 7 * static_cast<int>(i)); });
  sycl::free(data, q);
  if (wrong) return 1;

  // libsycl's own SYCLBIN writer re-serializes the bundle; its reader must
  // find the same kernels in that file too.
  std::vector<char> content = bundle.ext_oneapi_get_content();
  Bundle again = syclexp::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), {q.get_device()}, sycl::span<char>(content.data(), content.size()));
  const bool found = again.ext_oneapi_has_kernel("syclbin_iota") &&
                     again.ext_oneapi_has_kernel("syclbin_negate");
  std::printf("syclbin: rewritten by libsycl (%zu bytes), kernels found again: %s\n",
              content.size(), found ? "yes" : "no");
  return found ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "examples/syclbin/kernels.syclbin";
  try {
    return Run(path);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "syclbin: %s: %s\n", path, e.what());
    return 1;
  }
}
