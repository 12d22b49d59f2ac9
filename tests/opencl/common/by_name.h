// Kernels looked up by name among the images a program registered: how host
// code runs device code it did not compile itself (OpenCL C kernels built
// by rules_sycl into device images). SYCL C++ programs name their kernels
// in the source instead (see examples/).
#ifndef RULES_SYCL_TESTS_OPENCL_COMMON_BY_NAME_H_
#define RULES_SYCL_TESTS_OPENCL_COMMON_BY_NAME_H_

#include <cstdio>
#include <cstdlib>
#include <string>

#include <sycl/sycl.hpp>

#include "examples/common/cpu_device.h"

namespace by_name {

// The kernel_id whose name (from the images' offload entries) is `name`.
inline sycl::kernel_id KernelId(const char *program, const std::string &name) {
  std::string all;
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) {
    if (name == id.get_name()) return id;
    all += std::string(all.empty() ? "" : ", ") + id.get_name();
  }
  std::fprintf(stderr, "%s: no kernel named %s among the registered ones (%s)\n",
               program, name.c_str(), all.empty() ? "none" : all.c_str());
  std::exit(1);
}

// The kernel `name`, built for q's device through an executable bundle.
inline sycl::kernel Kernel(const char *program, const sycl::queue &q,
                           const std::string &name) {
  const sycl::kernel_id id = KernelId(program, name);
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), {q.get_device()}, {id});
  return bundle.get_kernel(id);
}

}  // namespace by_name

#endif  // RULES_SYCL_TESTS_OPENCL_COMMON_BY_NAME_H_
